import Foundation
import NavRulesModel
import NavRulesTestSupport
import Testing

@testable import NavRulesCompiler

/// The checker on several threads reports exactly what it reports on one: the same
/// diagnostics, messages and path notes, in the same order.
@Suite struct ParallelCheckerTests {
  static func expectSameOnOneAndFourThreads(_ module: Module, _ name: String) {
    let sequential = Checker.check(module, threads: 1)
    let parallel = Checker.check(module, threads: 4)
    #expect(sequential == parallel, "\(name)")
  }

  /// Random modules of one or two navigators with cyclic push graphs, many hooks and enough
  /// screens that every task of a navigator has findings to merge.
  @Test(arguments: 0..<30)
  func randomModules(seed: Int) throws {
    let (module, source) = try randomModule(seed: UInt64(5_000 + seed))
    Self.expectSameOnOneAndFourThreads(module, source)
  }

  /// The random modules do have findings from several tasks and navigators to merge.
  @Test func randomModulesHaveFindingsToMerge() throws {
    var ids = Set<DiagnosticID>()
    var twoNavigators = 0
    for seed in 0..<30 {
      let (module, _) = try randomModule(seed: UInt64(5_000 + seed))
      ids.formUnion(Checker.check(module, threads: 1).map(\.id))
      if module.navigators.count > 1 { twoNavigators += 1 }
    }
    #expect(ids.isSuperset(of: [.backBypass, .rootPop, .delegateLeak, .contentSwipeBypass]))
    #expect(twoNavigators > 5)
  }

  /// Work handed to the check runs once, beside it, and changes none of its findings.
  @Test(arguments: [1, 4])
  func workBesideTheCheckRunsOnce(threads: Int) throws {
    let (module, _) = try randomModule(seed: 5_001)
    let counter = RunCounter()
    let findings = Checker.check(module, threads: threads) {
      counter.increment()
    }
    #expect(findings == Checker.check(module, threads: 1))
    #expect(counter.count == 1)
  }

  /// A module large enough to be checked on several threads gets its `unreachable-screen`
  /// and `unused-style` warnings (worked out beside the analysis) as the resolver reports
  /// them when it works them out itself, before the analysis's findings.
  @Test func moduleWarningsBesideTheAnalysis() throws {
    var text = "navigator Main {\n    root S0\n}\n\nstyle Unused {\n    color #112233\n}\n"
    for index in 0..<100 {
      let push = index < 79 ? "\n    push S\(index + 1)" : ""
      let hook = index == 5 ? "\n    on viewWillAppear { popGesture disabled }" : ""
      text += "\nscreen S\(index) {\(push)\(hook)\n}\n"
    }
    let file = SourceFile(path: "many.navrules", text: text)
    let compilation = Compilation(files: [file])
    try #require(!compilation.hasFrontEndErrors)
    try #require(compilation.module.screens.count >= Checker.minimumParallelScreens)
    let parsed = ParallelParser.parse([file])
    let (_, resolved) = Resolver.resolve(parsed.map(\.syntax))
    let moduleWarnings = resolved.filter { [.unreachableScreen, .unusedStyle].contains($0.id) }
    #expect(moduleWarnings.count == 21)
    var expected = resolved + Checker.check(compilation.module, threads: 1)
    Diagnostic.sortInReportOrder(&expected)
    #expect(compilation.diagnostics == expected)
  }

  @Test(arguments: ExampleModule.all)
  func examples(_ example: ExampleModule) throws {
    let files = try example.paths.map { path in
      let data = try #require(FileManager.default.contents(atPath: Repository.url(path).path))
      return SourceFile(path: path, bytes: [UInt8](data))
    }
    let compilation = Compilation(files: files)
    guard !compilation.hasFrontEndErrors else { return }
    Self.expectSameOnOneAndFourThreads(compilation.module, example.name)
  }
}

