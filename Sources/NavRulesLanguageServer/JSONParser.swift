import NavRulesCompiler
import NavRulesScan

/// Reads JSON text (RFC 8259) into a `JSON` value, keeping the order of object keys.
///
/// The language server parses every message with it, so it is strict about the grammar and
/// defensive about hostile input: nesting is limited, and every failure is an error value,
/// never a trap.
public struct JSONParser {
  /// Why the text is not JSON, and the byte offset where that became clear.
  public struct Failure: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var offset: Int

    public var description: String { "\(message) at byte \(offset)" }
  }

  /// Arrays and objects nested deeper than this are rejected, so the recursion stays shallow.
  public static let maximumDepth = 200

  private let bytes: [UInt8]
  private var index = 0

  /// Parses one JSON value that fills the whole of `bytes` (surrounding whitespace allowed).
  public static func parse(_ bytes: [UInt8]) throws(Failure) -> JSON {
    var parser = JSONParser(bytes: bytes)
    parser.skipWhitespace()
    let value = try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    guard parser.index == bytes.count else {
      throw parser.failure("unexpected text after the value")
    }
    return value
  }

  public static func parse(_ text: String) throws(Failure) -> JSON {
    try parse(Array(text.utf8))
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private func failure(_ message: String) -> Failure {
    Failure(message: message, offset: index)
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipWhitespace() {
    while let byte = current,
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
        || byte == UInt8(ascii: "\r")
    {
      index += 1
    }
  }

  private mutating func parseValue(depth: Int) throws(Failure) -> JSON {
    guard let byte = current else { throw failure("unexpected end of input") }
    switch byte {
    case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
    case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw failure("unexpected character")
    }
  }

  private mutating func parseLiteral(_ word: String, _ value: JSON) throws(Failure) -> JSON {
    for expected in word.utf8 {
      guard current == expected else { throw failure("invalid literal") }
      index += 1
    }
    return value
  }

  private mutating func parseObject(depth: Int) throws(Failure) -> JSON {
    guard depth <= Self.maximumDepth else { throw failure("nested too deeply") }
    index += 1
    var pairs: [(String, JSON)] = []
    skipWhitespace()
    if current == UInt8(ascii: "}") {
      index += 1
      return .object(pairs)
    }
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\"") else { throw failure("expected a string key") }
      let key = try parseString()
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { throw failure("expected ':'") }
      index += 1
      skipWhitespace()
      pairs.append((key, try parseValue(depth: depth)))
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        return .object(pairs)
      default: throw failure("expected ',' or '}'")
      }
    }
  }

  private mutating func parseArray(depth: Int) throws(Failure) -> JSON {
    guard depth <= Self.maximumDepth else { throw failure("nested too deeply") }
    index += 1
    var elements: [JSON] = []
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue(depth: depth))
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        return .array(elements)
      default: throw failure("expected ',' or ']'")
      }
    }
  }

  /// `-? (0 | [1-9][0-9]*) ('.' [0-9]+)? ([eE] [+-]? [0-9]+)?`; integers that fit are `.int`.
  private mutating func parseNumber() throws(Failure) -> JSON {
    let start = index
    var isInteger = true
    if current == UInt8(ascii: "-") { index += 1 }
    guard let first = current, Self.isDigit(first) else { throw failure("invalid number") }
    index += 1
    if first != UInt8(ascii: "0") {
      while let byte = current, Self.isDigit(byte) { index += 1 }
    }
    if current == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      try skipDigits()
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      try skipDigits()
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isInteger, let value = Int(text) { return .int(value) }
    guard let value = Double(text), value.isFinite else { throw failure("number out of range") }
    return .double(value)
  }

  private mutating func skipDigits() throws(Failure) {
    guard let byte = current, Self.isDigit(byte) else { throw failure("expected a digit") }
    while let byte = current, Self.isDigit(byte) { index += 1 }
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// A string literal, at its opening quote. Lone surrogates become U+FFFD.
  private mutating func parseString() throws(Failure) -> String {
    index += 1
    var scalars = String.UnicodeScalarView()
    while true {
      guard let byte = current else { throw failure("unterminated string") }
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(scalars)
      case UInt8(ascii: "\\"):
        index += 1
        scalars.append(try parseEscape())
      case 0..<0x20:
        throw failure("control character in string")
      case 0..<0x80:
        scalars.append(Unicode.Scalar(byte))
        index += 1
      default:
        guard let length = UTF8Validation.sequenceLength(in: bytes, at: index) else {
          throw failure("invalid UTF-8 in string")
        }
        scalars.append(UTF8Validation.decode(bytes, at: index, length: length))
        index += length
      }
    }
  }

  private mutating func parseEscape() throws(Failure) -> Unicode.Scalar {
    guard let byte = current else { throw failure("unterminated escape") }
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let unit = try parseHex4()
      if (0xD800..<0xDC00).contains(unit), current == UInt8(ascii: "\\"),
        index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
      {
        let save = index
        index += 2
        let low = try parseHex4()
        if (0xDC00..<0xE000).contains(low) {
          let value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
          return Unicode.Scalar(value) ?? "\u{FFFD}"
        }
        index = save
      }
      return Unicode.Scalar(unit) ?? "\u{FFFD}"
    default:
      throw failure("invalid escape")
    }
  }

  private mutating func parseHex4() throws(Failure) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = current, let digit = Lexer.hexValue(byte) else {
        throw failure("invalid \\u escape")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }
}
