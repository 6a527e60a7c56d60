/// The `sarif` format: a SARIF 2.1.0 log with one run, for GitHub code scanning and other
/// result viewers.
///
/// Every rule navrc knows is listed in `tool.driver.rules` (so `ruleIndex` is stable across
/// runs), with its summary and a link to its documentation. Locations are relative URIs when
/// the file lies under the working directory, and columns count Unicode scalars, as the
/// run's `columnKind` says. Notes become related locations; fix-its become fixes.
public enum SARIFRenderer {
  /// Where the log says its schema lives.
  public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

  /// The log for `diagnostics`; paths under `workingDirectory` are written relative to it.
  public static func render(_ diagnostics: [Diagnostic], workingDirectory: String) -> String {
    let rules = DiagnosticID.allCases
    let run = JSON.object([
      (
        "tool",
        .object([
          (
            "driver",
            .object([
              ("name", .string("navrc")),
              ("version", .string(NavrcVersion.current)),
              ("semanticVersion", .string(NavrcVersion.current)),
              ("informationUri", .string(NavrcVersion.homepage)),
              ("rules", .array(rules.map(rule))),
            ])
          )
        ])
      ),
      ("columnKind", .string("unicodeCodePoints")),
      (
        "results",
        .array(
          diagnostics.map { result($0, rules: rules, workingDirectory: workingDirectory) })
      ),
    ])
    let log = JSON.object([
      ("$schema", .string(schemaURI)),
      ("version", .string("2.1.0")),
      ("runs", .array([run])),
    ])
    return log.serialized(indent: 2) + "\n"
  }

  /// SARIF's name for a severity.
  static func level(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    }
  }

  static func rule(_ id: DiagnosticID) -> JSON {
    .object([
      ("id", .string(id.rawValue)),
      ("shortDescription", .object([("text", .string(id.summary))])),
      ("helpUri", .string(NavrcVersion.documentationURL(id.documentationPath))),
      ("defaultConfiguration", .object([("level", .string(level(id.defaultSeverity)))])),
      (
        "properties",
        .object([("tags", .array([.string(id.isFrontEnd ? "front-end" : "checker")]))])
      ),
    ])
  }

  static func result(_ diagnostic: Diagnostic, rules: [DiagnosticID], workingDirectory: String)
    -> JSON
  {
    var fields: [(String, JSON)] = [
      ("ruleId", .string(diagnostic.id.rawValue)),
      ("ruleIndex", .int(rules.firstIndex(of: diagnostic.id) ?? -1)),
      ("level", .string(level(diagnostic.severity))),
      ("message", .object([("text", .string(diagnostic.message))])),
      (
        "locations",
        .array([
          .object([
            ("physicalLocation", physicalLocation(diagnostic.range, in: workingDirectory))
          ])
        ])
      ),
    ]
    if !diagnostic.notes.isEmpty {
      let related = diagnostic.notes.enumerated().map { index, note in
        JSON.object([
          ("id", .int(index)),
          ("physicalLocation", physicalLocation(note.range, in: workingDirectory)),
          ("message", .object([("text", .string(note.message))])),
        ])
      }
      fields.append(("relatedLocations", .array(related)))
    }
    if !diagnostic.fixIts.isEmpty {
      fields.append(
        ("fixes", .array(diagnostic.fixIts.map { fix($0, workingDirectory: workingDirectory) })))
    }
    return .object(fields)
  }

  /// One fix: its edits grouped by file, files in the order they are first edited.
  static func fix(_ fixIt: Diagnostic.FixIt, workingDirectory: String) -> JSON {
    var order: [String] = []
    var replacements: [String: [JSON]] = [:]
    for edit in fixIt.edits {
      let uri = artifactURI(edit.range.file.path, workingDirectory: workingDirectory)
      if replacements[uri] == nil { order.append(uri) }
      replacements[uri, default: []].append(
        .object([
          ("deletedRegion", region(edit.range)),
          ("insertedContent", .object([("text", .string(edit.replacement))])),
        ]))
    }
    let changes = order.map { uri in
      JSON.object([
        ("artifactLocation", .object([("uri", .string(uri))])),
        ("replacements", .array(replacements[uri] ?? [])),
      ])
    }
    return .object([
      ("description", .object([("text", .string(fixIt.message))])),
      ("artifactChanges", .array(changes)),
    ])
  }

  static func physicalLocation(_ range: SourceRange, in workingDirectory: String) -> JSON {
    .object([
      (
        "artifactLocation",
        .object([("uri", .string(artifactURI(range.file.path, workingDirectory: workingDirectory)))]
        )
      ),
      ("region", region(range)),
    ])
  }

  /// 1-based lines and columns; the end column is the one just after the range.
  static func region(_ range: SourceRange) -> JSON {
    let start = range.start
    let end = range.end
    return .object([
      ("startLine", .int(start.line)),
      ("startColumn", .int(start.column)),
      ("endLine", .int(end.line)),
      ("endColumn", .int(end.column)),
    ])
  }

  /// A URI reference for `path`: relative (percent-encoded) when the path is relative or lies
  /// under `workingDirectory`, else an absolute `file://` URI.
  public static func artifactURI(_ path: String, workingDirectory: String) -> String {
    var relative = path
    if path.hasPrefix("/") {
      let base = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
      guard path.hasPrefix(base) else { return "file://" + percentEncoded(path) }
      relative = String(path.dropFirst(base.count))
    }
    while relative.hasPrefix("./") { relative.removeFirst(2) }
    return percentEncoded(relative)
  }

  static func percentEncoded(_ path: String) -> String { PercentEncoding.encodePath(path) }
}
