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

  /// The fixture names: files without their extension, and folders.
  static let fixtures: [String] = {
    let names =
      (try? FileManager.default.contentsOfDirectory(atPath: Repository.url(folder).path)) ?? []
    return names.compactMap { name -> String? in
      if name.hasSuffix(".navrules") { return String(name.dropLast(".navrules".count)) }
      var isDirectory: ObjCBool = false
      let path = Repository.url(folder + "/" + name).path
      let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      return exists && isDirectory.boolValue ? name : nil
    }.sorted()
  }()

  /// The fixture's files, with repository-relative paths so the goldens do not depend on where
  /// the repository is.
  static func files(of fixture: String) -> [SourceFile] {
    let base = folder + "/" + fixture
    var paths = [base + ".navrules"]
    if !FileManager.default.fileExists(atPath: Repository.url(paths[0]).path) {
      paths = Repository.files(in: base, withExtension: "navrules")
    }
    return paths.map { path in
      let data = FileManager.default.contents(atPath: Repository.url(path).path) ?? Data()
      return SourceFile(path: path, bytes: [UInt8](data))
    }
  }

  static func text(_ compilation: Compilation, isTerminal: Bool = false) -> String {
    let renderer = TextRenderer(isTerminal: isTerminal)
    return compilation.diagnostics.map(renderer.render).joined()
      + TextRenderer.summary(errors: compilation.errorCount, warnings: compilation.warningCount)
      + "\n"
  }

  @Test(arguments: fixtures)
  func textAndJSONMatchTheirGoldens(_ fixture: String) {
    let compilation = Compilation(files: Self.files(of: fixture))
    Golden.assertMatches(Self.text(compilation), file: "\(Self.folder)/\(fixture).txt")
    Golden.assertMatches(
      JSONRenderer.render(compilation.diagnostics), file: "\(Self.folder)/\(fixture).json")
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
