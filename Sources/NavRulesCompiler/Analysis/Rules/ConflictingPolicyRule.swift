import NavRulesModel

/// `conflicting-policy`: a swipe is asked for on a screen whose back policy forbids it.
enum ConflictingPolicyRule: DeclarationRule {
  static func check(_ context: RuleContext) -> [Finding] {
    // Fields are read in place, as in `GestureBlockedBySystemRule`.
    let screens = context.module.screens
    return screens.indices.compactMap { index in
      guard let gesture = screens[index].popGesture,
        gesture.value == .enabled || gesture.value == .forced,
        let back = screens[index].back
      else { return nil }
      let why: String
      switch back.value {
      case .block: why = "'back block' forbids leaving by swipe too"
      case .confirm: why = "'back confirm' disables the swipe because it cannot ask mid-gesture"
      case .allow, .intercept, .interceptTaps: return nil
      }
      return Finding(
        id: .conflictingPolicy,
        message:
          "'popGesture \(gesture.value.rawValue)' on '\(context.name(ScreenID(index)))' has no "
          + "effect: \(why)",
        range: gesture.range)
    }
  }

  static let explanation = Explanation(
    id: .conflictingPolicy,
    severity: .warning,
    summary: "The swipe policy contradicts the screen's back policy.",
    symptom: """
      A screen asks for a swipe-back that can never happen, so the rule file says two \
      different things about the same screen.
      """,
    cause: """
      `back block` forbids leaving by back tap and by swipe; `back confirm` shows an alert on \
      a back tap and disables the swipe, because a gesture cannot stop half-way to ask. The \
      back policy wins, so `popGesture enabled` or `forced` on such a screen is dead.
      """,
    bad: """
      navigator Main { root Home }

      screen Home { push Checkout }

      screen Checkout {
          back confirm "Leave checkout?"
          popGesture forced
      }
      """,
    good: """
      navigator Main { root Home }

      screen Home { push Checkout }

      screen Checkout {
          back intercept        // the view controller decides for taps and swipes alike
          popGesture forced
      }
      """,
    fix: """
      Remove the `popGesture` directive, or use `back intercept` if the screen should decide \
      for both back taps and swipes.
      """)
}
