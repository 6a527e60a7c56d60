/// A recursive-descent parser from tokens to a `SyntaxFile`.
///
/// ```
/// file       := statement* EOF
/// statement  := end | directive
/// directive  := IDENTIFIER arguments? block? end?      (no `end` needed after a block)
/// arguments  := value (','? newline* value)*           (a trailing ',' continues the line)
/// value      := IDENTIFIER | STRING | NUMBER | VERSION | DURATION | COLOR
/// block      := newline* '{' statement* '}'
/// end        := NEWLINE | ';' | before '}' | EOF
/// ```
///
/// Error recovery: a malformed statement is reported once and skipped up to its end (a line
/// end, `;`, or the `}` of the enclosing block, skipping any balanced block inside it), so
/// every independent mistake gets one diagnostic. A statement that starts with a token the
/// lexer already reported is skipped silently.
///
/// The grammar does not know which directives exist, with one exception used only for
/// recovery: the declaration keywords `platform`, `style`, `navigator` and `screen`, which
/// never appear inside a block, and the directives that always take a block (`screen`,
/// `navigator`, `style`, `on`). Indentation then tells where a brace was forgotten:
/// - a declaration keyword that starts a line inside a block, indented no deeper than the line
///   that opened the block, means the block's `}` is missing: it is reported there once, and
///   the declaration is read normally (no cascade of misplaced directives). The same holds
///   for an `on` inside a hook, since hooks do not nest;
/// - a block-taking directive (or a `titleStyle` without a value) with no `{` whose next line
///   is indented deeper takes the deeper lines as its block (up to a `}` or a line indented no
///   deeper than its own): the missing `{` is reported once and the body is read normally;
/// - a `}` that ends a line followed by lines indented deeper than the block's opener closes
///   the block too early: it is reported and skipped, and the block goes on.
public struct Parser {
  /// Blocks nested deeper than this are reported and skipped, so hostile input cannot
  /// exhaust the stack.
  public static let maximumNesting = 32

  /// Words that start a top-level declaration and never appear inside a block.
  static let declarationKeywords: [StaticString] = ["platform", "style", "navigator", "screen"]

  /// The tokens being read: the file's, or one piece's (`PiecewiseParser`).
  private var stream: TokenStream
  private var tokens: [Token]
  /// The file's bytes and where its content starts (after a byte order mark), held here so
  /// the indentation questions do not go through the `SourceFile` each time.
  private let bytes: [UInt8]
  private let contentStart: Int
  private var position = 0
  private var diagnostics: [Diagnostic] = []
  /// When a chunk parsed ahead (`ParallelParser`) gives up, as in `Lexer`.
  private var stop: ChunkStop
  private var nextPoll: Int
  private var hasStopped = false
  private let indentations = Indentations()
  private var tree: SyntaxTreeBuilder

  /// The block being parsed: how deeply the line that opened it is indented, and whether its
  /// `{` was missing (its extent is then decided by indentation alone).
  private struct Enclosing {
    var indentation: Int
    var isImplicit: Bool
    /// Whether the block is a hook's (`on`): hooks do not nest.
    var isHook: Bool
  }

  /// Parses a lexed file.
  public static func parse(_ stream: TokenStream) -> (SyntaxFile, [Diagnostic]) {
    parse(stream, stop: .never)
  }

  /// Parses a lexed file or chunk; the result is incomplete if `stop` made the parser give up.
  static func parse(_ stream: TokenStream, stop: ChunkStop) -> (SyntaxFile, [Diagnostic]) {
    var parser = Parser(stream: stream, stop: stop)
    parser.parseStatements(depth: 0, enclosing: nil)
    let file = SyntaxFile(
      tree: parser.tree.build(), comments: stream.comments,
      endsInsideComment: stream.endsInsideComment)
    return (file, parser.diagnostics)
  }

