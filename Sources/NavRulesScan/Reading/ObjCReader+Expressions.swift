import NavRulesCompiler

/// Objective-C (and C) expressions, by precedence climbing; message sends become calls.
///
/// ```
/// expression := assignment (',' assignment)*             (the comma operator: the last value)
/// assignment := conditional (assignment-operator assignment)?
/// conditional := binary ('?' expression? ':' conditional)?
/// binary     := unary (C-binary-operator unary)*
/// unary      := ('!' | '-' | '+' | '~' | '&' | '*' | '++' | '--')* cast-or-postfix
///             | 'sizeof' …
/// cast       := '(' type ')' unary                       (`(void)` casts are dropped)
/// postfix    := primary ('.' name | '->' name | '(' arguments ')' | '[' expression ']'
///               | '++' | '--')*
/// primary    := name | number | string+ | character | '(' expression ')' | message | block
///             | '@' ('[' … ']' | '{' … '}' | '(' expression ')' | number) | '@YES' | '@NO'
///             | '@selector' '(' … ')' | '@protocol' '(' … ')' | '@encode' '(' … ')'
/// message    := '[' receiver (word | (word? ':' assignment)+ (',' assignment)*) ']'
/// block      := '^' type? ('(' parameters ')')? '{' statements '}'
/// ```
///
/// Precedences are C's: `||` < `&&` < `|` < `^` < `&` < `== !=` < `< > <= >=` < `<< >>`
/// < `+ -` < `* / %`.
extension ObjCReader {
  /// A full expression. `allowsAssignment` is false for a statement's left-hand side (the
  /// statement reads the assignment itself); `allowsComma` is false in initializers and
  /// arguments, where a comma separates.
  mutating func readExpression(allowsAssignment: Bool = true, allowsComma: Bool = false)
    -> ScanExpr
  {
    let start = cursor.position
    guard cursor.enter() else { return skipExpression(from: start) }
    defer { cursor.leave() }
    var value = readAssignment(allowsAssignment: allowsAssignment)
    while allowsComma, !cursor.failed, cursor.kind == .comma {
      cursor.advance()
      value = readAssignment(allowsAssignment: true)
    }
    return value
  }

  /// Past the nesting limit: skips to the end of the expression without reading it.
  mutating func skipExpression(from start: Int) -> ScanExpr {
    while !cursor.isAtEnd, !isContainerBoundary() {
      switch cursor.kind {
      case .comma, .rightParen, .rightBracket, .rightBrace, .semicolon, .colon:
        return unknown(from: start)
      default:
        skipGroup()
      }
    }
    return unknown(from: start)
  }

  private mutating func readAssignment(allowsAssignment: Bool) -> ScanExpr {
    let start = cursor.position
    let target = readConditional()
    guard allowsAssignment, !cursor.failed, let compound = assignmentOperator() else {
      return target
    }
    let spelling = compound.isEmpty ? "=" : compound
    cursor.advance()
    guard cursor.enter() else { return skipExpression(from: start) }
    let value = readAssignment(allowsAssignment: true)
    cursor.leave()
    return make(.binary(operator: spelling, lhs: target, rhs: value), from: start)
  }

  private mutating func readConditional() -> ScanExpr {
    let start = cursor.position
    let condition = readBinary(minimumPrecedence: 1)
    guard !cursor.failed, cursor.isOperator(cursor.current, "?") else { return condition }
    cursor.advance()
    guard cursor.enter() else { return skipExpression(from: start) }
    defer { cursor.leave() }
    if cursor.kind == .colon {
      // GNU `a ?: b`.
      cursor.advance()
      let otherwise = readConditional()
      return make(.binary(operator: "?:", lhs: condition, rhs: otherwise), from: start)
    }
    let then = readExpression(allowsComma: true)
    guard cursor.kind == .colon, !cursor.failed else { return fail() }
    cursor.advance()
    let otherwise = readConditional()
    return make(.ternary(condition: condition, then: then, else: otherwise), from: start)
  }

