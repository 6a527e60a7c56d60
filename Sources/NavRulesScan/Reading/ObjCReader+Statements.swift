import NavRulesCompiler

/// Objective-C statements.
///
/// ```
/// statement   := '{' statements '}' | if | loop | switch | 'return' expression? ';'
///              | '@autoreleasepool' block | '@synchronized' '(' … ')' block
///              | '@try' block ('@catch' '(' … ')' block)* ('@finally' block)?
///              | declaration | expression (assignment-operator expression)? ';' | other ';'
/// if          := 'if' '(' expression ')' body ('else' body)?
/// body        := '{' statements '}' | statement
/// loop        := ('for' | 'while') '(' … ')' body | 'do' body 'while' '(' … ')' ';'
/// switch      := 'switch' '(' expression ')' '{' (('case' expression | 'default') ':' statement*)* '}'
/// declaration := qualifier* type generics? ('*' | qualifier)* name ('=' expression)?
///                (',' '*'* name ('=' expression)?)* ';'
///              | type '(' '^' name ')' '(' … ')' ('=' expression)? ';'
/// type        := name+ | 'typeof' '(' … ')' | 'struct' name
/// ```
///
/// A statement is a declaration when it starts like one (`Type *name =`, `Type name;`,
/// `__weak typeof(self) name =`): C's ambiguity (`a * b;`) is settled for the declaration,
/// which no real method body writes as an expression.
extension ObjCReader {
  /// After `{`: the statements up to (not past) the closing `}` or the end of the method.
  mutating func readStatements(stopsAtCaseLabel: Bool = false) -> [ScanStatement] {
    var statements: [ScanStatement] = []
    guard cursor.enter() else {
      let start = cursor.position
      skipToBlockEnd()
      if cursor.position > start { statements.append(other(from: start)) }
      return statements
    }
    defer { cursor.leave() }
    while !cursor.isAtEnd {
      let token = cursor.current
      if token.kind == .rightBrace || isContainerBoundary() || endsMethod() { break }
      if token.kind == .semicolon {
        cursor.advance()
        continue
      }
      if stopsAtCaseLabel, token.keyword == .case || token.keyword == .default { break }
      let start = cursor.position
      let count = statements.count
      readStatement(into: &statements)
      if cursor.failed || cursor.position == start {
        cursor.failed = false
        skipToBlockEnd()
        statements.removeSubrange(count...)
        statements.append(other(from: start))
        break
      }
    }
    return statements
  }

  /// Whether a new method starts here while the file's braces do not match.
  mutating func endsMethod() -> Bool {
    guard !cursor.bracesMatch, let column = methodColumn else { return false }
    return startsNextMethod(column: column)
  }

  /// Skips to the `}` closing the current block (not past it), a container boundary, the
  /// start of the next method, or the end.
  mutating func skipToBlockEnd() {
    var level = 0
    while !cursor.isAtEnd, !isContainerBoundary() {
      let token = cursor.current
      if token.kind == .rightBrace {
        if level == 0 { return }
        level -= 1
      } else if token.kind == .leftBrace {
        level += 1
      } else if endsMethod() {
        return
      }
      cursor.advance()
    }
  }

  func other(from start: Int) -> ScanStatement {
    let first = cursor.tokens[min(start, cursor.tokens.count - 1)]
    return ScanStatement(.other, range: cursor.range(from: start), firstTokenRange: first.range)
  }

  func statement(_ kind: ScanStatement.Kind, from start: Int) -> ScanStatement {
    let first = cursor.tokens[min(start, cursor.tokens.count - 1)]
    return ScanStatement(kind, range: cursor.range(from: start), firstTokenRange: first.range)
  }