  /// A parser of `stream`, whose tree has room for what `stream` makes, or for what
  /// `scale` times as many tokens make (`PiecewiseParser`: a file read a piece at a time).
  init(stream: TokenStream, stop: ChunkStop, scale: Double = 1) {
    self.stream = stream
    self.tokens = stream.tokens
    self.bytes = stream.file.bytes
    self.contentStart = stream.file.contentStart
    self.stop = stop
    self.nextPoll = stop.isAbandoned == nil ? Int.max : 0
    self.tree = SyntaxTreeBuilder(file: stream.file)
    let size = Self.expectedSize(of: stream.tokens)
    tree.reserveCapacity(
      nodes: Int((Double(size.directives) * scale).rounded(.up)),
      arguments: Int((Double(size.arguments) * scale).rounded(.up)))
  }

  // MARK: - A piece at a time

  /// Parses the statements of `stream`, a piece of the file that starts at a top-level
  /// statement, after the pieces before it (the first one is the parser's own stream).
  mutating func parsePiece(_ stream: consuming TokenStream, stop: ChunkStop) {
    self.stream = stream
    tokens = self.stream.tokens
    self.stop = stop
    position = 0
    nextPoll = stop.isAbandoned == nil ? Int.max : 0
    parseStatements(depth: 0, enclosing: nil)
  }

  /// The parser's diagnostics, of the pieces parsed so far.
  var diagnosticsSoFar: [Diagnostic] { diagnostics }

  /// Where the tree ends, to go back to with `rollBack(to:)`.
  var mark: SyntaxTreeBuilder.Mark { tree.mark }

  /// Forgets what was parsed since `mark`, diagnostics included (there were none before it).
  mutating func rollBack(to mark: SyntaxTreeBuilder.Mark) {
    tree.rollBack(to: mark)
    diagnostics = []
    hasStopped = false
  }

  /// The current piece's token array, given up so the next piece's lexer can fill it again.
  mutating func takeTokens() -> [Token] {
    stream.tokens = []
    var taken: [Token] = []
    swap(&taken, &tokens)
    return taken
  }

  /// The tree parsed so far.
  func build() -> SyntaxTree { tree.build() }

  /// How many directives and arguments the tokens make, counted ahead so the tree's arrays
  /// are sized once: grown by doubling, they would keep up to half their capacity unused and,
  /// while growing, hold the old and the new buffer at once, on top of the tokens.
  ///
  /// A word that starts a statement (first, or after a line end, `;`, `{` or `}`, but not
  /// after a `,` that carries the list over a line end) is a directive, any other value an
  /// argument: exact for a well-formed file, and only a hint for a broken one.
  private static func expectedSize(of tokens: [Token]) -> (directives: Int, arguments: Int) {
    var directives = 0
    var values = 0
    var startsStatement = true
    var followsComma = false
    for token in tokens {
      switch token.kind {
      case .newline:
        if !followsComma { startsStatement = true }
      case .semicolon, .leftBrace, .rightBrace:
        startsStatement = true
        followsComma = false
      case .comma:
        startsStatement = false
        followsComma = true
      case .identifier, .invalid:
        if startsStatement { directives += 1 }
        values += 1
        startsStatement = false
        followsComma = false
      case .string, .number, .version, .duration, .color:
        values += 1
        startsStatement = false
        followsComma = false
      case .endOfFile:
        break
      }
    }
    return (directives, values - directives)
  }

  /// Whether to give up (see `ChunkStop`); once it says so, it always does, so every
  /// enclosing loop returns too.
  private mutating func shouldStop() -> Bool {
    if hasStopped { return true }
    if stop.atFirstDiagnostic, !diagnostics.isEmpty {
      hasStopped = true
    } else if position >= nextPoll {
      nextPoll = position + 16384
      hasStopped = stop.isAbandoned?() == true
    }
    return hasStopped
  }

  // MARK: - Cursor

  private var current: Token { tokens[position] }

  private mutating func advance() {
    if position < tokens.count - 1 { position += 1 }
  }

  private func peekKind(skippingNewlines: Bool) -> Token.Kind {
    tokens[peekIndex(skippingNewlines: skippingNewlines)].kind
  }

  private func peekIndex(skippingNewlines: Bool) -> Int {
    var index = position
    while skippingNewlines, tokens[index].kind == .newline { index += 1 }
    return index
  }

  /// How deeply the line of `token` is indented (spaces and tabs), if `token` is the first
  /// thing on its line.
  @inline(__always)
  private func indentation(ofLineStartingWith token: Token) -> Int? {
    guard token.kind != .endOfFile else { return nil }
    return blanksBeforeIfFirstOnLine(token.range.lowerBound)
  }

