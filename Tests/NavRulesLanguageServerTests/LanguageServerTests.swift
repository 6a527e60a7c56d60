import Foundation
import NavRulesCompiler
import Testing

@testable import NavRulesLanguageServer

/// Drives a `LanguageServer` in-process and records what it sends.
final class LanguageServerHarness {
  private(set) var sent: [JSON] = []
  private(set) var exitStatus: Int32?
  private var server: LanguageServer!
  private var nextID = 1

  init() {
    server = LanguageServer(send: { [unowned self] in self.sent.append($0) })
  }

  /// Sends raw bytes as one message's content.
  func deliver(_ content: String) {
    if let status = server.receive(.message(Array(content.utf8))) { exitStatus = status }
  }

  func deliver(_ message: JSON) { deliver(message.serialized()) }

  /// Sends a request and returns its response.
  @discardableResult
  func request(_ method: String, _ params: JSON = .object([])) -> JSON? {
    let id = nextID
    nextID += 1
    let before = sent.count
    deliver(
      .object([
        ("jsonrpc", .string("2.0")), ("id", .int(id)), ("method", .string(method)),
        ("params", params),
      ]))
    return sent[before...].last { $0["id"] == .int(id) }
  }

  /// Sends a notification and returns what the server sent in reply.
  @discardableResult
  func notify(_ method: String, _ params: JSON = .object([])) -> [JSON] {
    let before = sent.count
    deliver(
      .object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
    return Array(sent[before...])
  }

  func initialize(folder: String? = nil, encodings: [String]? = nil) -> JSON? {
    var capabilities: [(String, JSON)] = []
    if let encodings {
      capabilities.append(
        ("general", .object([("positionEncodings", .array(encodings.map(JSON.string)))])))
    }
    let folders: JSON =
      folder.map {
        .array([.object([("uri", .string(DocumentURI.uri(fromPath: $0))), ("name", "w")])])
      } ?? .null
    let response = request(
      "initialize",
      .object([
        ("processId", .null), ("capabilities", .object(capabilities)),
        ("workspaceFolders", folders),
      ]))
    notify("initialized")
    return response
  }

  /// Opens a document and returns the diagnostics published for it.
  @discardableResult
  func open(_ uri: String, _ text: String, version: Int = 1) -> [JSON] {
    let replies = notify(
      "textDocument/didOpen",
      .object([
        (
          "textDocument",
          .object([
            ("uri", .string(uri)), ("languageId", "navrules"), ("version", .int(version)),
            ("text", .string(text)),
          ])
        )
      ]))
    return Self.diagnostics(for: uri, in: replies) ?? []
  }

  static func diagnostics(for uri: String, in messages: [JSON]) -> [JSON]? {
    messages.last {
      $0["method"]?.stringValue == "textDocument/publishDiagnostics"
        && $0["params"]?["uri"]?.stringValue == uri
    }?["params"]?["diagnostics"]?.arrayValue
  }
}

extension JSON: ExpressibleByStringLiteral {
  public init(stringLiteral value: String) { self = .string(value) }
}

/// A temporary folder of rule files.
struct TemporaryFolder: ~Copyable {
  let path: String

  init(_ files: [String: String] = [:]) throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("navrc-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    for (name, text) in files { try write(name, text) }
  }

  func write(_ name: String, _ text: String) throws {
    let url = URL(fileURLWithPath: path).appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  func uri(_ name: String) -> String { DocumentURI.uri(fromPath: path + "/" + name) }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}

@Suite struct LanguageServerTests {
  static let home = "navigator Main { root Home }\nscreen Home { push Detail }\n"

  @Test func refusesRequestsBeforeInitialize() {
    let server = LanguageServerHarness()
    let response = server.request("shutdown")
    #expect(response?["error"]?["code"] == .int(-32002))
    #expect(server.notify("textDocument/didOpen").isEmpty)
  }

  @Test func initializeAnnouncesCapabilitiesAndNegotiatesEncoding() {
    let server = LanguageServerHarness()
    let result = server.initialize(encodings: ["utf-32", "utf-16"])?["result"]
    let capabilities = result?["capabilities"]
    #expect(capabilities?["positionEncoding"] == "utf-32")
    #expect(capabilities?["textDocumentSync"]?["change"] == .int(1))
    #expect(capabilities?["textDocumentSync"]?["openClose"] == .bool(true))
    #expect(capabilities?["codeActionProvider"] != nil)
    #expect(result?["serverInfo"]?["name"] == "navrc")
    #expect(server.request("initialize")?["error"]?["code"] == .int(-32600))
  }

