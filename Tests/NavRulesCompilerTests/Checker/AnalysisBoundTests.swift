import NavRulesModel
import Testing

@testable import NavRulesCompiler

/// The analysis's work stays within its bound (docs/robustness.md) on the shapes that used to
/// blow it up: a dense push graph, where every screen pushes every screen, and a long push
/// cycle with thousands of findings. Work is counted, not timed.
@Suite struct AnalysisBoundTests {
  /// `screens` screens that all push each other, with a deterministic mix of hooks.
  static func dense(_ screens: Int) -> String {
    let actions = [
      "popGesture disabled", "popGesture enabled", "popGestureDelegate guarded",
      "popGestureDelegate system", "popGestureDelegate block", "navigationBar hidden",
    ]
    let names = (0..<screens).map { "S\($0)" }.joined(separator: ", ")
    var text = "navigator Main { root S0 }\n"
    for index in 0..<screens {
      text += "screen S\(index) {\n  push \(names)\n"
      if index % 3 != 0 {
        let event = LifecycleEvent.allCases[index % 5].rawValue
        text += "  on \(event) { \(actions[(index * 7 / 3) % actions.count]) }\n"
      }
      text += "}\n"
    }
    return text
  }

  /// A push cycle of `screens` screens, every third disabling the gesture in viewWillAppear.
  static func cycle(_ screens: Int) -> String {
    var text = "navigator Main { root S0 }\n"
    for index in 0..<screens {
      text += "screen S\(index) {\n  push S\((index + 1) % screens)\n"
      if index % 3 == 0 { text += "  on viewWillAppear { popGesture disabled }\n" }
      text += "}\n"
    }
    return text
  }

  static func explore(_ source: String) throws -> (NavigatorExploration, RuleContext) {
    let compilation = Compilation(files: [SourceFile(path: "bound.navrules", text: source)])
    try #require(!compilation.hasFrontEndErrors)
    let module = compilation.module
    let hooks = HookTable(module)
    let table = TransitionTable(module: module, hooks: hooks)
    let exploration = NavigatorExploration(
      navigator: NavigatorID(0), module: module, table: table)
    return (exploration, RuleContext(module: module, hooks: hooks))
  }

  /// A group of path edges pushes once: the pushes grow with the groups (screens times the
  /// states they are seen in) times the pushes per screen, not with the path edges.
  @Test func denseGraphsPushOncePerGroup() throws {
    let screens = 40
    let (exploration, _) = try Self.explore(Self.dense(screens))
    #expect(exploration.pushCount <= exploration.groupCount * screens)
    #expect(exploration.edgeCount > 4 * exploration.groupCount)
    #expect(exploration.pushCount * 4 <= exploration.edgeCount * screens)
  }

  /// A search that finds its finding early stops early: a group's members resume one by one
  /// as the breadth-first order reaches them, not all at once.
  @Test func originSearchesStopWhereTheirFindingIs() throws {
    let (exploration, context) = try Self.explore(Self.dense(40))
    let search = OriginSearch(
      field: .gesture, exploration: exploration, root: ScreenID(0))
    var visits = 0
    for writer in search.writers {
      search.search(writer) { edge in
        visits += 1
        return exploration.configuration(edge).top == context.owner(writer)
      }
    }
    #expect(!search.writers.isEmpty)
    #expect(search.factCount <= 4 * visits + exploration.groupCount)
    #expect(search.factCount * 20 < exploration.edgeCount * search.writers.count)
  }

  /// Every finding on a long cycle has a path around it; the paths share their prefixes, so
  /// building all of them replays each derivation once.
  @Test func witnessesOnALongCycleReplayEachDerivationOnce() throws {
    let (exploration, _) = try Self.explore(Self.cycle(3_000))
    let witnesses = WitnessBuilder(exploration: exploration)
    var longest = 0
    for edge in 0..<exploration.edgeCount {
      longest = max(longest, witnesses.witness(to: NavigatorExploration.EdgeID(edge)).path.count)
    }
    #expect(longest >= 3_000)
    #expect(witnesses.expansionCount <= 4 * (exploration.edgeCount + exploration.frameCount))
  }

  /// The same cycle through the whole checker: one warning per disabling screen, each with a
  /// path of the right length shown with its middle elided.
  @Test func longCyclesGetEveryFindingWithAnElidedPath() throws {
    let compilation = Compilation(
      files: [SourceFile(path: "cycle.navrules", text: Self.cycle(3_000))])
    let leaks = compilation.diagnostics.filter { $0.id == .stateLeak }
    #expect(leaks.count == 1_000)
    let last = try #require(leaks.last?.notes.first?.message)
    #expect(last.contains(" more steps) … "), "\(last)")
  }
}
