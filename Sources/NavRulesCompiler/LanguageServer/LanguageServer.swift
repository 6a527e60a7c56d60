/// `navrc lsp`: a Language Server Protocol server that publishes the diagnostics of `navrc
/// check` as the user types and offers their fix-its as quick fixes.
///
/// It is a plain state machine: `receive` takes one framing event and writes responses and
/// notifications through `send`, so tests drive it in-process. Nothing a client sends ends it
/// except `exit` (or the end of the input): malformed messages get the JSON-RPC error the
/// protocol prescribes, or are logged and dropped when they cannot be answered.
public final class LanguageServer {
  public enum State: Sendable {
    case uninitialized
    case running
    case shutDown
  }

  public private(set) var state = State.uninitialized
  /// The unit positions count in, negotiated in `initialize`.
  public private(set) var positionEncoding = ColumnEncoding.utf16

  private let send: (JSON) -> Void
  private let log: (String) -> Void
  private var documents = DocumentStore()
  private let workspace = Workspace()
  /// The diagnostics last published for each open document.
  private var published: [String: JSON] = [:]
  /// The diagnostics of each open document's latest check, for code actions.
  private var results: [String: [Diagnostic]] = [:]

  /// - Parameters:
  ///   - send: writes one message to the client.
  ///   - log: writes a line for the user's log (standard error).
  public init(send: @escaping (JSON) -> Void, log: @escaping (String) -> Void = { _ in }) {
    self.send = send
    self.log = log
  }

  /// Serves until `exit` or the end of the input; returns the process exit status: 0 after a
  /// `shutdown` request, 1 otherwise.
  public func run(_ reader: inout MessageReader) -> Int32 {
    while true {
      if let status = receive(reader.next()) { return status }
    }
  }

  /// Handles one framing event; returns the exit status once the server should stop.
  public func receive(_ event: MessageReader.Event) -> Int32? {
    switch event {
    case .end:
      return state == .shutDown ? 0 : 1
    case .malformed(let reason):
      log("ignoring a malformed message header: \(reason)")
      return nil
    case .message(let bytes):
      return handle(bytes)
    }
  }

  // MARK: - Dispatch

  private func handle(_ bytes: [UInt8]) -> Int32? {
    let message: JSON
    do {
      message = try JSONParser.parse(bytes)
    } catch {
      send(JSONRPC.error(id: .null, code: .parseError, message: "invalid JSON: \(error)"))
      return nil
    }
    guard message.isObject else {
      send(JSONRPC.error(id: .null, code: .invalidRequest, message: "a message is a JSON object"))
      return nil
    }
    let id = message["id"]
    guard let methodValue = message["method"] else {
      if id != nil, message["result"] != nil || message["error"] != nil {
        return nil  // A response to a request of ours; the server sends none it waits for.
      }
      send(JSONRPC.error(id: .null, code: .invalidRequest, message: "the message has no method"))
      return nil
    }
    let validID = id.flatMap { JSONRPC.isValidID($0) ? $0 : nil }
    guard let method = methodValue.stringValue, message["jsonrpc"]?.stringValue == "2.0" else {
      if id != nil {
        send(
          JSONRPC.error(
            id: validID ?? .null, code: .invalidRequest,
            message: "expected a JSON-RPC 2.0 message with a string method"))
      }
      return nil
    }
    let params = message["params"] ?? .null
    guard id != nil else { return notify(method, params: params) }
    guard let validID else {
      send(
        JSONRPC.error(
          id: .null, code: .invalidRequest, message: "a request id is an integer or a string"))
      return nil
    }
    request(method, id: validID, params: params)
    return nil
  }

  private func request(_ method: String, id: JSON, params: JSON) {
    switch state {
    case .uninitialized where method != "initialize":
      send(
        JSONRPC.error(
          id: id, code: .serverNotInitialized, message: "the server has not been initialized"))
      return
    case .shutDown:
      send(JSONRPC.error(id: id, code: .invalidRequest, message: "the server is shutting down"))
      return
    default:
      break
    }
    do throws(InvalidParams) {
      let result: JSON
      switch method {
      case "initialize":
        guard state == .uninitialized else {
          send(JSONRPC.error(id: id, code: .invalidRequest, message: "already initialized"))
          return
        }
        result = try initialize(params)
      case "shutdown":
        state = .shutDown
        result = .null
      case "textDocument/codeAction":
        result = try codeActions(params)
      case "textDocument/formatting":
        result = try formatting(params)
      default:
        send(JSONRPC.error(id: id, code: .methodNotFound, message: "unknown method '\(method)'"))
        return
      }
      send(JSONRPC.response(id: id, result: result))
    } catch {
      send(JSONRPC.error(id: id, code: .invalidParams, message: error.message))
    }
  }

