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

  /// A chain of 10,000 classes, each inheriting from the one before: each class's place in
  /// the chain is resolved once and the empty classes between are skipped, where each
  /// class's chain kept whole was quadratic (105 s and 856 MB in a release build; minutes in
  /// a debug one).
  @Test func aLongChainOfClassesIsResolvedInLinearTime() {
    let depth = 10_000
    var text = "class C0: UIViewController {\n  override func viewDidLoad() { print(0) }\n}\n"
    for index in 1..<depth { text += "class C\(index): C\(index - 1) {}\n" }
    let classes = ClassTable([scanSwift(text)])
    #expect(classes.screenClasses.count == depth)
    #expect(classes.inheritanceCycles.isEmpty)
    #expect(classes.inherits("C\(depth - 1)", from: "C0"))
    #expect(!classes.inherits("C0", from: "C1"))
    // The members walk skips the 9,998 empty classes between.
    #expect(Array(classes.owners(from: "C\(depth - 1)")) == ["C\(depth - 1)", "C0"])
    #expect(Array(classes.chain(from: "C\(depth - 1)")).count == depth + 1)
    let dispatched = (0..<depth).filter {
      classes.method("viewDidLoad", dispatchedFrom: "C\($0)")?.owner == "C0"
    }
    #expect(dispatched.count == depth)
  }

  /// Every class of a chain overriding the same method: each look-up through the chain is
  /// remembered, so dispatching from every class and listing what each runs is linear.
  @Test func overridesAlongALongChainAreLookedUpOnceEach() {
    let depth = 5_000
    var text = "class C0: UIViewController {\n  static func make() { show(C0()) }\n}\n"
    for index in 1..<depth {
      text += "class C\(index): C\(index - 1) {\n  override func viewDidLoad() { show(C0()) }\n}\n"
    }
    let classes = ClassTable([scanSwift(text)])
    // Each its own `viewDidLoad` (the others overridden), then the static `make`.
    let owners = (1..<depth).map { index in
      classes.runMembers(of: "C\(index)", key: "test") { _ in true }.map { member in
        guard case .method(let method, _, let owner) = member else { return "?" }
        return "\(owner).\(method.baseName)"
      }
    }
    #expect(owners.indices.allSatisfy { owners[$0] == ["C\($0 + 1).viewDidLoad", "C0.make"] })
  }

  /// Hostile code may hold cycles (`class A: B`, `class B: A`): resolving terminates, no
  /// class of a cycle (nor below one) is a screen, and each cycle is reported once.
  @Test func inheritanceCyclesEndAndAreReported() {
    let size = 5_000
    var text = ""
    for index in 0..<size { text += "class C\(index): C\((index + 1) % size) {}\n" }
    text += "class A: B {}\nclass B: A {}\nclass D: A {}\nclass Home: UIViewController {}\n"
    let classes = ClassTable([scanSwift(text)])
    #expect(classes.inheritanceCycles.map(\.count) == [size, 2])
    #expect(classes.screenClasses == ["Home"])
    #expect(Array(classes.chain(from: "D")) == ["D", "A"])
    let scan = AppScan(files: [
      SourceFile(path: "App.swift", text: "class A: B {}\nclass B: A {}\n")
    ])
    #expect(
      scan.model.unresolved.map(\.what) == [
        "class 'A' inherits from itself through a cycle of 2 classes: left out"
      ])
  }

  /// 100,000 actions in one hook: each appended in place, where a copy of the hook held
  /// while appending made each append copy all the actions before it (40,000 took 23 s).
  @Test func manyActionsInOneHookAreGatheredInLinearTime() {
    let count = 100_000
    let file = SourceFile(path: "Home.swift", text: "class Home { func viewDidAppear() {} }\n")
    let method = scanSwift("class Home { func viewDidAppear() {} }\n").allTypes[0].methods[0]
    let actions = (0..<count).map { index in
      ExtractedAction(
        action: .setGestureEnabled(index % 2 == 0), range: SourceRange(file, 0..<1),
        pushedOnly: index >= count / 2)
    }
    let hooks = AppModelBuilder.hooks(actions, event: .viewDidAppear, method: method, file: file)
    #expect(hooks.map(\.actions.count) == [count / 2, count / 2])
    #expect(hooks.map(\.condition) == [.always, .pushed])
  }
}
