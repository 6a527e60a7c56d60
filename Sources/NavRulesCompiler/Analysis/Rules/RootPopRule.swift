import NavRulesModel

/// `root-pop`: a `none` or `self` delegate in effect while the root is alone on the stack.
enum RootPopRule: OriginRule {
  static let field = StateField.delegate
  static let scope = BlameScope.rootAlone

  static func blames(_ action: HookAction) -> Bool {
    action == .setGestureDelegate(.none) || action == .setGestureDelegate(.viewController)
  }

  static func check(
    _ configuration: IdleConfiguration, writer origin: ActionID, _ context: RuleContext
  ) -> Finding? {
    guard configuration.isRootAtDepthOne, configuration.state.delegate.allowsSwipeAtRoot else {
      return nil
    }
    let root = context.name(configuration.top)
    let range = context.range(origin)
    var fixIts = [
      Diagnostic.FixIt(
        "use 'popGestureDelegate guarded', which refuses the swipe at the root",
        edits: [Diagnostic.TextEdit(range: range, replacement: "popGestureDelegate guarded")])
    ]
    // The root wrote it itself: the `viewControllers.count > 1` test of hand-written code.
    let hook = context.hooks[origin].hook
    if context.owner(origin) == configuration.top, hook.condition == .always,
      hook.actions.count == 1
    {
      let end = hook.event.range.bytes.upperBound
      fixIts.append(
        Diagnostic.FixIt(
          "run the hook only when '\(root)' is pushed, not at the root",
          edits: [
            Diagnostic.TextEdit(
              range: SourceRange(hook.event.range.file, end..<end), replacement: " if pushed")
          ]))
    }
    return Finding(
      id: .rootPop,
      message: context.codeTerms(at: range).map {
        codeMessage(writer: origin, root: configuration.top, context, $0)
      }
        ?? "'\(context.text(origin))' lets a swipe-back begin on the root screen '\(root)'; "
        + "UIKit then ignores the next push and the app appears frozen",
      range: range,
      path: PathEnding(
        edge: configuration.edge, ending: "then swipe on \(root)", writer: origin),
      fixIts: fixIts)
  }

  static let explanation = Explanation(
    id: .rootPop,
    severity: .error,
    summary: "The swipe-back gesture can begin on the root screen, which hangs the next push.",
    symptom: """
      The user swipes from the left edge on the first screen of a navigation controller. \
      Nothing visible happens, but the next push never appears: the navigation controller is \
      stuck in a transition that cannot finish, and the app looks frozen.
      """,
    cause: """
      UIKit's own gesture delegate refuses a swipe-back on the root screen. Replacing the \
      delegate with nil (`popGestureDelegate none`) or with a view controller that allows every \
      swipe (`popGestureDelegate self`) removes that check for every screen of the navigator, \
      the root included. The delegate is navigator-wide state, so it stays in effect until a \
      hook sets it back, also when the user returns to the root.
      """,
    bad: """
      navigator Main { root Home }

      screen Home {
          push Detail
          on viewDidLoad { popGestureDelegate none }   // also removes the root check
      }

      screen Detail { navigationBar hidden }
      """,
    good: """
      navigator Main { root Home }

      screen Home { push Detail }

      screen Detail {
          navigationBar hidden
          popGesture forced          // swipe despite the hidden bar, never at the root
      }
      """,
    fix: """
      Prefer the declarative `popGesture forced` on the screens that should swipe despite a \
      hidden bar or a custom left button. If a hook must replace the delegate, use \
      `popGestureDelegate guarded`, which allows every swipe except at the root, or run the \
      hook only on pushed screens (`on viewDidAppear if pushed { … }`, the \
      `viewControllers.count > 1` test of a base class), and restore \
      `popGestureDelegate system` when the screen goes away.
      """,
    scanned: scannedCode)
}