  private func notify(_ method: String, params: JSON) -> Int32? {
    if method == "exit" { return state == .shutDown ? 0 : 1 }
    guard state == .running, !method.hasPrefix("$/") else { return nil }
    do throws(InvalidParams) {
      switch method {
      case "textDocument/didOpen": try didOpen(params)
      case "textDocument/didChange": try didChange(params)
      case "textDocument/didClose": try didClose(params)
      case "textDocument/didSave", "workspace/didChangeWatchedFiles":
        workspace.invalidate()
        recheckAll()
      case "workspace/didChangeWorkspaceFolders": try didChangeWorkspaceFolders(params)
      default: break  // `initialized` and notifications the server has no use for.
      }
    } catch {
      log("ignoring '\(method)': \(error.message)")
    }
    return nil
  }

  // MARK: - Lifecycle

  private func initialize(_ params: JSON) throws(InvalidParams) -> JSON {
    guard params.isObject else { throw InvalidParams("initialize expects an object") }
    let offered = params["capabilities"]?["general"]?["positionEncodings"]?.arrayValue ?? []
    positionEncoding =
      offered.lazy.compactMap { $0.stringValue.flatMap(ColumnEncoding.init(rawValue:)) }.first
      ?? .utf16
    var folders: [String] = []
    if let list = params["workspaceFolders"]?.arrayValue {
      folders = list.compactMap { $0["uri"]?.stringValue.flatMap(DocumentURI.path(fromURI:)) }
    } else if let root = params["rootUri"]?.stringValue.flatMap(DocumentURI.path(fromURI:)) {
      folders = [root]
    } else if let root = params["rootPath"]?.stringValue, root.hasPrefix("/") {
      folders = [root]
    }
    workspace.setFolders(folders)
    state = .running
    return .object([
      (
        "capabilities",
        .object([
          ("positionEncoding", .string(positionEncoding.rawValue)),
          (
            "textDocumentSync",
            .object([
              ("openClose", .bool(true)), ("change", .int(1)),
              ("save", .object([("includeText", .bool(false))])),
            ])
          ),
          ("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix")]))])),
          ("documentFormattingProvider", .bool(true)),
          (
            "workspace",
            .object([
              (
                "workspaceFolders",
                .object([("supported", .bool(true)), ("changeNotifications", .bool(true))])
              )
            ])
          ),
        ])
      ),
      (
        "serverInfo",
        .object([("name", .string("navrc")), ("version", .string(NavrcVersion.current))])
      ),
    ])
  }

  private func didChangeWorkspaceFolders(_ params: JSON) throws(InvalidParams) {
    guard let event = params["event"], event.isObject else {
      throw InvalidParams("expected params.event")
    }
    func paths(_ key: String) -> [String] {
      (event[key]?.arrayValue ?? []).compactMap {
        $0["uri"]?.stringValue.flatMap(DocumentURI.path(fromURI:))
      }
    }
    workspace.removeFolders(paths("removed"))
    workspace.addFolders(paths("added"))
    recheckAll()
  }

  // MARK: - Documents

  private func textDocument(_ params: JSON) throws(InvalidParams) -> (uri: String, JSON) {
    guard let document = params["textDocument"], let uri = document["uri"]?.stringValue else {
      throw InvalidParams("expected params.textDocument.uri")
    }
    return (uri, document)
  }

  private func didOpen(_ params: JSON) throws(InvalidParams) {
    let (uri, document) = try textDocument(params)
    guard let text = document["text"]?.stringValue else {
      throw InvalidParams("expected params.textDocument.text")
    }
    documents.open(uri: uri, version: document["version"]?.intValue, text: text)
    workspace.invalidate()
    check(around: uri)
  }

  private func didChange(_ params: JSON) throws(InvalidParams) {
    let (uri, document) = try textDocument(params)
    guard let current = documents[uri] else { throw InvalidParams("'\(uri)' is not open") }
    guard let changes = params["contentChanges"]?.arrayValue else {
      throw InvalidParams("expected params.contentChanges")
    }
    var text = current.text
    for change in changes {
      guard let replacement = change["text"]?.stringValue else {
        throw InvalidParams("expected contentChanges[].text")
      }
      if let range = change["range"] {
        // Incremental changes, should a client send them although the server asked for full.
        let file = SourceFile(path: current.path, bytes: text)
        let conversions = self.conversions
        guard let start = range["start"].flatMap({ conversions.offset(of: $0, in: file) }),
          let end = range["end"].flatMap({ conversions.offset(of: $0, in: file) }), start <= end
        else { throw InvalidParams("invalid contentChanges[].range") }
        text.replaceSubrange(start..<end, with: Array(replacement.utf8))
      } else {
        text = Array(replacement.utf8)
      }
    }
    documents.update(uri: uri, version: document["version"]?.intValue, text: text)
    check(around: uri)
  }

  private func didClose(_ params: JSON) throws(InvalidParams) {
    let (uri, _) = try textDocument(params)
    guard let document = documents[uri] else { return }
    let group = workspace.group(of: document)
    documents.close(uri: uri)
    published[uri] = nil
    results[uri] = nil
    send(
      JSONRPC.notification(
        "textDocument/publishDiagnostics",
        params: .object([("uri", .string(uri)), ("diagnostics", .array([]))])))
    // What depended on its unsaved text is checked again, against the file on disk.
    workspace.invalidate()
    check(group, forcing: nil)
  }

  // MARK: - Checking

  private var conversions: LSPConversions {
    var uris: [String: String] = [:]
    for document in documents.all { uris[document.path] = document.uri }
    return LSPConversions(
      encoding: positionEncoding, uriForPath: { uris[$0] ?? DocumentURI.uri(fromPath: $0) })
  }

  /// Checks the group of files `uri` belongs to and publishes for its open documents; `uri`
  /// itself is always published, the others only when their diagnostics changed.
  private func check(around uri: String) {
    guard let document = documents[uri] else { return }
    check(workspace.group(of: document), forcing: uri)
  }

  private func check(_ group: Workspace.Group, forcing forced: String?) {
    let open = documents.all
    let members = open.filter { workspace.group(of: $0) == group }
    guard !members.isEmpty else { return }
    let compilation = workspace.compile(group, open: open)
    let conversions = self.conversions
    for document in members {
      let diagnostics = compilation.diagnostics.filter { $0.range.file.path == document.path }
      results[document.uri] = diagnostics
      let json = JSON.array(diagnostics.map(conversions.diagnostic))
      guard document.uri == forced || published[document.uri] != json else { continue }
      published[document.uri] = json
      var fields: [(String, JSON)] = [("uri", .string(document.uri))]
      if let version = document.version { fields.append(("version", .int(version))) }
      fields.append(("diagnostics", json))
      send(JSONRPC.notification("textDocument/publishDiagnostics", params: .object(fields)))
    }
  }

  private func recheckAll() {
    var seen: Set<Workspace.Group> = []
    for document in documents.all {
      let group = workspace.group(of: document)
      if seen.insert(group).inserted { check(group, forcing: nil) }
    }
  }

  // MARK: - Code actions

  /// The fix-its of the diagnostics that touch the requested range, as quick fixes.
  private func codeActions(_ params: JSON) throws(InvalidParams) -> JSON {
    let (uri, _) = try textDocument(params)
    guard let range = params["range"], let start = range["start"], let end = range["end"],
      let startLine = start["line"]?.intValue, let startCharacter = start["character"]?.intValue,
      let endLine = end["line"]?.intValue, let endCharacter = end["character"]?.intValue
    else { throw InvalidParams("expected params.range") }
    if let only = params["context"]?["only"]?.arrayValue {
      let kinds = only.compactMap(\.stringValue)
      guard kinds.contains(where: { $0.isEmpty || $0 == "quickfix" || $0.hasPrefix("quickfix.") })
      else { return .array([]) }
    }
    let conversions = self.conversions
    var actions: [JSON] = []
    for diagnostic in results[uri] ?? [] where !diagnostic.fixIts.isEmpty {
      let file = diagnostic.range.file
      let from = file.position(of: diagnostic.range.bytes.lowerBound, encoding: positionEncoding)
      let to = file.position(of: diagnostic.range.bytes.upperBound, encoding: positionEncoding)
      let touches =
        (from.line - 1, from.column - 1) <= (endLine, endCharacter)
        && (startLine, startCharacter) <= (to.line - 1, to.column - 1)
      guard touches else { continue }
      for fixIt in diagnostic.fixIts {
        actions.append(
          conversions.codeAction(fixIt, for: diagnostic, isPreferred: diagnostic.fixIts.count == 1))
      }
    }
    return .array(actions)
  }

  // MARK: - Formatting

  /// `navrc fmt` for the open text: one edit replacing the document, or none. A document with
  /// syntax errors is not formatted (`[]`), as on the command line.
  private func formatting(_ params: JSON) throws(InvalidParams) -> JSON {
    let (uri, _) = try textDocument(params)
    guard let document = documents[uri] else { throw InvalidParams("'\(uri)' is not open") }
    let file = SourceFile(path: document.path, bytes: document.text)
    guard case .formatted(let text) = Formatter.format(file), Array(text.utf8) != document.text
    else { return .array([]) }
    let whole = SourceRange(file, file.contentStart..<file.bytes.count)
    let replacement = file.contentStart > 0 ? String(text.drop { $0 == "\u{FEFF}" }) : text
    return .array([
      .object([("range", conversions.range(whole)), ("newText", .string(replacement))])
    ])
  }
}