  /// How deeply the line holding `token` is indented.
  @inline(__always)
  private func lineIndentation(of token: Token) -> Int {
    if let indentation = blanksBeforeIfFirstOnLine(token.range.lowerBound) { return indentation }
    let (lineStart, firstNonBlank) = indentationBounds(of: token)
    return firstNonBlank - lineStart
  }

  /// The spaces and tabs right before `offset` if only they stand between it and the start
  /// of its line (then they are the line's indentation), else `nil`.
  ///
  /// Read backwards from the token rather than forwards from the line table's line start: a
  /// statement is almost always on a line of its own, so the line is new to every question
  /// and finding it was most of the cost. It reads the blanks before the token only, which
  /// the lexer read anyway, so a line of many statements costs no more than its length.
  @inline(__always)
  private func blanksBeforeIfFirstOnLine(_ offset: Int) -> Int? {
    var index = offset
    while index > contentStart,
      bytes[index - 1] == UInt8(ascii: " ") || bytes[index - 1] == UInt8(ascii: "\t")
    {
      index -= 1
    }
    // The line table's lines start at `contentStart` and after `\n`, `\r\n` and a lone `\r`.
    guard
      index == contentStart || bytes[index - 1] == UInt8(ascii: "\n")
        || bytes[index - 1] == UInt8(ascii: "\r")
    else { return nil }
    return offset - index
  }

  /// The start of the line holding `token` and the offset of the first byte on it that is not
  /// a space or a tab. Remembered per line: a line indented by megabytes that holds many
  /// statements would otherwise cost its indentation for each of them.
  ///
  /// Inlined, since most questions are about the line of the previous one: two comparisons.
  @inline(__always)
  private func indentationBounds(of token: Token) -> (lineStart: Int, firstNonBlank: Int) {
    let offset = token.range.lowerBound
    if indentations.lastLineStart <= offset, offset < indentations.lastLineEnd {
      return (indentations.lastLineStart, indentations.lastFirstNonBlank)
    }
    return indentationBoundsOfNewLine(at: offset)
  }

  /// `indentationBounds(of:)` for a token past the last line asked about.
  private func indentationBoundsOfNewLine(at offset: Int) -> (lineStart: Int, firstNonBlank: Int) {
    let file = stream.file
    // Statements come in order: the line is usually the one after the last, found by a few
    // steps forward rather than a binary search over the whole file.
    var line = -1
    if let last = indentations.lastLine, file.lineStarts[last] <= offset {
      var candidate = last
      for _ in 0..<8 {
        if candidate + 1 < file.lineStarts.count,
          file.lineStarts[candidate + 1] <= offset
        {
          candidate += 1
        } else {
          line = candidate
          break
        }
      }
    }
    if line < 0 { line = file.lineIndex(of: offset) }
    indentations.lastLine = line
    let lineEnd =
      line + 1 < file.lineStarts.count ? file.lineStarts[line + 1] : file.bytes.count + 1
    if !indentations.firstNonBlank.isEmpty, let known = indentations.firstNonBlank[line] {
      indentations.remember(lineStart: file.lineStarts[line], lineEnd: lineEnd, known)
      return (file.lineStarts[line], known)
    }
    let lineStart = file.lineStarts[line]
    var index = lineStart
    while index < file.bytes.count,
      file.bytes[index] == UInt8(ascii: " ") || file.bytes[index] == UInt8(ascii: "\t")
    {
      index += 1
    }
    // Only a long indentation is worth remembering beyond the last line: a memo of every
    // line would cost more memory than the lines' tokens.
    if index - lineStart > 64 { indentations.firstNonBlank[line] = index }
    indentations.remember(lineStart: lineStart, lineEnd: lineEnd, index)
    return (lineStart, index)
  }

