import Foundation
import NavRulesCompiler
import NavRulesTestSupport
import Testing

/// The `sarif` and `github` renderers.
@Suite struct MachineFormatTests {
  static func diagnostics(_ path: String) throws -> [Diagnostic] {
    let file = try InputFiles.read(Repository.url(path).path)
    let relative = SourceFile(path: path, bytes: file.bytes)
    return Compilation(files: [relative]).diagnostics
  }

  @Test func sarifMatchesGolden() throws {
    let diagnostics = try Self.diagnostics("Tests/editors/fixtures/diagnostics.navrules")
    let sarif = SARIFRenderer.render(diagnostics, workingDirectory: "/unused")
    Golden.assertMatches(sarif, file: "Tests/editors/golden/diagnostics.sarif")
  }

  /// A checker fixture: navigation-path notes, fix-its of one and of several edits.
  @Test func checkerSarifMatchesGolden() throws {
    let path = "Tests/NavRulesCompilerTests/Fixtures/checker/gesture-deadlock.navrules"
    let diagnostics = try Self.diagnostics(path)
    #expect(diagnostics.contains { $0.fixIts.contains { $0.edits.count > 1 } })
    #expect(diagnostics.allSatisfy { !$0.notes.isEmpty })
    let sarif = SARIFRenderer.render(diagnostics, workingDirectory: "/unused")
    Golden.assertMatches(sarif, file: "Tests/editors/golden/gesture-deadlock.sarif")
  }

  static let checkerFixtures: [String] = InputFiles.ruleFiles(
    under: Repository.url("Tests/NavRulesCompilerTests/Fixtures/checker").path
  ).map { "Tests/NavRulesCompilerTests/Fixtures/checker/" + ($0 as NSString).lastPathComponent }

  /// For every checker fixture, each result carries all of its diagnostic: every note as a
  /// related location (with its message and region), every fix-it as a fix with one
  /// replacement per edit (an insertion is an empty region, as SARIF's spec asks).
  @Test(arguments: checkerFixtures)
  func sarifCarriesNotesAndEveryEdit(path: String) throws {
    let diagnostics = try Self.diagnostics(path)
    let sarif = SARIFRenderer.render(diagnostics, workingDirectory: "/unused")
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let results = try #require(run["results"] as? [[String: Any]])
    try #require(results.count == diagnostics.count)
    func region(_ location: Any?) -> [String: Int] {
      let physical = (location as? [String: Any])?["physicalLocation"] as? [String: Any]
      return physical?["region"] as? [String: Int] ?? [:]
    }
    func expectedRegion(_ range: SourceRange) -> [String: Int] {
      [
        "startLine": range.start.line, "startColumn": range.start.column,
        "endLine": range.end.line, "endColumn": range.end.column,
      ]
    }
    for (diagnostic, result) in zip(diagnostics, results) {
      #expect(result["ruleId"] as? String == diagnostic.id.rawValue)
      let related = result["relatedLocations"] as? [[String: Any]] ?? []
      #expect(related.count == diagnostic.notes.count)
      for (note, location) in zip(diagnostic.notes, related) {
        #expect((location["message"] as? [String: Any])?["text"] as? String == note.message)
        #expect(region(location) == expectedRegion(note.range))
      }
      let fixes = result["fixes"] as? [[String: Any]] ?? []
      #expect(fixes.count == diagnostic.fixIts.count)
      for (fixIt, fix) in zip(diagnostic.fixIts, fixes) {
        let changes = fix["artifactChanges"] as? [[String: Any]] ?? []
        let replacements = changes.flatMap { $0["replacements"] as? [[String: Any]] ?? [] }
        #expect(replacements.count == fixIt.edits.count)
        for (edit, replacement) in zip(fixIt.edits, replacements) {
          let deleted = replacement["deletedRegion"] as? [String: Int] ?? [:]
          #expect(deleted == expectedRegion(edit.range))
          if edit.range.bytes.isEmpty {
            #expect(deleted["startLine"] == deleted["endLine"])
            #expect(deleted["startColumn"] == deleted["endColumn"])
          }
          let inserted = replacement["insertedContent"] as? [String: Any]
          #expect(inserted?["text"] as? String == edit.replacement)
        }
      }
    }
  }