  private func binaryPrecedence(_ token: ScanToken) -> Int? {
    guard token.kind == .operator else { return nil }
    return Self.precedences[cursor.code(of: token)]
  }

  /// C's binary operators by precedence.
  static let precedences: [UInt32: Int] = {
    var table: [UInt32: Int] = [:]
    let groups: [(Int, [StaticString])] = [
      (1, ["||"]), (2, ["&&"]), (3, ["|"]), (4, ["^"]), (5, ["&"]), (6, ["==", "!="]),
      (7, ["<", ">", "<=", ">="]), (8, ["<<", ">>"]), (9, ["+", "-"]), (10, ["*", "/", "%"]),
    ]
    for (precedence, spellings) in groups {
      for spelling in spellings { table[ScanCursor.code(spelling)] = precedence }
    }
    return table
  }()

  private mutating func readBinary(minimumPrecedence: Int) -> ScanExpr {
    let start = cursor.position
    var lhs = readUnary()
    while !cursor.failed, let precedence = binaryPrecedence(cursor.current),
      precedence >= minimumPrecedence
    {
      let spelling = cursor.text(cursor.current)
      cursor.advance()
      guard cursor.enter() else { return skipExpression(from: start) }
      let rhs = readBinary(minimumPrecedence: precedence + 1)
      cursor.leave()
      lhs = make(.binary(operator: spelling, lhs: lhs, rhs: rhs), from: start)
    }
    return lhs
  }

  private mutating func readUnary() -> ScanExpr {
    let start = cursor.position
    var prefixes: [(start: Int, spelling: String)] = []
    while cursor.kind == .operator, prefixes.count < 16,
      Self.prefixOperators.contains(cursor.code(of: cursor.current))
    {
      prefixes.append((cursor.position, cursor.text(cursor.current)))
      cursor.advance()
    }
    if cursor.kind == .operator, !cursor.isText(cursor.current, "^") { return fail() }
    var operand: ScanExpr
    if cursor.kind == .leftParen, let castEnd = castEnd() {
      operand = readCast(typeEnd: castEnd)
    } else if cursor.keyword == .sizeof {
      cursor.advance()
      if cursor.kind == .leftParen { cursor.skipBalanced() } else { _ = readUnary() }
      operand = unknown(from: start)
    } else {
      operand = readPostfix()
    }
    for prefix in prefixes.reversed() {
      operand = make(.prefix(operator: prefix.spelling, operand: operand), from: prefix.start)
    }
    return operand
  }

  /// At `(`: when it opens a cast, the index of its `)`. A cast holds a type: words
  /// (`unsigned long`, `__bridge id`), generics (`UIViewController<P>`), pointers and their
  /// qualifiers (`NSString * _Nonnull`), an array (`CGFloat[]`) or a function or block
  /// pointer (`void (*)(id, SEL)`, `void (^)(BOOL)`); `(a * b)` is not one.
  private func castEnd() -> Int? {
    var index = cursor.position + 1
    let tokens = cursor.tokens
    var words = 0
    var hasPointer = false
    var lastWord: ScanToken?
    while index < tokens.count - 1, index - cursor.position < 48 {
      let token = tokens[index]
      switch token.kind {
      case .identifier:
        if hasPointer, !isQualifier(token) { return nil }
        switch token.keyword {
        case .none, .void, .struct, .enum, .union, .const, .kindof, .weakQualifier,
          .strongQualifier, .blockQualifier, .autoreleasingQualifier:
          words += 1
          lastWord = token
          index += 1
        case .typeof:
          words += 1
          index += 1
          if tokens[index].kind == .leftParen { index = cursor.groupEnd(from: index) }
        default:
          return nil
        }
      case .operator:
        if cursor.isText(token, "*") {
          hasPointer = true
          index += 1
        } else if cursor.isText(token, "<"), let end = angleEnd(from: index) {
          index = end
        } else {
          return nil
        }
      case .leftBracket:
        guard words > 0, tokens[index + 1].kind == .rightBracket else { return nil }
        hasPointer = true
        index += 2
      case .leftParen:
        guard words > 0, let end = functionPointerEnd(from: index) else { return nil }
        hasPointer = true
        index = end
      case .rightParen:
        guard words > 0 else { return nil }
        if hasPointer || words > 1 { return index }
        // `(Type)x` versus `(x)`: a cast when an operand follows directly.
        let next = tokens[index + 1]
        switch next.kind {
        case .identifier:
          return next.keyword == .none || next.keyword == .selfKeyword
            || next.keyword == .superKeyword || next.keyword == .true || next.keyword == .false
            || next.keyword == .nil ? index : nil
        case .leftBracket, .leftParen, .leftBrace, .number, .string, .character, .at, .attribute:
          return index
        case .operator:
          guard let word = lastWord, Self.cTypeNames.contains(cursor.text(word)) else {
            return nil
          }
          return cursor.isText(next, "^") || cursor.isText(next, "-")
            || cursor.isText(next, "!") || cursor.isText(next, "&") ? index : nil
        default:
          return nil
        }
      default:
        return nil
      }
    }
    return nil
  }

