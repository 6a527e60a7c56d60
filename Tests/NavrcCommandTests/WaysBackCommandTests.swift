import Foundation
import NavRulesTestSupport
import NavrcCommand
import Testing

/// `--ways-back` on `check` and `scan`: the table after the diagnostics, the JSON member beside
/// them, and nothing of either without the flag.
@Suite struct WaysBackCommandTests {
  static let example = "examples/checkout-confirm/checkout-confirm.navrules"

  @Test func checkPrintsTheTableAfterTheDiagnosticsOnlyWhenAsked() throws {
    let path = Repository.url(Self.example).path
    let plain = navrc(["check", path])
    let audited = navrc(["check", "--ways-back", path])
    #expect(plain.status == audited.status)
    #expect(!plain.error.contains("ways back"))
    #expect(audited.error.hasPrefix(plain.error))
    #expect(audited.error.contains("Checkout ("))
    #expect(audited.error.contains("edgeSwipe    13-26  blocked  'back confirm'"))
  }

  @Test func jsonGetsAWaysBackMemberBesideTheDiagnostics() throws {
    let path = Repository.url(Self.example).path
    let plain = navrc(["check", "--format", "json", path])
    let audited = navrc(["check", "--format", "json", "--ways-back", path])
    #expect(!plain.output.contains("\"waysBack\""))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(audited.output.utf8)) as? [String: Any])
    #expect(object["diagnostics"] != nil)
    let screens = try #require(object["waysBack"] as? [[String: Any]])
    #expect(screens.map { $0["screen"] as? String } == ["Basket", "Checkout", "Payment"])
    let ways = try #require(screens[1]["ways"] as? [[String: Any]])
    #expect(ways.map { $0["way"] as? String } == ["tap", "backMenu", "edgeSwipe", "contentSwipe"])
    #expect(ways[0]["verdict"] as? String == "asks")
    #expect(ways[3]["ios"] as? String == "26")
    let at = try #require(ways[0]["at"] as? [String: Any])
    #expect(at["line"] as? Int == 31 && at["column"] as? Int == 5)
  }

  @Test func scanTakesTheFlagToo() throws {
    let tree = try TemporaryTree(ScanCommandTests.app)
    defer { tree.remove() }
    let result = navrc(["scan", "--ways-back", tree.path("App")])
    #expect(result.error.contains("Form ("))
    #expect(result.error.contains("contentSwipe 26     pops"))
  }
}
