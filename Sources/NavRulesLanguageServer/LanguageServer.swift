import NavRulesCompiler
import NavRulesScan

/// `navrc lsp`: a Language Server Protocol server that publishes the diagnostics of `navrc
/// check` as the user types and offers their fix-its as quick fixes; for Swift, Objective-C
/// and storyboard documents, those of `navrc scan` over their app.
///
/// It is a plain state machine: `receive` takes one framing event and writes responses and
/// notifications through `send`, so tests drive it in-process. Nothing a client sends ends it
/// except `exit` (or the end of the input): malformed messages get the JSON-RPC error the
/// protocol prescribes, or are logged and dropped when they cannot be answered.
///
/// Checking is work scheduled per group of files, not done inside the handler of the message
/// that asked for it. `receive` finishes it before returning (tests, the fuzzer); `serve`, the
/// server on standard input, indexes only while no message is waiting, a slice at a time
/// (`Limits.stepsPerSlice` steps of a folder's index), and runs each compilation or scan on a
/// thread of its own (`RunningCheck`), so requests such as `shutdown` are answered while a
/// large folder is indexed or a 60 MB document scanned; edits typed in a row are checked once,
/// a check that a newer edit or `shutdown` made stale is never published, and a folder's
/// index is dropped when the folders change.
public final class LanguageServer {
  /// Bounds on what the server reads for one group of files (docs/editors.md).
  public struct Limits: Sendable {
    /// Rule files read from disk for one check (open documents are always checked).
    public var files: Int
    /// Bytes of those files.
    public var bytes: Int
    /// App sources (Swift, Objective-C, storyboards) read from disk for one scan.
    public var appFiles: Int
    /// Bytes of those files.
    public var appBytes: Int
    /// Directory entries an index looks at.
    public var entries: Int
    /// Index steps (a folder listed or an entry looked at) between two looks at the input.
    public var stepsPerSlice: Int
    /// Folders never searched, besides hidden ones: dependencies and build products.
    public var skippedFolders: Set<String>

    public init(
      files: Int = 2_000, bytes: Int = 16 << 20, appFiles: Int = 20_000,
      appBytes: Int = 64 << 20, entries: Int = 200_000, stepsPerSlice: Int = 2_000,
      skippedFolders: Set<String> = [
        ".git", ".build", ".swiftpm", "Pods", "Carthage", "DerivedData", "node_modules",
      ]
    ) {
      self.files = files
      self.bytes = bytes
      self.appFiles = appFiles
      self.appBytes = appBytes
      self.entries = entries
      self.stepsPerSlice = stepsPerSlice
      self.skippedFolders = skippedFolders
    }

    public static let standard = Limits()
  }

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
  private let workspace: Workspace
  /// The diagnostics last published for each open document.
  private var published: [String: JSON] = [:]
  /// The diagnostics of each open document's latest check, for code actions, with the
  /// document's revision they were computed from.
  private var results: [String: (revision: Int, diagnostics: [Diagnostic])] = [:]
  /// Groups waiting to be checked, in the order they were asked for, and the documents each
  /// must publish for even when their diagnostics did not change.
  private var pending: [Workspace.Group] = []
  private var forced: [Workspace.Group: Set<String>] = [:]
  /// Called before each slice of checking work; lets tests act while it is under way.
  var willDoWork: (() -> Void)?
  /// Called on the check's own thread before it runs (`serve` only); lets tests hold it.
  var willRunCheck: (@Sendable () -> Void)?
  /// The check running on a thread of its own (`serve` only).
  private var running: RunningCheck?

  /// - Parameters:
  ///   - send: writes one message to the client.
  ///   - log: writes a line for the user's log (standard error).
  ///   - limits: what one check may read.
  public init(
    send: @escaping (JSON) -> Void, log: @escaping (String) -> Void = { _ in },
    limits: Limits = .standard
  ) {
    self.send = send
    self.log = log
    self.workspace = Workspace(limits: limits, log: log)
  }

  /// Serves until `exit` or the end of the input, checking after each message; returns the
  /// process exit status: 0 after a `shutdown` request, 1 otherwise.
  public func run(_ reader: inout MessageReader) -> Int32 {
    while true {
      if let status = receive(reader.next()) { return status }
    }
  }

