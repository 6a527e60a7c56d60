/// The `github` format: GitHub Actions workflow commands, which the Actions runner turns into
/// annotations on the pull request.
///
/// ```
/// ::error file=F,line=L,col=C,title=ID::MESSAGE
/// ```
/// The properties docs/editors.md#github-actions names, in its order, and no others. Warnings use
/// `::warning`. Notes are appended to the message, one per line, in the text
/// format (`FILE:LINE:COL: note: …`). Values are escaped as the runner expects: `%`, CR and
/// LF everywhere, and also `:` and `,` in the properties; other control and bidirectional
/// characters as the text format escapes them (`\u{1B}`).
public enum GitHubRenderer {
  public static func render(_ diagnostics: [Diagnostic]) -> String {
    diagnostics.map(line).joined()
  }

  /// One workflow command line, ending in a newline.
  public static func line(_ diagnostic: Diagnostic) -> String {
    let start = diagnostic.range.start
    let command =
      switch diagnostic.severity {
      case .error: "error"
      case .warning: "warning"
      }
    let properties = [
      ("file", diagnostic.range.file.path),
      ("line", String(start.line)),
      ("col", String(start.column)),
      ("title", diagnostic.id.rawValue),
    ]
    .map { "\($0.0)=\(escapeProperty($0.1))" }
    .joined(separator: ",")
    var message = diagnostic.message
    for note in diagnostic.notes {
      let position = note.range.start
      message += "\n\(note.range.file.path):\(position.line):\(position.column): note: "
      message += note.message
    }
    return "::\(command) \(properties)::\(escapeData(message))\n"
  }

  /// The message (the command's data): `%`, CR and LF as the runner decodes them; any other
  /// character the text format escapes (ESC and the other controls, bidirectional formatting
  /// characters, line separators) as the text format writes it, `\u{1B}`: the runner would
  /// pass it raw to the log and the annotation, where it drives a terminal or reorders text.
  public static func escapeData(_ text: String) -> String {
    var output = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": output += "%25"
      case "\r": output += "%0D"
      case "\n": output += "%0A"
      case _ where TextRenderer.needsEscape(scalar):
        output += TextRenderer.oneLine(String(scalar))
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output
  }

  /// A property value: as `escapeData`, and also `:` and `,`, which delimit properties.
  public static func escapeProperty(_ text: String) -> String {
    var output = ""
    for scalar in escapeData(text).unicodeScalars {
      switch scalar {
      case ":": output += "%3A"
      case ",": output += "%2C"
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output
  }
}
