/// The one way navrc writes text into a rule file (`scan --rules`): the inverse of what the
/// `Lexer` reads, so that whatever is written is read back as the same text. Every scalar the
/// lexer rejects raw (`Lexer.isHidden`: controls, line and paragraph separators, bidirectional
/// controls, byte order marks) and every other invisible format character is written as
/// `\u{…}`; everything else, non-ASCII and non-BMP included, is written as itself.
package enum RuleFileText {
  /// A string literal whose value, read back by the lexer, is `text`.
  package static func stringLiteral(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      default:
        if needsEscape(scalar) {
          appendEscape(scalar, to: &result)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  /// `text` as the text of a `//` comment: on one line, with nothing the lexer rejects in a
  /// comment (a path, a class name a rule file cannot spell), tabs shown too. The escapes only
  /// make it readable: a comment is never read back for its text.
  package static func commentText(_ text: String) -> String {
    func shown(_ scalar: Unicode.Scalar) -> Bool { scalar == "\t" || needsEscape(scalar) }
    guard text.unicodeScalars.contains(where: shown) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if shown(scalar) {
        appendEscape(scalar, to: &result)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether `scalar` is written as `\u{…}`: a line end or what the lexer rejects raw, and the
  /// other invisible format characters (a zero-width space), so that the file shows them.
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\n" || scalar == "\r" || (scalar != "\t" && Lexer.isHidden(scalar))
      || scalar.properties.generalCategory == .format
  }

  private static func appendEscape(_ scalar: Unicode.Scalar, to result: inout String) {
    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
  }
}