  /// One statement, appended to `statements` (one per declared name).
  mutating func readStatement(into statements: inout [ScanStatement]) {
    let start = cursor.position
    let token = cursor.current
    switch token.kind {
    case .leftBrace:
      statements.append(statement(.block(body: readBlock()), from: start))
      return
    case .attribute:
      readAtStatement(into: &statements)
      return
    case .identifier:
      break
    default:
      statements.append(readExpressionStatement(from: start))
      return
    }
    switch token.keyword {
    case .if:
      statements.append(readIf())
    case .for, .while:
      cursor.advance()
      if cursor.kind == .leftParen { cursor.skipBalanced() } else { cursor.failed = true }
      statements.append(statement(.loop(body: readBody()), from: start))
    case .do:
      cursor.advance()
      let body = readBody()
      if cursor.keyword == .while {
        cursor.advance()
        if cursor.kind == .leftParen { cursor.skipBalanced() }
        expectSemicolon()
      }
      statements.append(statement(.loop(body: body), from: start))
    case .switch:
      statements.append(readSwitch())
    case .return:
      cursor.advance()
      var value: ScanExpr?
      if cursor.kind != .semicolon { value = readExpression() }
      expectSemicolon()
      statements.append(statement(.returnStatement(value), from: start))
    case .break, .continue, .goto, .typedef:
      skipToSemicolon()
      statements.append(other(from: start))
    case .case, .default, .else:
      cursor.failed = true
    default:
      if token.keyword == .none, cursor.peek().kind == .colon {
        // A label.
        cursor.advance()
        cursor.advance()
        return
      }
      if let declarationEnd = declarationNameIndex() {
        readDeclaration(from: start, nameIndex: declarationEnd, into: &statements)
      } else {
        statements.append(readExpressionStatement(from: start))
      }
    }
  }

  /// `@autoreleasepool`, `@synchronized`, `@try`/`@catch`/`@finally`, `@throw`, or an
  /// expression starting with `@` (`@[…]`).
  private mutating func readAtStatement(into statements: inout [ScanStatement]) {
    let start = cursor.position
    switch cursor.keyword {
    case .autoreleasepool:
      cursor.advance()
      statements.append(statement(.block(body: readBlock()), from: start))
    case .synchronized, .catch:
      cursor.advance()
      if cursor.kind == .leftParen { cursor.skipBalanced() }
      statements.append(statement(.block(body: readBlock()), from: start))
    case .try, .finally:
      cursor.advance()
      statements.append(statement(.block(body: readBlock()), from: start))
    case .throw:
      skipToSemicolon()
      statements.append(other(from: start))
    default:
      statements.append(readExpressionStatement(from: start))
    }
  }

  /// `{ statements }`, failing without a `{`.
  mutating func readBlock() -> [ScanStatement] {
    guard cursor.kind == .leftBrace else {
      cursor.failed = true
      return []
    }
    cursor.advance()
    let body = readStatements()
    if cursor.kind == .rightBrace { cursor.advance() }
    return body
  }

  /// The body of an `if`, `else` or loop: a block, or a single statement (`if (x) return NO;`).
  mutating func readBody() -> [ScanStatement] {
    if cursor.kind == .leftBrace { return readBlock() }
    if cursor.kind == .semicolon {
      cursor.advance()
      return []
    }
    guard cursor.enter() else {
      cursor.failed = true
      return []
    }
    defer { cursor.leave() }
    var body: [ScanStatement] = []
    if !cursor.isAtEnd, cursor.kind != .rightBrace { readStatement(into: &body) }
    return body
  }

  private mutating func readIf() -> ScanStatement {
    let start = cursor.position
    cursor.advance()
    var conditions: [ScanCondition] = []
    if cursor.kind == .leftParen {
      cursor.advance()
      let conditionStart = cursor.position
      let value = readExpression()
      conditions.append(
        ScanCondition(.expression(value), range: cursor.range(from: conditionStart)))
      if cursor.kind == .rightParen { cursor.advance() } else { cursor.failed = true }
    } else {
      cursor.failed = true
    }
    guard !cursor.failed else { return other(from: start) }
    let then = readBody()
    var otherwise: [ScanStatement]?
    if !cursor.failed, cursor.keyword == .else {
      cursor.advance()
      otherwise = readBody()
    }
    return statement(.ifStatement(conditions: conditions, then: then, else: otherwise), from: start)
  }

