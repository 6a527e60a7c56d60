import Foundation
import NavRulesCompiler
import Testing

/// Larger random modules, cyclic and hook-heavy, where the brute-force explorer cannot follow:
/// the checker finishes, and every finding has its one path note. `NAVRC_FUZZ_SEEDS=N` runs
/// more seeds.
@Suite struct CheckerRobustnessTests {
  static let seeds: [Int] = {
    let count = Int(ProcessInfo.processInfo.environment["NAVRC_FUZZ_SEEDS"] ?? "") ?? 24
    return Array(0..<count)
  }()

  @Test(arguments: seeds)
  func largeRandomModulesAreChecked(seed: Int) throws {
    let source = RandomRuleSets.source(
      seed: UInt64(90_000 + seed), screens: 10 + seed % 12, acyclic: false)
    let compilation = Compilation(files: [SourceFile(path: "large.navrules", text: source)])
    try #require(!compilation.hasFrontEndErrors)
    let structural: Set<DiagnosticID> = [
      .gestureBlockedBySystem, .conflictingPolicy, .ineffectiveAtRoot, .unreachableScreen,
      .unusedStyle,
    ]
    for diagnostic in compilation.diagnostics where !structural.contains(diagnostic.id) {
      #expect(diagnostic.notes.count == 1, "\(diagnostic.id) without a path")
    }
  }
}