  /// At the `(` of `(*)(…)` or `(^name)(…)`: the index past the parameters' `)`.
  func functionPointerEnd(from index: Int) -> Int? {
    let tokens = cursor.tokens
    let mark = tokens[min(index + 1, tokens.count - 1)]
    guard mark.kind == .operator, cursor.isText(mark, "*") || cursor.isText(mark, "^") else {
      return nil
    }
    var close = index + 2
    if tokens[min(close, tokens.count - 1)].kind == .identifier { close += 1 }
    guard close + 1 < tokens.count, tokens[close].kind == .rightParen,
      tokens[close + 1].kind == .leftParen
    else { return nil }
    return cursor.groupEnd(from: close + 1)
  }

  /// At a call argument that is a type (`NSZone *`, `__kindof UIView *`, `long long`, as
  /// macros take): the index of the `,` or `)` after it.
  func typeArgumentEnd() -> Int? {
    let tokens = cursor.tokens
    var index = cursor.position
    while index < tokens.count - 1, isQualifier(tokens[index]) { index += 1 }
    var words = 0
    while index < tokens.count - 1, tokens[index].kind == .identifier,
      tokens[index].keyword == .none || tokens[index].keyword == .void
    {
      words += 1
      index += 1
    }
    guard words > 0 else { return nil }
    if tokens[index].kind == .operator, cursor.isText(tokens[index], "<") {
      guard let end = angleEnd(from: index) else { return nil }
      index = end
    }
    var pointers = 0
    while index < tokens.count - 1 {
      let token = tokens[index]
      if token.kind == .operator, cursor.isText(token, "*") {
        pointers += 1
      } else if token.kind != .identifier || !isQualifier(token) {
        break
      }
      index += 1
    }
    let end = tokens[index].kind
    return (pointers > 0 || words > 1) && (end == .comma || end == .rightParen) ? index : nil
  }

  static let prefixOperators: Set<UInt32> = Set(
    (["!", "-", "+", "~", "&", "*", "++", "--"] as [StaticString]).map(ScanCursor.code))

  static let cTypeNames: Set<String> = [
    "id", "int", "float", "double", "long", "char", "short", "unsigned", "signed", "void",
    "BOOL", "CGFloat", "NSInteger", "NSUInteger", "CGRect", "CGSize", "CGPoint", "size_t",
    "uint8_t", "int32_t", "int64_t", "uint32_t", "uint64_t", "instancetype", "SEL", "Class",
  ]

