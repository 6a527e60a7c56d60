import NavRulesModel

extension ContentSwipeBypassRule {
  /// The finding in the scanned code's terms: the content gesture to turn off beside the edge
  /// gesture.
  static func codeMessage(
    writer origin: ActionID, top: String, _ context: RuleContext, _ terms: CodeTerms
  ) -> String {
    let what =
      context.hooks[origin].declaration.action == .setGestureDelegate(.block)
      ? "the delegate governs only the edge gesture"
      : "it turns off only the edge gesture"
    return
      "on iOS 26 and later, '\(context.text(origin))' in \(context.codeOwnerName(origin)) does "
      + "not stop a swipe-back on '\(top)': \(what), and a swipe across the content still pops "
      + "the screen: also set \(terms.disableContentGesture) while '\(top)' is on top"
  }
}
