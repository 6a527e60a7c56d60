import NavRulesModel

extension RootPopRule {
  /// The finding in the scanned code's terms: what the statement makes the delegate, and the
  /// guard to add where the code can take it.
  static func codeMessage(
    writer origin: ActionID, root: ScreenID, _ context: RuleContext, _ terms: CodeTerms
  ) -> String {
    let statement = context.text(origin)
    let rootName =
      context.module.isSwiftUIView(root)
      ? "the stack's first view '\(context.name(root))'"
      : "the root screen '\(context.name(root))'"
    let hang = "UIKit then ignores the next push and the app appears frozen"
    let byNavigationController = context.owner(origin) == nil
    let depthGuard = terms.depthGuard(inNavigationController: byNavigationController)
    if context.hooks[origin].declaration.action == .setGestureDelegate(.none) {
      let fix =
        byNavigationController
        ? "make the navigation controller the delegate instead of nil and return \(depthGuard) "
          + "from its \(terms.shouldBegin)"
        : "restore the delegate it replaced before \(rootName) is alone on the stack, or use a "
          + "delegate whose \(terms.shouldBegin) returns \(depthGuard)"
      return
        "'\(statement)' leaves the swipe-back gesture without a delegate, so nothing refuses a "
        + "swipe on \(rootName); \(hang): \(fix)"
    }
    let delegate =
      byNavigationController ? "the navigation controller" : context.codeOwnerName(origin)
    return
      "'\(statement)' makes \(delegate) the swipe-back gesture's delegate, and it allows the "
      + "swipe on \(rootName), which UIKit's own delegate refuses; \(hang): return "
      + "\(depthGuard) from its \(terms.shouldBegin)"
  }
}
