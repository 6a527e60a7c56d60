/// The navigator-wide state that hooks write and that every screen of one
/// `UINavigationController` shares.
///
/// `Origin` records who last wrote a field, so the checker can blame the action that set a
/// leaking value; the runtime's tests use `Never?`-like unit origins.
public struct NavigatorState<Origin: Hashable & Sendable>: Hashable, Sendable {
  /// `interactivePopGestureRecognizer.isEnabled`.
  public var gestureEnabled: Bool = true
  /// The action that last wrote `gestureEnabled`, if any.
  public var gestureOrigin: Origin?
  /// `interactivePopGestureRecognizer.delegate`.
  public var delegate: GestureDelegate = .system
  /// The action that last wrote `delegate`, if any.
  public var delegateOrigin: Origin?
  /// `isNavigationBarHidden`.
  public var barHidden: Bool = false
  /// `navigationBar.titleTextAttributes`; `nil` is UIKit's default.
  public var title: TitleAttributes?
  /// The bar's `UINavigationBarAppearance` slots, by `BarAppearanceSlot.index`; `nil` is
  /// whatever the app had (hooks write them; nothing resets them).
  public var barAppearances: [BarAppearance?] = [nil, nil, nil, nil]

  /// The state of a navigator that has not run any hook yet.
  public init(title: TitleAttributes? = nil) {
    self.title = title
  }

  /// Performs one hook action.
  public mutating func apply(_ action: HookAction, origin: Origin) {
    switch action {
    case .setGestureEnabled(let enabled):
      gestureEnabled = enabled
      gestureOrigin = origin
    case .setGestureDelegate(let newDelegate):
      delegate = newDelegate
      delegateOrigin = origin
    case .setNavigationBar(let visibility):
      barHidden = visibility.isHidden
    case .setTitleStyle(let attributes):
      title = attributes
    case .setBarAppearance(let slot, let appearance):
      barAppearances[slot.index] = appearance
    }
  }

  /// What the runtime does before a screen's `viewWillAppear` hooks: its declarative bar and
  /// title replace whatever the previous screen left behind.
  public mutating func resetToDeclared(barHidden: Bool, title: TitleAttributes?) {
    self.barHidden = barHidden
    self.title = title
  }
}