/// The hook table read in parts on several threads is the one read on one.
@Suite struct ParallelHookTableTests {
  @Test(arguments: 0..<20)
  func randomModules(seed: Int) throws {
    let (module, _) = try randomModule(seed: UInt64(9_000 + seed))
    let whole = Self.summary(HookTable(module), module)
    #expect(whole.count > module.screens.count * 5, "the summary lists every screen and event")
    for threads in [2, 3, 7] {
      let parts = HookTable(module, threads: threads, minimumParallelScreens: 0)
      #expect(Self.summary(parts, module) == whole, "\(threads) threads")
    }
  }

  /// Everything the analysis reads of a hook table, screen by screen and action by action.
  static func summary(_ table: HookTable, _ module: Module) -> [String] {
    var lines = ["actions \(table.actionCount)"]
    for navigator in module.navigatorIDs {
      lines.append(
        "navigator \(navigator.index): "
          + table.actions(of: navigator).map { "\($0.action) \($0.id.rawValue)" }.joined(
            separator: ", "))
    }
    for screen in module.screenIDs {
      lines.append(
        "\(screen.index): \(table.eventsWithActions(of: screen)) "
          + "\(table.hasConditionalActions[screen.index]) \(table.setsTitleOnAppear[screen.index])")
      for event in LifecycleEvent.allCases {
        lines.append(
          "  \(event): "
            + table.actions(of: screen, at: event).map {
              "\($0.action) \($0.id.rawValue) \($0.condition)"
            }.joined(separator: ", "))
      }
    }
    for id in 0..<table.actionCount {
      let action = ActionID(Int32(id))
      lines.append("\(id): \(table.owner(of: action)) \(table.declaration(of: action).action)")
    }
    return lines
  }
}

/// The transition table worked out in parts on several threads is the one worked out on one.
@Suite struct ParallelTransitionTableTests {
  @Test(arguments: 0..<30)
  func randomModules(seed: Int) throws {
    let (module, _) = try randomModule(seed: UInt64(7_000 + seed))
    let hooks = HookTable(module)
    let sequential = TransitionTable(module: module, hooks: hooks, threads: 1)
    let parallel = TransitionTable(
      module: module, hooks: hooks, threads: 3, minimumParallelSites: 0)
    #expect(Self.summary(sequential, module) == Self.summary(parallel, module))
  }

  /// Everything the analysis reads of a table, site by site and state by state.
  static func summary(_ table: TransitionTable, _ module: Module) -> [String] {
    var lines = ["classes \(table.classCount)"]
    for screen in module.screenIDs {
      lines.append(
        "\(screen.index): \(table.sites(of: screen, fromRoot: true)) "
          + "\(table.sites(of: screen, fromRoot: false))")
    }
    for site in 0..<table.siteCount {
      var line =
        "\(site): \(table.siteSource[site].index) → \(table.siteTarget[site].index) "
        + "class \(table.siteClass(site)) \(table.isRepresentative(site)) "
        + "in flight \(table.disablesGestureInFlight(site)) \(table.disabledInFlight(site))"
      for field in StateField.allCases {
        for kind in [TransitionTable.Kind.push, .pop, .cancel] {
          line += " \(table.effect(on: field, kind, site: site))"
        }
      }
      for state in ValueState.all {
        line +=
          " \(table.pushed(site, from: state).raw)/\(table.popped(site, from: state).raw)"
          + "/\(table.cancelled(site, from: state).raw)"
      }
      lines.append(line)
    }
    return lines
  }
}

/// Counts calls from any thread.
private final class RunCounter: @unchecked Sendable {
  private let lock = ThreadCondition()
  private var calls = 0

  func increment() {
    lock.lock()
    calls += 1
    lock.unlock()
  }

  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return calls
  }
}

/// A random module of `RandomRuleSets` (16 screens, cyclic pushes) compiled without front-end
/// errors, and its source for messages.
private func randomModule(seed: UInt64) throws -> (module: Module, source: String) {
  let source = RandomRuleSets.source(seed: seed, screens: 16, acyclic: false)
  let compilation = Compilation(files: [SourceFile(path: "random.navrules", text: source)])
  try #require(!compilation.hasFrontEndErrors, "generator wrote an invalid file:\n\(source)")
  return (compilation.module, source)
}