  /// `(Type)operand`; a cast to `void` is dropped.
  private mutating func readCast(typeEnd: Int) -> ScanExpr {
    let start = cursor.position
    let open = cursor.current
    let close = cursor.tokens[typeEnd]
    let type = cursor.trimmedText(open.upperBound..<close.lowerBound)
    while cursor.position <= typeEnd, !cursor.isAtEnd { cursor.advance() }
    if cursor.kind == .leftBrace {
      // A compound literal, `(CGRect){…}`.
      skipGroup()
      return unknown(from: start)
    }
    guard cursor.enter() else { return skipExpression(from: start) }
    let operand = readUnary()
    cursor.leave()
    if type == "void" { return make(operand.kind, from: start) }
    return make(.cast(operand, kind: .cStyle, type: type), from: start)
  }

  private mutating func readPostfix() -> ScanExpr {
    let start = cursor.position
    var expression = readPrimary()
    while !cursor.failed {
      let token = cursor.current
      switch token.kind {
      case .dot:
        cursor.advance()
        guard cursor.kind == .identifier else { return fail() }
        let name = cursor.text(cursor.current)
        cursor.advance()
        expression = make(.member(base: expression, name: name), from: start)
      case .operator where cursor.isText(token, "->"):
        cursor.advance()
        guard cursor.kind == .identifier else { return fail() }
        let name = cursor.text(cursor.current)
        cursor.advance()
        expression = make(.member(base: expression, name: name), from: start)
      case .operator where cursor.isText(token, "++") || cursor.isText(token, "--"):
        cursor.advance()
        expression = make(.postfix(operator: cursor.text(token), operand: expression), from: start)
      case .leftParen:
        let arguments = readCallArguments()
        expression = make(
          .call(callee: expression, arguments: arguments, trailingClosures: []), from: start)
      case .leftBracket where !token.isAtLineStart:
        // (A `[` starting a line is a message send after a macro, not a subscript.)
        guard cursor.enter() else { return skipExpression(from: start) }
        cursor.advance()
        let index = readExpression(allowsComma: true)
        cursor.leave()
        guard cursor.kind == .rightBracket, !cursor.failed else { return fail() }
        cursor.advance()
        expression = make(
          .subscript(base: expression, arguments: [ScanArgument(label: nil, value: index)]),
          from: start)
      default:
        return expression
      }
    }
    return expression
  }

  /// At `(`: C call arguments, past `)`.
  private mutating func readCallArguments() -> [ScanArgument] {
    guard cursor.enter() else {
      cursor.skipBalanced()
      return []
    }
    defer { cursor.leave() }
    cursor.advance()
    var arguments: [ScanArgument] = []
    while !cursor.failed {
      if cursor.kind == .rightParen {
        cursor.advance()
        break
      }
      if let end = typeArgumentEnd() {
        let start = cursor.position
        while cursor.position < end, !cursor.isAtEnd { cursor.advance() }
        arguments.append(ScanArgument(label: nil, value: unknown(from: start)))
      } else {
        arguments.append(ScanArgument(label: nil, value: readExpression()))
      }
      if cursor.kind == .comma {
        cursor.advance()
      } else if cursor.kind != .rightParen {
        _ = fail()
      }
    }
    return arguments
  }

  // MARK: - Primary

  private mutating func readPrimary() -> ScanExpr {
    let start = cursor.position
    let token = cursor.current
    switch token.kind {
    case .identifier:
      cursor.advance()
      switch token.keyword {
      case .true: return make(.boolean(true), from: start)
      case .false: return make(.boolean(false), from: start)
      case .nil: return make(.nilLiteral, from: start)
      case .none, .selfKeyword, .superKeyword, .in, .void:
        return make(.identifier(cursor.text(token)), from: start)
      case .typeof:
        if cursor.kind == .leftParen { cursor.skipBalanced() }
        return unknown(from: start)
      default:
        cursor.rewind(to: start)
        return fail()
      }
    case .number:
      cursor.advance()
      return make(.number(cursor.text(token)), from: start)
    case .string:
      var text = ""
      while cursor.kind == .string {
        text += StringLiteralDecoder.c(cursor.bytes, cursor.current.range)
        cursor.advance()
      }
      return make(.string(text), from: start)
    case .character:
      cursor.advance()
      return make(.number(cursor.text(token)), from: start)
    case .leftParen:
      guard cursor.enter() else { return skipExpression(from: start) }
      defer { cursor.leave() }
      cursor.advance()
      if cursor.kind == .leftBrace {
        // A GNU statement expression `({ … })`.
        skipGroup()
        if cursor.kind == .rightParen { cursor.advance() }
        return unknown(from: start)
      }
      let inner = readExpression(allowsComma: true)
      guard cursor.kind == .rightParen, !cursor.failed else { return fail() }
      cursor.advance()
      return make(inner.kind, from: start)
    case .leftBracket:
      return readMessage()
    case .operator where cursor.isText(token, "^"):
      return readBlockLiteral()
    case .at:
      return readAtLiteral()
    case .attribute:
      return readAtWord()
    default:
      return fail()
    }
  }

