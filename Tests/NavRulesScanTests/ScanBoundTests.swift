import NavRulesModel
import Testing

@testable import NavRulesCompiler
@testable import NavRulesScan

/// The scanner's stages hold to the bounds written beside them (docs/robustness.md, "The
/// scanner's bounds"), checked by counting work, never by timing: each input here is one
/// that took minutes or gigabytes before the bound was kept.
@Suite struct ScanBoundTests {
  /// `n` empty `do { }` blocks, then `return true`: each block walked once, and the path's
  /// rest shared rather than copied (10,000 blocks took 7.3 GB).
  @Test func shouldBeginBlocksAreWalkedOnceEach() {
    let blocks = 20_000
    let file = scanSwift(
      "class A { func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool {\n"
        + String(repeating: "do { x() }\n", count: blocks) + "return false\n} }\n")
    let (delegate, walked) = ShouldBeginEvaluation.delegate(
      answering: body(of: "gestureRecognizerShouldBegin", in: file))
    #expect(delegate == .block)
    #expect(walked <= 2 * blocks + 1)
  }

  /// Branchings that do not test the depth each start a path over the rest: at most
  /// `branchBudget` of them, then the answer is unknown.
  @Test func shouldBeginBranchingsStayWithinTheBudget() {
    let file = scanSwift(
      "class A { func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool {\n"
        + String(repeating: "if c() { x() }\n", count: 2_000) + "return true\n} }\n")
    let (delegate, walked) = ShouldBeginEvaluation.delegate(
      answering: body(of: "gestureRecognizerShouldBegin", in: file))
    #expect(delegate == nil)
    #expect(walked <= 64 * 2 * 2_001)
  }

  /// Helpers `levels` deep, each calling the next `calls` times, the deepest setting the
  /// gesture: each helper read once per hook, its actions repeated per call.
  static func helperChain(levels: Int, calls: Int, leafAction: Bool) -> String {
    var text = "class Home: UIViewController {\n  override func viewDidLoad() {\n"
    text += "    navigationController?.interactivePopGestureRecognizer?.isEnabled = false\n"
    text += String(repeating: "    helper0()\n", count: calls) + "  }\n"
    for level in 0..<levels {
      text += "  func helper\(level)() {\n    print(\(level))\n"
      if level + 1 < levels {
        text += String(repeating: "    helper\(level + 1)()\n", count: calls)
      } else if leafAction {
        text += "    navigationController?.interactivePopGestureRecognizer?.isEnabled = true\n"
      }
      text += "  }\n"
    }
    return text + "}\n"
  }

  static func interpreter(_ text: String) -> HookInterpreter {
    let classes = ClassTable([scanSwift(text)])
    let resolver = ClassResolver(classes: classes, storyboards: StoryboardIndex([]))
    return HookInterpreter(classes: classes, resolver: resolver, titles: TitleStyleReader())
  }

  /// Eight levels of helpers each called eight times (8⁸ readings before): each read once.
  @Test func helpersAreReadOncePerHook() {
    var interpreter = Self.interpreter(Self.helperChain(levels: 8, calls: 8, leafAction: false))
    let (actions, _) = interpreter.actions(of: .viewDidLoad, forClass: "Home")
    #expect(actions.map(\.action) == [.setGestureEnabled(false)])
    #expect(interpreter.lastReadingSteps <= 8 * (2 * 8 + 4) + 20)
    #expect(interpreter.unresolved.isEmpty)
  }

  /// Actions repeated by the calls: linear in the actions recorded, and a reading that would
  /// record more than the budget is left out and counted, never cut short.
  @Test func aReadingOverTheBudgetIsLeftOutAndCounted() {
    var small = Self.interpreter(Self.helperChain(levels: 3, calls: 4, leafAction: true))
    let (few, _) = small.actions(of: .viewDidLoad, forClass: "Home")
    #expect(few.count == 1 + 4 * 4 * 4)
    #expect(small.lastReadingSteps <= 3 * (few.count + 10))

    var large = Self.interpreter(Self.helperChain(levels: 9, calls: 8, leafAction: true))
    let (none, method) = large.actions(of: .viewDidLoad, forClass: "Home")
    #expect(none.isEmpty)
    #expect(method != nil)
    #expect(large.unresolved.count == 1)
    // The last summary replayed may take it over by its own size, at most the budget.
    #expect(large.lastReadingSteps <= 2 * HookInterpreter.stepBudget + 100)
  }

  /// A run of `#` is counted once, in code and in a string's interpolation (400 KB of `#`
  /// took 69 s: each `#` counted the rest of the run). At this size a quadratic lexer takes
  /// minutes, a linear one milliseconds.
  @Test func aRunOfHashesIsLexedInOnePass() {
    let run = String(repeating: "#", count: 200_000)
    let code = ScanLexer.lex(SourceFile(path: "a.swift", text: run + "x\n"), language: .swift)
    #expect(code.tokens.count == 200_000 + 1)
    #expect(code.text(of: code.tokens[200_000 - 1]) == "#x")
    let string = ScanLexer.lex(
      SourceFile(path: "b.swift", text: "let s = \"\\(" + run + ")\"\n"), language: .swift)
    #expect(string.tokens.dropLast().map { string.text(of: $0) }.last?.count == run.count + 5)
  }

  /// 3,000 identical navigation-controller creations: each navigator named once (`Home_2`,
  /// `Home_3`, …), not by comparing with every navigator for every suffix tried (cubic:
  /// minutes at this size).
  @Test func identicalNavigationControllersAreNamedInLinearTime() {
    let count = 3_000
    let text =
      String(
        repeating: "let nav = UINavigationController(rootViewController: Home())\n", count: count)
      + "class Home: UIViewController {}\n"
    let scan = AppScan(files: [SourceFile(path: "App.swift", text: text)])
    let names = scan.model.module.navigators.map(\.name)
    #expect(names.count == count)
    #expect(Set(names).count == count)
  }
}
