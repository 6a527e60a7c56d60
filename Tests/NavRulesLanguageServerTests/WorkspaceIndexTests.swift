import Foundation
import Testing

@testable import NavRulesCompiler
@testable import NavRulesLanguageServer

/// Issue 11, finding 5: the language server compiled every rule file under a workspace folder
/// before answering anything, with no bound, and `file:///#x` made that folder `/`.
@Suite struct WorkspaceIndexTests {
  /// A server whose messages and log lines are recorded.
  final class Recorder: @unchecked Sendable {
    var sent: [JSON] = []
    var logged: [String] = []
  }

  static func server(_ recorder: Recorder, limits: LanguageServer.Limits = .standard)
    -> LanguageServer
  {
    LanguageServer(
      send: { recorder.sent.append($0) }, log: { recorder.logged.append($0) }, limits: limits)
  }

  static func frame(_ message: JSON) -> MessageReader.Event {
    .message(Array(message.serialized().utf8))
  }

  static func request(_ id: Int, _ method: String, _ params: JSON = .object([])) -> JSON {
    .object([
      ("jsonrpc", "2.0"), ("id", .int(id)), ("method", .string(method)), ("params", params),
    ])
  }

  static func notification(_ method: String, _ params: JSON = .object([])) -> JSON {
    .object([("jsonrpc", "2.0"), ("method", .string(method)), ("params", params)])
  }

  static func initialize(folders: [String]) -> JSON {
    request(
      0, "initialize",
      .object([
        ("capabilities", .object([])),
        (
          "workspaceFolders",
          .array(folders.map { .object([("uri", .string($0)), ("name", "w")]) })
        ),
      ]))
  }

  static func didOpen(_ uri: String, _ text: String) -> JSON {
    notification(
      "textDocument/didOpen",
      .object([
        (
          "textDocument",
          .object([
            ("uri", .string(uri)), ("languageId", "navrules"), ("version", .int(1)),
            ("text", .string(text)),
          ])
        )
      ]))
  }

  static func published(_ sent: [JSON]) -> [JSON] {
    sent.filter { $0["method"]?.stringValue == "textDocument/publishDiagnostics" }
  }

