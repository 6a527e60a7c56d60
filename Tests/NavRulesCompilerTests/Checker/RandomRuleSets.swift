/// Small random rule files for property tests, from a seed, so a failure can be replayed.
struct RandomRuleSets {
  /// SplitMix64: tiny, fast and the same on every platform.
  struct Generator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  static let actions = [
    "popGesture enabled", "popGesture disabled", "popGestureDelegate none",
    "popGestureDelegate self", "popGestureDelegate guarded", "popGestureDelegate block",
    "popGestureDelegate system", "navigationBar hidden", "navigationBar visible",
    "titleStyle Light", "titleStyle Dark",
  ]
  static let events = [
    "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear",
  ]

  /// A module of `screens` screens; with `acyclic`, screens only push screens declared after
  /// them, so no stack is deeper than the number of screens.
  static func source(seed: UInt64, screens: Int, acyclic: Bool) -> String {
    var random = Generator(state: seed)
    var text = "style Light { color white }\nstyle Dark { color #222222 }\n"
    let navigatorCount = Int.random(in: 1...2, using: &random)
    for index in 0..<navigatorCount {
      text +=
        "navigator N\(index) {\n  root S\(index == 0 ? 0 : Int.random(in: 0..<screens, using: &random))\n"
      if Bool.random(using: &random) {
        text +=
          "  popGesture \(["system", "enabled", "disabled", "forced"].randomElement(using: &random)!)\n"
      }
      if Bool.random(using: &random) { text += "  titleStyle Light\n" }
      if Int.random(in: 0..<4, using: &random) == 0 {
        text += "  on viewDidLoad { \(actions.randomElement(using: &random)!) }\n"
      }
      text += "}\n"
    }
    for index in 0..<screens {
      text += "screen S\(index) {\n"
      let candidates = acyclic ? Array((index + 1)..<screens) : Array(0..<screens)
      let pushes = candidates.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
      if !pushes.isEmpty {
        text += "  push " + pushes.map { "S\($0)" }.joined(separator: ", ") + "\n"
      }
      if Int.random(in: 0..<3, using: &random) == 0 {
        text +=
          "  back \(["allow", "block", "intercept", "intercept taps", "confirm \"Leave?\""].randomElement(using: &random)!)\n"
      }
      if Int.random(in: 0..<3, using: &random) == 0 {
        text +=
          "  popGesture \(["system", "enabled", "disabled", "forced"].randomElement(using: &random)!)\n"
      }
      if Int.random(in: 0..<4, using: &random) == 0 { text += "  navigationBar hidden\n" }
      if Int.random(in: 0..<5, using: &random) == 0 { text += "  leftBarButton custom\n" }
      if Int.random(in: 0..<4, using: &random) == 0 { text += "  titleStyle Dark\n" }
      for _ in 0..<Int.random(in: 0...2, using: &random) {
        let event = events.randomElement(using: &random)!
        let count = Int.random(in: 1...2, using: &random)
        let body = (0..<count).map { _ in actions.randomElement(using: &random)! }
        // A share of hooks run only when pushed (`if pushed`), on roots pushed again too.
        let condition = Int.random(in: 0..<3, using: &random) == 0 ? " if pushed" : ""
        text += "  on \(event)\(condition) { \(body.joined(separator: "; ")) }\n"
      }
      text += "}\n"
    }
    return text
  }
}
