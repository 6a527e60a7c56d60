/// The messages of `syntax` diagnostics, from the lexer and the parser, in one place.
enum SyntaxMessages {
  static func invalidUTF8(_ byte: UInt8) -> String {
    "invalid UTF-8: byte \(hex(byte)) does not start a valid sequence"
  }

  static func unexpectedCharacter(_ scalar: Unicode.Scalar) -> String {
    if scalar.value < 0x20 || scalar.value == 0x7F {
      return "unexpected control character \(codePoint(scalar))"
    }
    return "unexpected character '\(scalar)'"
  }

  static func nonASCIIInName(_ scalar: Unicode.Scalar) -> String {
    "unexpected character \(describe(scalar)); names and keywords use ASCII letters, digits and '_'"
  }

  /// A character that may not appear raw in a string or a comment (`Lexer.isHidden`).
  static func hiddenCharacter(_ scalar: Unicode.Scalar, inString: Bool) -> String {
    let what: String
    switch scalar.value {
    case 0x2028: what = "line separator"
    case 0x2029: what = "paragraph separator"
    case 0xFEFF: what = "byte order mark"
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
      what = "bidirectional formatting character"
    default: what = "control character"
    }
    let digits = String(scalar.value, radix: 16, uppercase: true)
    return inString
      ? "\(what) \(codePoint(scalar)) in a string; write it as the escape \\u{\(digits)}"
      : "\(what) \(codePoint(scalar)) in a comment; editors may not show it, so remove it"
  }

  static let singleQuotedString = "string literals use double quotes, as in \"Article\""

  static let unterminatedString = "unterminated string literal: strings end on the same line"
  static let unterminatedBlockComment = "unterminated block comment: '/*' has no matching '*/'"

  static func invalidEscape(_ text: String) -> String {
    "invalid escape sequence '\(text)' in string literal; use \\\", \\\\, \\n, \\t or \\u{…}"
  }

  static func invalidUnicodeEscape(_ text: String) -> String {
    "invalid unicode escape '\(text)': expected 1 to 8 hex digits naming a Unicode scalar"
  }

  static func invalidNumber(_ text: String) -> String {
    "invalid number '\(text)'; expected a number (17.5), a version (12.0.1) or a duration (200ms, 0.3s)"
  }

  static func expectedDirective(found kind: Token.Kind) -> String {
    "expected a directive name, found \(kind)"
  }

  static let unexpectedRightBrace = "unexpected '}' with no '{' to close"
  static let unexpectedLeftBrace =
    "unexpected '{': the lines after it are not indented as its block, and its '}' closes the enclosing block"
  static let expectedRightBrace = "expected '}' to close this block"
  static func expectedLeftBrace(after head: String) -> String { "expected '{' after '\(head)'" }
  static let openedHere = "to match this '{'"
  static let unexpectedComma = "unexpected ','; a comma goes between two values"
  static func expectedValueAfterComma(found kind: Token.Kind) -> String {
    "expected a value after ',', found \(kind)"
  }
  static let nestedTooDeeply = "blocks are nested too deeply"

  /// A character as a message shows it: quoted if it is visible, else as its code point.
  private static func describe(_ scalar: Unicode.Scalar) -> String {
    let properties = scalar.properties
    let isInvisible =
      properties.isWhitespace || properties.isDefaultIgnorableCodePoint
      || [
        .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator,
        .paragraphSeparator, .spaceSeparator,
      ].contains(properties.generalCategory)
    return isInvisible ? codePoint(scalar) : "'\(scalar)'"
  }

  private static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let digits = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return "0x" + (digits.count == 1 ? "0" + digits : digits)
  }
}