  @Test func sarifListsEveryRuleWithDocumentation() throws {
    let sarif = SARIFRenderer.render([], workingDirectory: "/")
    for id in DiagnosticID.allCases {
      #expect(sarif.contains("\"id\": \"\(id.rawValue)\""))
      #expect(sarif.contains("/blob/main/docs/rules/\(id.rawValue).md\""))
    }
    #expect(sarif.contains("\"columnKind\": \"unicodeCodePoints\""))
  }

  @Test func sarifResultPointsAtRuleByIndex() throws {
    let diagnostics = try Self.diagnostics("Tests/editors/fixtures/diagnostics.navrules")
    let sarif = SARIFRenderer.render(diagnostics, workingDirectory: "/")
    let undefined = try #require(DiagnosticID.allCases.firstIndex(of: .undefinedReference))
    #expect(
      sarif.contains(
        "\"ruleId\": \"undefined-reference\",\n          \"ruleIndex\": \(undefined),"))
  }

  @Test(arguments: [
    ("examples/a.navrules", "/work", "examples/a.navrules"),
    ("./a b.navrules", "/work", "a%20b.navrules"),
    ("/work/rules/a:b.navrules", "/work", "rules/a%3Ab.navrules"),
    ("/work/rules/a.navrules", "/work/", "rules/a.navrules"),
    ("/elsewhere/é.navrules", "/work", "file:///elsewhere/%C3%A9.navrules"),
    ("/workshop/a.navrules", "/work", "file:///workshop/a.navrules"),
  ])
  func sarifURIs(path: String, workingDirectory: String, expected: String) {
    #expect(SARIFRenderer.artifactURI(path, workingDirectory: workingDirectory) == expected)
  }

  @Test func githubEscapesMessagesAndProperties() {
    let file = SourceFile(path: "dir,1/a:b%.navrules", text: "screen A {}\n")
    let diagnostic = Diagnostic(
      .unusedStyle, "100% sure: a, b\r\nnext line", at: SourceRange(file, 7..<8),
      notes: [Diagnostic.Note("see: here, 50%", at: SourceRange(file, 0..<6))])
    #expect(
      GitHubRenderer.line(diagnostic)
        == "::warning file=dir%2C1/a%3Ab%25.navrules,line=1,col=8,"
        + "title=unused-style::100%25 sure: a, b%0D%0Anext line"
        + "%0Adir,1/a:b%25.navrules:1:1: note: see: here, 50%25\n")
  }

  /// Issue 33: ESC and bidirectional characters (in a path or a message) went to the log
  /// raw; they are written as the text format writes them.
  @Test func githubEscapesControlAndBidirectionalCharacters() {
    let file = SourceFile(path: "a\u{1B}[31m\u{202E}.navrules", text: "screen A {}\n")
    let diagnostic = Diagnostic(
      .unusedStyle, "x \u{1B}]0;title\u{7} \u{2066}y\u{2069}\ttab", at: SourceRange(file, 7..<8))
    #expect(
      GitHubRenderer.line(diagnostic)
        == "::warning file=a\\u{1B}[31m\\u{202E}.navrules,line=1,col=8,title=unused-style::"
        + "x \\u{1B}]0;title\\u{7} \\u{2066}y\\u{2069}\\u{9}tab\n")
  }

  @Test func githubErrorsForEveryDiagnostic() throws {
    let diagnostics = try Self.diagnostics("Tests/editors/fixtures/diagnostics.navrules")
    let lines = GitHubRenderer.render(diagnostics).split(separator: "\n")
    #expect(lines.count == diagnostics.count)
    #expect(
      lines.filter { $0.hasPrefix("::error ") }.count == diagnostics.count { $0.severity == .error }
    )
    #expect(lines.filter { $0.hasPrefix("::warning ") }.count == 1)
    #expect(lines.allSatisfy { !$0.contains("\r") })
    // The properties of docs/editors.md#github-actions, in its order, and no others.
    for line in lines {
      let properties = line.dropFirst(2).split(separator: "::")[0].split(separator: " ")[1]
      let keys = properties.split(separator: ",").map { $0.prefix { $0 != "=" } }
      #expect(keys == ["file", "line", "col", "title"], "\(line)")
    }
  }
}