  /// The memo of `indentationBounds(of:)`: the lines indented deeply, and the last one.
  ///
  /// Its properties are not checked for exclusive access at run time (a check on every
  /// question): one parser owns it, and no access overlaps another.
  private final class Indentations {
    @exclusivity(unchecked) var firstNonBlank: [Int: Int] = [:]
    /// The last line answered, `lastLineStart..<lastLineEnd` (empty before the first), and its
    /// first byte that is not blank. Not optional, so the common question is two comparisons.
    @exclusivity(unchecked) var lastLineStart = 0
    @exclusivity(unchecked) var lastLineEnd = 0
    @exclusivity(unchecked) var lastFirstNonBlank = 0
    /// The line of the last question answered past the memo.
    @exclusivity(unchecked) var lastLine: Int?

    func remember(lineStart: Int, lineEnd: Int, _ firstNonBlank: Int) {
      lastLineStart = lineStart
      lastLineEnd = lineEnd
      lastFirstNonBlank = firstNonBlank
    }
  }

  /// Whether the current token ends the enclosing block although no `}` was written: a
  /// declaration keyword at the opener's indentation, or (in a block without `{`) any line
  /// indented no deeper than the opener.
  @inline(__always)
  private func endsEnclosingBlock(_ enclosing: Enclosing?) -> Bool {
    guard let enclosing, current.kind != .newline,
      let indentation = indentation(ofLineStartingWith: current),
      indentation <= enclosing.indentation
    else { return false }
    if enclosing.isImplicit { return true }
    guard current.kind == .identifier else { return false }
    // Hooks do not nest, so an `on` at the hook's own indentation starts the next hook.
    return isDeclarationKeyword(current)
      || (enclosing.isHook && stream.file.hasText("on", in: current.range))
  }

  /// Whether `token` is one of `declarationKeywords` (compared as bytes, without a `String`).
  @inline(__always)
  private func isDeclarationKeyword(_ token: Token) -> Bool {
    Self.declarationKeywords.contains { stream.file.hasText($0, in: token.range) }
  }

  private mutating func error(
    _ message: String, at range: Range<Int>, notes: [Diagnostic.Note] = []
  ) {
    diagnostics.append(
      Diagnostic(.syntax, message, at: SourceRange(stream.file, range), notes: notes))
  }

  // MARK: - Statements

  /// `statement*` up to a `}` (left for the caller), a line that ends the enclosing block (see
  /// `endsEnclosingBlock`) or the end of the file.
  private mutating func parseStatements(depth: Int, enclosing: Enclosing?) {
    while true {
      if shouldStop() { return }
      if depth > 0, endsEnclosingBlock(enclosing) { return }
      switch current.kind {
      case .endOfFile:
        return
      case .newline, .semicolon:
        advance()
      case .rightBrace:
        if depth > 0, !(depth == 1 && isStrayRightBrace(enclosing)) { return }
        error(SyntaxMessages.unexpectedRightBrace, at: current.range)
        advance()
      case .identifier, .invalid:
        // A statement that starts with a malformed word (reported by the lexer) is kept, so the
        // resolver can tell what it was probably meant to declare.
        parseDirective(depth: depth)
      default:
        error(SyntaxMessages.expectedDirective(found: current.kind), at: current.range)
        skipStatement()
      }
    }
  }

  /// Whether the `}` at the cursor closes its (top-level) block too early: the statement after
  /// it is indented deeper than the line that opened the block (and is not a declaration), so
  /// it still belongs to the block. Such a `}` is reported and skipped.
  ///
  /// Only asked for a declaration's block: after it, a statement that is not a declaration is
  /// an error either way, so a well-formed file, however it is indented, is never affected.
  private func isStrayRightBrace(_ enclosing: Enclosing?) -> Bool {
    guard let enclosing, !enclosing.isImplicit, position + 1 < tokens.count else { return false }
    var nextIndex = position + 1
    while tokens[nextIndex].kind == .newline { nextIndex += 1 }
    let next = tokens[nextIndex]
    guard next.kind == .identifier, !isDeclarationKeyword(next)
    else { return false }
    if nextIndex > position + 1 {
      // `title "x" }` and, on the next line, `push B` indented as part of the block.
      return (indentation(ofLineStartingWith: next) ?? 0) > enclosing.indentation
    }
    // `}title "x"` on a line of its own, indented as part of the block.
    return next.range.lowerBound == current.range.upperBound
      && (indentation(ofLineStartingWith: current) ?? 0) > enclosing.indentation
  }

