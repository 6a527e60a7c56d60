import NavRulesCompiler
import NavRulesTestSupport
import Testing

/// Every explanation's examples do what the explanation says: the bad one gets the
/// diagnostic, the good one is clean.
@Suite struct ExplanationTests {
  static func diagnostics(_ source: String) -> [Diagnostic] {
    Compilation(files: [SourceFile(path: "example.navrules", text: source)]).diagnostics
  }

  /// `Explanation.all` is the registry `DiagnosticID`'s severity, summary and front-end flag
  /// are read from: one entry per id, in the cases' order.
  @Test func theRegistryListsEveryIDOnce() {
    #expect(Explanation.all.map(\.id) == DiagnosticID.allCases)
  }

  @Test(arguments: DiagnosticID.allCases)
  func badExampleGetsTheDiagnostic(_ id: DiagnosticID) {
    let explanation = Explanation.of(id)
    let ids = Self.diagnostics(explanation.bad).map(\.id)
    #expect(ids.contains(id), "bad example of \(id.rawValue) got \(ids.map(\.rawValue))")
  }

  @Test(arguments: DiagnosticID.allCases)
  func goodExampleIsClean(_ id: DiagnosticID) {
    let explanation = Explanation.of(id)
    let diagnostics = Self.diagnostics(explanation.good)
    #expect(
      diagnostics.isEmpty,
      "good example of \(id.rawValue) got \(diagnostics.map { "\($0.range): \($0.message) [\($0.id.rawValue)]" })"
    )
  }

  @Test(arguments: DiagnosticID.allCases)
  func explanationIsComplete(_ id: DiagnosticID) {
    let explanation = Explanation.of(id)
    #expect(explanation.id == id)
    #expect(!explanation.symptom.isEmpty)
    #expect(!explanation.cause.isEmpty)
    #expect(!explanation.fix.isEmpty)
    #expect(explanation.markdown.contains("# `\(id.rawValue)`"))
  }

  /// `docs/rules/ID.md` is the explanation, so the two cannot drift apart.
  @Test(arguments: DiagnosticID.allCases)
  func documentationMatches(_ id: DiagnosticID) {
    Golden.assertMatches(Explanation.of(id).markdown, file: id.documentationPath)
  }
}
