/// One of the four `UINavigationBarAppearance` slots of a bar (`UINavigationBar`) or of a
/// navigation item (`UINavigationItem`), by the names a rule file uses.
///
/// The bar's slots are navigator-wide: a write styles every screen shown after it until the
/// next write. The item's slots are per screen, put back by UIKit on every transition, and
/// win over the bar's.
public enum BarAppearanceSlot: String, CaseIterable, Hashable, Sendable {
  /// `standardAppearance` (iOS 13).
  case standard
  /// `compactAppearance` (iOS 13).
  case compact
  /// `scrollEdgeAppearance` (iOS 13).
  case scrollEdge
  /// `compactScrollEdgeAppearance` (iOS 15).
  case compactScrollEdge

  /// A dense index, for tables keyed by slot.
  public var index: Int {
    switch self {
    case .standard: 0
    case .compact: 1
    case .scrollEdge: 2
    case .compactScrollEdge: 3
    }
  }

  /// The UIKit property, as messages quote it.
  public var propertyName: String { rawValue + "Appearance" }
}

/// A `UINavigationBarAppearance`: the background it is configured with, its background colour
/// and its title text attributes. A `nil` field leaves UIKit's default for it.
///
/// Two appearances are the same when these fields are (docs/language.md#bar-appearance).
public struct BarAppearance: Hashable, Sendable {
  public var background: BarBackground?
  public var backgroundColor: TitleColor?
  public var title: TitleAttributes?

  public init(
    background: BarBackground? = nil, backgroundColor: TitleColor? = nil,
    title: TitleAttributes? = nil
  ) {
    self.background = background
    self.backgroundColor = backgroundColor
    self.title = title
  }
}

/// `configureWithDefaultBackground()`, `configureWithOpaqueBackground()`,
/// `configureWithTransparentBackground()`.
public enum BarBackground: String, CaseIterable, Hashable, Sendable {
  case `default`
  case opaque
  case transparent
}
