/// Turns the bytes of a source file into tokens and comments.
///
/// The lexer never fails: a malformed part of the file is reported as a `syntax` diagnostic at
/// the byte where it goes wrong and skipped (or kept as an `.invalid` token where a value was
/// meant), so the parser sees a plausible stream and does not cascade.
///
/// ```
/// token      := identifier | string | number | version | duration | color
///             | '{' | '}' | ',' | ';' | newline
/// identifier := [A-Za-z_] [A-Za-z0-9_]*
/// string     := '"' (char | '\' ( '"' | '\' | 'n' | 't' | 'u{' hex{1,8} '}' ))* '"'
/// number     := digits ('.' digits)?            version := digits ('.' digits){2,}
/// duration   := digits ('.' digits)? ('ms' | 's')
/// color      := '#' [A-Za-z0-9_]*             (its shape is checked where a colour is expected)
/// trivia     := ' ' | '\t' | VT | FF | '//' … | '/*' … '*/'   (block comments nest)
/// newline    := '\n' | '\r\n' | '\r'
/// ```
///
/// A lone carriage return ends a line as `\n` and `\r\n` do, everywhere a line end matters
/// (here, in `SourceFile`'s line table, in suppressions and in the formatter): editors show it
/// as a line break, so `// c\rscreen C {}` must not hide a declaration inside a comment.
/// Strings and comments may not hold characters an editor does not show as they act: control
/// characters other than tab, line and paragraph separators, bidirectional formatting
/// characters and byte order marks (`isHidden`); each string or comment holding some is one
/// `syntax` error, at the first.
///
/// Recovery, so that one mistake is one diagnostic:
/// - a word with non-ASCII text in it (`Café`, `首页`, a stray invalid byte) is one `.invalid`
///   token, reported once per run of non-ASCII bytes;
/// - an unterminated or malformed string is an `.invalid` token up to the end of its line, and
///   a `'single-quoted'` string one `.invalid` token;
/// - a run of other unexpected ASCII characters is reported once and skipped, and so are the
///   further ones on the same line;
/// - an unterminated block comment runs to the end of the file and is remembered in
///   `TokenStream.endsInsideComment`, so no missing `}` is reported after it.
public struct Lexer: ~Copyable {
  private let file: SourceFile
  /// The file's bytes, read without bounds checks: every read is below `limit` or guarded.
  private let bytes: UnsafeBufferPointer<UInt8>
  /// Where lexing stops, as if the file ended there: its end, or the end of a chunk lexed on
  /// its own (`ParallelParser`).
  private let limit: Int
  private var index: Int
  /// Appended to for every token: a `GrowingBuffer`, not an array that asks whether its
  /// buffer is shared at each append; copied into the stream's array at the end, in one go.
  private var tokens: GrowingBuffer<Token>
  private var comments: [Comment] = []
  private var stringValues = DecodedStrings()
  private var diagnostics: [Diagnostic] = []
  private var endsInsideComment = false
  /// Where the last unexpected ASCII character was reported: further ones on the same line
  /// are the same mistake (a line of prose, a pasted snippet) and are not reported again.
  private var lastUnexpected: Int?
  /// When a chunk lexed ahead (`ParallelParser`) gives up: at its first diagnostic (the chunk
  /// is then lexed again with what follows it), or when its work has become of no use.
  private let stop: ChunkStop
  /// Where `stop` is asked next: every 64 KB, not for every token, and at once after a
  /// diagnostic when it stops at the first (`error` moves it), so the loop tests one offset.
  private var nextPoll: Int

  /// Lexes a whole file.
  public static func lex(_ file: SourceFile) -> (TokenStream, [Diagnostic]) {
    lex(file, in: file.contentStart..<file.bytes.count)
  }

