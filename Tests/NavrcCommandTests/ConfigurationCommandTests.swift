import Foundation
import NavrcCommand
import Testing

/// `.navrc` (docs/adopting.md): found above the inputs, read by `scan` and `check`, under the
/// command line; every mistake a diagnostic at its line and column.
@Suite struct ConfigurationCommandTests {
  /// The copied extension without the depth guard (a `root-pop` error), and generated code
  /// with another.
  static let app = [
    "App/Sources/Nav.swift": """
    extension UINavigationController: UIGestureRecognizerDelegate {
        override open func viewDidLoad() {
            super.viewDidLoad()
            interactivePopGestureRecognizer?.delegate = self
        }
    }
    let nav = UINavigationController(rootViewController: Home())
    class Home: UIViewController {}

    """,
    "App/Generated/Other.swift": """
    class Orphan: UIViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            navigationController?.interactivePopGestureRecognizer?.delegate = nil
        }
    }
    let other = UINavigationController(rootViewController: Orphan())

    """,
  ]

  @Test func aConfigurationAboveTheInputsIsRead() throws {
    var files = Self.app
    files["App/.navrc"] = "// the team's settings\ndisable root-pop\n"
    let tree = try TemporaryTree(files)
    defer { tree.remove() }
    // Found from a folder below the one that holds it, and from a file.
    for input in [tree.path("App/Sources"), tree.path("App/Sources/Nav.swift")] {
      let result = navrc(["scan", input])
      #expect(result.status == 0, "\(result.error)")
      #expect(!result.error.contains("[root-pop]"))
    }
    // Without it, the finding is back.
    let ignored = navrc(["scan", "--no-config", tree.path("App/Sources")])
    #expect(ignored.status == 1)
    #expect(ignored.error.contains("[root-pop]"))
  }

  @Test func includeExcludeAndRootsComeFromTheFile() throws {
    var files = Self.app
    files["App/.navrc"] = """
      include Sources, Generated
      exclude Generated/**
      root Home

      """
    let tree = try TemporaryTree(files)
    defer { tree.remove() }
    let result = navrc(["scan", "--config", tree.path("App/.navrc"), "--format", "json"])
    #expect(result.status == 1)
    #expect(result.output.contains("Nav.swift"))
    // The glob is anchored at the file's folder, wherever the command runs from.
    #expect(!result.output.contains("Other.swift"), "\(result.output)")
  }

  @Test func theCommandLineWinsAndListsAddUp() throws {
    var files = Self.app
    files["App/.navrc"] = """
      severity root-pop warning
      warningsAsErrors false
      disable delegate-leak

      """
    let tree = try TemporaryTree(files)
    defer { tree.remove() }
    // The file's severity applies: a warning, exit 0.
    let configured = navrc(["scan", tree.path("App/Sources")])
    #expect(configured.status == 0, "\(configured.error)")
    #expect(configured.error.contains("warning: 'interactivePopGestureRecognizer"))
    // --warnings-as-errors on the command line wins over the file's false.
    let strict = navrc(["scan", "--warnings-as-errors", tree.path("App/Sources")])
    #expect(strict.status == 1)
    // --disable adds to the file's list.
    let disabled = navrc(["scan", "--disable", "root-pop", tree.path("App/Sources")])
    #expect(disabled.status == 0)
    #expect(!disabled.error.contains("[root-pop]"))
    // --config names another file, which replaces the one found.
    let other = tree.path("other.navrc")
    try Data("disable root-pop\n".utf8).write(to: URL(fileURLWithPath: other))
    let named = navrc(["scan", "--config", other, "--warnings-as-errors", tree.path("App/Sources")])
    #expect(named.status == 0, "\(named.error)")
    let both = navrc(["scan", "--config", other, "--no-config", tree.path("App")])
    #expect(both.status == 2)
  }

  @Test func checkReadsItToo() throws {
    let tree = try TemporaryTree([
      ".navrc": "severity unreachable-screen error\n",
      "rules/a.navrules": "navigator Main { root Home }\nscreen Home {}\nscreen Lost {}\n",
    ])
    defer { tree.remove() }
    let result = navrc(["check", tree.path("rules")])
    #expect(result.status == 1)
    #expect(result.error.contains("error: ") && result.error.contains("[unreachable-screen]"))
  }

  /// The build plugin runs `emit` on the rule files: the `.navrc` above them decides, as for
  /// `check`, what is an error.
  @Test func emitReadsItForTheBuildPlugin() throws {
    let tree = try TemporaryTree([
      ".navrc": "severity unreachable-screen error\n",
      "rules/a.navrules": "navigator Main { root Home }\nscreen Home {}\nscreen Lost {}\n",
    ])
    defer { tree.remove() }
    let output = tree.path("Rules.swift")
    let configured = navrc(["emit", "-o", output, tree.path("rules")])
    #expect(configured.status == 1)
    #expect(!FileManager.default.fileExists(atPath: output))
    let ignored = navrc(["emit", "--no-config", "-o", output, tree.path("rules")])
    #expect(ignored.status == 0, "\(ignored.error)")
    #expect(FileManager.default.fileExists(atPath: output))
  }

