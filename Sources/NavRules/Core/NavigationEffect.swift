/// One thing the UIKit adapter must do to a navigation controller; the core decides, the
/// adapter applies, in order.
public enum NavigationEffect: Hashable, Sendable {
  /// The title attributes the bar shows (`navigationBar.titleTextAttributes`, its appearances,
  /// and the top navigation item's own appearances); `nil` gives back what the app had set
  /// before the runtime's first title write. Only emitted where the rules declare a style.
  case setTitleAttributes(TitleAttributes?)
  /// `setNavigationBarHidden(_:animated:)`. Only emitted when the value the rules ask for
  /// changes, so a bar the app shows or hides itself is left alone in between.
  case setNavigationBarHidden(Bool, animated: Bool)
  /// `interactivePopGestureRecognizer.isEnabled = …`.
  case setGestureEnabled(Bool)
  /// `navigationBar.standardAppearance = …` (or another slot): a hook's write of the bar's
  /// appearance, which UIKit keeps for every screen until the next write.
  case setBarAppearance(BarAppearanceSlot, BarAppearance)
  /// `viewControllers[stackIndex].navigationItem.standardAppearance = …` (or another slot): a
  /// screen's declared `barAppearance`, on its own item, which UIKit puts back on every
  /// transition and prefers to the bar's.
  case setItemAppearance(BarAppearanceSlot, BarAppearance, stackIndex: Int)
  /// `viewControllers[stackIndex].navigationItem.title = …` (a screen's declared `title`).
  case setScreenTitle(String, stackIndex: Int)
  /// Pop the top screen for an accepted back tap: call `popViewController(animated: true)`
  /// after the current UIKit callback returns, if `shouldPerformTapPop` still agrees.
  case popTopScreen
  /// Pop to the view controller at `stackIndex` for a pick of the back menu the user
  /// confirmed: call `popToViewController(_:animated:applyingRules: false)` after the current
  /// callback returns, if `shouldPerformMenuPop(toStackIndex:viewControllerCount:)` agrees.
  case popToScreen(stackIndex: Int)
  /// Show the `back confirm` alert; report the answer to `confirmationAnswered(leave:)`.
  case presentConfirmation(BackConfirmation)
  /// Give the back button its normal look again after a tap refused at rest (UIKit before
  /// iOS 11 left its arrow greyed). Never while a transition runs, and never by hiding the bar.
  case restoreBackButton
}

/// What started a pop that a `back intercept` screen is asked about.
public enum PopTrigger: String, Hashable, Sendable {
  /// The navigation bar's back button.
  case backButton
  /// A swipe-back gesture (the edge one, or iOS 26's content one), as it begins.
  case gesture
  /// A pick of the back button's long-press menu (iOS 14), which removes this view controller
  /// together with every screen above it. Answer without navigating inside the screen: the
  /// user asked for an earlier screen, not for one step back.
  case backMenu
}

/// The first half of handling a back tap.
public enum BackTapStep: Hashable, Sendable {
  /// Return this from `navigationBar(_:shouldPop:)` and apply its effects.
  case answer(BackButtonAnswer)
  /// Ask the view controller at this stack index (`PopTrigger.backButton`), then hand its
  /// answer to `NavigatorSession.interceptorAnswered(_:)`.
  case ask(stackIndex: Int)
}

/// The core's answer to `navigationBar(_:shouldPop:)`.
public struct BackButtonAnswer: Hashable, Sendable {
  /// What the delegate method returns.
  public var shouldPop: Bool
  public var effects: [NavigationEffect]

  public init(shouldPop: Bool, effects: [NavigationEffect]) {
    self.shouldPop = shouldPop
    self.effects = effects
  }
}

extension BackButtonAnswer {
  /// The tap, made at rest, does nothing; the back button gets its look back.
  public static let refused = BackButtonAnswer(shouldPop: false, effects: [.restoreBackButton])
  /// The tap arrived while something runs (a transition, a pending pop, an alert): it does
  /// nothing, and the bar is not touched.
  public static let ignored = BackButtonAnswer(shouldPop: false, effects: [])
}