  @Test func publishesDiagnosticsWithIdsNotesAndUTF16Columns() throws {
    let server = LanguageServerHarness()
    _ = server.initialize()
    let text =
      "navigator Main { root Home }\nscreen Home { title \"🚀é\"; push Detial }\nscreen Detail {}\n"
    let diagnostics = server.open("untitled:one", text)
    let undefined = try #require(diagnostics.first { $0["code"] == "undefined-reference" })
    // "screen Home { title "🚀é"; push " is 31 scalars and 32 UTF-16 units.
    #expect(undefined["range"]?["start"]?["line"] == .int(1))
    #expect(undefined["range"]?["start"]?["character"] == .int(32))
    #expect(undefined["range"]?["end"]?["character"] == .int(38))
    #expect(undefined["severity"] == .int(1))
    #expect(undefined["source"] == "navrc")
    let related = try #require(undefined["relatedInformation"]?.arrayValue?.first)
    #expect(related["message"] == "did you mean 'Detail'?")
    #expect(related["location"]?["uri"] == "untitled:one")
  }

  @Test(arguments: [("utf-8", 35), ("utf-32", 31), ("utf-16", 32)])
  func positionsFollowTheNegotiatedEncoding(encoding: String, column: Int) throws {
    let server = LanguageServerHarness()
    _ = server.initialize(encodings: [encoding])
    let text =
      "navigator Main { root Home }\nscreen Home { title \"🚀é\"; push Detial }\nscreen Detail {}\n"
    let diagnostics = server.open("untitled:one", text)
    let undefined = try #require(diagnostics.first { $0["code"] == "undefined-reference" })
    #expect(undefined["range"]?["start"]?["character"] == .int(column))
  }

  @Test func changeRepublishesAndCloseClears() throws {
    let server = LanguageServerHarness()
    _ = server.initialize()
    #expect(server.open("untitled:a", Self.home).count == 1)
    let fixed = server.notify(
      "textDocument/didChange",
      .object([
        ("textDocument", .object([("uri", "untitled:a"), ("version", .int(2))])),
        (
          "contentChanges", .array([.object([("text", .string(Self.home + "screen Detail {}\n"))])])
        ),
      ]))
    let published = try #require(fixed.last)
    #expect(published["params"]?["version"] == .int(2))
    #expect(published["params"]?["diagnostics"] == .array([]))
    let closed = server.notify(
      "textDocument/didClose", .object([("textDocument", .object([("uri", "untitled:a")]))]))
    #expect(LanguageServerHarness.diagnostics(for: "untitled:a", in: closed) == [])
  }

  @Test func appliesIncrementalChangesToo() throws {
    let server = LanguageServerHarness()
    _ = server.initialize()
    server.open("untitled:a", Self.home)
    let range = JSON.object([
      ("start", .object([("line", .int(1)), ("character", .int(19))])),
      ("end", .object([("line", .int(1)), ("character", .int(25))])),
    ])
    let replies = server.notify(
      "textDocument/didChange",
      .object([
        ("textDocument", .object([("uri", "untitled:a"), ("version", .int(2))])),
        ("contentChanges", .array([.object([("range", range), ("text", "Home")])])),
      ]))
    #expect(LanguageServerHarness.diagnostics(for: "untitled:a", in: replies) == [])
  }

  @Test func checksAnOpenDocumentWithTheRestOfItsWorkspaceFolder() throws {
    let folder = try TemporaryFolder([
      "main.navrules": Self.home, "nested/detail.navrules": "screen Detail {}\n",
    ])
    let server = LanguageServerHarness()
    _ = server.initialize(folder: folder.path)
    #expect(server.open(folder.uri("main.navrules"), Self.home) == [])
    // The open document's text wins over the file on disk: renaming the screen breaks main.
    let replies = server.notify(
      "textDocument/didOpen",
      .object([
        (
          "textDocument",
          .object([
            ("uri", .string(folder.uri("nested/detail.navrules"))), ("languageId", "navrules"),
            ("version", .int(1)), ("text", "screen Details {}\n"),
          ])
        )
      ]))
    let main = try #require(
      LanguageServerHarness.diagnostics(for: folder.uri("main.navrules"), in: replies))
    #expect(main.map { $0["code"] } == ["undefined-reference"])
    // Closing it checks main again against the file on disk.
    let closed = server.notify(
      "textDocument/didClose",
      .object([("textDocument", .object([("uri", .string(folder.uri("nested/detail.navrules")))]))])
    )
    #expect(LanguageServerHarness.diagnostics(for: folder.uri("main.navrules"), in: closed) == [])
  }

  @Test func documentsOutsideFoldersAreCheckedWithTheirSiblings() throws {
    let folder = try TemporaryFolder(["detail.navrules": "screen Detail {}\n"])
    let server = LanguageServerHarness()
    _ = server.initialize()
    #expect(server.open(folder.uri("main.navrules"), Self.home) == [])
  }

