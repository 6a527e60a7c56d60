import NavRulesModel

extension BackBypassRule {
  /// The finding in the scanned code's terms: a SwiftUI view's leading button that asks, or a
  /// view controller's `navigationBar(_:shouldPop:)` question, which a swipe never reaches.
  static func codeMessage(
    top: ScreenID, back range: SourceRange, delegateAllowsAll: Bool, _ context: RuleContext,
    _ terms: CodeTerms
  ) -> String {
    let name = context.name(top)
    let shouldPop =
      terms.isObjectiveC ? "'navigationBar:shouldPopItem:'" : "'navigationBar(_:shouldPop:)'"
    let swipe =
      delegateAllowsAll
      ? "the swipe-back gesture's delegate allows every swipe"
      : "the swipe-back gesture can still begin"
    if terms.isSwiftUIView {
      return
        "a swipe-back can leave '\(name)' without the question its leading toolbar button asks: "
        + "'.\(context.text(of: range))' hides the back button, but \(swipe): refuse the swipe "
        + "while '\(name)' is on top (the delegate's \(terms.shouldBegin) returning \(terms.no))"
    }
    return
      "a swipe-back can leave '\(name)' without asking '\(context.text(of: range))': UIKit asks "
      + "\(shouldPop) on back taps only, and \(swipe): refuse the swipe while '\(name)' must not "
      + "be left (the delegate's \(terms.shouldBegin) returning \(terms.no))"
  }
}
