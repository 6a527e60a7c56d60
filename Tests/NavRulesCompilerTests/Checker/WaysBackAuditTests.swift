import Foundation
import NavRulesTestSupport
import Testing

@testable import NavRulesCompiler

/// `navrc check --ways-back`: what each way back does on each screen of a rule file, as the
/// runtime enforces it (docs/checker.md#every-way-back).
@Suite struct WaysBackAuditTests {
  static func report(_ text: String) throws -> WaysBackReport {
    let compilation = Compilation(files: [SourceFile(path: "ways.navrules", text: text)])
    #expect(!compilation.hasFrontEndErrors, "\(compilation.diagnostics)")
    return WaysBackAudit.audit(compilation.module, enforcer: .runtime)
  }

  /// `way@band` → `verdict` (`@line` of `at`, when there is one) for `screen`.
  static func ways(_ report: WaysBackReport, _ screen: String) throws -> [String: String] {
    let ways = try #require(report.screens.first { $0.screen == screen }).ways
    var result: [String: String] = [:]
    for way in ways {
      let at = way.outcome.at.map { "@\($0.start.line)" } ?? ""
      result["\(way.way.rawValue)@\(way.ios.rawValue)"] = way.outcome.verdict.rawValue + at
    }
    return result
  }

  static let rules = """
    navigator Main { root Home }
    screen Home { push Plain, HookOff, Asked, Confirmed }
    screen Plain { }
    screen HookOff {
      on viewDidAppear { popGesture disabled }
      on viewWillDisappear { popGesture enabled }
    }
    screen Asked { back intercept taps }
    screen Confirmed { back confirm "Discard?" }
    """

  /// Gate disables the gesture for good: whatever it pushes, or Home pushes after it, cannot
  /// be swiped back from the edge.
  static let leaking = """
    navigator Main { root Home }
    screen Home { push Plain, Gate }
    screen Plain { }
    screen Gate {
      push Plain
      on viewDidAppear { popGesture disabled }
    }
    """

  @Test func theRootHasNoWayBack() throws {
    let home = try Self.ways(Self.report(Self.rules), "Home")
    #expect(
      home == [
        "tap@13-26": "blocked@1", "backMenu@13-26": "blocked@1", "edgeSwipe@13-26": "blocked@1",
        "contentSwipe@26": "blocked@1",
      ])
  }

  @Test func aHookThatDisablesTheGestureStopsTheEdgeSwipeOnly() throws {
    let screen = try Self.ways(Self.report(Self.rules), "HookOff")
    #expect(
      screen == [
        "tap@13-26": "pops", "backMenu@13-26": "pops", "edgeSwipe@13-26": "blocked@5",
        "contentSwipe@26": "pops",
      ])
  }

  @Test func anInterceptorOfTapsIsWalkedAroundByBothSwipes() throws {
    let screen = try Self.ways(Self.report(Self.rules), "Asked")
    #expect(
      screen == [
        // The runtime drops the back menu while the top's `back` is not `allow`.
        "tap@13-26": "asks@8", "backMenu@13-26": "blocked@8", "edgeSwipe@13-26": "pops@8",
        "contentSwipe@26": "pops@8",
      ])
  }

  @Test func aConfirmationAsksOnTapAndBlocksBothSwipes() throws {
    let screen = try Self.ways(Self.report(Self.rules), "Confirmed")
    #expect(
      screen == [
        "tap@13-26": "asks@9", "backMenu@13-26": "blocked@9", "edgeSwipe@13-26": "blocked@9",
        "contentSwipe@26": "blocked@9",
      ])
  }

  @Test func aVerdictThatDiffersWithThePathDependsAndShowsEach() throws {
    let report = try Self.report(Self.leaking)
    let plain = try #require(report.screens.first { $0.screen == "Plain" })
    let edge = try #require(plain.ways.first { $0.way == .edgeSwipe })
    #expect(edge.outcome.verdict == .depends)
    #expect(edge.cases.map(\.outcome.verdict) == [.pops, .blocked])
    #expect(
      edge.cases.map(\.path) == [
        "in navigator 'Main': Home → Plain", "in navigator 'Main': Home → Gate → Plain",
      ])
    #expect(edge.cases[1].outcome.at?.start.line == 6)
    // The content swipe ignores the hook: it pops on every path.
    #expect(plain.ways.first { $0.way == .contentSwipe }?.outcome.verdict == .pops)
  }

  @Test func theExamplesAuditMatchesItsGolden() throws {
    for (scenario, name) in [
      ("checkout-confirm", "checkout-confirm"), ("content-swipe", "content-swipe.broken"),
    ] {
      let path = "examples/\(scenario)/\(name).navrules"
      let file = try SourceFile(
        path: path, text: String(contentsOf: Repository.url(path), encoding: .utf8))
      let compilation = Compilation(files: [file])
      let report = WaysBackAudit.audit(compilation.module, enforcer: .runtime)
      Golden.assertMatches(
        report.text, file: "Tests/NavRulesCompilerTests/Fixtures/ways-back/\(name).txt")
    }
  }
}
