import NavRulesModel

/// `back-bypass`: a screen that guards leaving can be swiped away under an allow-all delegate,
/// or, for `back intercept taps` (an interceptor UIKit asks on back taps only), whenever a
/// swipe can begin at all.
enum BackBypassRule: ConfigurationRule {
  static func concerns(_ screen: ScreenID, in module: Module) -> Bool {
    module[screen].back?.value.guardsLeaving ?? false
  }

  static func check(
    _ configuration: IdleConfiguration, _ context: RuleContext, known: FindingSet
  ) -> Finding? {
    let state = configuration.state
    // Runs for every path edge: the cheap questions first, and the screen's fields read in
    // place (`let screen = module[…]` would copy the whole declaration).
    guard !configuration.isRootAtDepthOne, state.gestureEnabled,
      let back = context.module[configuration.top].back, back.value.guardsLeaving,
      // Reported once per screen, found on many path edges: the message is built once.
      !known.contains(.backBypass, at: back.range)
    else { return nil }
    let screen = context.module[configuration.top]
    let reason: String
    if state.delegate.allowsAll {
      reason =
        "the gesture delegate in effect ('popGestureDelegate \(state.delegate.rawValue)') "
        + "allows every swipe"
    } else if !back.value.coversSwipe,
      SwipeRule.canBegin(
        depth: 2, gestureEnabled: state.gestureEnabled, delegate: state.delegate,
        declarativePolicyAllows: SwipeRule.declarativePolicyAllows(
          back: back.value,
          popGesture: screen.effectivePopGesture(in: context.module[configuration.navigator]),
          leftBarButton: screen.effectiveLeftBarButton, barHidden: state.barHidden))
    {
      reason = "UIKit asks it on back taps only, and the swipe-back can begin"
    } else {
      return nil
    }
    return Finding(
      id: .backBypass,
      message:
        "a swipe-back can leave '\(screen.name)' without going through "
        + "'\(context.text(of: back.range))': \(reason)",
      range: back.range,
      path: PathEnding(edge: configuration.edge, ending: "then swipe back"))
  }

  static let explanation = Explanation(
    id: .backBypass,
    symptom: """
      A screen that must not be left silently (`back block`, `back confirm`, `back intercept`) \
      is left silently: the back button asks or refuses as intended, but a swipe from the \
      left edge pops the screen without asking.
      """,
    cause: """
      The runtime enforces `back` for swipes through the navigation controller's own gesture \
      delegate, which asks the top screen's rules before a swipe may begin. A hook that \
      replaced the delegate with one that allows every swipe (`popGestureDelegate none`, \
      `self` or `guarded`) takes that decision away: while it is in effect and the gesture is \
      enabled, nothing asks the screen. An interceptor UIKit asks on back taps only \
      (`back intercept taps`, what `navrc scan` finds in a hand-written \
      `navigationBar(_:shouldPop:)`) is walked around by any swipe that can begin, whatever \
      the delegate.
      """,
    bad: """
      navigator Main { root Home }

      screen Home {
          push Checkout
          on viewDidLoad { popGestureDelegate guarded }
      }

      screen Checkout { back confirm "Leave checkout?" }
      """,
    good: """
      navigator Main { root Home }

      screen Home { push Checkout }

      screen Checkout { back confirm "Leave checkout?" }
      """,
    fix: """
      Do not replace the gesture delegate; express per-screen swipe rules with `popGesture` \
      and `back`, which the runtime's single delegate enforces. If a hook must replace it, \
      restore `popGestureDelegate system` before the guarded screen can be on top. For \
      `back intercept taps`, declare `back intercept` and let the runtime ask on swipes too, \
      or keep the swipe from beginning on that screen (`popGesture disabled`).
      """)
}
