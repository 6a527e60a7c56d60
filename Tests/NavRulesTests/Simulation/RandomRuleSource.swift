import NavRules
import NavRulesTestSupport

/// Random `.navrules` modules: every directive, policy and hook action the language has, so
/// the simulation meets the combinations nobody would think to write down.
enum RandomRuleSource {
  /// One module's source; hooks only when `withHooks`.
  static func make(using random: inout SeededGenerator, withHooks: Bool) -> String {
    let screenCount = Int.random(in: 2...7, using: &random)
    let names = (0..<screenCount).map { "S\($0)" }
    var text = "platform iOS \(random.pick(["13.0", "14.0", "16.4"]))\n"
    text += "style Brand { color #7B2FF7; font system 17 semibold }\n"
    text += "style Quiet { color secondaryLabel }\n"
    let navigatorCount = Int.random(in: 1...2, using: &random)
    for index in 0..<navigatorCount {
      text += "navigator N\(index) {\n  root \(random.pick(names))\n"
      if random.chance(0.5) { text += "  titleStyle \(random.pick(["Brand", "Quiet"]))\n" }
      if random.chance(0.3) {
        text += "  popGesture \(random.pick(["system", "enabled", "disabled", "forced"]))\n"
      }
      if random.chance(0.5) { text += "  backDebounce \(random.pick(["100ms", "0.3s", "0ms"]))\n" }
      if withHooks, random.chance(0.3) {
        text += "  on viewDidLoad { \(random.pick(hookActions)) }\n"
      }
      text += "}\n"
    }
    for name in names {
      text += "screen \(name) {\n"
      if random.chance(0.3) { text += "  class \(name)Controller\n" }
      if random.chance(0.4) { text += "  title \(random.pick(titles))\n" }
      if random.chance(0.5) { text += "  titleStyle \(random.pick(titleStyles))\n" }
      if random.chance(0.6) { text += "  back \(random.pick(backPolicies))\n" }
      if random.chance(0.5) {
        text += "  popGesture \(random.pick(["system", "enabled", "disabled", "forced"]))\n"
      }
      if random.chance(0.25) { text += "  navigationBar hidden\n" }
      if random.chance(0.2) { text += "  leftBarButton custom\n" }
      let pushes = names.filter { _ in random.chance(0.4) }
      if !pushes.isEmpty { text += "  push \(pushes.joined(separator: ", "))\n" }
      if withHooks {
        for _ in 0..<Int.random(in: 0...3, using: &random) {
          let event = random.pick(LifecycleEvent.allCases.map(\.rawValue))
          let actions = (0..<Int.random(in: 1...2, using: &random)).map { _ in
            random.pick(hookActions)
          }
          let condition = random.chance(0.3) ? " if pushed" : ""
          text += "  on \(event)\(condition) { \(actions.joined(separator: "; ")) }\n"
        }
      }
      text += "}\n"
    }
    return text
  }

  static let titles = [
    "\"Home\"", "\"Say \\\"hi\\\"\"", "\"back\\\\slash\"", "\"\\u{1F600} émoji\"", "\"\"",
  ]
  static let titleStyles = [
    "Brand", "Quiet", "{ color #333333; font system 15 bold }", "{ font \"Avenir-Heavy\" 20 }",
  ]
  /// (`back intercept taps` describes app code that a swipe walks around, which the checker
  /// rejects: `PushedHookTests` and `InterceptTapsTests` test the runtime's side of it.)
  static let backPolicies = [
    "allow", "block", "intercept", "confirm \"Leave?\"",
    "confirm \"Discard?\" leave \"Discard\" stay \"Keep\"",
  ]
  static let hookActions = [
    "popGesture enabled", "popGesture disabled", "popGestureDelegate none",
    "popGestureDelegate self", "popGestureDelegate guarded", "popGestureDelegate block",
    "popGestureDelegate system", "navigationBar hidden", "navigationBar visible",
    "titleStyle Brand", "titleStyle { color #FF0000 }",
  ]
}
