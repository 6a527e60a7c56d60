import Testing

@testable import NavRulesCompiler

/// `CheckerRules` is the one list of checker rules: every id of the checker is in it once, and
/// the checker runs what it lists.
@Suite struct CheckerRulesTests {
  @Test func everyCheckerIDIsListedOnce() {
    let checkerIDs = DiagnosticID.allCases.filter { !$0.isFrontEnd && $0 != .unusedSuppression }
    let listed = CheckerRules.all.map(\.id)
    #expect(listed.sorted() == checkerIDs.sorted())
  }

  @Test func theCheckerRunsTheListedRules() {
    #expect(Checker.declarationRules.count == 3)
    #expect(Checker.configurationRules.count == 1)
    #expect(Checker.originRules.count == 10)
    #expect(Checker.originRules.filter { $0.scope == .rootAlone }.count == 1)
  }
}
