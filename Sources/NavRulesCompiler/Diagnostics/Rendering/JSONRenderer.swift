/// The `json` format of README.md#navrc-check:
/// `{"version":1,"diagnostics":[…],"summary":{"errors":N,"warnings":M}}`.
///
/// `navrc scan` adds `"unresolved":[{"file","line","column","what"}]` beside `"diagnostics"`
/// (docs/scan.md): what the scanner left out of the model; and
/// `"unreached":[{"screen","file","line", "column"}]`: the screens of the model no navigator root
/// reaches, which were not analysed.
public enum JSONRenderer {
  public static func render(
    _ diagnostics: [Diagnostic], unresolved: [AppModel.Unresolved]? = nil,
    unreached: [AppModel.UnreachedScreen]? = nil
  ) -> String {
    let errors = diagnostics.count { $0.severity == .error }
    var fields: [(String, JSON)] = [
      ("version", .int(1)),
      ("diagnostics", .array(diagnostics.map(json))),
    ]
    if let unresolved {
      fields.append(("unresolved", .array(unresolved.map(json))))
    }
    if let unreached {
      fields.append(("unreached", .array(unreached.map(json))))
    }
    fields.append(
      (
        "summary",
        .object([("errors", .int(errors)), ("warnings", .int(diagnostics.count - errors))])
      ))
    return JSON.object(fields).serialized(indent: 2) + "\n"
  }

  static func json(_ item: AppModel.Unresolved) -> JSON {
    let start = item.range.start
    return .object([
      ("file", .string(item.range.file.path)),
      ("line", .int(start.line)),
      ("column", .int(start.column)),
      ("what", .string(item.what)),
    ])
  }

  static func json(_ screen: AppModel.UnreachedScreen) -> JSON {
    let start = screen.range.start
    return .object([
      ("screen", .string(screen.name)),
      ("file", .string(screen.range.file.path)),
      ("line", .int(start.line)),
      ("column", .int(start.column)),
    ])
  }

  public static func json(_ diagnostic: Diagnostic) -> JSON {
    let start = diagnostic.range.start
    let end = diagnostic.range.end
    return .object([
      ("id", .string(diagnostic.id.rawValue)),
      ("severity", .string(diagnostic.severity.rawValue)),
      ("file", .string(diagnostic.range.file.path)),
      ("line", .int(start.line)),
      ("column", .int(start.column)),
      ("endLine", .int(end.line)),
      ("endColumn", .int(end.column)),
      ("message", .string(diagnostic.message)),
      ("notes", .array(diagnostic.notes.map(json))),
      ("fixIts", .array(diagnostic.fixIts.map(json))),
    ])
  }

  static func json(_ note: Diagnostic.Note) -> JSON {
    let start = note.range.start
    return .object([
      ("file", .string(note.range.file.path)),
      ("line", .int(start.line)),
      ("column", .int(start.column)),
      ("message", .string(note.message)),
    ])
  }

  static func json(_ fixIt: Diagnostic.FixIt) -> JSON {
    .object([
      ("message", .string(fixIt.message)),
      (
        "edits",
        .array(
          fixIt.edits.map { edit in
            let start = edit.range.start
            let end = edit.range.end
            return .object([
              ("file", .string(edit.range.file.path)),
              ("line", .int(start.line)),
              ("column", .int(start.column)),
              ("endLine", .int(end.line)),
              ("endColumn", .int(end.column)),
              ("replacement", .string(edit.replacement)),
            ])
          })
      ),
    ])
  }
}
