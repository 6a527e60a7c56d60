import Foundation
import NavRulesTestSupport
import Testing

/// The outputs the README shows are what navrc prints, so the README cannot go stale.
@Suite struct ReadmeTests {
  static func readme() throws -> String {
    try String(contentsOf: Repository.url("README.md"), encoding: .utf8)
  }

  /// Runs `navrc check` on a repository file as the README does, from the repository root.
  static func check(_ arguments: [String], path: String) -> RunResult {
    run("check", arguments, path: path)
  }

  /// Runs a navrc command on a repository path, with the path printed as given.
  static func run(_ command: String, _ arguments: [String], path: String) -> RunResult {
    let absolute = Repository.url(path).path
    var result = navrc([command] + arguments + [absolute])
    result.output = result.output.replacingOccurrences(of: absolute, with: path)
    result.error = result.error.replacingOccurrences(of: absolute, with: path)
    return result
  }

  /// The lines of the README's first `sh` block: the commands a newcomer runs first.
  static func firstCommands() throws -> [String] {
    let readme = try readme()
    let start = try #require(readme.range(of: "```sh\n"))
    let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
    return readme[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
  }

  @Test func theTextExampleIsWhatCheckPrints() throws {
    let result = Self.check([], path: "docs/mistakes.navrules")
    #expect(result.status == 1)
    let shown = "$ swift run navrc check docs/mistakes.navrules\n" + result.error + "```"
    #expect(try Self.readme().contains(shown), "README's text sample is stale:\n\(result.error)")
  }

  @Test func theJSONExampleQuotesARealDiagnostic() throws {
    let result = Self.check(["--format", "json"], path: "docs/mistakes.navrules")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
    let reference = try #require(diagnostics.first { $0["id"] as? String == "undefined-reference" })
    let readme = try Self.readme()
    for key in ["line", "column", "endLine", "endColumn"] {
      let value = try #require(reference[key] as? Int)
      #expect(readme.contains("\"\(key)\": \(value),"), "README's JSON sample: \(key) is \(value)")
    }
    #expect(readme.contains("\"summary\": { \"errors\": 5, \"warnings\": 1 }"))
  }

  @Test func theCheckCommandChecksACleanExample() throws {
    let readme = try Self.readme()
    let command = try #require(readme.range(of: "swift run navrc check examples/"))
    let line = readme[command.lowerBound...].prefix { $0 != "\n" && $0 != "`" }
    let path = String(line.dropFirst("swift run navrc check ".count))
    let result = Self.check([], path: path)
    #expect(result.status == 0)
    #expect(result.error == "0 errors, 0 warnings\n")
  }

  /// A newcomer first scans an example app, then runs the contributor suite, which is CI.
  @Test func theFirstCommandsScanAnExampleAppThenRunTheSuiteCIRuns() throws {
    let commands = try Self.firstCommands()
    #expect(commands.count == 2)
    #expect(commands.first?.hasPrefix("swift run navrc scan examples/") == true)
    #expect(commands.last == "scripts/test")
    let ci = try String(contentsOf: Repository.url(".ci/run"), encoding: .utf8)
    #expect(ci.contains("\nexec bash scripts/test\n"), ".ci/run no longer runs scripts/test")
  }

  @Test func theFirstScanIsWhatScanPrints() throws {
    let command = try #require(try Self.firstCommands().first)
    let path = String(command.dropFirst("swift run navrc scan ".count))
    let result = Self.run("scan", [], path: path)
    #expect(result.status == 1, "the example app no longer has the errors the README shows")
    let shown = "$ \(command)\n" + result.error + "```"
    #expect(try Self.readme().contains(shown), "README's scan sample is stale:\n\(result.error)")
  }

  @Test func theScanSectionQuotesARealFinding() throws {
    let readme = try Self.readme()
    let command = "$ swift run navrc scan examples/scan/ObjCApp\n"
    let start = try #require(readme.range(of: command))
    let line = String(readme[start.upperBound...].prefix { $0 != "\n" })
    let result = Self.run("scan", [], path: "examples/scan/ObjCApp")
    #expect(result.errorLines.contains(line), "README's ObjCApp line is stale: \(line)")
  }
}

/// The sample in docs/checker.md is what `navrc check` prints.
@Suite struct CheckerDocumentationTests {
  @Test func theSampleIsWhatCheckPrints() throws {
    let result = ReadmeTests.check([], path: "examples/swipe-freeze/swipe-freeze.broken.navrules")
    let document = try String(contentsOf: Repository.url("docs/checker.md"), encoding: .utf8)
    let lines = result.errorLines.dropLast()
    #expect(!lines.isEmpty)
    #expect(document.contains(lines.joined(separator: "\n")), "docs/checker.md is stale")
  }
}
