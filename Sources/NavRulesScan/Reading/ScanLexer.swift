import NavRulesCompiler

/// Turns the bytes of a Swift or Objective-C file into tokens and comments.
///
/// The lexer is tolerant and never reports anything: a byte that starts no token becomes an
/// `.unknown` token, an unterminated string or comment ends at the end of its line (of the
/// file for multi-line forms), and every loop advances, so any input is lexed in linear time.
///
/// ```
/// token      := word | attribute | pound | number | string | character | operator | punct
/// word       := [A-Za-z_$] [A-Za-z0-9_$]*  (bytes ≥ 0x80 count as letters) | '`' … '`'
/// attribute  := '@' word                   (Swift `@objc`; Objective-C `@interface`, `@YES`)
/// pound      := '#' word                   (Swift `#selector`; `#if` … are directives)
/// number     := digit (alnum | '_' | '.' digit | [eEpP] [+-])*
/// operator   := Swift: a maximal run of / = - + ! * % < > & | ^ ~ ? (and '.' after a leading
///               '.'), never across `//` or `/*`; Objective-C: one C operator
/// punct      := ( ) { } [ ] , ; : . @ \
/// trivia     := white space | '//' … | '/*' … '*/' (nested in Swift only) | directive lines
/// ```
///
/// Strings (`ScanLexer+Strings.swift`) and directives (`ScanLexer+Directives.swift`, where
/// `#if` branches are read both ways, see `ConditionalBranches`) have their own files.
public struct ScanLexer {
  let bytes: UnsafeBufferPointer<UInt8>
  /// `byteClasses` and `wordBytes`, borrowed for the duration of `lex`.
  private let classes: UnsafeBufferPointer<ByteClass>
  private let words: UnsafeBufferPointer<Bool>
  let language: ScanLanguage
  let contentStart: Int
  /// Where lexing stops: the end of the file, or 4 GiB (token offsets are 32-bit).
  let end: Int
  var index: Int
  var tokens: [ScanToken] = []
  var comments: [Comment] = []
  /// The flags of the next token: what came between it and the previous one.
  var pendingFlags: ScanToken.Flags = [.newlineBefore, .spaceBefore]
  var conditionals = ConditionalBranches()
  private let keywords: ScanKeywordTable

  /// Nested string interpolations deeper than this are read as plain text.
  static let maximumStringNesting = 64

  /// Lexes a whole file.
  public static func lex(_ file: SourceFile, language: ScanLanguage) -> ScanTokens {
    file.bytes.withUnsafeBufferPointer { buffer in
      byteClasses.withUnsafeBufferPointer { classes in
        wordBytes.withUnsafeBufferPointer { words in
          var lexer = ScanLexer(
            bytes: buffer, classes: classes, words: words, contentStart: file.contentStart,
            language: language)
          lexer.run()
          return ScanTokens(
            file: file, language: language, tokens: lexer.tokens, comments: lexer.comments)
        }
      }
    }
  }

  private init(
    bytes: UnsafeBufferPointer<UInt8>, classes: UnsafeBufferPointer<ByteClass>,
    words: UnsafeBufferPointer<Bool>, contentStart: Int, language: ScanLanguage
  ) {
    self.bytes = bytes
    self.classes = classes
    self.words = words
    self.language = language
    self.contentStart = min(contentStart, bytes.count)
    self.end = min(bytes.count, Int(UInt32.max))
    self.index = self.contentStart
    self.keywords = language == .swift ? .swift : .objectiveC
    tokens.reserveCapacity(bytes.count / 5)
  }

  // MARK: - Driver

