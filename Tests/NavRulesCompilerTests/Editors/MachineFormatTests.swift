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
        == "::warning file=dir%2C1/a%3Ab%25.navrules,line=1,endLine=1,col=8,endColumn=9,"
        + "title=unused-style::100%25 sure: a, b%0D%0Anext line"
        + "%0Adir,1/a:b%25.navrules:1:1: note: see: here, 50%25\n")
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
  }
}
