import Testing

@testable import NavRulesCompiler
@testable import NavRulesScan

@Suite struct ScanExclusionsTests {
  @Test(arguments: [
    ("Tests", "App", "Tests", true),
    ("Tests", "App", "Sources/Tests", true),
    ("Tests/**", "App", "Tests/A.swift", true),
    ("App/Tests", "App", "Tests", true),
    ("App/Tests", "./App", "Tests", true),
    ("./App/Tests/", "App", "Tests", true),
    ("App/Tests", "App", "Sources/Tests", false),
    ("Other/Tests", "App", "Tests", false),
    ("*Generated*.swift", "App", "Sources/ModelGenerated.swift", true),
  ])
  func aGlobMatchesTheRelativeOrThePrintedPath(
    glob: String, base: String, relative: String, excluded: Bool
  ) {
    var exclusions = ScanExclusions([glob])
    #expect(exclusions.excludes(relative, under: base) == excluded)
    #expect(exclusions.unmatched == (excluded ? [] : [glob]))
  }

  @Test func onlyTheGlobsThatExcludedNothingAreUnmatched() {
    var exclusions = ScanExclusions(["Tests", "Nope", "A/**"])
    _ = exclusions.excludes("Tests", under: "App")
    _ = exclusions.excludes("Sources/x.swift", under: "A")
    #expect(exclusions.unmatched == ["Nope"])
  }

  @Test func aGlobShadowedByAnotherStillCountsAsMatching() {
    var exclusions = ScanExclusions(["Tests", "Tests/**"])
    let excluded = exclusions.excludes("Tests", under: "App")
    #expect(excluded)
    #expect(exclusions.unmatched == [])
  }
}
