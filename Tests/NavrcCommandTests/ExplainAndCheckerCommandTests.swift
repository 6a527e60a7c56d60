import Foundation
import NavRulesCompiler
import NavrcCommand
import Testing

/// `navrc explain`, and `navrc check` on rule files the checker objects to.
@Suite struct ExplainAndCheckerCommandTests {
  @Test(arguments: DiagnosticID.allCases)
  func explainPrintsTheExplanation(_ id: DiagnosticID) {
    let result = navrc(["explain", id.rawValue])
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("\(id.rawValue) (\(id.defaultSeverity.rawValue))\n"))
    #expect(result.output.contains("WHAT GOES WRONG"))
    #expect(result.output.contains("HOW TO FIX IT"))
    #expect(!result.output.contains("```"))
  }

  @Test func explainWithoutAnIdListsThemAll() {
    let result = navrc(["explain"])
    #expect(result.status == 0)
    for id in DiagnosticID.allCases { #expect(result.output.contains(id.rawValue)) }
  }

  @Test func explainAnUnknownIdIsAUsageError() {
    let result = navrc(["explain", "deadlock"])
    #expect(result.status == 2)
    #expect(
      result.error
        == "navrc explain: unknown diagnostic id 'deadlock'; did you mean 'gesture-deadlock'?; "
        + "'navrc explain' lists them\n")
    #expect(navrc(["explain", "root-pop", "state-leak"]).status == 2)
    #expect(navrc(["explain", "--verbose"]).status == 2)
  }

  static let deadlock = """
    navigator Main { root Home }
    screen Home { push Form }
    screen Form {
      push Help
      on viewWillAppear { popGesture disabled }
      on viewWillDisappear { popGesture enabled }
    }
    screen Help { }
    screen Search { navigationBar hidden; popGesture enabled }

    """

  @Test func checkerErrorsExitOneWithTheirPathNotes() throws {
    let tree = try TemporaryTree(["rules.navrules": Self.deadlock])
    defer { tree.remove() }
    let path = tree.path("rules.navrules")
    let result = navrc(["check", path])
    #expect(result.status == 1)
    #expect(
      result.errorLines == [
        "\(path):5:23: warning: on iOS 26 and later, 'popGesture disabled' set by 'Form' does "
          + "not stop a swipe-back on 'Form': it disables only the edge gesture, and the content "
          + "swipe still pops it [content-swipe-bypass]",
        "\(path):1:11: note: in navigator 'Main': Home → Form, then swipe back across the "
          + "content on iOS 26",
        "\(path):5:23: error: 'popGesture disabled' in viewWillAppear of 'Form' runs while a "
          + "swipe back from 'Help' to 'Form' is in flight; disabling the gesture then freezes "
          + "the screen [gesture-deadlock]",
        "\(path):1:11: note: in navigator 'Main': Home → Form → Help, then swipe back",
        "\(path):9:8: warning: screen 'Search' is not reachable from any navigator's root "
          + "[unreachable-screen]",
        "\(path):9:39: warning: 'popGesture enabled' has no effect on 'Search': UIKit refuses "
          + "the swipe because its navigation bar is hidden; use 'popGesture forced' "
          + "[gesture-blocked-by-system]",
        "1 error, 3 warnings",
      ])
  }

  @Test func disablingACheckerRuleLetsTheRunPass() throws {
    let tree = try TemporaryTree(["rules.navrules": Self.deadlock])
    defer { tree.remove() }
    let result = navrc([
      "check", "--disable", "gesture-deadlock", "--disable=unreachable-screen",
      tree.path("rules.navrules"),
    ])
    #expect(result.status == 0)
    #expect(result.errorLines.last == "0 errors, 2 warnings")
    let strict = navrc([
      "check", "--warnings-as-errors", "--disable", "gesture-deadlock",
      tree.path("rules.navrules"),
    ])
    #expect(strict.status == 1)
  }

  @Test func jsonCarriesTheFixIts() throws {
    let tree = try TemporaryTree(["rules.navrules": Self.deadlock])
    defer { tree.remove() }
    let result = navrc(["check", "--format", "json", tree.path("rules.navrules")])
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
    let deadlock = try #require(diagnostics.first { $0["id"] as? String == "gesture-deadlock" })
    let fixIts = try #require(deadlock["fixIts"] as? [[String: Any]])
    #expect(fixIts.count == 2)
    let blocked = try #require(
      diagnostics.first { $0["id"] as? String == "gesture-blocked-by-system" })
    let edits = try #require(
      (blocked["fixIts"] as? [[String: Any]])?.first?["edits"] as? [[String: Any]])
    #expect(edits.first?["replacement"] as? String == "popGesture forced")
  }
}
