import Foundation
import Testing

@testable import NavRulesCompiler
@testable import NavRulesLanguageServer

/// The language server publishes `navrc scan`'s findings for open Swift, Objective-C and
/// storyboard documents, scanning them with the app around them.
@Suite struct LanguageServerScanTests {
  typealias Harness = WorkspaceIndexTests

  static let appDelegate = """
    import UIKit
    class AppDelegate: UIResponder {
      var window: UIWindow?
      func start() { window?.rootViewController = UINavigationController(rootViewController: HomeViewController()) }
    }
    class HomeViewController: UIViewController {
      func next() { navigationController?.pushViewController(DetailViewController(), animated: true) }
    }
    class DetailViewController: UIViewController {}

    """

  static let swipeEverywhere = """
    import UIKit
    extension UINavigationController {
      open override func viewDidLoad() {
        super.viewDidLoad()
        interactivePopGestureRecognizer?.delegate = nil
      }
    }

    """

  static func open(_ uri: String, _ text: String, language: String) -> JSON {
    Harness.notification(
      "textDocument/didOpen",
      .object([
        (
          "textDocument",
          .object([
            ("uri", .string(uri)), ("languageId", .string(language)), ("version", .int(1)),
            ("text", .string(text)),
          ])
        )
      ]))
  }

  static func change(_ uri: String, _ text: String, version: Int) -> JSON {
    Harness.notification(
      "textDocument/didChange",
      .object([
        ("textDocument", .object([("uri", .string(uri)), ("version", .int(version))])),
        ("contentChanges", .array([.object([("text", .string(text))])])),
      ]))
  }

  /// The codes and 1-based lines of the last diagnostics published for `uri`.
  static func lastPublished(_ sent: [JSON], for uri: String) -> [String]? {
    let last = Harness.published(sent).last { $0["params"]?["uri"]?.stringValue == uri }
    return last?["params"]?["diagnostics"]?.arrayValue?.map { diagnostic in
      let line = (diagnostic["range"]?["start"]?["line"]?.intValue ?? -1) + 1
      return "\(diagnostic["code"]?.stringValue ?? "?"):\(line)"
    }
  }

  /// What the server sent after `App/SwipeBack.swift` (`swipeEverywhere`) was opened in a
  /// workspace of it and `files`, and the document's URI.
  static func openingSwipeBack(in files: [String: String]) throws -> (sent: [JSON], uri: String) {
    let folder = try TemporaryFolder(files.merging(["App/SwipeBack.swift": swipeEverywhere]) { $1 })
    let recorder = WorkspaceIndexTests.Recorder()
    let server = Harness.server(recorder)
    _ = server.receive(Harness.frame(Harness.initialize(folders: [folder.uri("")])))
    let uri = folder.uri("App/SwipeBack.swift")
    _ = server.receive(Harness.frame(Self.open(uri, Self.swipeEverywhere, language: "swift")))
    return (recorder.sent, uri)
  }

  /// The workspace's `.navrc` applies as on the command line: its disabled ids, its
  /// severities and its baseline.
  @Test func theWorkspaceConfigurationApplies() throws {
    for (configuration, expected) in [
      ("disable root-pop\n", [String]()),
      ("severity root-pop warning\n", ["root-pop:5:warning"]),
      ("// none\n", ["root-pop:5:error"]),
      ("disable nonsense\n", ["root-pop:5:error"]),
    ] {
      let (sent, uri) = try Self.openingSwipeBack(
        in: ["App/AppDelegate.swift": Self.appDelegate, ".navrc": configuration])
      let last = Harness.published(sent).last { $0["params"]?["uri"]?.stringValue == uri }
      let published = last?["params"]?["diagnostics"]?.arrayValue?.map { diagnostic in
        let line = (diagnostic["range"]?["start"]?["line"]?.intValue ?? -1) + 1
        let severity = diagnostic["severity"]?.intValue == 1 ? "error" : "warning"
        return "\(diagnostic["code"]?.stringValue ?? "?"):\(line):\(severity)"
      }
      #expect(published == expected, "\(configuration)")
    }
  }

