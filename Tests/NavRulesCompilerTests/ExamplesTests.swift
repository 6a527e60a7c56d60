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
/// Each scenario folder checked alone, each module of it (`ExampleModule`), and the whole of
/// `examples/` checked as one module (as `navrc check examples/` does) all give exactly the
/// diagnostics their files state. A file without `expect` comments must produce no diagnostics.
@Suite struct ExamplesTests {
  /// What is checked: every scenario folder, every module of one that is not the whole
  /// folder, and the front end's mistakes of the README (`docs/mistakes.navrules`).
  static let examples: [ExampleModule] =
    ExampleModule.scenarios
    + ExampleModule.all.filter { module in
      !ExampleModule.scenarios.contains { $0.name == module.name }
    }
    + [ExampleModule(name: "docs/mistakes.navrules", paths: ["docs/mistakes.navrules"])]

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
      "examples/web-history", "examples/checkout-confirm", "examples/search-hidden-bar",
      "examples/title-styles", "examples/swipe-freeze",
      "examples/swipe-freeze/swipe-freeze.fixed.navrules", "docs/mistakes.navrules",
    ] {
      #expect(names.contains(scenario))
    }
  }

  /// Diagnostics as `FILE:LINE: severity id`, against the `expect` comments of the files.
  static func check(_ paths: [String]) throws -> (actual: [String], expected: [String]) {
    let files = try paths.map { path in
      let data = try #require(FileManager.default.contents(atPath: Repository.url(path).path))
      return SourceFile(path: path, bytes: [UInt8](data))
    }
    let compilation = Compilation(files: files)
    let actual = compilation.diagnostics.map {
      "\($0.range.file.path):\($0.range.start.line): \($0.severity.rawValue) \($0.id.rawValue)"
    }
    return (actual.sorted(), files.flatMap(Self.expectations(in:)).sorted())
  }

  @Test(arguments: examples)
  func producesExactlyTheExpectedDiagnostics(_ example: ExampleModule) throws {
    let (actual, expected) = try Self.check(example.paths)
    #expect(actual == expected)
  }

  /// `navrc check examples/`: every rule file below it (examples/PluginDemo's included) is one
  /// module, which reports exactly the traps the scenarios state: no name is declared twice.
  @Test func theWholeFolderReportsExactlyTheUnion() throws {
    let root = Repository.url("examples").path
    let paths = InputFiles.ruleFiles(under: root).map { "examples" + $0.dropFirst(root.count) }
    #expect(paths.contains { $0.hasPrefix("examples/PluginDemo/") })
    let (actual, expected) = try Self.check(paths)
    #expect(actual == expected)
    #expect(!actual.isEmpty)
    let stated = try ExampleModule.scenarios.flatMap { try Self.check($0.paths).expected }
    #expect(expected == stated.sorted())
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