  /// Each mistake, as `FILE:LINE:COL: error: MESSAGE [ID]`; nothing checked; exit 2.
  @Test(arguments: [
    ("exlude Tests", "1:1: error: unknown setting 'exlude' in .navrc [unknown-directive]"),
    ("exlude Tests", "1:1: note: did you mean 'exclude'?"),
    ("colour red", "1:1: error: unknown setting 'colour' in .navrc [unknown-directive]"),
    (
      "disable nope",
      "1:9: error: unknown diagnostic id 'nope'; see 'navrc explain' [invalid-value]"
    ),
    ("disable root-pp", "1:9: note: did you mean 'root-pop'?"),
    (
      "disable syntax",
      "1:9: error: 'syntax' cannot be configured: it means a rule file was not understood [invalid-value]"
    ),
    ("disable", "1:1: error: 'disable' expects diagnostic ids [invalid-value]"),
    ("exclude", "1:1: error: 'exclude' expects paths, separated by commas [invalid-value]"),
    ("root", "1:1: error: 'root' expects class names, separated by commas [invalid-value]"),
    ("root My-Class", "1:6: error: 'My-Class' is not a class name [invalid-value]"),
    (
      "severity root-pop",
      "1:1: error: 'severity' expects an id and 'error' or 'warning' (severity ID error) [invalid-value]"
    ),
    (
      "severity root-pop error x",
      "1:25: error: 'severity' expects an id and 'error' or 'warning' (severity ID error) [invalid-value]"
    ),
    (
      "severity root-pop fatal",
      "1:19: error: unknown severity 'fatal'; expected 'error' or 'warning' [invalid-value]"
    ),
    (
      "severity root-pop error\nseverity root-pop warning",
      "2:10: error: the severity of 'root-pop' is set twice [duplicate-directive]"
    ),
    ("severity root-pop error\nseverity root-pop warning", "1:10: note: first set here"),
    (
      "warningsAsErrors maybe",
      "1:18: error: 'warningsAsErrors' expects true or false, not 'maybe' [invalid-value]"
    ),
    (
      "strictBaseline true, false",
      "1:22: error: 'strictBaseline' expects true or false [invalid-value]"
    ),
    (
      "warningsAsErrors\nwarningsAsErrors",
      "2:1: error: 'warningsAsErrors' is set twice [duplicate-directive]"
    ),
    ("baseline", "1:1: error: 'baseline' expects one path [invalid-value]"),
    ("baseline a, b", "1:13: error: 'baseline' expects one path [invalid-value]"),
    ("baseline a b", "1:12: error: expected ',' between values [syntax]"),
    ("cachePath", "1:1: error: 'cachePath' expects one path [invalid-value]"),
    ("cachePath a\ncachePath b", "2:1: error: 'cachePath' is set twice [duplicate-directive]"),
    ("exclude a,,b", "1:11: error: expected a value before ',' [syntax]"),
    ("exclude a,", "1:11: error: expected a value after ',' [syntax]"),
    ("exclude \"a", "1:9: error: unterminated string [syntax]"),
    ("exclude \"a\\qb\"", "1:11: error: invalid escape sequence in string [syntax]"),
    ("exclude \"\\u{zz}\"", "1:10: error: invalid \\u{…} escape [syntax]"),
    ("exclude \u{FF}", "1:9: error: invalid UTF-8 [syntax]"),
    ("\"include\" a", "1:1: error: expected a setting name [syntax]"),
    (", a", "1:1: error: expected a setting name [syntax]"),
  ])
  func everyMistakeIsADiagnosticAtItsPlace(text: String, expected: String) throws {
    let tree = try TemporaryTree(["App/Nav.swift": "class A: UIViewController {}\n"])
    defer { tree.remove() }
    var bytes = Array(text.utf8)
    // "\u{FF}" stands for a byte that is not UTF-8.
    if let index = text.utf8.firstIndex(of: 0xC3), text.contains("\u{FF}") {
      let offset = text.utf8.distance(from: text.utf8.startIndex, to: index)
      bytes.replaceSubrange(offset..<offset + 2, with: [0xFF])
    }
    try Data(bytes).write(to: URL(fileURLWithPath: tree.path("App/.navrc")))
    let result = navrc(["scan", tree.path("App")])
    #expect(result.status == 2)
    #expect(result.error.contains(tree.path("App/.navrc") + ":" + expected), "\(result.error)")
    #expect(result.errorLines.last?.contains("nothing checked") == true)
  }

  @Test func stringsCommentsAndSemicolonsAreRead() throws {
    var files = Self.app
    files["App/.navrc"] = """
      // comments anywhere
      disable "root-pop" ; exclude "Gen\\u{65}rated"  // a string with an escape
      root Home // trailing comment

      """
    let tree = try TemporaryTree(files)
    defer { tree.remove() }
    let result = navrc(["scan", tree.path("App")])
    #expect(result.status == 0, "\(result.error)")
  }

  @Test func anExcludeThatMatchesNothingIsNamedWhereItWasWritten() throws {
    var files = Self.app
    files["App/.navrc"] = "exclude Generatd\n"
    let tree = try TemporaryTree(files)
    defer { tree.remove() }
    let result = navrc(["scan", tree.path("App")])
    #expect(result.error.contains("exclude 'Generatd' in '\(tree.path("App/.navrc"))' matched no"))
  }
}