  /// Lexes the bytes of `range` as if the file ended at its end; offsets stay the file's.
  /// `range` ends at the end of the file or after a `\n`, so no token is cut. The result is
  /// incomplete if `stop` made the lexer give up.
  ///
  /// The tokens are copied into `buffer`, emptied first: a caller that lexes a file a piece at
  /// a time (`PiecewiseParser`) hands back each piece's array, so one array serves them all.
  static func lex(
    _ file: SourceFile, in range: Range<Int>, stop: ChunkStop = .never,
    into buffer: consuming [Token] = []
  ) -> (TokenStream, [Diagnostic]) {
    var tokens = consume buffer
    return file.bytes.withUnsafeBufferPointer { bytes in
      var lexer = Lexer(file: file, bytes: bytes, range: range, stop: stop)
      lexer.run()
      lexer.tokens.copy(into: &tokens)
      let stream = TokenStream(
        file: file, tokens: tokens, comments: lexer.comments,
        stringValues: lexer.stringValues, endsInsideComment: lexer.endsInsideComment)
      return (stream, lexer.diagnostics)
    }
  }

  private init(
    file: SourceFile, bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, stop: ChunkStop
  ) {
    self.file = file
    self.bytes = bytes
    self.index = range.lowerBound
    self.limit = range.upperBound
    self.stop = stop
    self.nextPoll = stop.isAbandoned == nil ? Int.max : range.lowerBound
    tokens = GrowingBuffer(capacity: range.count / 4 + 1)
  }

  // MARK: - Driver