  private mutating func run() {
    while index < end {
      let byte = bytes[index]
      switch classes[Int(byte)] {
      case .space:
        index += 1
        while index < end, classes[Int(bytes[index])] == .space { index += 1 }
        pendingFlags.insert(.spaceBefore)
      case .newline:
        index += 1
        pendingFlags.formUnion([.newlineBefore, .spaceBefore])
      case .word:
        lexWord()
      case .digit:
        lexNumber()
      case .slash:
        if peek(1) == UInt8(ascii: "/") {
          lexLineComment()
        } else if peek(1) == UInt8(ascii: "*") {
          lexBlockComment()
        } else {
          language == .swift ? lexSwiftOperator() : lexCOperator()
        }
      case .operatorCharacter:
        language == .swift ? lexSwiftOperator() : lexCOperator()
      case .doubleQuote:
        language == .swift ? lexSwiftString() : lexCString(from: index)
      case .singleQuote:
        if language == .objectiveC { lexCharacter() } else { addSingle(.unknown) }
      case .hash: lexPound()
      case .at: lexAt()
      case .backtick: lexBacktickedWord()
      case .dot: lexDot()
      case .backslash: lexBackslash()
      case .leftParen: addSingle(.leftParen)
      case .rightParen: addSingle(.rightParen)
      case .leftBrace: addSingle(.leftBrace)
      case .rightBrace: addSingle(.rightBrace)
      case .leftBracket: addSingle(.leftBracket)
      case .rightBracket: addSingle(.rightBracket)
      case .comma: addSingle(.comma)
      case .semicolon: addSingle(.semicolon)
      case .colon: addSingle(.colon)
      case .other: addSingle(.unknown)
      }
    }
    finishConditionals()
    tokens.append(ScanToken(.endOfFile, end..<end, flags: [.newlineBefore, .spaceBefore]))
  }

  /// What a byte starts, looked up once per token instead of tested case by case.
  enum ByteClass: UInt8 {
    case space, newline, word, digit, slash, operatorCharacter, doubleQuote, singleQuote, hash
    case at, backtick, dot, backslash, leftParen, rightParen, leftBrace, rightBrace
    case leftBracket, rightBracket, comma, semicolon, colon, other
  }

  static let byteClasses: [ByteClass] = (0...255).map { value -> ByteClass in
    let byte = UInt8(value)
    switch byte {
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C: return .space
    case UInt8(ascii: "\n"): return .newline
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return .digit
    case UInt8(ascii: "/"): return .slash
    case UInt8(ascii: "\""): return .doubleQuote
    case UInt8(ascii: "'"): return .singleQuote
    case UInt8(ascii: "#"): return .hash
    case UInt8(ascii: "@"): return .at
    case UInt8(ascii: "`"): return .backtick
    case UInt8(ascii: "."): return .dot
    case UInt8(ascii: "\\"): return .backslash
    case UInt8(ascii: "("): return .leftParen
    case UInt8(ascii: ")"): return .rightParen
    case UInt8(ascii: "{"): return .leftBrace
    case UInt8(ascii: "}"): return .rightBrace
    case UInt8(ascii: "["): return .leftBracket
    case UInt8(ascii: "]"): return .rightBracket
    case UInt8(ascii: ","): return .comma
    case UInt8(ascii: ";"): return .semicolon
    case UInt8(ascii: ":"): return .colon
    default:
      if isWordStart(byte) { return .word }
      if isOperatorCharacter(byte) { return .operatorCharacter }
      return .other
    }
  }

  /// Whether each byte continues a word.
  static let wordBytes: [Bool] = (0...255).map { isWordContinue(UInt8($0)) }

  // MARK: - Helpers

  @inline(__always)
  func peek(_ offset: Int = 0) -> UInt8? {
    let position = index + offset
    return position < end ? bytes[position] : nil
  }

  @inline(__always)
  func byteAt(_ position: Int) -> UInt8? {
    position < end ? bytes[position] : nil
  }

  mutating func add(_ kind: ScanToken.Kind, _ range: Range<Int>, keyword: ScanKeyword = .none) {
    tokens.append(ScanToken(kind, range, keyword: keyword, flags: pendingFlags))
    pendingFlags = []
  }

  private mutating func addSingle(_ kind: ScanToken.Kind) {
    add(kind, index..<index + 1)
    index += 1
  }

