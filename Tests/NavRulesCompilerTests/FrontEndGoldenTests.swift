import Foundation
import NavRulesCompiler
import NavRulesTestSupport
import Testing

/// Golden diagnostics, in the `text` and `json` formats, for every front-end id.
///
/// Each fixture under `Fixtures/frontend/` is one module: a `.navrules` file, or a folder of
/// them. Its expected outputs sit beside it as `NAME.txt` and `NAME.json`; re-record with
/// `NAVRC_RECORD=1 swift test --filter FrontEndGoldenTests`.
@Suite struct FrontEndGoldenTests {
  static let folder = "Tests/NavRulesCompilerTests/Fixtures/frontend"
  static let fixtureFolder = GoldenFixtureFolder(path: folder)
  static let fixtures = fixtureFolder.fixtures

  static func files(of fixture: String) -> [SourceFile] { fixtureFolder.files(of: fixture) }

  static func text(_ compilation: Compilation, isTerminal: Bool = false) -> String {
    GoldenFixtureFolder.text(compilation, isTerminal: isTerminal)
  }

  @Test(arguments: fixtures)
  func textAndJSONMatchTheirGoldens(_ fixture: String) {
    Self.fixtureFolder.assertGoldens(fixture)
  }

  /// A fixture named after an id reports that id (and is then a golden of it).
  @Test(arguments: fixtures)
  func aFixtureReportsTheIdItIsNamedAfter(_ fixture: String) throws {
    let id = try #require(DiagnosticID.allCases.first { fixture.hasPrefix($0.rawValue) })
    let compilation = Compilation(files: Self.files(of: fixture))
    #expect(compilation.diagnostics.contains { $0.id == id })
  }

  @Test func everyFrontEndIdHasAGolden() {
    let covered = Set(
      Self.fixtures.flatMap { fixture in
        Compilation(files: Self.files(of: fixture)).diagnostics.map(\.id)
      })
    let frontEnd = DiagnosticID.allCases.filter(\.isFrontEnd)
    #expect(frontEnd.filter { !covered.contains($0) } == [])
  }

  /// On a terminal the text format adds colour, the source line and a caret under the range.
  @Test func terminalRenderingMatchesItsGolden() {
    let compilation = Compilation(files: Self.files(of: "syntax"))
    Golden.assertMatches(
      Self.text(compilation, isTerminal: true), file: "\(Self.folder)/syntax.terminal.txt")
  }
}
