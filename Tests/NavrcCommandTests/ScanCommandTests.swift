import Foundation
import NavrcCommand
import Testing

/// `navrc scan` as a user runs it: the text summary, the JSON lists, `--exclude`, `--root`.
@Suite struct ScanCommandTests {
  /// Home is a navigation controller's root and pushes Form, which disables the swipe-back
  /// where it deadlocks; Orphan is pushed by an object navrc cannot follow.
  static let app = [
    "App/Sources/App.swift": """
    let nav = UINavigationController(rootViewController: Home())
    class Home: UIViewController {
        func open() { navigationController?.pushViewController(Form(), animated: true) }
    }
    class Form: UIViewController {
        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            navigationController?.interactivePopGestureRecognizer?.isEnabled = false
        }
        override func viewWillDisappear(_ animated: Bool) {
            super.viewWillDisappear(animated)
            navigationController?.interactivePopGestureRecognizer?.isEnabled = true
        }
        func help() { navigationController?.pushViewController(Help(), animated: true) }
    }
    class Help: UIViewController {}
    class Orphan: UIViewController {}

    """,
    "App/Tests/HomeTests.swift": """
    let testNav = UINavigationController(rootViewController: makeScreen())

    """,
  ]

  @Test func theTextFormatEndsWithWhatWasNotAnalysedAndWhatWasLeftOut() throws {
    let tree = try TemporaryTree(Self.app)
    defer { tree.remove() }
    let result = navrc(["scan", tree.path("App")])
    #expect(result.status == 1)
    #expect(
      result.errorLines.suffix(4) == [
        "1 error, 1 warning",
        "1 of 4 screens not analysed: no navigation controller found reaches it (--root CLASS adds one)",
        "  1 screen: not created by name in any code or storyboard navrc reads",
        "1 push, root or value left out of the model (--format json lists it)",
      ])
    #expect(result.error.contains("App.swift:8:9: error: "))
  }

  /// A folder with nothing navrc reads is a mistake, as `check` of a folder without rule
  /// files is: never a clean report (a mistyped path in CI would pass green).
  @Test func aFolderWithNothingToScanIsAnError() throws {
    let tree = try TemporaryTree(["App/README.md": "# App\n", "Other/Notes.txt": "notes\n"])
    defer { tree.remove() }
    let result = navrc(["scan", tree.path("App"), tree.path("Other")])
    #expect(result.status == 2)
    #expect(
      result.error
        == "navrc scan: no Swift, Objective-C, storyboard or xib files under "
        + "'\(tree.path("App"))', '\(tree.path("Other"))'\n")
  }

  /// A SwiftUI view is reached by a `NavigationStack` or `NavigationView`: the line says so,
  /// not "navigation controller", unless view controllers are unreached too.
  @Test func theUnreachedLineSpeaksOfStacksForSwiftUIViews() throws {
    let orphanView = """
      import SwiftUI
      struct OrphanView: View {
          var body: some View {
              NavigationLink("Next") { Text("Next") }.navigationBarHidden(true)
          }
      }

      """
    let views = try TemporaryTree(["App/OrphanView.swift": orphanView])
    defer { views.remove() }
    let onlyViews = navrc(["scan", views.path("App")])
    #expect(
      onlyViews.errorLines.contains(
        "1 of 1 screen not analysed: no NavigationStack or NavigationView reaches it"),
      "\(onlyViews.error)")
    var mixed = Self.app
    mixed["App/Sources/OrphanView.swift"] = orphanView
    let both = try TemporaryTree(mixed)
    defer { both.remove() }
    let result = navrc(["scan", both.path("App")])
    #expect(
      result.errorLines.contains(
        "2 of 5 screens not analysed: no navigation controller, NavigationStack or "
          + "NavigationView found reaches them (--root CLASS adds a navigation controller)"),
      "\(result.error)")
  }

  /// One line per blocker, the most screens first, five at most; base classes counted apart.
  @Test func theTextFormatCountsTheScreensEachBlockerKeepsOut() throws {
    let presents = "ABCDEF".map { "    func show\($0)() { present(\($0)(), animated: true) }\n" }
    let tree = try TemporaryTree([
      "App/App.swift": """
      let nav = UINavigationController(rootViewController: Home())
      final class SceneDelegate {
          func start() { window?.rootViewController = Tabs() }
      }
      class Tabs: UITabBarController {
          func open() { navigationController?.pushViewController(Settings(), animated: true) }
      }
      class Settings: UIViewController {}
      class Base: UIViewController {}
      class Home: Base {
      \(presents.joined())}

      """ + "ABCDEF".map { "class \($0): UIViewController {}\n" }.joined()
    ])
    defer { tree.remove() }
    let result = navrc(["scan", tree.path("App")])
    let file = tree.path("App/App.swift")
    #expect(
      result.errorLines.suffix(8) == [
        "8 of 9 screens not analysed: no navigation controller found reaches them (--root CLASS "
          + "adds one); 1 base class analysed through its subclasses is not counted",
        "  2 screens: `Tabs` is made the window's root in `SceneDelegate.start()`, never put in a "
          + "navigation controller (\(file):3)",
        "  1 screen: presented by `Home.showA()` without a navigation controller (\(file):11)",
        "  1 screen: presented by `Home.showB()` without a navigation controller (\(file):12)",
        "  1 screen: presented by `Home.showC()` without a navigation controller (\(file):13)",
        "  1 screen: presented by `Home.showD()` without a navigation controller (\(file):14)",
        "  and 2 more blockers (--format json names each screen's)",
        "nothing left out of the model",
      ])
  }

  @Test func jsonListsTheUnresolvedAndTheUnreachedScreens() throws {
    let tree = try TemporaryTree(Self.app)
    defer { tree.remove() }
    let result = navrc(["scan", "--format", "json", tree.path("App")])
    let json = try #require(
      JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let unreached = try #require(json["unreached"] as? [[String: Any]])
    #expect(unreached.map { $0["screen"] as? String } == ["Orphan"])
    #expect(unreached.first?["line"] as? Int == 17)
    #expect(unreached.first?["column"] as? Int == 7)
    let blocker = try #require(unreached.first?["blocker"] as? [String: Any])
    #expect(
      blocker["what"] as? String == "not created by name in any code or storyboard navrc reads")
    #expect(blocker["line"] == nil)
    #expect(unreached.first?["through"] as? [String] == [])
    let unresolved = try #require(json["unresolved"] as? [[String: Any]])
    #expect(unresolved.count == 1)
    #expect((unresolved.first?["file"] as? String)?.hasSuffix("App/Tests/HomeTests.swift") == true)
  }

  @Test(arguments: ["Tests", "Tests/**", "./Tests", "", "/", "/**"])
  func anExcludeMatchesThePathRelativeToTheFolderOrAsPrinted(glob: String) throws {
    let tree = try TemporaryTree(Self.app)
    defer { tree.remove() }
    // "" + the printed folder, as a user copies it from the output.
    let pattern = glob.hasPrefix("/") || glob.isEmpty ? tree.path("App/Tests") + glob : glob
    let result = navrc(["scan", "--exclude", pattern, tree.path("App")])
    #expect(result.errorLines.last == "nothing left out of the model")
    #expect(!result.error.contains("matched no file"))
  }

  /// `--disable` is read by the option code `check` and `scan` share; its errors name the
  /// command that was run (`scan --disable syntax` answered "navrc check: …").
  @Test(arguments: [
    ("syntax", "navrc scan: 'syntax' cannot be disabled"),
    ("no-such-id", "navrc scan: unknown diagnostic id 'no-such-id'"),
  ])
  func disableErrorsNameTheScanCommand(_ id: String, _ expected: String) {
    let result = navrc(["scan", "--disable", id, "App"])
    #expect(result.status == 2)
    #expect(result.errorLines.count == 1)
    #expect(result.error.hasPrefix(expected), "\(result.error)")
  }

  @Test func anExcludeThatMatchesNothingIsNamed() throws {
    let tree = try TemporaryTree(Self.app)
    defer { tree.remove() }
    let result = navrc(["scan", "--exclude", "Test/**", "--exclude", "Tests", tree.path("App")])
    #expect(
      result.errorLines.first
        == "navrc scan: warning: --exclude 'Test/**' matched no file or folder")
    #expect(!result.error.contains("'Tests' matched"))
  }

  @Test func aRootOptionBringsAScreenIntoTheAnalysis() throws {
    let tree = try TemporaryTree(Self.app)
    defer { tree.remove() }
    let result = navrc(["scan", "--root", "Orphan", "--exclude", "Tests", tree.path("App")])
    #expect(result.errorLines.suffix(2) == ["1 error, 1 warning", "nothing left out of the model"])
  }

  /// `--rules` writes as `emit` does: `-` to standard output (not with a format that is
  /// printed there), and a symbolic link's target, the link kept.
  @Test func theRulesGoToStandardOutputOrThroughALink() throws {
    let tree = try TemporaryTree(Self.app)
    defer { tree.remove() }
    let printed = navrc(["scan", "--rules", "-", tree.path("App")])
    #expect(printed.status == 1)
    #expect(printed.output.contains("screen Form {"))
    #expect(
      printed.errorLines.last
        == "1 push, root or value left out of the model (--format json lists it)")
    let mixed = navrc(["scan", "--format", "json", "--rules", "-", tree.path("App")])
    #expect(mixed.status == 2)
    #expect(mixed.output.isEmpty)
    #expect(
      mixed.errorLines == [
        "navrc scan: --rules - and --format json would both write to standard output"
      ])
    try FileManager.default.createDirectory(
      atPath: tree.path("out"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: tree.path("App.navrules"), withDestinationPath: "out/Model.navrules")
    #expect(navrc(["scan", "--rules", tree.path("App.navrules"), tree.path("App")]).status == 1)
    let type = try FileManager.default.attributesOfItem(atPath: tree.path("App.navrules"))[.type]
    #expect(type as? FileAttributeType == .typeSymbolicLink)
    #expect(
      try String(contentsOfFile: tree.path("out/Model.navrules"), encoding: .utf8)
        == printed.output)
  }

  /// Issue 33: `--rules` through a chain of links to a scanned file. Up to the system's 40
  /// links the file reached is the input and is refused; a longer chain is refused as one.
  /// The source is never replaced.
  @Test(arguments: [3, 40, 45])
  func theRulesNeverReplaceAScannedFileWhateverTheChain(_ length: Int) throws {
    let tree = try TemporaryTree(Self.app)
    defer { tree.remove() }
    let source = tree.path("App/Sources/App.swift")
    let original = try String(contentsOfFile: source, encoding: .utf8)
    for index in 0..<length {
      try FileManager.default.createSymbolicLink(
        atPath: tree.path("link-\(index)"),
        withDestinationPath: index + 1 < length ? "link-\(index + 1)" : "App/Sources/App.swift")
    }
    let result = navrc(["scan", "--rules", tree.path("link-0"), tree.path("App")])
    #expect(result.status == 2)
    #expect(result.errorLines.count == 1, "\(result.errorLines)")
    #expect(try String(contentsOfFile: source, encoding: .utf8) == original)
  }
}