  /// At `[`: a message send, as a call of a member of the receiver.
  private mutating func readMessage() -> ScanExpr {
    let start = cursor.position
    guard cursor.enter() else {
      skipGroup()
      return unknown(from: start)
    }
    defer { cursor.leave() }
    cursor.advance()
    let receiver = readConditional()
    guard !cursor.failed else { return receiver }
    var selector = ""
    if cursor.kind == .identifier {
      selector = cursor.text(cursor.current)
      cursor.advance()
    }
    guard cursor.kind == .colon else {
      guard cursor.kind == .rightBracket, !selector.isEmpty else { return fail() }
      cursor.advance()
      if selector == "class" { return make(.typeReference(receiver), from: start) }
      // `[nav topViewController]` is the property `nav.topViewController` (docs/scan.md: any
      // spelling).
      if UIKitVocabulary.objectiveCGetters.contains(selector) {
        return make(.member(base: receiver, name: selector), from: start)
      }
      return make(
        .call(
          callee: ScanExpr(
            .member(base: receiver, name: selector), range: cursor.range(from: start)),
          arguments: [], trailingClosures: []), from: start)
    }
    var arguments: [ScanArgument] = []
    var label: String?
    while cursor.kind == .colon, !cursor.failed {
      cursor.advance()
      arguments.append(ScanArgument(label: label, value: readExpression()))
      if cursor.kind == .identifier, cursor.peek().kind == .colon {
        label = cursor.text(cursor.current)
        cursor.advance()
      } else if cursor.kind == .colon {
        label = nil
      }
    }
    while cursor.kind == .comma, !cursor.failed {
      // Variadic arguments.
      cursor.advance()
      arguments.append(ScanArgument(label: nil, value: readExpression()))
    }
    guard cursor.kind == .rightBracket, !cursor.failed else { return fail() }
    cursor.advance()
    let callee = ScanExpr(
      .member(base: receiver, name: selector),
      range: start < cursor.tokens.count
        ? cursor.tokens[start].lowerBound..<receiver.range.upperBound : receiver.range)
    return make(.call(callee: callee, arguments: arguments, trailingClosures: []), from: start)
  }

  /// At `^`: a block, with its parameters' names.
  private mutating func readBlockLiteral() -> ScanExpr {
    let start = cursor.position
    cursor.advance()
    // An optional return type: `^BOOL(…)`, `^NSArray<NSString *> *(…)`.
    while cursor.kind == .identifier || cursor.isOperator(cursor.current, "*")
      || cursor.isOperator(cursor.current, "<")
    {
      if cursor.kind == .operator, cursor.isText(cursor.current, "<") {
        guard let end = angleEnd(from: cursor.position) else { break }
        while cursor.position < end, !cursor.isAtEnd { cursor.advance() }
      } else {
        cursor.advance()
      }
    }
    var names: [String] = []
    if cursor.kind == .leftParen {
      let close = cursor.groupEnd(from: cursor.position)
      var lastWord: ScanToken?
      var level = 0
      while cursor.position < close, !cursor.isAtEnd {
        let token = cursor.current
        if ScanCursor.isOpening(token.kind) { level += 1 }
        if ScanCursor.isClosing(token.kind) { level -= 1 }
        if level == 1, token.kind == .identifier, token.keyword == .none {
          lastWord = token
        } else if level == 1 && token.kind == .comma || level == 0 {
          if let word = lastWord { names.append(cursor.text(word)) }
          lastWord = nil
        }
        cursor.advance()
      }
    }
    guard cursor.kind == .leftBrace else { return fail() }
    guard cursor.enter() else {
      skipGroup()
      return unknown(from: start)
    }
    cursor.advance()
    let body = readStatements()
    cursor.leave()
    if cursor.kind == .rightBrace { cursor.advance() }
    return make(.closure(parameters: names, body: body), from: start)
  }

