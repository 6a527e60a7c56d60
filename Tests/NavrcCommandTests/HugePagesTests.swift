import Testing

@testable import NavrcCommand

@Suite struct HugePagesTests {
  private static let large = HugePages.minimumInputBytes
  private static let sizes = [
    "big.navrules": large, "half.navrules": large / 2, "small.navrules": 10,
  ]

  private func tunables(
    _ arguments: [String], environment: [String: String] = [:], hugePages: Bool = true
  ) -> String? {
    HugePages.restartTunables(
      arguments: arguments, environment: { environment[$0] },
      fileSize: { Self.sizes[$0] }, hugePagesAvailable: { hugePages })
  }

  @Test(arguments: ["check", "emit", "fmt", "graph", "scan"])
  func aBatchCommandOnLargeFilesStartsAgainWithTheTunable(command: String) {
    #expect(tunables([command, "big.navrules"]) == HugePages.tunable)
  }

  @Test func filesAddUpAndOptionsAreNotFiles() {
    #expect(tunables(["check", "half.navrules", "half.navrules"]) == HugePages.tunable)
    #expect(tunables(["check", "half.navrules", "--format", "json"]) == nil)
    #expect(tunables(["check", "small.navrules", "missing/folder"]) == nil)
  }

  @Test func otherTunablesAreKept() {
    let environment = ["GLIBC_TUNABLES": "glibc.malloc.arena_max=2"]
    #expect(
      tunables(["check", "big.navrules"], environment: environment)
        == "glibc.malloc.arena_max=2:" + HugePages.tunable)
  }

  @Test(arguments: [
    ["GLIBC_TUNABLES": HugePages.tunable],
    ["GLIBC_TUNABLES": "glibc.malloc.hugetlb=0"],
    ["NAVRC_HUGE_PAGES": "0"],
  ])
  func neverAgainWhenAskedAlreadyOrTurnedOff(environment: [String: String]) {
    #expect(tunables(["check", "big.navrules"], environment: environment) == nil)
  }

  @Test func notForTheLanguageServerNorWithoutHugePages() {
    #expect(tunables(["lsp", "big.navrules"]) == nil)
    #expect(tunables(["explain", "big.navrules"]) == nil)
    #expect(tunables([]) == nil)
    #expect(tunables(["check", "big.navrules"], hugePages: false) == nil)
  }
}
