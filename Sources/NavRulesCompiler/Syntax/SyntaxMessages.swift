/// The messages of `syntax` diagnostics, from the lexer and the parser, in one place.
enum SyntaxMessages {
  static func invalidUTF8(_ byte: UInt8) -> String {
    "invalid UTF-8: byte \(hex(byte)) does not start a valid sequence"
  }

  static func unexpectedCharacter(_ scalar: Unicode.Scalar) -> String {
    if scalar.value < 0x20 || scalar.value == 0x7F {
      return "unexpected control character U+\(String(scalar.value, radix: 16, uppercase: true))"
    }
    return "unexpected character '\(scalar)'"
  }

  static let unterminatedString = "unterminated string literal: strings end on the same line"
  static let unterminatedBlockComment = "unterminated block comment: '/*' has no matching '*/'"

  static func invalidEscape(_ text: String) -> String {
    "invalid escape sequence '\(text)' in string literal; use \\\", \\\\, \\n, \\t or \\u{…}"
  }

  static func invalidUnicodeEscape(_ text: String) -> String {
    "invalid unicode escape '\(text)': expected 1 to 8 hex digits naming a Unicode scalar"
  }

  static let emptyColor = "expected hex digits after '#', as in #7B2FF7"

  static func invalidNumberSuffix(_ text: String) -> String {
    "invalid number '\(text)': a duration ends in 'ms' or 's', as in 200ms or 0.3s"
  }

  static func expectedDirective(found kind: Token.Kind) -> String {
    "expected a directive name, found \(kind)"
  }

  static let unexpectedRightBrace = "unexpected '}' with no '{' to close"
  static let expectedRightBrace = "expected '}' to close this block"
  static let openedHere = "to match this '{'"
  static let unexpectedComma = "unexpected ','; a comma goes between two values"
  static func expectedValueAfterComma(found kind: Token.Kind) -> String {
    "expected a value after ',', found \(kind)"
  }
  static let nestedTooDeeply = "blocks are nested too deeply"

  private static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return "0x" + (digits.count == 1 ? "0" + digits : digits)
  }
}
