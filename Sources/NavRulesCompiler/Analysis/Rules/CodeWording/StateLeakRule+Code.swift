import NavRulesModel

extension StateLeakRule {
  /// A disabled gesture's finding in the scanned code's terms.
  static func disabledGestureCodeMessage(
    writer origin: ActionID, owner: String, top: String, _ context: RuleContext,
    _ terms: CodeTerms
  ) -> String {
    "'\(context.text(origin))' in '\(owner)' turns the swipe-back gesture off for the whole "
      + "navigation controller, and nothing turns it back on: it is still off when '\(top)' is "
      + "on top: set \(terms.enableGesture) in "
      + "\(terms.method(LifecycleEvent.viewWillDisappear)) of '\(owner)'"
  }

  /// A blocking delegate's finding in the scanned code's terms.
  static func blockingDelegateCodeMessage(
    writer origin: ActionID, owner: String, top: String, _ context: RuleContext,
    _ terms: CodeTerms
  ) -> String {
    "'\(context.text(origin))' in '\(owner)' makes the swipe-back gesture's delegate one whose "
      + "\(terms.shouldBegin) returns \(terms.no), and nothing puts the previous delegate back: "
      + "it is still in effect when '\(top)' is on top, where no swipe-back can begin: keep the "
      + "delegate it replaces and restore it in "
      + "\(terms.method(LifecycleEvent.viewWillDisappear)) of '\(owner)'"
  }
}
