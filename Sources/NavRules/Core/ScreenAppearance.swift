/// The navigation bar a screen declares for itself while it is on top.
public struct ScreenAppearance: Hashable, Sendable {
  /// The title attributes: the screen's, else its navigator's, else UIKit's default (`nil`).
  public var title: TitleAttributes?
  public var barHidden: Bool

  public init(title: TitleAttributes?, barHidden: Bool) {
    self.title = title
    self.barHidden = barHidden
  }
}

extension RuleBook {
  /// What `screen` declares inside `navigator`; a view controller no rule names (`nil`) gets
  /// the navigator's title attributes and a visible bar.
  public func appearance(of screen: ScreenID?, in navigator: NavigatorID) -> ScreenAppearance {
    let rule = screen.map { self[$0] }
    return ScreenAppearance(
      title: rule?.titleStyle?.attributes ?? self[navigator].titleStyle?.attributes,
      barHidden: rule?.navigationBar.isHidden ?? false)
  }

  /// The swipe policy in effect for `screen` inside `navigator`.
  public func popGesture(of screen: ScreenID?, in navigator: NavigatorID) -> PopGesturePolicy {
    screen.flatMap { self[$0].popGesture } ?? self[navigator].popGesture
  }
}
