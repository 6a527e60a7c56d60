import NavRulesModel

/// `gesture-deadlock`: the gesture is disabled by a hook that runs while a swipe is in flight.
enum GestureDeadlockRule {
  static func check(
    _ edge: NavigatorExploration.EdgeID, in exploration: NavigatorExploration,
    _ context: RuleContext
  ) -> [Finding] {
    let configuration = exploration.configuration(edge)
    guard let below = configuration.below else { return [] }
    let from = context.name(configuration.top)
    let to = context.name(below)
    let site = Int(exploration.site(ofFrame: exploration.frame(ofEdge: edge)))
    return exploration.table.disabledInFlight(site).map { action in
      let origin = context.hooks[action]
      return Finding(
        id: .gestureDeadlock,
        message: context.codeTerms(at: origin.declaration.range).map {
          codeMessage(action, from: from, to: to, context, $0)
        }
          ?? "'\(context.text(action))' in \(origin.event.rawValue) of "
          + "\(context.ownerName(action)) runs while a swipe back from '\(from)' to '\(to)' "
          + "is in flight; disabling the gesture then freezes the screen",
        range: origin.declaration.range,
        path: PathEnding(edge: edge, ending: "then swipe back"),
        fixIts: fixIts(for: action, context))
    }
  }

  /// For an action in `viewWillAppear`: run it in `viewDidAppear` instead, after any swipe has
  /// finished, or state the policy declaratively.
  static func fixIts(for action: ActionID, _ context: RuleContext) -> [Diagnostic.FixIt] {
    let origin = context.hooks[action]
    guard origin.event == .viewWillAppear else { return [] }
    var fixIts: [Diagnostic.FixIt] = []
    let hook = origin.hook
    let actionText = context.text(action)
    if hook.actions.count == 1 {
      fixIts.append(
        Diagnostic.FixIt(
          "run it in viewDidAppear, after the swipe has finished",
          edits: [Diagnostic.TextEdit(range: hook.event.range, replacement: "viewDidAppear")]))
    } else {
      let end = SourceRange(
        hook.range.file, hook.range.bytes.upperBound..<hook.range.bytes.upperBound)
      fixIts.append(
        Diagnostic.FixIt(
          "run it in viewDidAppear, after the swipe has finished",
          edits: [
            Diagnostic.TextEdit(range: origin.declaration.range, replacement: ""),
            Diagnostic.TextEdit(
              range: end,
              replacement: FixItText.separator(before: hook.range)
                + "on viewDidAppear\(hook.condition == .pushed ? " if pushed" : "") "
                + "{ \(actionText) }"),
          ]))
    }
    guard let owner = origin.screen else { return fixIts }
    let screen = context.module[owner]
    if origin.declaration.action == .setGestureEnabled(false) {
      fixIts.append(
        FixItText.replaceHookAction(
          origin, with: "popGesture disabled", existing: screen.popGesture?.range,
          message: "declare 'popGesture disabled' instead; the runtime applies it only while "
            + "'\(screen.name)' is on top"))
    }
    return fixIts
  }

  static let explanation = Explanation(
    id: .gestureDeadlock,
    severity: .error,
    summary: "The gesture is disabled while a swipe-back is in flight, which freezes the screen.",
    symptom: """
      The user swipes back from a screen; the swipe starts, then the whole navigation \
      controller freezes mid-animation. Taps do nothing until the app is restarted.
      """,
    cause: """
      During a swipe-back from B to A, UIKit calls B.viewWillDisappear and A.viewWillAppear as \
      soon as the swipe begins, while the finger is still down (see docs/model.md):

      | step | event |
      |---|---|
      | 1 | B.viewWillDisappear |
      | 2 | A.viewWillAppear |
      | – | *(gesture in flight)* |
      | 3 | B.viewDidDisappear |
      | 4 | A.viewDidAppear |

      Disabling `interactivePopGestureRecognizer` in either of those two hooks cancels the \
      recognizer in the middle of its own transition, which never completes or cancels.
      """,
    bad: """
      navigator Main { root Home }

      screen Home { push Form }

      screen Form {                              // must not be swiped away
          push Help
          on viewWillAppear    { popGesture disabled }
          on viewWillDisappear { popGesture enabled }
      }

      screen Help { }                            // swipe back from Help to Form freezes
      """,
    good: """
      navigator Main { root Home }

      screen Home { push Form }

      screen Form {
          push Help
          popGesture disabled                    // applied by the runtime, never mid-swipe
      }

      screen Help { }
      """,
    fix: """
      Replace the hook with the declarative `popGesture disabled`, or move the action to \
      `viewDidAppear` (and re-enable in `viewWillDisappear`), which run only after a swipe has \
      finished. The declarative policy is the better fix: a hook turns off only the edge \
      gesture, which iOS 26's content swipe walks around (`content-swipe-bypass`).
      """,
    scanned: scannedCode)
}