  /// `IDENTIFIER arguments? block? end?`, at an identifier (or a malformed word).
  private mutating func parseDirective(depth: Int) {
    let name = current
    advance()
    let directive = tree.appendDirective(name: name)
    parseArguments()
    if peekKind(skippingNewlines: true) == .leftBrace {
      while current.kind == .newline { advance() }
      guard depth < Self.maximumNesting else {
        error(SyntaxMessages.nestedTooDeeply, at: current.range)
        skipStatement()
        return
      }
      parseBlock(of: directive, depth: depth + 1, opener: name)
      return
    }
    if parseBlockWithoutBrace(of: directive, name: name, depth: depth) { return }
    switch current.kind {
    case .newline, .semicolon, .rightBrace, .endOfFile:
      break
    default:
      // Unreachable: arguments stop only at an end, a brace or a comma problem.
      skipStatement()
    }
  }

  /// `arguments`, of the directive just started. A misplaced comma (first, or after another)
  /// is reported and ignored, so the values around it are still read.
  private mutating func parseArguments() {
    defer { tree.endArguments() }
    var hasArguments = false
    while true {
      if current.isValue {
        appendValue(current)
        hasArguments = true
        advance()
      } else if current.kind == .comma {
        guard hasArguments, tree.lastArgumentComma == nil else {
          error(SyntaxMessages.unexpectedComma, at: current.range)
          advance()
          continue
        }
        tree.lastArgumentComma = current.range
        advance()
        while current.kind == .newline { advance() }
        guard current.isValue || current.kind == .comma else {
          error(SyntaxMessages.expectedValueAfterComma(found: current.kind), at: current.range)
          return
        }
      } else {
        return
      }
    }
  }

  /// Appends a value to the directive just started; a string keeps its decoded text only
  /// where that is not its bytes (only such strings have one).
  private mutating func appendValue(_ token: Token) {
    tree.appendArgument(token, decodedText: stream.decodedTextIfEscaped(of: token))
  }

  /// `'{' statement* '}'`, at the `{`, of directive `owner`; `opener` is its name.
  private mutating func parseBlock(of owner: Int, depth: Int, opener: Token) {
    let leftBrace = current.range
    advance()
    let enclosing = Enclosing(
      indentation: lineIndentation(of: opener), isImplicit: false,
      isHook: stream.file.hasText("on", in: opener.range))
    parseStatements(depth: depth, enclosing: enclosing)
    var rightBrace: Range<Int>?
    if current.kind == .rightBrace {
      rightBrace = current.range
      advance()
    } else if let recovered = recoverStrayLeftBrace(in: owner, enclosing: enclosing) {
      rightBrace = recovered
    } else if current.kind == .endOfFile, stream.endsInsideComment {
      // The unterminated comment (reported) swallowed the rest of the file, `}` included.
    } else {
      let note = Diagnostic.Note(SyntaxMessages.openedHere, at: SourceRange(stream.file, leftBrace))
      // Blocks left open at the same place (nested ones at the end of the file) are one
      // diagnostic with a note for each `{`.
      if let last = diagnostics.last, last.message == SyntaxMessages.expectedRightBrace,
        last.range.bytes == current.range
      {
        diagnostics[diagnostics.count - 1].notes.append(note)
      } else {
        error(SyntaxMessages.expectedRightBrace, at: current.range, notes: [note])
      }
    }
    tree.closeBlock(of: owner, leftBrace: leftBrace, rightBrace: rightBrace)
  }

