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
/// every independent mistake gets one diagnostic.
public struct Parser {
  /// Blocks nested deeper than this are reported and skipped, so hostile input cannot
  /// exhaust the stack.
  public static let maximumNesting = 32

  private let stream: TokenStream
  private let tokens: [Token]
  private var position = 0
  private var diagnostics: [Diagnostic] = []

  /// Parses a lexed file.
  public static func parse(_ stream: TokenStream) -> (SyntaxFile, [Diagnostic]) {
    var parser = Parser(stream: stream)
    let directives = parser.parseStatements(depth: 0)
    let file = SyntaxFile(file: stream.file, directives: directives, comments: stream.comments)
    return (file, parser.diagnostics)
  }

  private init(stream: TokenStream) {
    self.stream = stream
    self.tokens = stream.tokens
  }

  // MARK: - Cursor

  private var current: Token { tokens[position] }

  private mutating func advance() {
    if position < tokens.count - 1 { position += 1 }
  }

  private func peekKind(skippingNewlines: Bool) -> Token.Kind {
    var index = position
    while skippingNewlines, tokens[index].kind == .newline { index += 1 }
    return tokens[index].kind
  }

  private mutating func error(
    _ message: String, at range: Range<Int>, notes: [Diagnostic.Note] = []
  ) {
    diagnostics.append(
      Diagnostic(.syntax, message, at: SourceRange(stream.file, range), notes: notes))
  }

  // MARK: - Statements

  /// `statement*` up to a `}` (left for the caller) or the end of the file.
  private mutating func parseStatements(depth: Int) -> [DirectiveSyntax] {
    var directives: [DirectiveSyntax] = []
    while true {
      switch current.kind {
      case .endOfFile:
        return directives
      case .newline, .semicolon:
        advance()
      case .rightBrace:
        if depth > 0 { return directives }
        error(SyntaxMessages.unexpectedRightBrace, at: current.range)
        advance()
      case .identifier:
        if let directive = parseDirective(depth: depth) { directives.append(directive) }
      default:
        error(SyntaxMessages.expectedDirective(found: current.kind), at: current.range)
        skipStatement()
      }
    }
  }

  /// `IDENTIFIER arguments? block? end?`, at an identifier.
  private mutating func parseDirective(depth: Int) -> DirectiveSyntax? {
    let name = current
    advance()
    var directive = DirectiveSyntax(
      name: name, nameText: stream.text(of: name), arguments: [], block: nil)
    guard parseArguments(into: &directive.arguments) else {
      skipStatement()
      return directive
    }
    if peekKind(skippingNewlines: true) == .leftBrace {
      while current.kind == .newline { advance() }
      guard depth < Self.maximumNesting else {
        error(SyntaxMessages.nestedTooDeeply, at: current.range)
        skipStatement()
        return directive
      }
      directive.block = parseBlock(depth: depth + 1)
      return directive
    }
    switch current.kind {
    case .newline, .semicolon, .rightBrace, .endOfFile:
      break
    default:
      // Unreachable: arguments stop only at an end, a brace or a comma problem.
      skipStatement()
    }
    return directive
  }

  /// `arguments`; `false` after diagnosing a misplaced comma.
  private mutating func parseArguments(into arguments: inout [ArgumentSyntax]) -> Bool {
    while true {
      if current.isValue {
        arguments.append(ArgumentSyntax(value: value(current), comma: nil))
        advance()
      } else if current.kind == .comma {
        guard !arguments.isEmpty, arguments[arguments.count - 1].comma == nil else {
          error(SyntaxMessages.unexpectedComma, at: current.range)
          return false
        }
        arguments[arguments.count - 1].comma = current.range
        advance()
        while current.kind == .newline { advance() }
        guard current.isValue else {
          error(SyntaxMessages.expectedValueAfterComma(found: current.kind), at: current.range)
          return false
        }
      } else {
        return true
      }
    }
  }

  private func value(_ token: Token) -> ValueSyntax {
    let text =
      token.kind == .string || (token.kind == .invalid && isStringStart(token))
      ? stream.stringValue(of: token) : stream.text(of: token)
    return ValueSyntax(kind: token.kind, range: token.range, text: text)
  }

  private func isStringStart(_ token: Token) -> Bool {
    stream.file.bytes[token.range.lowerBound] == UInt8(ascii: "\"")
  }

  /// `'{' statement* '}'`, at the `{`.
  private mutating func parseBlock(depth: Int) -> BlockSyntax {
    let leftBrace = current.range
    advance()
    let directives = parseStatements(depth: depth)
    var rightBrace: Range<Int>?
    if current.kind == .rightBrace {
      rightBrace = current.range
      advance()
    } else {
      error(
        SyntaxMessages.expectedRightBrace, at: current.range,
        notes: [Diagnostic.Note(SyntaxMessages.openedHere, at: SourceRange(stream.file, leftBrace))]
      )
    }
    return BlockSyntax(leftBrace: leftBrace, directives: directives, rightBrace: rightBrace)
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
