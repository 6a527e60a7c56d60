import Foundation
import NavRulesCompiler
import NavRulesTestSupport
import Testing

/// Every example in `examples/` produces exactly the diagnostics its `// expect:` comments
/// state, on the lines where they are reported.
///
/// ```
/// screen Orphan { }      // expect: warning unreachable-screen
/// push Payment           // expect: error root-pop, warning state-leak
/// ```
/// Each top-level `examples/*.navrules` file is one module; so is each folder of `examples/`
/// that holds `.navrules` files and no `Package.swift` (all its files, recursively). A file
/// without `expect` comments must produce no diagnostics.
@Suite struct ExamplesTests {
  /// One module of examples: repository-relative paths of its files.
  struct Example: CustomTestStringConvertible, Sendable {
    var name: String
    var paths: [String]
    var testDescription: String { name }
  }

  static let examples: [Example] = {
    let folder = Repository.url("examples")
    let names =
      ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    var examples: [Example] = []
    for name in names where !name.hasPrefix(".") {
      let path = "examples/" + name
      if name.hasSuffix(".navrules") {
        examples.append(Example(name: path, paths: [path]))
        continue
      }
      let url = folder.appendingPathComponent(name)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
        isDirectory.boolValue,
        !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
      else { continue }
      let files = InputFiles.ruleFiles(under: url.path).map {
        path + String($0.dropFirst(url.path.count))
      }
      if !files.isEmpty { examples.append(Example(name: path, paths: files.sorted())) }
    }
    return examples
  }()

  /// `FILE:LINE: severity id`, the unit both sides are compared in.
  static func expectations(in file: SourceFile) -> [String] {
    let (stream, _) = Lexer.lex(file)
    var expected: [String] = []
    for comment in stream.comments where comment.kind == .line {
      let text = file.text(comment.range).dropFirst(2).trimmingCharacters(in: .whitespaces)
      guard text.hasPrefix("expect:") else { continue }
      let line = file.position(of: comment.range.lowerBound).line
      for item in text.dropFirst("expect:".count).split(separator: ",") {
        let words = item.split(separator: " ")
        expected.append("\(file.path):\(line): \(words.joined(separator: " "))")
      }
    }
    return expected
  }

  @Test func thereAreExamplesForEveryScenario() {
    let names = Set(Self.examples.map(\.name))
    for scenario in [
      "examples/web-history.navrules", "examples/checkout-confirm.navrules",
      "examples/search-hidden-bar.navrules", "examples/title-styles",
      "examples/mistakes.navrules",
    ] {
      #expect(names.contains(scenario))
    }
  }

  @Test(arguments: examples)
  func producesExactlyTheExpectedDiagnostics(_ example: Example) throws {
    let files = try example.paths.map { path in
      let data = try #require(FileManager.default.contents(atPath: Repository.url(path).path))
      return SourceFile(path: path, bytes: [UInt8](data))
    }
    let compilation = Compilation(files: files)
    let actual = compilation.diagnostics.map {
      "\($0.range.file.path):\($0.range.start.line): \($0.severity.rawValue) \($0.id.rawValue)"
    }
    let expected = files.flatMap(Self.expectations(in:))
    #expect(
      actual.sorted() == expected.sorted(),
      "\(compilation.diagnostics.map { "\($0.range): \($0.message) [\($0.id.rawValue)]" })")
  }

  /// The parser of `expect` comments itself: several items, and only in line comments.
  @Test func expectCommentsAreReadFromLineComments() {
    let file = SourceFile(
      path: "e.navrules",
      text: "screen A { } // expect: error root-pop, warning state-leak\n"
        + "/* expect: error syntax */ title \"// expect: error nothing\"\n")
    #expect(
      Self.expectations(in: file) == [
        "e.navrules:1: error root-pop", "e.navrules:1: warning state-leak",
      ])
  }
}