  /// The workspace's `.navrc` excludes what `navrc scan` would not read: an excluded file is
  /// not part of the app (here, the one that creates the navigation controller), and an
  /// excluded document gets no findings.
  @Test func theWorkspaceConfigurationExcludes() throws {
    for (configuration, expected) in [
      ("// none\n", ["root-pop:5"]),
      ("exclude Vendor\n", []),
      ("exclude Vendor/**\n", []),
      ("exclude App/SwipeBack.swift\n", []),
      ("exclude Other\n", ["root-pop:5"]),
    ] {
      let (sent, uri) = try Self.openingSwipeBack(
        in: ["Vendor/AppDelegate.swift": Self.appDelegate, ".navrc": configuration])
      #expect((Self.lastPublished(sent, for: uri) ?? []) == expected, "\(configuration)")
    }
  }

  /// The fix of the copied extension is a quick fix in the Swift document.
  @Test func theGestureDelegateFixIsACodeAction() throws {
    let folder = try TemporaryFolder([
      "App/AppDelegate.swift": Self.appDelegate, "App/SwipeBack.swift": Self.swipeEverywhere,
    ])
    let recorder = WorkspaceIndexTests.Recorder()
    let server = Harness.server(recorder)
    _ = server.receive(Harness.frame(Harness.initialize(folders: [folder.uri("")])))
    let uri = folder.uri("App/SwipeBack.swift")
    _ = server.receive(Harness.frame(Self.open(uri, Self.swipeEverywhere, language: "swift")))
    let position = JSON.object([("line", .int(4)), ("character", .int(8))])
    _ = server.receive(
      Harness.frame(
        Harness.request(
          7, "textDocument/codeAction",
          .object([
            ("textDocument", .object([("uri", .string(uri))])),
            ("range", .object([("start", position), ("end", position)])),
            ("context", .object([("diagnostics", .array([]))])),
          ]))))
    let response = recorder.sent.last { $0["id"] == .int(7) }
    let action = try #require(response?["result"]?.arrayValue?.first)
    #expect(action["kind"] == "quickfix")
    let edits = try #require(action["edit"]?["changes"]?[uri]?.arrayValue)
    let texts: [String] = edits.map { $0["newText"]?.stringValue ?? "" }
    #expect(texts.contains("self"))
    #expect(texts.contains { $0.contains("viewControllers.count > 1") })
  }

  @Test func aSwiftDocumentGetsTheFindingsOfItsAppAndLosesThemWhenFixed() throws {
    let folder = try TemporaryFolder([
      "App/AppDelegate.swift": Self.appDelegate,
      "App/SwipeBack.swift": Self.swipeEverywhere,
      "rules.navrules": "this is not read for a Swift document\n",
    ])
    let recorder = WorkspaceIndexTests.Recorder()
    let server = Harness.server(recorder)
    _ = server.receive(Harness.frame(Harness.initialize(folders: [folder.uri("")])))
    let uri = folder.uri("App/SwipeBack.swift")
    _ = server.receive(Harness.frame(Self.open(uri, Self.swipeEverywhere, language: "swift")))
    // The root is in another file, unopened: the finding needs the whole app.
    #expect(Self.lastPublished(recorder.sent, for: uri) == ["root-pop:5"])

    // The unsaved text is what is scanned.
    let guarded = Self.swipeEverywhere.replacingOccurrences(
      of: "    interactivePopGestureRecognizer?.delegate = nil\n", with: "")
    #expect(guarded != Self.swipeEverywhere)
    _ = server.receive(Harness.frame(Self.change(uri, guarded, version: 2)))
    #expect(Self.lastPublished(recorder.sent, for: uri) == [])
  }

