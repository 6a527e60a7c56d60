/// Generates random, syntactically valid rule files with random layout and comments in every
/// place the grammar allows: the corpus the formatter's properties are tested on.
struct RuleFileGenerator {
  /// SplitMix64: small, fast, and the same sequence on every platform.
  private var state: UInt64

  init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1 }

  private mutating func nextValue() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  private mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(nextValue() % UInt64(range.count))
  }

  private mutating func chance(_ probability: Double) -> Bool {
    Double(nextValue() % 10_000) / 10_000 < probability
  }

  private mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }

  static let screens = ["Home", "Detail", "Web", "Checkout", "Payment", "Search", "Legacy"]
  static let navigators = ["Main", "Modal"]
  static let styles = ["Brand", "Plain"]
  static let commentWords = [
    "note", "TODO: check", "é 🚀", "a, b; c", "{ braces }", "\"quoted\"", "// nested",
  ]

  private var output = ""

  /// One file.
  mutating func file() -> String {
    output = ""
    if chance(0.2) { output += "\u{FEFF}" }
    leadingLines()
    if chance(0.4) {
      output += "platform iOS " + pick(["13.0", "15", "12.0.1", "16.4"])
      lineEnd()
    }
    for _ in 0..<int(1...6) {
      switch int(0...5) {
      case 0: declaration("style", pick(Self.styles), styleBody())
      case 1, 2: declaration("navigator", pick(Self.navigators), navigatorBody())
      default: declaration("screen", pick(Self.screens), screenBody())
      }
    }
    if chance(0.3) { output += "// end of file" + (chance(0.5) ? "\n" : "") }
    return output
  }

  // MARK: - Layout

  /// A gap between two tokens on one line: spaces, tabs, or block comments.
  private mutating func space() {
    output += pick([" ", " ", " ", "  ", "\t"])
    if chance(0.06) {
      output += blockComment() + pick([" ", "  "])
    }
  }

  private mutating func blockComment() -> String {
    switch int(0...3) {
    case 0: return "/* \(pick(Self.commentWords)) */"
    case 1: return "/*\(pick(Self.commentWords))\n   second line */"
    case 2: return "/* outer /* nested */ still */"
    default: return "/**/"
    }
  }

  /// A line comment; `ownLine` when it is the only thing on its line, the one place a
  /// `disable-next-line` suppression is written in practice.
  private mutating func lineComment(ownLine: Bool = false) -> String {
    switch int(0...9) {
    case 0 where ownLine: return "// navrc:disable-next-line state-leak"
    case 1 where ownLine: return "// navrc:disable-line unused-suppression"
    case 2: return "//" + pick(Self.commentWords) + "   "
    default: return "// " + pick(Self.commentWords)
    }
  }

  /// Comment lines and blank lines before a statement.
  private mutating func leadingLines() {
    while chance(0.15) {
      output += chance(0.8) ? lineComment(ownLine: true) : blockComment()
      output += "\n"
      if chance(0.2) { output += "\n" }
    }
  }

  /// The end of a statement's line: maybe a trailing comment, maybe blank lines and comments.
  private mutating func lineEnd() {
    if chance(0.2) { output += pick([" ", "  ", "\t"]) + lineComment() }
    output += chance(0.05) ? "\r\n" : "\n"
    if chance(0.15) { output += "\n" }
    if chance(0.05) { output += "\n\n" }
    leadingLines()
  }

  /// Between two statements of one block: a line end or a semicolon.
  private mutating func separator() {
    if chance(0.2) {
      output += pick(["; ", ";", " ; "])
    } else {
      lineEnd()
    }
  }

  typealias Statement = (inout RuleFileGenerator) -> Void

  private mutating func declaration(_ keyword: String, _ name: String, _ body: [Statement]) {
    output += keyword
    space()
    output += name
    block(multiline: chance(0.85), body)
    lineEnd()
  }

  /// `{ … }`: on one line (statements joined by `;`) or over several lines.
  private mutating func block(multiline: Bool, _ statements: [Statement]) {
    if multiline, chance(0.1) { output += "\n" } else { space() }
    output += "{"
    if multiline {
      if chance(0.2) { output += "  " + lineComment() }
      output += "\n"
      leadingLines()
      for (index, statement) in statements.enumerated() {
        output += String(repeating: " ", count: int(0...6))
        statement(&self)
        if index < statements.count - 1 { separator() } else { lineEnd() }
      }
      output += "}"
    } else {
      for (index, statement) in statements.enumerated() {
        space()
        statement(&self)
        if index < statements.count - 1 { output += ";" }
      }
      space()
      output += "}"
    }
  }

  // MARK: - Declarations

  private mutating func words(_ words: String...) {
    for (index, word) in words.enumerated() {
      if index > 0 { space() }
      output += word
    }
  }

  private mutating func styleBody() -> [Statement] {
    var body: [Statement] = []
    if chance(0.8) {
      let color = pick(["#7B2FF7", "#333333aa", "systemBlue", "label", "#12345"])
      body.append { $0.words("color", color) }
    }
    if chance(0.7) { body.append { $0.font() } }
    return body
  }

  private mutating func font() {
    if chance(0.3) {
      words("font", "\"Avenir-Heavy\"", "17")
    } else {
      words("font", "system", pick(["17", "15.5", "0"]))
      if chance(0.6) {
        space()
        output += pick(["semibold", "bold", "regular", "heavy", "boldish"])
      }
    }
  }

  private mutating func titleStyle() {
    if chance(0.5) {
      words("titleStyle", pick(Self.styles + ["Missing"]))
    } else {
      output += "titleStyle"
      block(multiline: chance(0.3), styleBody())
    }
  }

  private mutating func navigatorBody() -> [Statement] {
    var body: [Statement] = []
    if chance(0.9) {
      let root = pick(Self.screens)
      body.append { $0.words("root", root) }
    }
    if chance(0.4) { body.append { $0.titleStyle() } }
    if chance(0.4) {
      let policy = pick(["system", "enabled", "disabled", "forced"])
      body.append { $0.words("popGesture", policy) }
    }
    if chance(0.3) {
      let duration = pick(["300ms", "0.3s", "0ms"])
      body.append { $0.words("backDebounce", duration) }
    }
    return body
  }

  /// `push A, B, C`, sometimes continued over lines after commas, with comments between.
  private mutating func nameList(_ keyword: String, _ names: [String]) {
    output += keyword
    for (index, name) in names.enumerated() {
      if index > 0 {
        output += ","
        if chance(0.15) {
          if chance(0.5) { output += "  " + lineComment() }
          output += "\n" + String(repeating: " ", count: int(0...12))
        } else {
          space()
        }
      } else {
        space()
      }
      output += name
    }
  }

  private mutating func screenBody() -> [Statement] {
    var body: [Statement] = []
    for _ in 0..<int(0...7) {
      switch int(0...10) {
      case 0:
        let name = pick(["WebPageViewController", "HomeVC"])
        body.append { $0.words("class", name) }
      case 1:
        let title = pick([
          "\"Article\"", "\"Caf\u{E9} \\u{1F680}\"", "\"say \\\"hi\\\"\"", "\"🚀 naïve\"",
        ])
        body.append { $0.words("title", title) }
      case 2: body.append { $0.titleStyle() }
      case 3, 4:
        var names: [String] = []
        for _ in 0..<int(1...4) { names.append(pick(Self.screens)) }
        body.append { $0.nameList("push", names) }
      case 5:
        let name = pick(Self.navigators)
        body.append { $0.words("present", name) }
      case 6:
        let back = int(0...4)
        body.append { generator in
          switch back {
          case 0: generator.words("back", "allow")
          case 1: generator.words("back", "block")
          case 2: generator.words("back", "intercept")
          case 3: generator.words("back", "confirm", "\"Leave?\"")
          default:
            generator.words("back", "confirm", "\"Sure?\"", "leave", "\"Go\"", "stay", "\"Wait\"")
          }
        }
      case 7:
        let policy = pick(["system", "enabled", "disabled", "forced"])
        body.append { $0.words("popGesture", policy) }
      case 8:
        let visibility = pick(["hidden", "visible"])
        body.append { $0.words("navigationBar", visibility) }
      case 9:
        body.append { $0.words("leftBarButton", "custom") }
      default:
        body.append { $0.hook() }
      }
    }
    return body
  }

  private mutating func hook() {
    let event = pick(["viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear"])
    if chance(0.3) {
      words("on", event, "if", "pushed")
    } else {
      words("on", event)
    }
    var actions: [Statement] = []
    for _ in 0..<int(0...3) {
      switch int(0...3) {
      case 0:
        let state = pick(["enabled", "disabled"])
        actions.append { $0.words("popGesture", state) }
      case 1:
        let delegate = pick(["none", "self", "guarded", "block", "system"])
        actions.append { $0.words("popGestureDelegate", delegate) }
      case 2:
        let visibility = pick(["hidden", "visible"])
        actions.append { $0.words("navigationBar", visibility) }
      default:
        actions.append { $0.titleStyle() }
      }
    }
    block(multiline: chance(0.4), actions)
  }
}
