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

  /// A generated app document large enough that its scan takes a while, with a finding.
  static let largeDocument =
    swipeEverywhere
    + (0..<1_500).map { "class Filler\($0): UIViewController { func go() { show(Filler0()) } }\n" }
    .joined()

  /// A server on a queue whose sent messages are recorded under a lock (the check runs on a
  /// thread of its own), calling `onSend` with each.
  final class LockedRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [JSON] = []
    var onSend: (JSON) -> Void = { _ in }

    var sent: [JSON] { lock.withLock { messages } }

    func record(_ message: JSON) {
      lock.withLock { messages.append(message) }
      onSend(message)
    }
  }

  /// `shutdown` is answered while a large document's scan runs, and that scan, stale once
  /// the server shuts down, publishes nothing (before, the request waited for the scan, up to
  /// 2.7 s for a 60 MB document, and its diagnostics came first).
  @Test func shutdownIsAnsweredWhileALargeDocumentIsScanned() throws {
    let folder = try TemporaryFolder(["App/AppDelegate.swift": Self.appDelegate])
    let recorder = LockedRecorder()
    let server = LanguageServer(send: recorder.record)
    let queue = MessageQueue()
    let answered = DispatchSemaphore(value: 0)
    recorder.onSend = { if $0["id"] == .int(1) { answered.signal() } }
    server.willRunCheck = {
      // The client shuts down once the scan is under way; the scan goes on only once the
      // server has answered.
      queue.push(Harness.frame(Harness.request(1, "shutdown")))
      queue.push(Harness.frame(Harness.notification("exit")))
      _ = answered.wait(timeout: .now() + 120)
    }
    for message in [
      Harness.initialize(folders: [folder.uri("")]), Harness.notification("initialized"),
      Self.open(folder.uri("App/Big.swift"), Self.largeDocument, language: "swift"),
    ] {
      queue.push(Harness.frame(message))
    }
    #expect(server.serve(queue) == 0)
    #expect(recorder.sent.first?["id"] == .int(0))
    #expect(recorder.sent.last?["id"] == .int(1))
    #expect(Harness.published(recorder.sent).isEmpty)
  }

  /// An edit made while the previous text's scan runs: a request is answered meanwhile, the
  /// superseded scan's diagnostics are never published, and the new text's are, once.
  @Test func aSupersededScanIsNeverPublished() throws {
    let folder = try TemporaryFolder(["App/AppDelegate.swift": Self.appDelegate])
    let recorder = LockedRecorder()
    let server = LanguageServer(send: recorder.record)
    let queue = MessageQueue()
    let uri = folder.uri("App/Big.swift")
    let answered = DispatchSemaphore(value: 0)
    recorder.onSend = { message in
      if message["id"] == .int(2) { answered.signal() }
      if message["method"]?.stringValue == "textDocument/publishDiagnostics" {
        queue.push(Harness.frame(Harness.request(3, "shutdown")))
        queue.push(Harness.frame(Harness.notification("exit")))
      }
    }
    let runs = LockedCounter()
    server.willRunCheck = {
      guard runs.increment() == 1 else { return }
      // While version 1 is scanned: version 2, and a request answered before the scan ends.
      queue.push(Harness.frame(Self.change(uri, Self.largeDocument + "// v2\n", version: 2)))
      queue.push(
        Harness.frame(
          Harness.request(
            2, "textDocument/formatting",
            .object([("textDocument", .object([("uri", .string(uri))]))]))))
      _ = answered.wait(timeout: .now() + 120)
    }
    for message in [
      Harness.initialize(folders: [folder.uri("")]), Harness.notification("initialized"),
      Self.open(uri, Self.largeDocument, language: "swift"),
    ] {
      queue.push(Harness.frame(message))
    }
    #expect(server.serve(queue) == 0)
    let published = Harness.published(recorder.sent)
    #expect(published.map { $0["params"]?["version"] } == [.int(2)])
    #expect(Self.lastPublished(recorder.sent, for: uri) == ["root-pop:5"])
    #expect(runs.value == 2)
    let order = recorder.sent.map { $0["id"] ?? $0["method"] ?? .null }
    #expect(order == [.int(0), .int(2), "textDocument/publishDiagnostics", .int(3)])
  }

  final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() -> Int {
      lock.withLock {
        count += 1
        return count
      }
    }
  }
}
