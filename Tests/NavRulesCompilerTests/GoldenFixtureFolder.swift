import Foundation
import NavRulesCompiler
import NavRulesTestSupport
import Testing

/// A folder of fixtures, each one module (a `.navrules` file, or a folder of them) with its
/// expected outputs beside it (`NAME.txt`, `NAME.json`).
struct GoldenFixtureFolder {
  /// Repository-relative.
  let path: String

  /// The fixture names: files without their extension, and folders.
  var fixtures: [String] {
    let names =
      (try? FileManager.default.contentsOfDirectory(atPath: Repository.url(path).path)) ?? []
    return names.compactMap { name -> String? in
      if name.hasSuffix(".navrules") { return String(name.dropLast(".navrules".count)) }
      var isDirectory: ObjCBool = false
      let full = Repository.url(path + "/" + name).path
      let exists = FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory)
      return exists && isDirectory.boolValue ? name : nil
    }.sorted()
  }

  /// The fixture's files, with repository-relative paths so the goldens do not depend on where
  /// the repository is.
  func files(of fixture: String) -> [SourceFile] {
    let base = path + "/" + fixture
    var paths = [base + ".navrules"]
    if !FileManager.default.fileExists(atPath: Repository.url(paths[0]).path) {
      paths = Repository.files(in: base, withExtension: "navrules")
    }
    return paths.map { path in
      let data = FileManager.default.contents(atPath: Repository.url(path).path) ?? Data()
      return SourceFile(path: path, bytes: [UInt8](data))
    }
  }

  /// The `text` format as `navrc check` prints it, summary line included.
  static func text(_ compilation: Compilation, isTerminal: Bool = false) -> String {
    let renderer = TextRenderer(isTerminal: isTerminal)
    return compilation.diagnostics.map(renderer.render).joined()
      + TextRenderer.summary(errors: compilation.errorCount, warnings: compilation.warningCount)
      + "\n"
  }

  /// Compares the fixture's diagnostics with its `.txt` and `.json` goldens.
  func assertGoldens(_ fixture: String) {
    let compilation = Compilation(files: files(of: fixture))
    Golden.assertMatches(Self.text(compilation), file: "\(path)/\(fixture).txt")
    Golden.assertMatches(
      JSONRenderer.render(compilation.diagnostics), file: "\(path)/\(fixture).json")
  }
}
