import NavRulesModel

extension IneffectiveAtRootRule {
  /// A root's question before leaving, in the scanned code's terms: nothing is ever left.
  static func backCodeMessage(
    root: ScreenID, navigator: NavigatorID, back range: SourceRange, _ context: RuleContext,
    _ terms: CodeTerms
  ) -> String {
    let name = context.name(root)
    let stack = "\(context.module[navigator].kindName) '\(context.name(navigator))'"
    if terms.isSwiftUIView {
      return
        "the leading toolbar button of '\(name)' that asks before leaving (the back button "
        + "hidden by '.\(context.text(of: range))') guards nothing: '\(name)' is the first view "
        + "of \(stack) and no view pushes it, so there is nothing to go back to"
    }
    return
      "'\(context.text(of: range))' is never asked: '\(name)' is the root of \(stack) and no "
      + "screen pushes it, so it is never popped and has no back button"
  }
}
