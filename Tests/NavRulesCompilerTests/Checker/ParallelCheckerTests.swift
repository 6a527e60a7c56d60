import Foundation
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
    let source = RandomRuleSets.source(seed: UInt64(5_000 + seed), screens: 16, acyclic: false)
    let compilation = Compilation(files: [SourceFile(path: "random.navrules", text: source)])
    try #require(!compilation.hasFrontEndErrors, "generator wrote an invalid file:\n\(source)")
    Self.expectSameOnOneAndFourThreads(compilation.module, source)
  }

  /// The random modules do have findings from several tasks and navigators to merge.
  @Test func randomModulesHaveFindingsToMerge() throws {
    var ids = Set<DiagnosticID>()
    var twoNavigators = 0
    for seed in 0..<30 {
      let source = RandomRuleSets.source(seed: UInt64(5_000 + seed), screens: 16, acyclic: false)
      let compilation = Compilation(files: [SourceFile(path: "random.navrules", text: source)])
      ids.formUnion(Checker.check(compilation.module, threads: 1).map(\.id))
      if compilation.module.navigators.count > 1 { twoNavigators += 1 }
    }
    #expect(ids.isSuperset(of: [.backBypass, .rootPop, .delegateLeak, .contentSwipeBypass]))
    #expect(twoNavigators > 5)
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
