import NavRulesModel

/// `delegate-leak`: an allow-all delegate set by one screen in effect under another.
enum DelegateLeakRule: OriginRule {
  static let field = StateField.delegate
  static let scope = BlameScope.deeperUnderAnotherScreen

  static func blames(_ action: HookAction) -> Bool {
    guard case .setGestureDelegate(let delegate) = action else { return false }
    return delegate.allowsAll
  }

  static func check(
    _ configuration: IdleConfiguration, writer origin: ActionID, _ context: RuleContext
  ) -> Finding? {
    // A navigator's own delegate is meant for all its screens: not a leak from one to another.
    guard !configuration.isRootAtDepthOne, configuration.state.delegate.allowsAll,
      let ownerScreen = context.owner(origin), ownerScreen != configuration.top
    else { return nil }
    let owner = context.name(ownerScreen)
    let top = context.name(configuration.top)
    return Finding(
      id: .delegateLeak,
      message: context.codeTerms(at: context.range(origin)).map {
        codeMessage(writer: origin, owner: owner, top: top, context, $0)
      }
        ?? "'\(context.text(origin))' set by '\(owner)' is still in effect when '\(top)' is on "
        + "top; it lets a swipe-back ignore the rules of '\(top)'",
      range: context.range(origin),
      path: PathEnding(
        edge: configuration.edge, ending: "'\(top)' is on top with the delegate of '\(owner)'",
        writer: origin))
  }

  static let explanation = Explanation(
    id: .delegateLeak,
    severity: .error,
    summary: "An allow-all gesture delegate set by one screen stays in effect on other screens.",
    symptom: """
      A screen that should not be swiped away (a hidden bar, a custom back button, a form that \
      asks before leaving) can suddenly be swiped away, but only after the user passed \
      through another screen. The bug depends on the path through the app, so it is hard to \
      reproduce.
      """,
    cause: """
      `interactivePopGestureRecognizer.delegate` belongs to the navigation controller, not to \
      the screen that set it. A delegate that allows every swipe (`none`, `self`, `guarded`) \
      stays in effect after a push or a pop until some hook restores it, so UIKit's checks are \
      skipped for every screen shown in the meantime.
      """,
    bad: """
      navigator Main { root Home }

      screen Home { push Gallery }

      screen Gallery {
          push Editor
          on viewDidAppear { popGestureDelegate guarded }   // never restored
      }

      screen Editor { leftBarButton custom }                // now swipeable
      """,
    good: """
      navigator Main { root Home }

      screen Home { push Gallery }

      screen Gallery {
          push Editor
          on viewDidAppear { popGestureDelegate guarded }
          on viewWillDisappear { popGestureDelegate system }
      }

      screen Editor { leftBarButton custom }
      """,
    fix: """
      Restore the delegate in the same screen's `viewWillDisappear` \
      (`popGestureDelegate system`), or better, state the intent declaratively with \
      `popGesture forced` on the screens that need it and drop the hook.
      """,
    scanned: scannedCode)
}
