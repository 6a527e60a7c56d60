#if canImport(UIKit)
  import UIKit

  extension TitleAttributes {
    /// The `titleTextAttributes` dictionary; `tint` stands for the `tint` colour name.
    @MainActor
    func textAttributes(tint: UIColor) -> [NSAttributedString.Key: Any] {
      var attributes: [NSAttributedString.Key: Any] = [:]
      if let color { attributes[.foregroundColor] = color.uiColor(tint: tint) }
      if let font { attributes[.font] = font.uiFont }
      return attributes
    }
  }

  extension TitleColor {
    @MainActor
    func uiColor(tint: UIColor) -> UIColor {
      switch self {
      case .rgba(let red, let green, let blue, let alpha):
        UIColor(
          red: CGFloat(red) / 255, green: CGFloat(green) / 255, blue: CGFloat(blue) / 255,
          alpha: CGFloat(alpha) / 255)
      case .named(let name):
        switch name {
        case .label: .label
        case .secondaryLabel: .secondaryLabel
        case .tertiaryLabel: .tertiaryLabel
        case .white: .white
        case .black: .black
        case .systemBlue: .systemBlue
        case .systemRed: .systemRed
        case .systemGreen: .systemGreen
        case .systemOrange: .systemOrange
        case .systemPurple: .systemPurple
        case .systemPink: .systemPink
        case .systemTeal: .systemTeal
        case .systemIndigo: .systemIndigo
        case .systemYellow: .systemYellow
        case .systemGray: .systemGray
        case .tint: tint
        }
      }
    }
  }

  extension TitleFont {
    var uiFont: UIFont {
      switch self {
      case .system(let size, let weight):
        UIFont.systemFont(ofSize: CGFloat(size), weight: weight.uiWeight)
      case .named(let name, let size):
        UIFont(name: name, size: CGFloat(size)) ?? UIFont.systemFont(ofSize: CGFloat(size))
      }
    }
  }

  extension FontWeight {
    var uiWeight: UIFont.Weight {
      switch self {
      case .ultraLight: .ultraLight
      case .thin: .thin
      case .light: .light
      case .regular: .regular
      case .medium: .medium
      case .semibold: .semibold
      case .bold: .bold
      case .heavy: .heavy
      case .black: .black
      }
    }
  }
#endif