  /// At a lone `@`: `@[…]`, `@{…}`, `@(…)`, `@1`.
  private mutating func readAtLiteral() -> ScanExpr {
    let start = cursor.position
    cursor.advance()
    switch cursor.kind {
    case .leftBracket:
      guard cursor.enter() else { return skipExpression(from: start) }
      defer { cursor.leave() }
      cursor.advance()
      var elements: [ScanExpr] = []
      while !cursor.failed, cursor.kind != .rightBracket {
        elements.append(readExpression())
        if cursor.kind == .comma {
          cursor.advance()
        } else if cursor.kind != .rightBracket {
          _ = fail()
        }
      }
      guard !cursor.failed else { return unknown(from: start) }
      cursor.advance()
      return make(.array(elements), from: start)
    case .leftBrace:
      guard cursor.enter() else { return skipExpression(from: start) }
      defer { cursor.leave() }
      cursor.advance()
      var entries: [ScanDictionaryEntry] = []
      while !cursor.failed, cursor.kind != .rightBrace {
        let key = readExpression()
        guard cursor.kind == .colon else { return fail() }
        cursor.advance()
        entries.append(ScanDictionaryEntry(key: key, value: readExpression()))
        if cursor.kind == .comma {
          cursor.advance()
        } else if cursor.kind != .rightBrace {
          _ = fail()
        }
      }
      guard !cursor.failed else { return unknown(from: start) }
      cursor.advance()
      return make(.dictionary(entries), from: start)
    case .leftParen:
      guard cursor.enter() else { return skipExpression(from: start) }
      defer { cursor.leave() }
      cursor.advance()
      let inner = readExpression(allowsComma: true)
      guard cursor.kind == .rightParen, !cursor.failed else { return fail() }
      cursor.advance()
      return make(inner.kind, from: start)
    case .number:
      let number = cursor.text(cursor.current)
      cursor.advance()
      return make(.number(number), from: start)
    case .operator where cursor.isText(cursor.current, "-") && cursor.peek().kind == .number:
      cursor.advance()
      let number = "-" + cursor.text(cursor.current)
      cursor.advance()
      return make(.number(number), from: start)
    default:
      return fail()
    }
  }

  /// `@YES`, `@NO`, `@selector(…)`, `@protocol(…)`, `@encode(…)`, or another `@word`.
  private mutating func readAtWord() -> ScanExpr {
    let start = cursor.position
    let token = cursor.current
    if isContainerBoundary() { return fail() }
    cursor.advance()
    switch token.keyword {
    case .true: return make(.boolean(true), from: start)
    case .false: return make(.boolean(false), from: start)
    case .selector:
      guard cursor.kind == .leftParen else { return unknown(from: start) }
      let open = cursor.current
      cursor.skipBalanced()
      let close = cursor.previous ?? open
      let text = cursor.text(open.upperBound..<max(open.upperBound, close.lowerBound))
        .filter { $0 != " " && $0 != "\t" && $0 != "\n" && $0 != "\r" }
      return make(.selector(text), from: start)
    case .protocol, .encode, .available:
      if cursor.kind == .leftParen { cursor.skipBalanced() }
      return unknown(from: start)
    default:
      return make(.identifier(cursor.text(token)), from: start)
    }
  }
}
