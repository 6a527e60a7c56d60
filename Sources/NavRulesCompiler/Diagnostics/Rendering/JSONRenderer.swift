/// The `json` format of README.md#navrc-check:
/// `{"version":1,"diagnostics":[…],"summary":{"errors":N,"warnings":M}}`.
///
/// A caller may add members of its own between `"diagnostics"` and `"summary"` (`navrc scan`
/// adds what it left out: `AppModel.jsonMembers`).
public enum JSONRenderer {
  public static func render(_ diagnostics: [Diagnostic], extraMembers: [(String, JSON)] = [])
    -> String
  {
    let errors = diagnostics.count { $0.severity == .error }
    var fields: [(String, JSON)] = [
      ("version", .int(1)),
      ("diagnostics", .array(diagnostics.map(json))),
    ]
    fields += extraMembers
    fields.append(
      (
        "summary",
        .object([("errors", .int(errors)), ("warnings", .int(diagnostics.count - errors))])
      ))
    return JSON.object(fields).serialized(indent: 2) + "\n"
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