  @inline(__always)
  static func isWordStart(_ byte: UInt8) -> Bool {
    (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
      || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
  }

  @inline(__always)
  static func isWordContinue(_ byte: UInt8) -> Bool {
    isWordStart(byte) || isDigit(byte)
  }

  @inline(__always)
  static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  @inline(__always)
  static func isOperatorCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"),
      UInt8(ascii: "!"), UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"),
      UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"),
      UInt8(ascii: "~"), UInt8(ascii: "?"):
      true
    default: false
    }
  }

  /// The end of the word that starts at `position`.
  @inline(__always)
  func wordEnd(from position: Int) -> Int {
    var cursor = position
    while cursor < end, words[Int(bytes[cursor])] { cursor += 1 }
    return cursor
  }

  // MARK: - Comments

  private mutating func lexLineComment() {
    let start = index
    index = lineEnd(from: index)
    var stop = index
    if stop > start, bytes[stop - 1] == UInt8(ascii: "\r") { stop -= 1 }
    comments.append(Comment(kind: .line, range: start..<stop))
    pendingFlags.insert(.spaceBefore)
  }

  /// The offset of the next line feed at or after `position` (or the end).
  func lineEnd(from position: Int) -> Int {
    var cursor = position
    while cursor < end, bytes[cursor] != UInt8(ascii: "\n") { cursor += 1 }
    return cursor
  }

  mutating func lexBlockComment() {
    let start = index
    index = blockCommentEnd(from: index)
    comments.append(Comment(kind: .block, range: start..<index))
    pendingFlags.insert(.spaceBefore)
    if bytes[start..<index].contains(UInt8(ascii: "\n")) { pendingFlags.insert(.newlineBefore) }
  }

  /// The end of the block comment that starts at `position` (at `/*`): comments nest in Swift,
  /// not in C. An unterminated comment runs to the end of the file.
  func blockCommentEnd(from position: Int) -> Int {
    var cursor = position + 2
    var depth = 1
    while cursor < end {
      let byte = bytes[cursor]
      if byte == UInt8(ascii: "*"), cursor + 1 < end, bytes[cursor + 1] == UInt8(ascii: "/") {
        cursor += 2
        depth -= 1
        if depth == 0 { return cursor }
      } else if language == .swift, byte == UInt8(ascii: "/"), cursor + 1 < end,
        bytes[cursor + 1] == UInt8(ascii: "*")
      {
        cursor += 2
        depth += 1
      } else {
        cursor += 1
      }
    }
    return end
  }

  // MARK: - Words and numbers

  private mutating func lexWord() {
    let start = index
    index = wordEnd(from: index + 1)
    // Keywords start with a lower-case letter or `_`, except `Self`, `YES`, `NO`, `NULL`,
    // `Nil`, `TRUE` and `FALSE`: other capitalized words (type names) skip the lookup.
    let first = bytes[start]
    let mayBeKeyword =
      first >= UInt8(ascii: "a") || first == UInt8(ascii: "_") || first == UInt8(ascii: "S")
      || first == UInt8(ascii: "Y")
      || first == UInt8(ascii: "N") || first == UInt8(ascii: "T") || first == UInt8(ascii: "F")
    add(
      .identifier, start..<index,
      keyword: mayBeKeyword ? keywords.keyword(in: bytes, start..<index) : .none)
  }

  /// `` `name` `` on one line; without its closing backtick, the backtick is `.unknown`.
  private mutating func lexBacktickedWord() {
    let start = index
    var cursor = index + 1
    while cursor < end, bytes[cursor] != UInt8(ascii: "`"), bytes[cursor] != UInt8(ascii: "\n") {
      cursor += 1
    }
    guard cursor < end, bytes[cursor] == UInt8(ascii: "`"), cursor > start + 1 else {
      addSingle(.unknown)
      return
    }
    index = cursor + 1
    add(.identifier, start..<index)
  }

  /// A number and its suffix. After a `.` glued to it (`tuple.0.1`), only digits, so a tuple
  /// index is never read as a fraction.
  private mutating func lexNumber() {
    let start = index
    if let last = tokens.last, last.kind == .dot, last.upperBound == start {
      while let byte = peek(), Self.isDigit(byte) { index += 1 }
      add(.number, start..<index)
      return
    }
    let isHex = peek() == UInt8(ascii: "0") && (peek(1) == UInt8(ascii: "x") || peek(1) == 0x58)
    index += 1
    while let byte = peek() {
      if Self.isWordContinue(byte) && byte < 0x80 {
        index += 1
      } else if byte == UInt8(ascii: "."), let next = peek(1), Self.isDigit(next) {
        index += 1
      } else if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-"),
        let previous = byteAt(index - 1),
        isHex
          ? (previous == UInt8(ascii: "p") || previous == UInt8(ascii: "P"))
          : (previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E"))
      {
        index += 1
      } else {
        break
      }
    }
    add(.number, start..<index)
  }

  // MARK: - Punctuation and operators

  /// `.`, or Swift's dot operators (`...`, `..<`), or Objective-C's `...` and `.5`.
  private mutating func lexDot() {
    if language == .swift {
      if peek(1) == UInt8(ascii: ".") {
        lexSwiftOperator()
      } else {
        addSingle(.dot)
      }
      return
    }
    if peek(1) == UInt8(ascii: "."), peek(2) == UInt8(ascii: ".") {
      add(.operator, index..<index + 3)
      index += 3
    } else if let next = peek(1), Self.isDigit(next) {
      lexNumber()
    } else {
      addSingle(.dot)
    }
  }

  /// Swift's key-path backslash; in C a backslash before a line end joins lines.
  private mutating func lexBackslash() {
    if language == .objectiveC {
      if peek(1) == UInt8(ascii: "\n") {
        index += 2
        pendingFlags.insert(.spaceBefore)
        return
      }
      if peek(1) == UInt8(ascii: "\r"), peek(2) == UInt8(ascii: "\n") {
        index += 3
        pendingFlags.insert(.spaceBefore)
        return
      }
      addSingle(.unknown)
      return
    }
    addSingle(.backslash)
  }

  /// A maximal run of Swift operator characters; `.` continues it only when it starts with
  /// `.`, and `//` or `/*` ends it (a comment follows).
  private mutating func lexSwiftOperator() {
    let start = index
    let dotted = bytes[index] == UInt8(ascii: ".")
    index += 1
    while let byte = peek() {
      if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*") {
        break
      }
      guard Self.isOperatorCharacter(byte) || (dotted && byte == UInt8(ascii: ".")) else { break }
      index += 1
    }
    add(.operator, start..<index)
  }

  /// The C operators of two or three characters; anything else is one character.
  private static let cOperators: [[UInt8]] = [
    "<<=", ">>=", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=", "-=",
    "*=", "/=", "%=", "&=", "|=", "^=",
  ].map { Array($0.utf8) }

  private mutating func lexCOperator() {
    let start = index
    for spelling in Self.cOperators where matches(spelling, at: start) {
      index += spelling.count
      add(.operator, start..<index)
      return
    }
    addSingle(.operator)
  }

  func matches(_ spelling: [UInt8], at position: Int) -> Bool {
    guard position + spelling.count <= end else { return false }
    for offset in 0..<spelling.count where bytes[position + offset] != spelling[offset] {
      return false
    }
    return true
  }

  // MARK: - `@`

  /// Swift attributes; Objective-C `@"…"`, `@word` and a lone `@` before a literal.
  private mutating func lexAt() {
    let start = index
    if language == .objectiveC, peek(1) == UInt8(ascii: "\"") {
      lexCString(from: start)
      return
    }
    if let next = peek(1), Self.isWordStart(next) {
      index = wordEnd(from: start + 1)
      let keyword =
        language == .objectiveC
        ? ScanKeywordTable.objectiveCAt.keyword(in: bytes, start + 1..<index) : .none
      add(.attribute, start..<index, keyword: keyword)
      return
    }
    addSingle(.at)
  }
}
