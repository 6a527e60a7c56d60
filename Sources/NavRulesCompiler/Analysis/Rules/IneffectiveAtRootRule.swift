import NavRulesModel

/// `ineffective-at-root`: back and swipe policies on a screen that is never above another.
enum IneffectiveAtRootRule: DeclarationRule {
  static func check(_ context: RuleContext) -> [Finding] {
    let module = context.module
    // A flag per screen, the push lists read in place: no copy of each screen, no hashing.
    var pushed = [Bool](repeating: false, count: module.screens.count)
    for index in module.screens.indices {
      for edge in module.screens[index].pushes { pushed[edge.value.index] = true }
    }
    var findings: [Finding] = []
    // Reported roots as flags too: a `Set<ScreenID>` would cost an `emit` of a small module
    // more than the rule (its first use looks `ScreenID`'s `Hashable` conformance up at run time).
    var reported = [Bool](repeating: false, count: module.screens.count)
    for navigator in module.navigatorIDs {
      guard let root = module[navigator].root?.value, !pushed[root.index], !reported[root.index]
      else { continue }
      reported[root.index] = true
      let screen = module[root]
      let because =
        "'\(context.name(root))' is the root of navigator '\(context.name(navigator))' and no "
        + "screen pushes it, so it is never popped"
      if let back = screen.back, back.value != .allow {
        findings.append(
          Finding(
            id: .ineffectiveAtRoot,
            message: context.codeTerms(at: back.range, about: root).map {
              backCodeMessage(root: root, navigator: navigator, back: back.range, context, $0)
            } ?? "'\(context.text(of: back.range))' has no effect: \(because)",
            range: back.range))
      }
      if let gesture = screen.popGesture, gesture.value == .enabled || gesture.value == .forced {
        findings.append(
          Finding(
            id: .ineffectiveAtRoot,
            message: "'popGesture \(gesture.value.rawValue)' has no effect: \(because)",
            range: gesture.range))
      }
    }
    return findings
  }

  static let explanation = Explanation(
    id: .ineffectiveAtRoot,
    severity: .warning,
    summary: "A back or swipe policy on a root screen that nothing pushes.",
    symptom: """
      A policy written on the first screen of a navigation controller never does anything.
      """,
    cause: """
      A root screen at depth 1 has no back button and UIKit never lets a swipe-back begin \
      there; if no screen pushes it, it is never anywhere but at the root, so a `back` policy \
      other than `allow` and `popGesture enabled` or `forced` cannot apply.
      """,
    bad: """
      navigator Main { root Home }

      screen Home {
          back confirm "Quit?"
          push Detail
      }

      screen Detail { }
      """,
    good: """
      navigator Main { root Home }

      screen Home { push Detail }

      screen Detail { back confirm "Discard changes?" }
      """,
    fix: """
      Remove the directive, or move it to the screen that should guard leaving.
      """,
    scanned: scannedCode)
}