  /// Called when a block is left unclosed: if its last directive opened a block by mistake
  /// (`title "Home" {`), that block took this one's `}`. Its `{` is reported, its statements
  /// go back into this block, and the `}` it took is returned as this block's.
  ///
  /// A `{` is taken to be a mistake when the file is indented (the directive is indented
  /// deeper than this block's opener) but the block it opens is not: its first statement, or
  /// else its `}`, is indented no deeper than the directive.
  private mutating func recoverStrayLeftBrace(in owner: Int, enclosing: Enclosing)
    -> Range<Int>?
  {
    guard let last = tree.lastChild(ofOpenBlock: owner) else { return nil }
    let node = tree.nodes[last]
    // Only a written `{` can be a stray one, not a block recovered from indentation.
    guard let leftBrace = node.leftBrace(headEnd: 0), !leftBrace.isEmpty,
      let rightBrace = node.rightBrace
    else { return nil }
    let ownIndentation = lineIndentation(of: Token(node.nameKind, node.name.range))
    guard ownIndentation > enclosing.indentation else { return nil }
    let bodyStart: Token
    if last + 1 < node.subtreeEnd {
      let first = tree.nodes[last + 1]
      bodyStart = Token(first.nameKind, first.name.range)
    } else {
      bodyStart = Token(.rightBrace, rightBrace)
    }
    guard let bodyIndentation = indentation(ofLineStartingWith: bodyStart),
      bodyIndentation <= ownIndentation
    else { return nil }
    error(SyntaxMessages.unexpectedLeftBrace, at: leftBrace)
    // Its directives, already after it in pre-order, become its siblings.
    tree.removeBlock(of: last)
    return rightBrace
  }

  /// The body of a block-taking directive written without its `{`: the following lines
  /// indented deeper than the directive's own. Reports the missing `{` once; `nil` when the
  /// next line is not indented deeper (the resolver then reports the missing block).
  ///
  /// The block's `leftBrace` is the empty range at the end of the directive's head.
  private mutating func parseBlockWithoutBrace(of directive: Int, name: Token, depth: Int)
    -> Bool
  {
    // Asked for every directive without a block: the cheap test first.
    guard current.kind == .newline, depth < Self.maximumNesting else { return false }
    let file = stream.file
    let node = tree.nodes[directive]
    guard takesBlock(name.range, argumentCount: Int(node.argumentCount)) else { return false }
    let next = tokens[peekIndex(skippingNewlines: true)]
    let ownIndentation = lineIndentation(of: name)
    guard next.kind == .identifier,
      let nextIndentation = indentation(ofLineStartingWith: next),
      nextIndentation > ownIndentation
    else { return false }
    let first = Int(node.firstArgument)
    let headRange = node.headRange(arguments: tree.arguments)
    // A head with a malformed word in it was reported by the lexer already.
    if !tree.arguments[first..<first + Int(node.argumentCount)].contains(where: {
      $0.kind == .invalid
    }) {
      error(SyntaxMessages.expectedLeftBrace(after: file.text(headRange)), at: headRange)
    }
    let enclosing = Enclosing(
      indentation: ownIndentation, isImplicit: true, isHook: file.hasText("on", in: name.range))
    parseStatements(depth: depth + 1, enclosing: enclosing)
    var rightBrace: Range<Int>?
    // A `}` indented less than the directive closes an enclosing block, not this one.
    if current.kind == .rightBrace,
      (indentation(ofLineStartingWith: current) ?? ownIndentation) >= ownIndentation
    {
      rightBrace = current.range
      advance()
    }
    tree.closeBlock(of: directive, leftBrace: nil, rightBrace: rightBrace)
    return true
  }

  /// Whether the directive named at `name` always takes a block (`style`, `navigator`,
  /// `screen`, `on`, and a `titleStyle` without a value). Decided by the name's length first,
  /// so the common directive (a `push`, a `title`) is compared with one word at most.
  @inline(__always)
  private func takesBlock(_ name: Range<Int>, argumentCount: Int) -> Bool {
    let file = stream.file
    switch name.count {
    case 2: return file.hasText("on", in: name)
    case 5: return file.hasText("style", in: name)
    case 6: return file.hasText("screen", in: name)
    case 9: return file.hasText("navigator", in: name)
    case 10: return argumentCount == 0 && file.hasText("titleStyle", in: name)
    default: return false
    }
  }

  /// Skips to the end of the current statement: a line end or `;` (consumed), or a `}`
  /// (left for the enclosing block). Balanced blocks on the way are skipped whole.
  private mutating func skipStatement() {
    var depth = 0
    while true {
      switch current.kind {
      case .endOfFile:
        return
      case .newline, .semicolon:
        if depth == 0 {
          advance()
          return
        }
        advance()
      case .leftBrace:
        depth += 1
        advance()
      case .rightBrace:
        if depth == 0 { return }
        depth -= 1
        advance()
        if depth == 0 { return }
      default:
        advance()
      }
    }
  }
}
