import NavRulesModel

extension TitleLostOnBackRule {
  /// The finding in the scanned code's terms: where a screen's own title attributes survive a
  /// back tap.
  static func codeMessage(
    screen: String, _ terms: CodeTerms
  ) -> String {
    "the title attributes set in \(terms.method(LifecycleEvent.viewWillAppear)) of "
      + "'\(screen)' are not applied when Back is tapped: a back tap or a programmatic pop to "
      + "'\(screen)' keeps the previous screen's title attributes: set them on "
      + "\(terms.itemAppearance) of '\(screen)', which UIKit applies on every transition"
  }
}
