import Foundation
import NavRulesCompiler
import NavRulesTestSupport
import Testing

/// One version everywhere. `NavrcVersion.current` is the source of truth: `navrc --version`
/// prints it, scripts/make-artifact-bundle writes what the built binary prints into the
/// bundle's info.json (scripts/test-integrations checks that), and the changelog and the
/// install instructions must name the same version.
@Suite struct ReleaseVersionTests {
  static let current = NavrcVersion.current

  static func text(_ path: String) throws -> String {
    try String(contentsOf: Repository.url(path), encoding: .utf8)
  }

  /// Every capture of `pattern` in `text`.
  static func versions(in text: String, _ pattern: String) throws -> [String] {
    let expression = try NSRegularExpression(pattern: pattern)
    let whole = NSRange(text.startIndex..., in: text)
    return expression.matches(in: text, range: whole).compactMap {
      Range($0.range(at: 1), in: text).map { String(text[$0]) }
    }
  }

  @Test func theVersionIsASemanticVersion() throws {
    #expect(try Self.versions(in: Self.current, #"^(\d+\.\d+\.\d+)$"#) == [Self.current])
  }

  @Test func theChangelogsLatestReleaseIsTheCurrentVersion() throws {
    let changelog = try Self.text("CHANGELOG.md")
    let headings = try Self.versions(in: changelog, #"(?m)^## \[(\d+\.\d+\.\d+)\]"#)
    #expect(headings.first == Self.current, "CHANGELOG.md's first release is not \(Self.current)")
    #expect(changelog.contains("\n[\(Self.current)]: "), "no link for [\(Self.current)]")
  }

  /// Mint pins, release downloads, the plugins package's `from:`, the action's `version:` and
  /// the bundle's folders, wherever the documents show them.
  @Test(arguments: ["README.md", "docs/integrations.md", "action.yml"])
  func theInstallInstructionsNameTheCurrentVersion(path: String) throws {
    let text = try Self.text(path)
    var found: [String] = []
    for pattern in [
      #"navrc/navrc@v?(\d[\w.-]*)"#, #"releases/download/v?(\d[\w.-]*)/"#,
      #"navrc-plugins[^\n]*from: "(\d[^"]*)""#, #"(?m)^\s*version: "?(\d[\w.-]*)"#,
      #"navrc-(\d+\.\d+\.\d+)-"#, #"e\.g\. (\d+\.\d+\.\d+)"#,
    ] {
      found += try Self.versions(in: text, pattern)
    }
    #expect(!found.isEmpty || path == "action.yml", "\(path) names no version to install")
    for version in found {
      #expect(version == Self.current, "\(path) names navrc \(version), not \(Self.current)")
    }
  }
}
