import NavRulesCompiler

/// A position in a file's tokens, and what both readers need around it: token text without
/// making strings, bracket skipping, indentation, nesting limits and failure.
///
/// Failure is a flag, not an error: a parse function that meets something it cannot read sets
/// `failed` and returns what it has; the statement loop that sees it turns the statement into
/// `.other` and skips to the end of the enclosing block.
struct ScanCursor {
  let file: SourceFile
  let tokens: [ScanToken]
  let bytes: [UInt8]
  private(set) var position = 0
  var failed = false
  /// How many blocks, closures and nested expressions enclose the current point. Parse
  /// functions that nest check `canNest` first, and the structure built is never deeper than
  /// `maximumDepth` levels, so neither parsing nor freeing the structure can exhaust the stack.
  var depth = 0
  /// Whether every `{` of the file has its `}`. When they do not match, indentation is used to
  /// find where a declaration ends (see the readers' `isRecoveryPoint`).
  let bracesMatch: Bool
  private var indentationCache: (line: Int, indentation: Int) = (-1, 0)

  static let maximumDepth = 128

  init(_ scanned: ScanTokens) {
    file = scanned.file
    tokens = scanned.tokens
    bytes = scanned.file.bytes
    var balance = 0
    var matched = true
    for token in scanned.tokens {
      if token.kind == .leftBrace {
        balance += 1
      } else if token.kind == .rightBrace {
        balance -= 1
        if balance < 0 { matched = false }
      }
    }
    bracesMatch = matched && balance == 0
  }

  // MARK: - Moving

  @inline(__always)
  var current: ScanToken { tokens[position] }

  @inline(__always)
  var kind: ScanToken.Kind { tokens[position].kind }

  @inline(__always)
  var keyword: ScanKeyword { tokens[position].keyword }

  /// The token `offset` places ahead (the end-of-file token past the end).
  @inline(__always)
  func peek(_ offset: Int = 1) -> ScanToken {
    tokens[min(position + offset, tokens.count - 1)]
  }

  /// The token before the current one, if any.
  var previous: ScanToken? { position > 0 ? tokens[position - 1] : nil }

  var isAtEnd: Bool { tokens[position].kind == .endOfFile }

  @inline(__always)
  mutating func advance() {
    if position < tokens.count - 1 { position += 1 }
  }

  /// Moves back to a position saved earlier (for a short look-ahead that failed).
  mutating func rewind(to saved: Int) {
    position = saved
  }

  /// The bytes from the start of the token at `start` to the end of the last token read.
  func range(from start: Int) -> Range<Int> {
    let lower = tokens[min(start, tokens.count - 1)].lowerBound
    guard position > start else { return lower..<lower }
    return lower..<max(lower, tokens[position - 1].upperBound)
  }

  // MARK: - Text

  /// The text of a token (invalid UTF-8 repaired): names, operators, numbers.
  func text(_ token: ScanToken) -> String {
    String(decoding: bytes[token.range], as: UTF8.self)
  }

  func text(_ range: Range<Int>) -> String {
    file.text(range)
  }

  /// The text of `range` without white space at either end (`(void)` → `void`).
  func trimmedText(_ range: Range<Int>) -> String {
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper, Self.isSpace(bytes[lower]) { lower += 1 }
    while upper > lower, Self.isSpace(bytes[upper - 1]) { upper -= 1 }
    return file.text(lower..<upper)
  }

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
      || byte == UInt8(ascii: "\r")
  }

  /// A name as the structure keeps it: backticks removed, and the `@` or `#` of an attribute
  /// or pound word kept.
  func name(_ token: ScanToken) -> String {
    let range = token.range
    if range.count >= 2, bytes[range.lowerBound] == UInt8(ascii: "`") {
      return String(decoding: bytes[range.lowerBound + 1..<range.upperBound - 1], as: UTF8.self)
    }
    return String(decoding: bytes[range], as: UTF8.self)
  }

  /// Whether the token's bytes spell `literal`.
  func isText(_ token: ScanToken, _ literal: StaticString) -> Bool {
    let range = token.range
    guard range.count == literal.utf8CodeUnitCount else { return false }
    return literal.withUTF8Buffer { spelling in
      var offset = 0
      for index in range {
        if bytes[index] != spelling[offset] { return false }
        offset += 1
      }
      return true
    }
  }

  func isOperator(_ token: ScanToken, _ literal: StaticString) -> Bool {
    token.kind == .operator && isText(token, literal)
  }

  /// A token's bytes packed into an integer (0 for more than 4 bytes): operators are compared
  /// with `code(_:)` values instead of strings.
  func code(of token: ScanToken) -> UInt32 {
    let range = token.range
    guard range.count <= 4 else { return 0 }
    var value: UInt32 = 0
    for index in range { value = value << 8 | UInt32(bytes[index]) }
    return value
  }

  /// The code of an operator's spelling, as `code(of:)` computes it.
  static func code(_ spelling: StaticString) -> UInt32 {
    spelling.withUTF8Buffer { buffer in
      buffer.count <= 4 ? buffer.reduce(0) { $0 << 8 | UInt32($1) } : 0
    }
  }

  /// The first byte of a token.
  func firstByte(_ token: ScanToken) -> UInt8 {
    token.range.isEmpty ? 0 : bytes[token.lowerBound]
  }

  // MARK: - Layout

  /// The 0-based column of a token, in bytes.
  func column(of token: ScanToken) -> Int {
    let line = file.lineIndex(of: token.lowerBound)
    return token.lowerBound - file.lineStarts[line]
  }

  /// How far the line holding `token` is indented, in bytes of white space.
  mutating func indentation(ofLineWith token: ScanToken) -> Int {
    let line = file.lineIndex(of: token.lowerBound)
    if indentationCache.line == line { return indentationCache.indentation }
    var index = file.lineStarts[line]
    let stop = min(bytes.count, token.lowerBound)
    while index < stop, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
      index += 1
    }
    let indentation = index - file.lineStarts[line]
    indentationCache = (line, indentation)
    return indentation
  }

  // MARK: - Nesting and skipping

  /// Enters one more level of nesting, or returns false (and enters nothing) at the limit.
  mutating func enter() -> Bool {
    guard depth < Self.maximumDepth else { return false }
    depth += 1
    return true
  }

  mutating func leave() {
    depth -= 1
  }

  /// Skips the current token; at an opening bracket, skips to just past its closing one (any
  /// closing bracket counts, so mismatched input still ends). Stops at the end of the file.
  mutating func skipBalanced() {
    guard Self.isOpening(kind) else {
      advance()
      return
    }
    var level = 0
    repeat {
      if Self.isOpening(kind) {
        level += 1
      } else if Self.isClosing(kind) {
        level -= 1
      }
      advance()
    } while level > 0 && !isAtEnd
  }

  /// The index of the token just past the bracketed group that opens at `index`, without
  /// moving: both readers look past groups before deciding what a construct is.
  func groupEnd(from index: Int) -> Int {
    var level = 0
    var position = index
    repeat {
      let kind = tokens[position].kind
      if Self.isOpening(kind) { level += 1 }
      if Self.isClosing(kind) { level -= 1 }
      position += 1
    } while level > 0 && position < tokens.count - 1
    return position
  }

  static func isOpening(_ kind: ScanToken.Kind) -> Bool {
    kind == .leftParen || kind == .leftBrace || kind == .leftBracket
  }

  static func isClosing(_ kind: ScanToken.Kind) -> Bool {
    kind == .rightParen || kind == .rightBrace || kind == .rightBracket
  }
}
