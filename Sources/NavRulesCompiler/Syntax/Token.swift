/// A lexical token: its kind and the bytes it covers.
public struct Token: Hashable, Sendable, BitwiseCopyable {
  public enum Kind: UInt8, Hashable, Sendable, BitwiseCopyable {
    /// `[A-Za-z_][A-Za-z0-9_]*`: names, directives and keyword-like values alike.
    case identifier
    /// `"…"`; the decoded text is in `TokenStream.stringValue(of:)`.
    case string
    /// `17`, `17.5`.
    case number
    /// `12.0.1`: two or more dots. (`13` and `13.4` lex as numbers.)
    case version
    /// `200ms`, `0.3s`.
    case duration
    /// `#` followed by letters and digits (or nothing); its shape is checked where a colour is
    /// expected.
    case color
    case leftBrace
    case rightBrace
    case comma
    case semicolon
    /// One or more line ends (comments between them included).
    case newline
    /// A malformed literal or word (`"\q"`, `'x'`, `17pt`, `Café`, `13.x`) that has been
    /// diagnosed already; accepted wherever a value is, so one mistake yields one diagnostic.
    case invalid
    case endOfFile
  }

  public var kind: Kind
  /// Packed: a large file has a token every few bytes (12 bytes each instead of 24).
  private var packedRange: PackedRange

  public var range: Range<Int> {
    get { packedRange.range }
    set { packedRange = PackedRange(newValue) }
  }

  public init(_ kind: Kind, _ range: Range<Int>) {
    self.kind = kind
    self.packedRange = PackedRange(range)
  }

  /// Whether the token can be a directive's argument.
  public var isValue: Bool {
    switch kind {
    case .identifier, .string, .number, .version, .duration, .color, .invalid: true
    default: false
    }
  }
}

extension Token.Kind: CustomStringConvertible {
  /// How messages name the kind.
  public var description: String {
    switch self {
    case .identifier: "identifier"
    case .string: "string literal"
    case .number: "number"
    case .version: "version"
    case .duration: "duration"
    case .color: "color"
    case .leftBrace: "'{'"
    case .rightBrace: "'}'"
    case .comma: "','"
    case .semicolon: "';'"
    case .newline: "end of line"
    case .invalid: "invalid literal"
    case .endOfFile: "end of file"
    }
  }
}

/// A comment, kept beside the tokens for the formatter and for suppression comments.
public struct Comment: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    case line
    case block
  }

  public var kind: Kind
  public var range: Range<Int>

  package init(kind: Kind, range: Range<Int>) {
    self.kind = kind
    self.range = range
  }
}

/// What the lexer produces for one file.
public struct TokenStream: Sendable {
  public let file: SourceFile
  public var tokens: [Token]
  public var comments: [Comment]
  /// The decoded string literals whose text is not their bytes (an escape, an invalid byte).
  var stringValues: DecodedStrings
  /// Whether the file ends inside an unterminated block comment (diagnosed): the text after it
  /// is lost, so a block left open there is not reported again.
  public internal(set) var endsInsideComment = false

  /// The decoded text of a string token (escapes resolved, quotes removed).
  public func stringValue(of token: Token) -> String {
    guard file.isStringLiteral(token.range) else { return "" }
    return stringValues[token.range.lowerBound]
      ?? file.text(file.stringLiteralContents(token.range))
  }

  /// The decoded text of a string token when it is not the token's bytes between the quotes.
  ///
  /// Asked for every argument: only a literal (`.string`, or `.invalid` when malformed) can
  /// have one, so a word or a number costs no search for its offset.
  func decodedTextIfEscaped(of token: Token) -> String? {
    guard token.kind == .string || token.kind == .invalid, !stringValues.isEmpty else {
      return nil
    }
    return stringValues[token.range.lowerBound]
  }

  /// The source text of a token.
  public func text(of token: Token) -> String {
    file.text(token.range)
  }
}

extension SourceFile {
  /// Whether the value at `range` is written as a string literal, well formed or not.
  func isStringLiteral(_ range: Range<Int>) -> Bool {
    !range.isEmpty && bytes[range.lowerBound] == UInt8(ascii: "\"")
  }

  /// The bytes between the quotes of the string literal at `range` (an unterminated literal
  /// has no closing one).
  func stringLiteralContents(_ range: Range<Int>) -> Range<Int> {
    let isClosed = range.count >= 2 && bytes[range.upperBound - 1] == UInt8(ascii: "\"")
    return range.lowerBound + 1..<range.upperBound - (isClosed ? 1 : 0)
  }
}