  @Test func offersFixItsAsQuickFixes() throws {
    let server = LanguageServerHarness()
    _ = server.initialize()
    let text = "navigator Main { root Home }\nscreen Home { push Detial }\nscreen Detail {}\n"
    server.open("untitled:a", text)
    let position = JSON.object([("line", .int(1)), ("character", .int(21))])
    let response = server.request(
      "textDocument/codeAction",
      .object([
        ("textDocument", .object([("uri", "untitled:a")])),
        ("range", .object([("start", position), ("end", position)])),
        ("context", .object([("diagnostics", .array([]))])),
      ]))
    let action = try #require(response?["result"]?.arrayValue?.first)
    #expect(action["kind"] == "quickfix")
    #expect(action["title"] == "Replace 'Detial' with 'Detail'")
    let edit = try #require(action["edit"]?["changes"]?["untitled:a"]?.arrayValue?.first)
    #expect(edit["newText"] == "Detail")
    #expect(edit["range"]?["start"] == .object([("line", .int(1)), ("character", .int(19))]))
    #expect(edit["range"]?["end"] == .object([("line", .int(1)), ("character", .int(25))]))
    // Elsewhere in the file there is nothing to fix.
    let elsewhere = JSON.object([("line", .int(0)), ("character", .int(0))])
    let none = server.request(
      "textDocument/codeAction",
      .object([
        ("textDocument", .object([("uri", "untitled:a")])),
        ("range", .object([("start", elsewhere), ("end", elsewhere)])),
        ("context", .object([("diagnostics", .array([]))])),
      ]))
    #expect(none?["result"] == .array([]))
  }

  @Test func formatsTheOpenText() throws {
    let server = LanguageServerHarness()
    _ = server.initialize()
    server.open("untitled:a", "screen A{\npush B}\nscreen B{}\n")
    let response = server.request(
      "textDocument/formatting",
      .object([
        ("textDocument", .object([("uri", "untitled:a")])),
        ("options", .object([("tabSize", .int(4)), ("insertSpaces", .bool(true))])),
      ]))
    let edit = try #require(response?["result"]?.arrayValue?.first)
    #expect(edit["newText"] == "screen A {\n    push B\n}\nscreen B {}\n")
    #expect(edit["range"]?["end"] == .object([("line", .int(3)), ("character", .int(0))]))
  }

  @Test func answersMalformedMessagesAndKeepsServing() {
    let server = LanguageServerHarness()
    _ = server.initialize()
    server.deliver("{not json")
    #expect(server.sent.last?["error"]?["code"] == .int(-32700))
    #expect(server.sent.last?["id"] == .null)
    server.deliver("[1, 2]")
    #expect(server.sent.last?["error"]?["code"] == .int(-32600))
    server.deliver(#"{"jsonrpc":"2.0","id":{"x":1},"method":"shutdown"}"#)
    #expect(server.sent.last?["error"]?["code"] == .int(-32600))
    server.deliver(#"{"jsonrpc":"2.0","id":7,"method":42}"#)
    #expect(server.sent.last?["error"]?["code"] == .int(-32600))
    #expect(server.sent.last?["id"] == .int(7))
    #expect(server.request("textDocument/hover")?["error"]?["code"] == .int(-32601))
    #expect(server.request("textDocument/codeAction", .int(3))?["error"]?["code"] == .int(-32602))
    let count = server.sent.count
    server.notify("$/cancelRequest", .object([("id", .int(1))]))
    server.notify("textDocument/didOpen", .string("wrong"))
    server.notify("some/unknownNotification")
    server.deliver(#"{"jsonrpc":"2.0","id":99,"result":null}"#)
    #expect(server.sent.count == count)
    #expect(server.request("shutdown")?["result"] == .null)
  }

  @Test func exitsWithZeroOnlyAfterShutdown() {
    let early = LanguageServerHarness()
    _ = early.initialize()
    early.notify("exit")
    #expect(early.exitStatus == 1)
    let orderly = LanguageServerHarness()
    _ = orderly.initialize()
    orderly.request("shutdown")
    #expect(orderly.request("shutdown")?["error"]?["code"] == .int(-32600))
    orderly.notify("exit")
    #expect(orderly.exitStatus == 0)
  }

  @Test(arguments: [
    ("file:///tmp/a%20b/%C3%A9.navrules", "/tmp/a b/é.navrules"),
    ("file://localhost/tmp/x.navrules", "/tmp/x.navrules"),
    ("FILE:///tmp/x.navrules?query", "/tmp/x.navrules"),
  ])
  func convertsFileURIs(uri: String, path: String) {
    #expect(DocumentURI.path(fromURI: uri) == path)
  }

  @Test func leavesOtherSchemesAlone() {
    #expect(DocumentURI.path(fromURI: "untitled:Untitled-1") == nil)
    #expect(DocumentURI.path(fromURI: "file://server/share/x") == nil)
    #expect(DocumentURI.uri(fromPath: "/tmp/a b/é:x") == "file:///tmp/a%20b/%C3%A9%3Ax")
  }
}