  /// A SwiftUI view's own line gets the swipe that walks around its confirming back button,
  /// with the extension in another file; fixed in the view, the finding goes.
  @Test func aSwiftUIDocumentGetsItsFindings() throws {
    let editor = """
      import SwiftUI
      struct ContentView: View {
        var body: some View { NavigationStack { NavigationLink("Edit") { EditorView() } } }
      }
      struct EditorView: View {
        @State private var asking = false
        var body: some View {
          Form {}
            .navigationBarBackButtonHidden(true)
            .toolbar { ToolbarItem(placement: .cancellationAction) { Button("Cancel") { asking = true } } }
            .alert("Discard?", isPresented: $asking) { Button("Discard") {} }
        }
      }

      """
    let folder = try TemporaryFolder([
      "App/Views.swift": editor, "App/SwipeBack.swift": Self.swipeEverywhere,
    ])
    let recorder = WorkspaceIndexTests.Recorder()
    let server = Harness.server(recorder)
    _ = server.receive(Harness.frame(Harness.initialize(folders: [folder.uri("")])))
    let uri = folder.uri("App/Views.swift")
    _ = server.receive(Harness.frame(Self.open(uri, editor, language: "swift")))
    #expect(Self.lastPublished(recorder.sent, for: uri) == ["back-bypass:9"])
    let plain = editor.replacingOccurrences(
      of: "      .navigationBarBackButtonHidden(true)\n", with: "")
    #expect(plain != editor)
    _ = server.receive(Harness.frame(Self.change(uri, plain, version: 2)))
    #expect(Self.lastPublished(recorder.sent, for: uri) == [])
  }

  @Test func anEditInOneFileChangesWhatAnotherOpenFileShows() throws {
    let folder = try TemporaryFolder([
      "AppDelegate.swift": Self.appDelegate,
      "SwipeBack.swift": Self.swipeEverywhere,
    ])
    let recorder = WorkspaceIndexTests.Recorder()
    let server = Harness.server(recorder)
    _ = server.receive(Harness.frame(Harness.initialize(folders: [folder.uri("")])))
    let delegateURI = folder.uri("AppDelegate.swift")
    let swipeURI = folder.uri("SwipeBack.swift")
    _ = server.receive(Harness.frame(Self.open(swipeURI, Self.swipeEverywhere, language: "swift")))
    _ = server.receive(
      Harness.frame(Self.open(delegateURI, Self.appDelegate, language: "swift")))
    #expect(Self.lastPublished(recorder.sent, for: swipeURI) == ["root-pop:5"])
    // Without a navigation controller there is no root to swipe at.
    let noNavigation = Self.appDelegate.replacingOccurrences(
      of: "UINavigationController(rootViewController: HomeViewController())",
      with: "HomeViewController()")
    _ = server.receive(Harness.frame(Self.change(delegateURI, noNavigation, version: 2)))
    #expect(Self.lastPublished(recorder.sent, for: swipeURI) == [])
  }

  @Test func anObjectiveCDocumentIsScannedToo() throws {
    let category = """
      @implementation UINavigationController (SwipeBack)
      - (void)viewDidLoad {
        [super viewDidLoad];
        self.interactivePopGestureRecognizer.delegate = nil;
      }
      @end

      """
    let folder = try TemporaryFolder([
      "AppDelegate.swift": Self.appDelegate, "UINavigationController+SwipeBack.m": category,
    ])
    let recorder = WorkspaceIndexTests.Recorder()
    let server = Harness.server(recorder)
    _ = server.receive(Harness.frame(Harness.initialize(folders: [folder.uri("")])))
    let uri = folder.uri("UINavigationController+SwipeBack.m")
    _ = server.receive(Harness.frame(Self.open(uri, category, language: "objective-c")))
    #expect(Self.lastPublished(recorder.sent, for: uri) == ["root-pop:4"])
  }

  @Test func aSwiftDocumentIsNeverFormattedAsARuleFile() throws {
    let folder = try TemporaryFolder(["SwipeBack.swift": Self.swipeEverywhere])
    let recorder = WorkspaceIndexTests.Recorder()
    let server = Harness.server(recorder)
    _ = server.receive(Harness.frame(Harness.initialize(folders: [folder.uri("")])))
    let uri = folder.uri("SwipeBack.swift")
    _ = server.receive(Harness.frame(Self.open(uri, Self.swipeEverywhere, language: "swift")))
    _ = server.receive(
      Harness.frame(
        Harness.request(
          7, "textDocument/formatting",
          .object([
            ("textDocument", .object([("uri", .string(uri))])),
            ("options", .object([("tabSize", .int(4)), ("insertSpaces", .bool(true))])),
          ]))))
    let response = recorder.sent.last { $0["id"] == .int(7) }
    #expect(response?["result"] == .array([]))
    // No navigator, so nothing to report; and no rule-file syntax errors for Swift code.
    #expect(Self.lastPublished(recorder.sent, for: uri) == [])
  }
}
