import NavRulesModel

/// `gesture-blocked-by-system`: `popGesture enabled` where UIKit's own rule refuses the swipe.
enum GestureBlockedBySystemRule: DeclarationRule {
  static func check(_ context: RuleContext) -> [Finding] {
    // Fields are read in place (`screens[index].field`): a loop variable would copy every
    // screen, a dozen references retained and released each.
    let screens = context.module.screens
    return screens.indices.compactMap { index in
      guard let gesture = screens[index].popGesture, gesture.value == .enabled else { return nil }
      let reason: String
      if screens[index].effectiveNavigationBar == .hidden {
        reason = "its navigation bar is hidden"
      } else if screens[index].effectiveLeftBarButton == .custom {
        reason = "it has a custom left bar button"
      } else {
        return nil
      }
      return Finding(
        id: .gestureBlockedBySystem,
        message:
          "'popGesture enabled' has no effect on '\(context.name(ScreenID(index)))': UIKit "
          + "refuses the swipe because \(reason); use 'popGesture forced'",
        range: gesture.range,
        fixIts: [
          Diagnostic.FixIt(
            "use 'popGesture forced'",
            edits: [Diagnostic.TextEdit(range: gesture.range, replacement: "popGesture forced")])
        ])
    }
  }

  static let explanation = Explanation(
    id: .gestureBlockedBySystem,
    severity: .warning,
    summary:
      "popGesture enabled cannot work with a hidden bar or a custom left button; use forced.",
    symptom: """
      A screen declares that it can be swiped back, yet the swipe never starts on a device.
      """,
    cause: """
      `popGesture enabled` states UIKit's default rule, under which the system refuses a \
      swipe-back on a screen whose navigation bar is hidden or that replaces the back button \
      with a custom left bar button item.
      """,
    bad: """
      navigator Main { root Home }

      screen Home { push Search }

      screen Search {
          navigationBar hidden
          popGesture enabled
      }
      """,
    good: """
      navigator Main { root Home }

      screen Home { push Search }

      screen Search {
          navigationBar hidden
          popGesture forced       // the runtime allows it despite the hidden bar
      }
      """,
    fix: "Use `popGesture forced`, which allows the swipe despite a hidden bar or custom left "
      + "button (never at the root).")
}
