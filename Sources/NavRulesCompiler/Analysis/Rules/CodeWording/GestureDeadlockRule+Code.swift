import NavRulesModel

extension GestureDeadlockRule {
  /// The finding in the scanned code's terms: the lifecycle method that runs mid-swipe, and
  /// the one that runs after it.
  static func codeMessage(
    _ action: ActionID, from: String, to: String, _ context: RuleContext, _ terms: CodeTerms
  ) -> String {
    let event = context.hooks[action].event
    return
      "'\(context.text(action))' in \(terms.method(event)) of \(context.codeOwnerName(action)) "
      + "runs while a swipe back from '\(from)' to '\(to)' is in flight, and turning the "
      + "gesture off then freezes the screen: do it in \(terms.methodAfterTransition(event)), "
      + "after the swipe has finished"
  }
}
