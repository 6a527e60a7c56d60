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
    // Runs for every path edge whose top guards leaving: the cheap questions first, and the
    // screen's fields read in place (a copy of the screen, or of its `back`, retains what they
    // hold). Reported once per screen, found on many path edges: `known` is asked before
    // anything is copied, and the message is built once.
    guard !configuration.isRootAtDepthOne, state.gestureEnabled,
      context.module[configuration.top].back?.value.guardsLeaving == true,
      let range = context.module[configuration.top].back?.range,
      !known.contains(.backBypass, at: range),
      let back = context.module[configuration.top].back?.value
    else { return nil }
    let allowsAll = state.delegate.allowsAll
    guard
      allowsAll
        || (!back.coversSwipe
          && SwipeRule.canBegin(
            depth: 2, gestureEnabled: state.gestureEnabled, delegate: state.delegate,
            declarativePolicyAllows: SwipeRule.declarativePolicyAllows(
              back: back,
              popGesture: context.module[configuration.top].effectivePopGesture(
                in: context.module[configuration.navigator]),
              leftBarButton: context.module[configuration.top].effectiveLeftBarButton,
              barHidden: state.barHidden)))
    else { return nil }
    if let terms = context.codeTerms(at: range, about: configuration.top) {
      return Finding(
        id: .backBypass,
        message: codeMessage(
          top: configuration.top, back: range, delegateAllowsAll: allowsAll, context, terms),
        range: range, path: PathEnding(edge: configuration.edge, ending: "then swipe back"))
    }
    // Built as UTF-8 and made a `String` once: interpolating and concatenating cost more per
    // finding (docs/performance.md).
    var message = UTF8Text(capacity: 256 + range.bytes.count)
    message.append("a swipe-back can leave '")
    message.append(context.name(configuration.top))
    message.append("' without going through '")
    message.append(context.text(of: range))
    message.append("': ")
    if allowsAll {
      message.append("the gesture delegate in effect ('popGestureDelegate ")
      message.append(state.delegate.rawValue)
      message.append("') allows every swipe")
    } else {
      message.append("UIKit asks it on back taps only, and the swipe-back can begin")
    }
    return Finding(
      id: .backBypass, message: message.string, range: range,
      path: PathEnding(edge: configuration.edge, ending: "then swipe back"))
  }

  static let explanation = Explanation(
    id: .backBypass,
    severity: .error,
    summary: "A swipe-back walks around the screen's back interceptor.",
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
      """,
    scanned: scannedCode)
}
