/// The navigation bar's title text attributes: what `navigationBar.titleTextAttributes` holds.
///
/// A `nil` field leaves that attribute at UIKit's default.
public struct TitleAttributes: Hashable, Sendable {
  public var color: TitleColor?
  public var font: TitleFont?

  public init(color: TitleColor? = nil, font: TitleFont? = nil) {
    self.color = color
    self.font = font
  }
}

/// A title colour: a literal RGBA value or one of UIKit's semantic colours.
public enum TitleColor: Hashable, Sendable {
  case rgba(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)
  case named(NamedColor)
}

/// The UIKit colours a rule file may name (`UIColor.label`, `.systemBlue`, … and the tint).
public enum NamedColor: String, CaseIterable, Hashable, Sendable {
  case label
  case secondaryLabel
  case tertiaryLabel
  case white
  case black
  case systemBlue
  case systemRed
  case systemGreen
  case systemOrange
  case systemPurple
  case systemPink
  case systemTeal
  case systemIndigo
  case systemYellow
  case systemGray
  case tint
}

/// A title font: the system font at a size and weight, or a font by PostScript name.
public enum TitleFont: Hashable, Sendable {
  case system(size: Double, weight: FontWeight)
  case named(String, size: Double)
}

/// `UIFont.Weight`, by the names a rule file uses.
public enum FontWeight: String, CaseIterable, Hashable, Sendable {
  case ultraLight
  case thin
  case light
  case regular
  case medium
  case semibold
  case bold
  case heavy
  case black
}
