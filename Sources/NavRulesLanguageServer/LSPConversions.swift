import NavRulesCompiler
import NavRulesScan

/// Diagnostics, ranges and fix-its in the protocol's shapes.
struct LSPConversions {
  /// The unit `character` counts in: UTF-16 unless the client negotiated another.
  var encoding: ColumnEncoding
  /// The URI to use for a path: an open document's own URI, else a `file://` URI.
  var uriForPath: (String) -> String

  /// A 0-based position.
  func position(_ file: SourceFile, _ offset: Int) -> JSON {
    let position = file.position(of: offset, encoding: encoding)
    return .object([("line", .int(position.line - 1)), ("character", .int(position.column - 1))])
  }

  func range(_ range: SourceRange) -> JSON {
    .object([
      ("start", position(range.file, range.bytes.lowerBound)),
      ("end", position(range.file, range.bytes.upperBound)),
    ])
  }

  func location(_ range: SourceRange) -> JSON {
    .object([("uri", .string(uriForPath(range.file.path))), ("range", self.range(range))])
  }

  func diagnostic(_ diagnostic: Diagnostic) -> JSON {
    var fields: [(String, JSON)] = [
      ("range", range(diagnostic.range)),
      ("severity", .int(diagnostic.severity == .error ? 1 : 2)),
      ("code", .string(diagnostic.id.rawValue)),
      (
        "codeDescription",
        .object([
          ("href", .string(NavrcVersion.documentationURL(diagnostic.id.documentationPath)))
        ])
      ),
      ("source", .string("navrc")),
      ("message", .string(diagnostic.message)),
    ]
    if [.unusedStyle, .unreachableScreen, .unusedSuppression].contains(diagnostic.id) {
      fields.append(("tags", .array([.int(1)])))  // DiagnosticTag.Unnecessary: shown faded.
    }
    if !diagnostic.notes.isEmpty {
      let related = diagnostic.notes.map { note in
        JSON.object([("location", location(note.range)), ("message", .string(note.message))])
      }
      fields.append(("relatedInformation", .array(related)))
    }
    return .object(fields)
  }

  /// A quick-fix code action applying `fixIt`.
  func codeAction(_ fixIt: Diagnostic.FixIt, for diagnostic: Diagnostic, isPreferred: Bool)
    -> JSON
  {
    var order: [String] = []
    var edits: [String: [JSON]] = [:]
    for edit in fixIt.edits {
      let uri = uriForPath(edit.range.file.path)
      if edits[uri] == nil { order.append(uri) }
      edits[uri, default: []].append(
        .object([("range", range(edit.range)), ("newText", .string(edit.replacement))]))
    }
    return .object([
      ("title", .string(fixIt.message.prefix(1).uppercased() + fixIt.message.dropFirst())),
      ("kind", .string("quickfix")),
      ("diagnostics", .array([self.diagnostic(diagnostic)])),
      ("isPreferred", .bool(isPreferred)),
      (
        "edit",
        .object([("changes", .object(order.map { ($0, .array(edits[$0] ?? [])) }))])
      ),
    ])
  }

  /// The byte offset of a protocol position in `file`, or `nil` if the JSON is not a position.
  func offset(of position: JSON, in file: SourceFile) -> Int? {
    guard let line = position["line"]?.intValue, let character = position["character"]?.intValue,
      line >= 0, character >= 0
    else { return nil }
    return file.offset(line: line, column: character, encoding: encoding)
  }
}
