import Foundation
import NavrcCommand
import Testing

/// `--write-baseline` and `--baseline` (docs/adopting.md): findings matched by id, file,
/// declaration and statement, never by line.
@Suite struct BaselineCommandTests {
  static let navigation = """
    extension UINavigationController: UIGestureRecognizerDelegate {
        override open func viewDidLoad() {
            super.viewDidLoad()
            interactivePopGestureRecognizer?.delegate = self
        }
    }
    let nav = UINavigationController(rootViewController: Home())
    class Home: UIViewController {}

    """

  static let other = """
    class Orphan: UIViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            navigationController?.interactivePopGestureRecognizer?.delegate = nil
        }
    }
    let other = UINavigationController(rootViewController: Orphan())

    """

  func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  @Test func roundTripEditsElsewhereKeepAFindingMatchedAndAFixedOneIsNamed() throws {
    let tree = try TemporaryTree(["App/Nav.swift": Self.navigation, "App/Other.swift": Self.other])
    defer { tree.remove() }
    let baseline = tree.path("navrc-baseline.json")
    let written = navrc(["scan", "--write-baseline", baseline, tree.path("App")])
    #expect(written.status == 0, "\(written.error)")
    #expect(written.error.contains("recorded 2 findings"))
    let text = try String(contentsOfFile: baseline, encoding: .utf8)
    // Sorted by file, one entry a line, paths relative to the baseline's folder.
    #expect(
      text == """
        {
          "version": 1,
          "findings": [
            {"id":"root-pop","file":"App/Nav.swift","declaration":"UINavigationController.viewDidLoad()","statement":"interactivePopGestureRecognizer?.delegate = self"},
            {"id":"root-pop","file":"App/Other.swift","declaration":"Orphan.viewDidLoad()","statement":"navigationController?.interactivePopGestureRecognizer?.delegate = nil"}
          ]
        }

        """)
    // Lines inserted above the finding, and the statement re-indented: still matched.
    try write(
      "import UIKit\n\n// The app's navigation.\n"
        + Self.navigation.replacingOccurrences(of: "        interactive", with: "\t\tinteractive"),
      to: tree.path("App/Nav.swift"))
    let matched = navrc(["scan", "--baseline", baseline, tree.path("App")])
    #expect(matched.status == 0, "\(matched.error)")
    #expect(matched.error.contains("0 errors, 0 warnings"))
    // Fixed: the entry is named as gone (a note), at its line of the baseline.
    try write(
      Self.other.replacingOccurrences(of: "= nil", with: "= saved"),
      to: tree.path("App/Other.swift"))
    let fixed = navrc(["scan", "--baseline", baseline, tree.path("App")])
    #expect(fixed.status == 0)
    #expect(
      fixed.errorLines.first
        == "\(baseline):5:1: note: baseline entry matches no finding any more: 'root-pop' in"
        + " App/Other.swift (Orphan.viewDidLoad()); remove it from the baseline")
    // An error under --strict-baseline, so the baseline only shrinks.
    let strict = navrc(["scan", "--baseline", baseline, "--strict-baseline", tree.path("App")])
    #expect(strict.status == 1)
    #expect(strict.error.contains(":5:1: error: baseline entry matches no finding"))
    #expect(strict.error.contains("1 error, 0 warnings"))
  }

  @Test func theSameStatementInAnotherDeclarationIsANewFinding() throws {
    let tree = try TemporaryTree(["App/Other.swift": Self.other])
    defer { tree.remove() }
    let baseline = tree.path("b.json")
    #expect(navrc(["scan", "--write-baseline", baseline, tree.path("App")]).status == 0)
    try write(
      Self.other
        + Self.other.replacingOccurrences(of: "Orphan", with: "Second")
        .replacingOccurrences(of: "let other", with: "let second"),
      to: tree.path("App/Other.swift"))
    let result = navrc(["scan", "--baseline", baseline, tree.path("App")])
    #expect(result.status == 1)
    #expect(result.error.contains("1 error, 0 warnings"), "\(result.error)")
    #expect(result.error.contains("Other.swift:11:"), "\(result.error)")
  }

  @Test func theConfigurationNamesTheBaselineRelativeToItsFolder() throws {
    let tree = try TemporaryTree([
      "App/Nav.swift": Self.navigation, ".navrc": "baseline ci/baseline.json\nstrictBaseline\n",
    ])
    defer { tree.remove() }
    try FileManager.default.createDirectory(
      atPath: tree.path("ci"), withIntermediateDirectories: true)
    #expect(
      navrc(["scan", "--write-baseline", tree.path("ci/baseline.json"), tree.path("App")]).status
        == 0)
    #expect(navrc(["scan", tree.path("App")]).status == 0)
    #expect(navrc(["scan", "--no-config", tree.path("App")]).status == 1)
  }

  @Test func checkTakesABaselineToo() throws {
    let tree = try TemporaryTree([
      "rules/a.navrules": """
      navigator Main { root Home }
      screen Home {
          on viewDidLoad { popGestureDelegate self }
      }

      """
    ])
    defer { tree.remove() }
    let baseline = tree.path("b.json")
    #expect(navrc(["check", "--write-baseline", baseline, tree.path("rules")]).status == 0)
    #expect(
      try String(contentsOfFile: baseline, encoding: .utf8).contains(
        "\"declaration\":\"screen Home\""))
    try Data(
      "// moved down\n\(try String(contentsOfFile: tree.path("rules/a.navrules"), encoding: .utf8))"
        .utf8
    ).write(to: URL(fileURLWithPath: tree.path("rules/a.navrules")))
    let result = navrc(["check", "--baseline", baseline, tree.path("rules")])
    #expect(result.status == 0, "\(result.error)")
  }

  @Test func aMissingOrMalformedBaselineIsAUsageError() throws {
    let tree = try TemporaryTree(["App/Nav.swift": Self.navigation, "bad.json": "{\"version\": 2}"])
    defer { tree.remove() }
    let missing = navrc(["scan", "--baseline", tree.path("none.json"), tree.path("App")])
    #expect(missing.status == 2)
    #expect(missing.error.contains("cannot read the baseline"))
    let bad = navrc(["scan", "--baseline", tree.path("bad.json"), tree.path("App")])
    #expect(bad.status == 2)
    #expect(bad.error.contains("is not a baseline: expected \"version\": 1"))
  }
}
