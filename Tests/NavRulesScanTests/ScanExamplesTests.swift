import Foundation
import NavRulesTestSupport
import Testing

@testable import NavRulesCompiler
@testable import NavRulesScan

/// The apps of `examples/scan/` (one folder each) get exactly the diagnostics their
/// `// expect:` comments state, on those lines, nothing is left out of their models, and the
/// rule file `--rules` writes for them gets the same findings from `navrc check`, at
/// declarations whose comments name the same lines of the app.
@Suite struct ScanExamplesTests {
  static let apps: [String] = {
    let folder = Repository.url("examples/scan")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted().map {
      "examples/scan/" + $0
    }
  }()

  static func files(of app: String) throws -> [SourceFile] {
    try ScanInputs.sourceFiles(under: Repository.url(app).path).map { path in
      let relative = app + path.dropFirst(Repository.url(app).path.count)
      let data = try #require(FileManager.default.contents(atPath: path))
      return SourceFile(path: relative, bytes: [UInt8](data))
    }
  }

  /// `FILE:LINE: severity id` for each `// expect: severity id, …` comment.
  static func expectations(in files: [SourceFile]) -> [String] {
    var expected: [String] = []
    for file in files {
      guard case .code(let scanned)? = ScanReader.read(file) else { continue }
      for comment in scanned.comments where comment.kind == .line {
        let text = file.text(comment.range).dropFirst(2).trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("expect:") else { continue }
        let line = file.position(of: comment.range.lowerBound).line
        for item in text.dropFirst("expect:".count).split(separator: ",") {
          let words = item.split(separator: " ")
          expected.append("\(file.path):\(line): \(words.joined(separator: " "))")
        }
      }
    }
    return expected
  }

  @Test func thereIsASwiftAppAndAnObjectiveCAppWithAStoryboard() throws {
    #expect(Self.apps.contains("examples/scan/SwiftApp"))
    #expect(Self.apps.contains("examples/scan/ObjCApp"))
    let objc = try Self.files(of: "examples/scan/ObjCApp").map(\.path)
    #expect(objc.contains { $0.hasSuffix(".storyboard") })
    #expect(objc.contains { $0.hasSuffix(".m") })
  }

  @Test(arguments: apps)
  func producesExactlyTheExpectedDiagnostics(_ app: String) throws {
    let files = try Self.files(of: app)
    let scan = AppScan(files: files)
    let actual = scan.diagnostics.map {
      "\($0.range.file.path):\($0.range.start.line): \($0.severity.rawValue) \($0.id.rawValue)"
    }
    #expect(
      actual.sorted() == Self.expectations(in: files).sorted(),
      "\(scan.diagnostics.map { "\($0.range): \($0.message) [\($0.id.rawValue)]" })")
    #expect(scan.model.unresolved.isEmpty, "\(scan.model.unresolved)")
  }

  /// `--rules`: the same ids, at the declarations made from the same lines.
  @Test(arguments: apps)
  func theRulesFileGetsTheSameFindings(_ app: String) throws {
    let scan = AppScan(files: try Self.files(of: app))
    let text = RulesFileWriter.text(of: scan.model)
    let rules = SourceFile(path: "scan.navrules", text: text)
    let compilation = Compilation(files: [rules])
    #expect(!compilation.hasFrontEndErrors, "\(compilation.diagnostics)\n\(text)")
    let fromRules = compilation.diagnostics.map { diagnostic in
      "\(diagnostic.id.rawValue) at \(Self.place(commentedOn: diagnostic, in: rules))"
    }
    let fromApp = scan.diagnostics.map { diagnostic in
      "\(diagnostic.id.rawValue) at \(diagnostic.range.file.path):\(diagnostic.range.start.line)"
    }
    #expect(fromRules.sorted() == fromApp.sorted(), "\(text)")
  }

  /// The `FILE:LINE` a rule file's line names in its trailing comment.
  static func place(commentedOn diagnostic: Diagnostic, in rules: SourceFile) -> String {
    let line = rules.text(rules.lineRange(at: diagnostic.range.start.line - 1))
    guard let comment = line.range(of: "// ") else { return "?" }
    var text = String(line[comment.upperBound...])
    if let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")") {
      text = String(text[text.index(after: open)..<close])
    }
    return text
  }
}