  private mutating func readSwitch() -> ScanStatement {
    let start = cursor.position
    cursor.advance()
    guard cursor.kind == .leftParen else {
      cursor.failed = true
      return other(from: start)
    }
    cursor.advance()
    let subject = readExpression()
    guard cursor.kind == .rightParen, !cursor.failed else {
      cursor.failed = true
      return other(from: start)
    }
    cursor.advance()
    guard cursor.kind == .leftBrace, cursor.enter() else {
      cursor.failed = true
      return other(from: start)
    }
    defer { cursor.leave() }
    cursor.advance()
    var cases: [ScanSwitchCase] = []
    while !cursor.isAtEnd, cursor.kind != .rightBrace, !cursor.failed, !isContainerBoundary() {
      let caseStart = cursor.position
      let isDefault = cursor.keyword == .default
      guard cursor.keyword == .case || isDefault else {
        cursor.failed = true
        break
      }
      cursor.advance()
      var patterns: [ScanExpr] = []
      if !isDefault { patterns.append(readExpression()) }
      guard cursor.kind == .colon, !cursor.failed else {
        cursor.failed = true
        break
      }
      cursor.advance()
      let body = readStatements(stopsAtCaseLabel: true)
      cases.append(
        ScanSwitchCase(
          patterns: patterns, isDefault: isDefault, body: body,
          range: cursor.range(from: caseStart)))
    }
    if cursor.failed { return other(from: start) }
    if cursor.kind == .rightBrace { cursor.advance() }
    return statement(.switchStatement(subject: subject, cases: cases), from: start)
  }

  mutating func expectSemicolon() {
    if cursor.kind == .semicolon {
      cursor.advance()
    } else {
      cursor.failed = true
    }
  }

  /// An expression statement, or an assignment; then `;`. A macro used as a statement
  /// (`BEGIN_IGNORE_WARNINGS`, `Log(x)` ending its line) needs no `;`.
  private mutating func readExpressionStatement(from start: Int) -> ScanStatement {
    let target = readExpression(allowsAssignment: false)
    var kind = ScanStatement.Kind.expression(target)
    if !cursor.failed, let compound = assignmentOperator() {
      cursor.advance()
      let value = readExpression()
      kind = .assignment(
        target: target, value: value, compoundOperator: compound.isEmpty ? nil : compound)
    } else if !cursor.failed, cursor.kind != .semicolon,
      cursor.current.isAtLineStart || cursor.kind == .rightBrace, isMacroUse(target)
    {
      return statement(kind, from: start)
    }
    expectSemicolon()
    return statement(kind, from: start)
  }

  /// A name or a call of a name: what a macro used as a statement looks like.
  private func isMacroUse(_ expression: ScanExpr) -> Bool {
    switch expression.kind {
    case .identifier: return true
    case .call(let callee, _, _):
      if case .identifier = callee.kind { return true }
      return false
    default: return false
    }
  }

  /// At an assignment operator: "" for `=`, the operator for `+=` and the like; else nil.
  func assignmentOperator() -> String? {
    let token = cursor.current
    guard token.kind == .operator, cursor.bytes[token.upperBound - 1] == UInt8(ascii: "=") else {
      return nil
    }
    if token.range.count == 1 { return "" }
    switch cursor.code(of: token) {
    case SwiftReader.equal, SwiftReader.notEqual, SwiftReader.lessOrEqual,
      SwiftReader.greaterOrEqual:
      return nil
    default:
      return cursor.text(token)
    }
  }

  // MARK: - Declarations