  @Test func foldersThatAreTheRootOrNoDirectoryAreIgnored() throws {
    let folder = try TemporaryFolder(["detail.navrules": "screen Detail {}\n"])
    let recorder = Recorder()
    let server = Self.server(recorder)
    _ = server.receive(
      Self.frame(
        Self.initialize(folders: [
          "file:///#x", "file:///?x", "file://localhost/", "file:///no/such/folder",
          folder.uri("detail.navrules"), "untitled:x",
        ])))
    #expect(
      recorder.logged == [
        "ignoring workspace folder '/': it is the root of the file system",
        "ignoring workspace folder '/': it is the root of the file system",
        "ignoring workspace folder '/': it is the root of the file system",
        "ignoring workspace folder '/no/such/folder': no such file or directory",
        "ignoring workspace folder '\(folder.path)/detail.navrules': it is not a directory",
      ])
    // The document is checked with the files beside it, not with the whole file system.
    _ = server.receive(Self.frame(Self.notification("initialized")))
    _ = server.receive(
      Self.frame(
        Self.didOpen(
          folder.uri("main.navrules"), "navigator Main { root Home }\nscreen Home { push Detail }\n"
        )))
    let published = Self.published(recorder.sent)
    #expect(published.count == 1)
    #expect(published.first?["params"]?["diagnostics"] == .array([]))
  }

  /// Issue 33: a workspace folder replaced by a link to elsewhere (`/`, another project)
  /// after the server accepted it is not indexed there.
  @Test func aFolderThatBecameALinkIsNotFollowed() throws {
    let folder = try TemporaryFolder([
      "ws/main.navrules": "navigator Main { root Home }\nscreen Home {}\n",
      "elsewhere/other.navrules": "screen Home {}\n",
    ])
    let recorder = Recorder()
    let server = Self.server(recorder)
    _ = server.receive(Self.frame(Self.initialize(folders: [folder.uri("ws")])))
    try FileManager.default.moveItem(atPath: folder.path + "/ws", toPath: folder.path + "/old")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/ws", withDestinationPath: "elsewhere")
    _ = server.receive(
      Self.frame(
        Self.didOpen(
          folder.uri("ws/main.navrules"), "navigator Main { root Home }\nscreen Home {}\n")))
    let diagnostics = Self.published(recorder.sent).last?["params"]?["diagnostics"]?.arrayValue
    #expect(diagnostics?.compactMap { $0["code"]?.stringValue } == [])
    #expect(
      recorder.logged == [
        "not indexing workspace folder '\(folder.path)/ws': it no longer leads to"
          + " '\(folder.path)/ws'"
      ])
  }

  @Test func dependencyAndBuildFoldersAreNotIndexed() throws {
    let folder = try TemporaryFolder([
      "main.navrules": "navigator Main { root Home }\nscreen Home {}\n",
      "node_modules/x/a.navrules": "screen Home {}\n",
      "Pods/P/b.navrules": "screen Home {}\n",
      "DerivedData/c.navrules": "screen Home {}\n",
      ".build/d.navrules": "screen Home {}\n",
      "Sources/e.navrules": "screen Other {}\n",
    ])
    let recorder = Recorder()
    let server = Self.server(recorder)
    _ = server.receive(Self.frame(Self.initialize(folders: [folder.uri("")])))
    _ = server.receive(
      Self.frame(
        Self.didOpen(folder.uri("main.navrules"), "navigator Main { root Home }\nscreen Home {}\n")
      ))
    let diagnostics = Self.published(recorder.sent).last?["params"]?["diagnostics"]?.arrayValue
    // No duplicate of Home from the skipped folders; Other, from Sources, is unreachable.
    #expect(diagnostics?.compactMap { $0["code"]?.stringValue } == [])
    #expect(recorder.logged == [])
  }

  @Test func theIndexAndTheFilesReadAreBounded() throws {
    var files: [String: String] = [:]
    for index in 0..<20 { files["s\(index).navrules"] = "screen S\(index) {}\n" }
    let folder = try TemporaryFolder(files)
    for (limits, expected) in [
      (LanguageServer.Limits(files: 5), "checking only 5 rule files"),
      (LanguageServer.Limits(bytes: 100), "checking only 7 rule files (96 bytes)"),
      (LanguageServer.Limits(entries: 7), "stopped indexing '\(folder.path)' after 7"),
    ] {
      let recorder = Recorder()
      let server = Self.server(recorder, limits: limits)
      _ = server.receive(Self.frame(Self.initialize(folders: [folder.uri("")])))
      _ = server.receive(Self.frame(Self.didOpen(folder.uri("main.navrules"), "screen A {}\n")))
      #expect(recorder.logged.count == 1)
      #expect(recorder.logged.first?.hasPrefix(expected) == true, "\(recorder.logged)")
      #expect(Self.published(recorder.sent).count == 1)
    }
  }

  /// The message loop answers `shutdown` while a folder is still being indexed, and stops
  /// the indexing there.
  @Test func requestsAreAnsweredWhileTheIndexRuns() throws {
    var files: [String: String] = [:]
    for index in 0..<40 { files["f\(index).navrules"] = "screen S\(index) {}\n" }
    let folder = try TemporaryFolder(files)
    let recorder = Recorder()
    let server = Self.server(recorder, limits: LanguageServer.Limits(stepsPerSlice: 1))
    let queue = MessageQueue()
    for message in [
      Self.initialize(folders: [folder.uri("")]), Self.notification("initialized"),
      Self.didOpen(folder.uri("main.navrules"), "screen A {}\n"),
    ] {
      queue.push(Self.frame(message))
    }
    var slices = 0
    server.willDoWork = {
      slices += 1
      // The client asks to shut down once the index is under way.
      if slices == 3 {
        queue.push(Self.frame(Self.request(1, "shutdown")))
        queue.push(Self.frame(Self.notification("exit")))
      }
    }
    #expect(server.serve(queue) == 0)
    #expect(recorder.sent.last?["id"] == .int(1))
    #expect(recorder.sent.last?["result"] == .null)
    // Three slices of a walk of 41 entries, then nothing: no check, nothing published.
    #expect(slices == 3)
    #expect(Self.published(recorder.sent).isEmpty)
  }

  /// Edits typed in a row are checked once, with the last text.
  @Test func editsWaitingInTheQueueAreCheckedOnce() throws {
    let folder = try TemporaryFolder()
    let recorder = Recorder()
    let queue = MessageQueue()
    // The check runs on a thread of its own; once it has published, the client shuts down.
    let server = LanguageServer(send: { message in
      recorder.sent.append(message)
      if message["method"]?.stringValue == "textDocument/publishDiagnostics" {
        queue.push(Self.frame(Self.request(1, "shutdown")))
        queue.push(.end)
      }
    })
    let uri = folder.uri("main.navrules")
    queue.push(Self.frame(Self.initialize(folders: [folder.uri("")])))
    queue.push(Self.frame(Self.didOpen(uri, "screen A { push Nowhere }\n")))
    for version in 2...6 {
      queue.push(
        Self.frame(
          Self.notification(
            "textDocument/didChange",
            .object([
              ("textDocument", .object([("uri", .string(uri)), ("version", .int(version))])),
              ("contentChanges", .array([.object([("text", .string("screen A {}\n"))])])),
            ]))))
    }
    var slices = 0
    server.willDoWork = { slices += 1 }
    #expect(server.serve(queue) == 0)
    #expect(slices == 1)
    let published = Self.published(recorder.sent)
    #expect(published.count == 1)
    #expect(published.first?["params"]?["version"] == .int(6))
  }

  /// The queue between the reading thread and the loop is bounded, and a reader waits for
  /// room, never drops an event.
  @Test func theQueueIsBoundedAndLosesNothing() {
    let queue = MessageQueue(capacity: 2, byteCapacity: 10)
    #expect(queue.next(waiting: false) == nil)
    // A thread of its own, as on standard input: it waits whenever the queue is full.
    let writer = Thread {
      for index in 0..<20 { queue.push(.message(Array(repeating: UInt8(index), count: 8))) }
      queue.push(.end)
    }
    writer.start()
    var received: [MessageReader.Event] = []
    while received.last != .end {
      if let event = queue.next(waiting: true) { received.append(event) }
    }
    #expect(received.count == 21)
    #expect(received.first == .message(Array(repeating: 0, count: 8)))
  }
}

/// What tells the language server that a file on disk changed since it was read.
@Suite struct FileStampTests {
  @Test func aStampChangesWithTheFileAndIsNilForNoFile() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("navrc-stamp-\(UUID().uuidString).navrules").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(FileStamp(path) == nil)
    try Data("screen A\n".utf8).write(to: URL(fileURLWithPath: path))
    let first = try #require(FileStamp(path))
    #expect(FileStamp(path) == first)
    #expect(first.size == 9)
    try Data("screen AB\n".utf8).write(to: URL(fileURLWithPath: path))
    #expect(FileStamp(path) != first)
    // The same size: only the modification time tells the two contents apart.
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: path)
    let later = try #require(FileStamp(path))
    try Data("screen AC\n".utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: 120)], ofItemAtPath: path)
    #expect(FileStamp(path) != later)
    #expect(FileStamp(path)?.size == later.size)
  }
}