  /// Serves the events of `queue` until `exit` or the end of the input, checking only while
  /// no event is waiting; returns the process exit status.
  public func serve(_ queue: MessageQueue) -> Int32 {
    while true {
      if let check = running, let outcome = check.outcome {
        running = nil
        publish(check.check, outcome, forcing: check.forcing)
      }
      let idle = running != nil || pending.isEmpty
      if let event = queue.next(waiting: idle) {
        if let status = handle(event) { return status }
      } else if running == nil {
        doWork(steps: workspace.limits.stepsPerSlice, on: queue)
      }
    }
  }

  /// Handles one framing event and the checking it asks for; returns the exit status once
  /// the server should stop.
  public func receive(_ event: MessageReader.Event) -> Int32? {
    if let status = handle(event) { return status }
    while !pending.isEmpty { doWork(steps: .max) }
    return nil
  }

  /// Handles one framing event, scheduling the checking it asks for.
  private func handle(_ event: MessageReader.Event) -> Int32? {
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
        // Nothing is published after shutdown: the client no longer listens.
        pending = []
        forced = [:]
        running?.isStale = true
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
    workspace.closed(document)
    published[uri] = nil
    results[uri] = nil
    forced[group]?.remove(uri)
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

  /// Schedules a check of the group of files `uri` belongs to, which publishes for its open
  /// documents: `uri` itself always, the others only when their diagnostics changed.
  private func check(around uri: String) {
    guard let document = documents[uri] else { return }
    check(workspace.group(of: document), forcing: uri)
  }

  private func check(_ group: Workspace.Group, forcing uri: String?) {
    // What a check under way finds for this group is stale now.
    if let running, running.check.group == group { running.isStale = true }
    if !pending.contains(group) { pending.append(group) }
    if let uri { forced[group, default: []].insert(uri) }
  }

  /// One slice of the scheduled checking: at most `steps` steps of the first group's index,
  /// or, once it is complete, that group's check: here, or on a thread of its own that wakes
  /// `queue` when done.
  private func doWork(steps: Int, on queue: MessageQueue? = nil) {
    guard let group = pending.first else { return }
    willDoWork?()
    guard let paths = workspace.index(group, steps: steps) else { return }
    pending.removeFirst()
    let forcing = forced.removeValue(forKey: group) ?? []
    let open = documents.all
    guard open.contains(where: { workspace.group(of: $0) == group }) else { return }
    let check = workspace.prepare(group, paths: paths, open: open)
    if let queue {
      running = RunningCheck(check, forcing: forcing, willRun: willRunCheck, wake: queue.wake)
    } else {
      publish(check, check.run(), forcing: forcing)
    }
  }

  /// Keeps what a check read and publishes its diagnostics for the open documents of its
  /// group (those in `forcing` always, the others when they changed).
  private func publish(
    _ check: Workspace.Check, _ outcome: Workspace.Check.Outcome,
    forcing: Set<String>
  ) {
    workspace.finish(check, outcome)
    // A stale check (its group edited or the server shut down since) publishes nothing.
    guard state == .running, !pending.contains(check.group) else { return }
    let found = outcome.diagnostics
    let members = documents.all.filter { workspace.group(of: $0) == check.group }
    let conversions = self.conversions
    for document in members {
      let diagnostics = found.filter { $0.range.file.path == document.path }
      results[document.uri] = (document.revision, diagnostics)
      let json = JSON.array(diagnostics.map(conversions.diagnostic))
      guard forcing.contains(document.uri) || published[document.uri] != json else { continue }
      published[document.uri] = json
      var fields: [(String, JSON)] = [("uri", .string(document.uri))]
      if let version = document.version { fields.append(("version", .int(version))) }
      fields.append(("diagnostics", json))
      send(JSONRPC.notification("textDocument/publishDiagnostics", params: .object(fields)))
    }
  }

  private func recheckAll() {
    for document in documents.all { check(workspace.group(of: document), forcing: nil) }
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
    // Fix-its computed from an older text would edit the wrong bytes; while the check of the
    // current text is pending there are none to offer.
    guard let result = results[uri], result.revision == documents[uri]?.revision else {
      return .array([])
    }
    let conversions = self.conversions
    var actions: [JSON] = []
    for diagnostic in result.diagnostics where !diagnostic.fixIts.isEmpty {
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
    // Only rule files have a layout of navrc's to format.
    guard !Workspace.isAppSource(document.path) else { return .array([]) }
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