  /// When a declaration starts here, the index of its (first) declared name's token.
  func declarationNameIndex() -> Int? {
    var index = cursor.position
    let tokens = cursor.tokens
    func token(_ offset: Int) -> ScanToken { tokens[min(offset, tokens.count - 1)] }
    var sawType = false
    var steps = 0
    while steps < 64 {
      steps += 1
      let current = token(index)
      guard current.kind == .identifier || current.kind == .operator || current.kind == .leftParen
      else { return nil }
      if current.kind == .identifier {
        if isQualifier(current) {
          index += 1
          continue
        }
        switch current.keyword {
        case .struct, .enum, .union:
          index += 1
          continue
        case .typeof:
          guard token(index + 1).kind == .leftParen else { return nil }
          index = cursor.groupEnd(from: index + 1)
          sawType = true
          continue
        case .none, .void:
          break
        default:
          return nil
        }
        if sawType {
          // `Type name` followed by what ends a declarator.
          let next = token(index + 1)
          switch next.kind {
          case .semicolon, .comma, .leftBracket:
            return index
          case .operator where cursor.isText(next, "="):
            return index
          case .identifier where isQualifier(next) || isMacroWord(next):
            return index
          case .identifier:
            // `unsigned long x`, `long long x`: more type words.
            index += 1
            continue
          default:
            return nil
          }
        }
        sawType = true
        index += 1
        let next = token(index)
        if next.kind == .operator, cursor.isText(next, "<") {
          guard let end = angleEnd(from: index) else { return nil }
          index = end
        }
        continue
      }
      guard sawType else { return nil }
      if current.kind == .operator, cursor.isText(current, "*") {
        index += 1
        continue
      }
      // `void (^name)(…)`, `void (*name)(…)`.
      if current.kind == .leftParen, token(index + 1).kind == .operator,
        cursor.isText(token(index + 1), "^") || cursor.isText(token(index + 1), "*"),
        token(index + 2).kind == .identifier, token(index + 3).kind == .rightParen
      {
        return index + 2
      }
      return nil
    }
    return nil
  }

  /// From `<` at `index`: the index past its `>`, if the list closes before anything that
  /// cannot be in a type.
  func angleEnd(from index: Int) -> Int? {
    var level = 0
    var position = index
    while position < cursor.tokens.count - 1, position - index < 64 {
      let token = cursor.tokens[position]
      switch token.kind {
      case .operator:
        for byteIndex in token.range {
          let byte = cursor.bytes[byteIndex]
          if byte == UInt8(ascii: "<") {
            level += 1
          } else if byte == UInt8(ascii: ">") {
            level -= 1
          } else if byte != UInt8(ascii: "*") {
            return nil
          }
        }
        position += 1
        if level == 0 { return position }
      case .identifier, .comma:
        position += 1
      default:
        return nil
      }
    }
    return nil
  }

  /// Reads a declaration whose first name is the token at `nameIndex`.
  private mutating func readDeclaration(
    from start: Int, nameIndex: Int, into statements: inout [ScanStatement]
  ) {
    let typeStart = cursor.tokens[start].lowerBound
    var typeEnd = cursor.tokens[nameIndex].lowerBound
    var isBlock = false
    if nameIndex >= 2, cursor.tokens[nameIndex - 2].kind == .leftParen,
      cursor.tokens[nameIndex - 1].kind == .operator
    {
      isBlock = true
      typeEnd = cursor.tokens[nameIndex - 2].lowerBound
    }
    let typeText = cursor.trimmedText(typeStart..<typeEnd)
    while cursor.position < nameIndex, !cursor.isAtEnd { cursor.advance() }
    var declarationStart = start
    while !cursor.isAtEnd, !cursor.failed {
      let nameToken = cursor.current
      cursor.advance()
      if isBlock {
        // `(^name)(params)`
        if cursor.kind == .rightParen { cursor.advance() }
        if cursor.kind == .leftParen { cursor.skipBalanced() }
      }
      while cursor.kind == .leftBracket { cursor.skipBalanced() }
      while cursor.kind == .identifier, isQualifier(cursor.current) || isMacroWord(cursor.current) {
        cursor.advance()
        if cursor.kind == .leftParen { cursor.skipBalanced() }
      }
      var initializer: ScanExpr?
      if cursor.isOperator(cursor.current, "=") {
        cursor.advance()
        if cursor.kind == .leftBrace {
          // A C aggregate, `= { a, b }`.
          let start = cursor.position
          skipGroup()
          initializer = unknown(from: start)
        } else {
          initializer = readExpression(allowsComma: false)
        }
      }
      let declaration = ScanDeclaration(
        name: cursor.text(nameToken), nameRange: nameToken.range,
        typeText: typeText.isEmpty ? nil : typeText, initializer: initializer)
      statements.append(statement(.declaration(declaration), from: declarationStart))
      guard cursor.kind == .comma else { break }
      cursor.advance()
      while cursor.kind == .operator, cursor.isText(cursor.current, "*") { cursor.advance() }
      guard cursor.kind == .identifier else {
        cursor.failed = true
        return
      }
      declarationStart = cursor.position
    }
    expectSemicolon()
  }
}
