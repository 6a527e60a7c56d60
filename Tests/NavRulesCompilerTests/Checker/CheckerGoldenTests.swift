import Foundation
import NavRulesCompiler
import NavRulesTestSupport
import Testing

/// Golden diagnostics, in the `text` and `json` formats (notes with navigation paths and
/// fix-its included), for every checker id and for suppressions.
///
/// Re-record with `NAVRC_RECORD=1 swift test --filter CheckerGoldenTests`.
@Suite struct CheckerGoldenTests {
  static let folder = GoldenFixtureFolder(path: "Tests/NavRulesCompilerTests/Fixtures/checker")
  static let fixtures = folder.fixtures

  static let checkerIDs = DiagnosticID.allCases.filter { !$0.isFrontEnd }

  @Test(arguments: fixtures)
  func textAndJSONMatchTheirGoldens(_ fixture: String) {
    Self.folder.assertGoldens(fixture)
  }

  @Test(arguments: fixtures)
  func aFixtureReportsTheIdItIsNamedAfter(_ fixture: String) throws {
    let id = try #require(DiagnosticID(rawValue: fixture))
    #expect(Compilation(files: Self.folder.files(of: fixture)).diagnostics.contains { $0.id == id })
  }

  @Test func everyCheckerIdHasAGolden() {
    #expect(Set(Self.fixtures) == Set(Self.checkerIDs.map(\.rawValue)))
  }

  /// Every reachability finding carries one concrete path, in the navigator it was found in.
  @Test(arguments: fixtures)
  func findingsOnPathsExplainThem(_ fixture: String) {
    let structural: Set<DiagnosticID> = [
      .gestureBlockedBySystem, .conflictingPolicy, .ineffectiveAtRoot, .unusedSuppression,
    ]
    for diagnostic in Compilation(files: Self.folder.files(of: fixture)).diagnostics
    where !structural.contains(diagnostic.id) {
      #expect(diagnostic.notes.count == 1)
      #expect(diagnostic.notes.first?.message.hasPrefix("in navigator '") == true)
    }
  }
}