  private mutating func run() {
    while index < limit {
      if index >= nextPoll {
        if stop.atFirstDiagnostic, !diagnostics.isEmpty { break }
        nextPoll = index + 65536
        if stop.isAbandoned?() == true { break }
      }
      let start = index
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C:
        // A run at once: indentation is a good part of a file.
        index = runEnd(from: index + 1, while: Self.isBlank)
      case UInt8(ascii: "\r") where peek(1) == UInt8(ascii: "\n"):
        index += 1  // The `\n` of `\r\n` ends the line.
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        index += 1
        addNewline(start..<index)
      case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
        lexLineComment()
      case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
        lexBlockComment()
      case UInt8(ascii: "{"): addSingle(.leftBrace)
      case UInt8(ascii: "}"): addSingle(.rightBrace)
      case UInt8(ascii: ","): addSingle(.comma)
      case UInt8(ascii: ";"): addSingle(.semicolon)
      case UInt8(ascii: "\""): lexString()
      case UInt8(ascii: "'"): lexSingleQuotedString()
      case UInt8(ascii: "#"): lexColor()
      case UInt8(ascii: "0")...UInt8(ascii: "9"): lexNumber()
      case _ where Self.isIdentifierStart(byte): lexIdentifier()
      case 0x80...: lexNonASCIIWord()
      default: lexUnexpected()
      }
    }
    tokens.append(Token(.endOfFile, limit..<limit))
  }

  // MARK: - Helpers

  /// Where the run of bytes from `position` that `belongs` accepts ends (at most `limit`).
  ///
  /// The hot loops (words, blanks, comments, strings, digits) scan with this local position,
  /// which stays in a register; stepping `index` itself, a field of the lexer, stored it
  /// after every byte.
  @inline(__always)
  private func runEnd(from position: Int, while belongs: (UInt8) -> Bool) -> Int {
    var end = position
    while end < limit, belongs(bytes[end]) { end += 1 }
    return end
  }

  @inline(__always)
  private func peek(_ offset: Int = 0) -> UInt8? {
    let position = index + offset
    return position < limit ? bytes[position] : nil
  }

  private mutating func addSingle(_ kind: Token.Kind) {
    tokens.append(Token(kind, index..<index + 1))
    index += 1
  }

  private mutating func addNewline(_ range: Range<Int>) {
    if let last = tokens.last, last.kind == .newline {
      tokens[tokens.count - 1].range = last.range.lowerBound..<range.upperBound
    } else {
      tokens.append(Token(.newline, range))
    }
  }

  private mutating func error(_ message: String, at range: Range<Int>) {
    diagnostics.append(Diagnostic(.syntax, message, at: SourceRange(file, range)))
    if stop.atFirstDiagnostic { nextPoll = 0 }
  }

  @inline(__always)
  static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == 0x0B || byte == 0x0C
  }

  @inline(__always)
  static func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
      || byte == UInt8(ascii: "_")
  }

  /// `[A-Za-z0-9_]`, answered from one bit of a constant rather than by three range tests: it
  /// runs on every byte of every word.
  @inline(__always)
  static func isIdentifierContinue(_ byte: UInt8) -> Bool {
    // Bytes 0–63: the digits (48–57). Bytes 64–127: `A`–`Z` (65–90), `_` (95), `a`–`z` (97–122).
    let digits: UInt64 = 0x03FF_0000_0000_0000
    let lettersAndUnderscore: UInt64 = 0x07FF_FFFE_87FF_FFFE
    let bits = byte < 64 ? digits : lettersAndUnderscore
    return byte < 128 && (bits >> UInt64(byte & 63)) & 1 != 0
  }

  @inline(__always)
  static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  @inline(__always)
  package static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  /// Printable ASCII: most of a comment, neither hidden nor invalid.
  @inline(__always)
  static func isPrintableASCII(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }

  /// Printable ASCII other than the quote and the backslash: most of a string literal, each
  /// byte its own text.
  @inline(__always)
  static func isPlainStringByte(_ byte: UInt8) -> Bool {
    isPrintableASCII(byte) && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
  }

  @inline(__always)
  static func isLineEnd(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
  }

  /// Whether `scalar` may not appear raw in a string or comment: control characters other
  /// than tab and the line ends (which end a string or line comment before this is asked),
  /// line and paragraph separators, bidirectional formatting characters, byte order marks.
  static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D: false
    case 0x00..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069,
      0xFEFF:
      true
    default: false
    }
  }

  /// The first hidden character of the well-formed sequence of `length` bytes at `index`, as a
  /// range, if it is one.
  private func hiddenCharacter(at index: Int, length: Int) -> Range<Int>? {
    let lead = bytes[index]
    // Only these lead bytes start a hidden character; the rest need not be decoded.
    guard
      lead < 0x20 || lead == 0x7F || lead == 0xC2 || lead == 0xD8 || lead == 0xE2
        || lead == 0xEF
    else { return nil }
    let scalar = UTF8Validation.decode(bytes, at: index, length: length)
    return Self.isHidden(scalar) ? index..<index + length : nil
  }

  /// Reports the first hidden character of a string or comment, if there was one.
  private mutating func reportHidden(_ range: Range<Int>?, inString: Bool) {
    guard let range else { return }
    let length = UTF8Validation.sequenceLength(in: bytes, at: range.lowerBound) ?? 1
    let scalar = UTF8Validation.decode(bytes, at: range.lowerBound, length: length)
    error(SyntaxMessages.hiddenCharacter(scalar, inString: inString), at: range)
  }

  /// Skips one UTF-8 sequence of non-code text (a comment), reporting it if it is invalid and
  /// remembering the first hidden character. Consecutive invalid bytes are reported once.
  private mutating func skipTextByte(
    afterInvalid previousInvalid: inout Bool, firstHidden: inout Range<Int>?
  ) {
    if bytes[index] < 0x80 {
      if firstHidden == nil { firstHidden = hiddenCharacter(at: index, length: 1) }
      index += 1
      previousInvalid = false
    } else if let length = UTF8Validation.sequenceLength(in: bytes, at: index) {
      if firstHidden == nil { firstHidden = hiddenCharacter(at: index, length: length) }
      index += length
      previousInvalid = false
    } else {
      if !previousInvalid { error(SyntaxMessages.invalidUTF8(bytes[index]), at: index..<index + 1) }
      index += 1
      previousInvalid = true
    }
  }

  // MARK: - Trivia

  private mutating func lexLineComment() {
    let start = index
    index += 2
    var previousInvalid = false
    var firstHidden: Range<Int>?
    while index < limit, !Self.isLineEnd(bytes[index]) {
      let plainEnd = runEnd(from: index, while: Self.isPrintableASCII)
      if plainEnd > index {
        index = plainEnd
        previousInvalid = false
        continue
      }
      skipTextByte(afterInvalid: &previousInvalid, firstHidden: &firstHidden)
    }
    reportHidden(firstHidden, inString: false)
    comments.append(Comment(kind: .line, range: start..<index))
  }

  private mutating func lexBlockComment() {
    let start = index
    index += 2
    var depth = 1
    var previousInvalid = false
    var firstHidden: Range<Int>?
    while index < limit {
      if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
        index += 2
        depth -= 1
        if depth == 0 { break }
      } else if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
        index += 2
        depth += 1
      } else {
        skipTextByte(afterInvalid: &previousInvalid, firstHidden: &firstHidden)
      }
    }
    reportHidden(firstHidden, inString: false)
    if depth > 0 {
      error(SyntaxMessages.unterminatedBlockComment, at: start..<start + 2)
      endsInsideComment = true
    }
    comments.append(Comment(kind: .block, range: start..<index))
  }

  // MARK: - Tokens

  private mutating func lexIdentifier() {
    let start = index
    index += 1
    let isClean = lexWordTail()
    tokens.append(Token(isClean ? .identifier : .invalid, start..<index))
  }

  /// A word that starts with non-ASCII text, such as `首页`: one invalid token.
  private mutating func lexNonASCIIWord() {
    let start = index
    _ = lexWordTail()
    tokens.append(Token(.invalid, start..<index))
  }

  /// Consumes the rest of a word: identifier characters and any non-ASCII text glued to them.
  /// Returns `false` (after reporting each run of non-ASCII bytes) when there was some, so
  /// `Café` is one mistake rather than a name, a stray character and a second name.
  private mutating func lexWordTail() -> Bool {
    var isClean = true
    while true {
      index = runEnd(from: index, while: Self.isIdentifierContinue)
      guard let byte = peek(), byte >= 0x80 else { return isClean }
      isClean = false
      lexNonASCIIRun()
    }
  }

  /// A run of non-ASCII bytes in a word, reported once: at its first invalid byte if it has
  /// one (invalid UTF-8 is reported where it is), else at its first character.
  private mutating func lexNonASCIIRun() {
    let start = index
    var firstInvalid: Int?
    while let byte = peek(), byte >= 0x80 {
      if let length = UTF8Validation.sequenceLength(in: bytes, at: index) {
        index += length
      } else {
        if firstInvalid == nil { firstInvalid = index }
        index += 1
      }
    }
    if let invalid = firstInvalid {
      error(SyntaxMessages.invalidUTF8(bytes[invalid]), at: invalid..<invalid + 1)
    } else {
      let length = UTF8Validation.sequenceLength(in: bytes, at: start) ?? 1
      let scalar = UTF8Validation.decode(bytes, at: start, length: length)
      error(SyntaxMessages.nonASCIIInName(scalar), at: start..<index)
    }
  }

  /// `digits ('.' digits)*` then an optional unit suffix.
  private mutating func lexNumber() {
    let start = index
    var dots = 0
    index = runEnd(from: index, while: Self.isDigit)
    while peek() == UInt8(ascii: "."), let next = peek(1), Self.isDigit(next) {
      dots += 1
      index = runEnd(from: index + 1, while: Self.isDigit)
    }
    let suffixStart = index
    guard lexWordTail() else {
      tokens.append(Token(.invalid, start..<index))
      return
    }
    let suffix = bytes[suffixStart..<index]
    let kind: Token.Kind
    if suffix.isEmpty {
      kind = dots >= 2 ? .version : .number
    } else if dots < 2, suffix.elementsEqual("ms".utf8) || suffix.elementsEqual("s".utf8) {
      kind = .duration
    } else {
      error(SyntaxMessages.invalidNumber(file.text(start..<index)), at: start..<index)
      kind = .invalid
    }
    tokens.append(Token(kind, start..<index))
  }

  /// `#` and the word after it. Whether it is a well-formed colour is decided where a colour is
  /// expected (`invalid-value`), so `#12345` and a bare `#` are reported with the directive.
  private mutating func lexColor() {
    let start = index
    index += 1
    let isClean = lexWordTail()
    // `titl#eStyle`: a `#` inside a word is a stray character, not a colour.
    if let last = tokens.last, last.range.upperBound == start, Self.isWord(last.kind) {
      if last.kind != .invalid {
        error(SyntaxMessages.unexpectedCharacter("#"), at: start..<start + 1)
      }
      tokens.removeLast()
      tokens.append(Token(.invalid, last.range.lowerBound..<index))
      return
    }
    tokens.append(Token(isClean ? .color : .invalid, start..<index))
  }

  /// A string literal on one line. A malformed or unterminated literal becomes an `.invalid`
  /// token (up to the end of the line), so the statement it belongs to is not reported again.
  private mutating func lexString() {
    let start = index
    index += 1
    // `nil` while every byte so far is its own text (no escape, no invalid byte): the value is
    // then decoded from the bytes in one go, without a scalar at a time.
    var scalars: String.UnicodeScalarView?
    var valid = true
    var previousInvalid = false
    var firstHidden: Range<Int>?
    defer { reportHidden(firstHidden, inString: true) }
    while true {
      // While the value is the literal's own bytes, a run of plain bytes is skipped at once.
      if scalars == nil {
        let plainEnd = runEnd(from: index, while: Self.isPlainStringByte)
        if plainEnd > index {
          index = plainEnd
          previousInvalid = false
        }
      }
      guard let byte = peek(), !Self.isLineEnd(byte) else {
        error(SyntaxMessages.unterminatedString, at: start..<start + 1)
        valid = false
        break
      }
      if byte == UInt8(ascii: "\"") {
        index += 1
        break
      }
      if byte == UInt8(ascii: "\\") {
        if scalars == nil { scalars = plainText(start + 1..<index).unicodeScalars }
        if let scalar = lexEscape() { scalars?.append(scalar) } else { valid = false }
        previousInvalid = false
        continue
      }
      if byte < 0x80 {
        if firstHidden == nil, byte != UInt8(ascii: "\t") {
          firstHidden = hiddenCharacter(at: index, length: 1)
        }
        scalars?.append(Unicode.Scalar(byte))
        index += 1
        previousInvalid = false
      } else if let length = UTF8Validation.sequenceLength(in: bytes, at: index) {
        if firstHidden == nil { firstHidden = hiddenCharacter(at: index, length: length) }
        scalars?.append(UTF8Validation.decode(bytes, at: index, length: length))
        index += length
        previousInvalid = false
      } else {
        if !previousInvalid { error(SyntaxMessages.invalidUTF8(byte), at: index..<index + 1) }
        if scalars == nil { scalars = plainText(start + 1..<index).unicodeScalars }
        scalars?.append("\u{FFFD}")
        index += 1
        previousInvalid = true
        valid = false
      }
    }
    tokens.append(Token(valid ? .string : .invalid, start..<index))
    // Kept only when it is not the literal's own bytes; the rest are read from the bytes
    // (`TokenStream.stringValue(of:)`), with no `String` made here for them.
    if let scalars { stringValues.append(String(scalars), startingAt: start) }
  }

  /// Bytes that are valid UTF-8 (checked as they were lexed), as a string.
  private func plainText(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  /// One escape sequence, at a backslash; `nil` (diagnosed) if it is malformed.
  private mutating func lexEscape() -> Unicode.Scalar? {
    let start = index
    index += 1
    // A backslash that ends the line leaves the string unterminated; that is the one mistake.
    guard let byte = peek(), !Self.isLineEnd(byte) else { return nil }
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"): return lexUnicodeEscape(start: start)
    default:
      index -= 1
      // Invalid UTF-8 after the backslash is the mistake, reported at that byte by the string's
      // own loop, where the index is left; the escape it spoils is not reported too.
      guard let length = UTF8Validation.sequenceLength(in: bytes, at: index) else { return nil }
      index += length
      error(SyntaxMessages.invalidEscape(file.text(start..<index)), at: start..<index)
      return nil
    }
  }

  /// `\u{hex}` after the `u`.
  private mutating func lexUnicodeEscape(start: Int) -> Unicode.Scalar? {
    guard peek() == UInt8(ascii: "{") else {
      error(SyntaxMessages.invalidUnicodeEscape(file.text(start..<index)), at: start..<index)
      return nil
    }
    index += 1
    var value: UInt32 = 0
    var digits = 0
    while let byte = peek(), let digit = Self.hexValue(byte) {
      if digits < 8 { value = value << 4 | digit }
      digits += 1
      index += 1
    }
    let closed = peek() == UInt8(ascii: "}")
    if closed { index += 1 }
    guard closed, (1...8).contains(digits), let scalar = Unicode.Scalar(value) else {
      error(SyntaxMessages.invalidUnicodeEscape(file.text(start..<index)), at: start..<index)
      return nil
    }
    return scalar
  }

  /// `'text'` on one line: a string in the wrong quotes, one `.invalid` token. Without a closing
  /// quote (or with invalid UTF-8 inside) the quote is just an unexpected character.
  private mutating func lexSingleQuotedString() {
    let start = index
    var end = index + 1
    while end < limit, bytes[end] != UInt8(ascii: "'"), !Self.isLineEnd(bytes[end]) {
      guard let length = UTF8Validation.sequenceLength(in: bytes, at: end) else { break }
      end += length
    }
    guard end < limit, bytes[end] == UInt8(ascii: "'") else {
      lexUnexpected()
      return
    }
    index = end + 1
    error(SyntaxMessages.singleQuotedString, at: start..<index)
    tokens.append(Token(.invalid, start..<index))
  }

  /// An ASCII character that starts no token: report it, and the run of unexpected ASCII
  /// characters after it, once.
  ///
  /// A run between two parts of a word (`13.x`, `Main.Home`, `view-did-appear`) makes the
  /// whole word one `.invalid` token, so the parts are not read as separate values.
  private mutating func lexUnexpected() {
    let start = index
    let message = SyntaxMessages.unexpectedCharacter(Unicode.Scalar(bytes[index]))
    index += 1
    while let byte = peek(), byte < 0x80, !startsToken(byte) { index += 1 }
    // Compared by line index, not by scanning the text between: a long line of unexpected
    // characters must not cost its length for each of them.
    let isNewOnItsLine =
      lastUnexpected.map { file.lineIndex(of: $0) != file.lineIndex(of: start) } ?? true
    if isNewOnItsLine { lastUnexpected = start }
    guard let last = tokens.last, last.range.upperBound == start, Self.isWord(last.kind),
      let next = peek(), Self.isIdentifierContinue(next) || next >= 0x80
    else {
      if isNewOnItsLine { error(message, at: start..<index) }
      return
    }
    // A word glued once already has been reported.
    if last.kind != .invalid, isNewOnItsLine { error(message, at: start..<index) }
    tokens.removeLast()
    _ = lexWordTail()
    tokens.append(Token(.invalid, last.range.lowerBound..<index))
  }

  /// Whether a token of `kind` is made of word characters, so text glued to it is part of it.
  private static func isWord(_ kind: Token.Kind) -> Bool {
    switch kind {
    case .identifier, .number, .version, .duration, .color, .invalid: true
    default: false
    }
  }

  /// Whether lexing can resume at `byte`: whitespace, punctuation or the start of a token.
  private func startsToken(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"), 0x0B, 0x0C,
      UInt8(ascii: "/"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ","),
      UInt8(ascii: ";"), UInt8(ascii: "\""), UInt8(ascii: "#"), UInt8(ascii: "'"):
      true
    default: Self.isIdentifierContinue(byte)
    }
  }
}
