import NavRulesModel

extension DelegateLeakRule {
  /// The finding in the scanned code's terms: what the statement made the delegate, and where
  /// to put the previous one back.
  static func codeMessage(
    writer origin: ActionID, owner: String, top: String, _ context: RuleContext,
    _ terms: CodeTerms
  ) -> String {
    let what: String
    switch context.hooks[origin].declaration.action {
    case .setGestureDelegate(.none):
      what = "leaves the swipe-back gesture without a delegate, which allows every swipe"
    case .setGestureDelegate(.guarded):
      what =
        "makes '\(owner)' the swipe-back gesture's delegate, which allows every swipe off the root"
    default:
      what = "makes '\(owner)' the swipe-back gesture's delegate, which allows every swipe"
    }
    return
      "'\(context.text(origin))' in '\(owner)' \(what), and nothing puts the previous delegate "
      + "back: it is still in effect when '\(top)' is on top, where a swipe-back begins whatever "
      + "'\(top)' needs: keep the delegate it replaces and restore it in "
      + "\(terms.method(LifecycleEvent.viewWillDisappear)) of '\(owner)'"
  }
}
