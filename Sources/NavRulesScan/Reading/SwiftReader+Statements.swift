import NavRulesCompiler

/// Swift statements.
///
/// ```
/// statements  := (statement (NEWLINE | ';'))*            up to '}' (or a case label in a switch)
/// statement   := declaration | if | guard | switch | loop | do | defer | return | other
///              | expression (assignment-operator expression)?
/// declaration := attribute* ('lazy' | 'weak' | 'unowned')* ('let' | 'var') binding (',' binding)*
/// if          := 'if' conditions block ('else' (if | block))?
/// guard       := 'guard' conditions 'else' block
/// conditions  := condition (',' condition)*
/// condition   := ('let' | 'var') name (':' type)? ('=' expression)?
///              | 'case' pattern '=' expression | '#available' '(' … ')' | expression
/// switch      := 'switch' expression '{' (('case' pattern (',' pattern)* where? | 'default') ':'
///                statements)* '}'
/// loop        := ('for' | 'while') … block | 'repeat' block 'while' expression
/// do          := 'do' … block ('catch' … block)*
/// ```
///
/// Expressions in conditions and loop headers take no trailing closure (as in Swift), so the
/// `{` there opens the body. A statement that does not end at a line end, `;` or `}`, or that
/// cannot be read, becomes `.other` from its first token to the end of the enclosing block.
extension SwiftReader {
  /// After a `{`: the statements up to (not past) the `}` that closes the block, a case label
  /// when `stopsAtCaseLabel`, a recovery point, or the end of the file.
  ///
  /// With `strayBraceColumn` (a function body's indentation), a `}` that starts a line deeper
  /// than that is skipped when the file's braces do not match.
  mutating func readStatements(
    stopsAtCaseLabel: Bool = false, strayBraceColumn: Int? = nil
  ) -> [ScanStatement] {
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
      if token.kind == .rightBrace {
        guard let column = strayBraceColumn, isStrayBrace(column: column) else { break }
        cursor.advance()
        continue
      }
      if token.kind == .semicolon {
        cursor.advance()
        continue
      }
      if stopsAtCaseLabel, isCaseLabel() { break }
      if isRecoveryPoint() { break }
      let start = cursor.position
      let count = statements.count
      readStatement(into: &statements)
      let next = cursor.current
      let ends =
        next.isAtLineStart || next.kind == .semicolon || next.kind == .rightBrace
        || (stopsAtCaseLabel && isCaseLabel())
      if cursor.failed || !ends || cursor.position == start {
        cursor.failed = false
        skipToBlockEnd()
        statements.removeSubrange(count...)
        statements.append(other(from: start))
        break
      }
    }
    return statements
  }

  /// An `.other` statement from token index `start` to the last token read.
  func other(from start: Int) -> ScanStatement {
    let first = cursor.tokens[min(start, cursor.tokens.count - 1)]
    return ScanStatement(.other, range: cursor.range(from: start), firstTokenRange: first.range)
  }

  func statement(_ kind: ScanStatement.Kind, from start: Int) -> ScanStatement {
    let first = cursor.tokens[min(start, cursor.tokens.count - 1)]
    return ScanStatement(kind, range: cursor.range(from: start), firstTokenRange: first.range)
  }

  /// `case …:`, `default:` or `@unknown default:` at the start of a switch's statement.
  func isCaseLabel() -> Bool {
    let token = cursor.current
    if token.keyword == .case || token.keyword == .default {
      return token.keyword == .case || cursor.peek().kind == .colon
    }
    return token.kind == .attribute && cursor.peek().keyword == .default
  }

  /// One statement at the current token, appended to `statements` (a declaration of several
  /// names appends one statement per name).
  mutating func readStatement(into statements: inout [ScanStatement]) {
    let start = cursor.position
    let token = cursor.current
    switch token.keyword {
    case .let, .var:
      readLocalDeclaration(from: start, into: &statements)
      return
    case .lazy, .weak, .unowned, .async:
      // `lazy var`, `weak var`, `async let`.
      if cursor.peek().keyword == .var || cursor.peek().keyword == .let {
        cursor.advance()
        readLocalDeclaration(from: start, into: &statements)
        return
      }
    case .do:
      // `do { } catch … { }`: a block statement each.
      statements.append(readSingleStatement(from: start))
      while !cursor.failed, cursor.keyword == .catch {
        statements.append(readSingleStatement(from: cursor.position))
      }
      return
    default:
      break
    }
    statements.append(readSingleStatement(from: start))
  }

  /// A statement other than a local declaration.
  private mutating func readSingleStatement(from start: Int) -> ScanStatement {
    let token = cursor.current
    switch token.keyword {
    case .if:
      return readIf()
    case .guard:
      cursor.advance()
      let conditions = readConditions()
      guard cursor.keyword == .else else {
        cursor.failed = true
        return other(from: start)
      }
      cursor.advance()
      let body = readBlock()
      return statement(.guardStatement(conditions: conditions, else: body), from: start)
    case .switch:
      return readSwitch()
    case .for, .while:
      cursor.advance()
      skipHeader()
      return statement(.loop(body: readBlock()), from: start)
    case .repeat:
      cursor.advance()
      let body = readBlock()
      if cursor.keyword == .while {
        cursor.advance()
        _ = readExpression(allowsTrailingClosure: false)
      }
      return statement(.loop(body: body), from: start)
    case .do:
      cursor.advance()
      skipHeader()
      return statement(.block(body: readBlock()), from: start)
    case .catch:
      cursor.advance()
      skipHeader()
      return statement(.block(body: readBlock()), from: start)
    case .defer:
      cursor.advance()
      return statement(.deferStatement(body: readBlock()), from: start)
    case .return:
      cursor.advance()
      let next = cursor.current
      if next.isAtLineStart || next.kind == .rightBrace || next.kind == .semicolon
        || next.kind == .endOfFile
      {
        return statement(.returnStatement(nil), from: start)
      }
      let value = readExpression(allowsTrailingClosure: true)
      return statement(.returnStatement(value), from: start)
    case .throw:
      cursor.advance()
      _ = readExpression(allowsTrailingClosure: true)
      return other(from: start)
    case .break, .continue, .fallthrough:
      cursor.advance()
      if cursor.kind == .identifier, !cursor.current.isAtLineStart, cursor.keyword == .none {
        cursor.advance()
      }
      return other(from: start)
    case .func, .class, .struct, .enum, .protocol, .extension, .typealias, .import:
      var ignored = Members()
      readDeclaration(into: &ignored, enclosing: [])
      return other(from: start)
    case .actor where cursor.peek().kind == .identifier && cursor.peek().keyword == .none:
      var ignored = Members()
      readDeclaration(into: &ignored, enclosing: [])
      return other(from: start)
    case .else, .case, .default, .in, .where:
      cursor.failed = true
      return other(from: start)
    default:
      break
    }
    if token.kind == .attribute || (token.keyword != .none && isModifierHere()) {
      // `@MainActor func helper()`, `final class Local`: a local declaration.
      var ignored = Members()
      readDeclaration(into: &ignored, enclosing: [])
      return other(from: start)
    }
    // `outer: for …`
    if token.kind == .identifier, token.keyword == .none, cursor.peek().kind == .colon {
      switch cursor.peek(2).keyword {
      case .for, .while, .repeat, .do, .if, .switch:
        cursor.advance()
        cursor.advance()
        return readSingleStatement(from: cursor.position)
      default:
        break
      }
    }
    return readExpressionStatement(from: start)
  }

  /// An expression, or an assignment when an assignment operator follows it.
  mutating func readExpressionStatement(from start: Int) -> ScanStatement {
    let target = readExpression(allowsTrailingClosure: true)
    guard !cursor.failed, let compound = assignmentOperator() else {
      return statement(.expression(target), from: start)
    }
    cursor.advance()
    let value = readExpression(allowsTrailingClosure: true)
    return statement(
      .assignment(
        target: target, value: value, compoundOperator: compound.isEmpty ? nil : compound),
      from: start)
  }

  /// At an assignment operator: "" for `=`, the operator for `+=`, `-=`, `??=`, …; else nil.
  func assignmentOperator() -> String? {
    let token = cursor.current
    guard token.kind == .operator, cursor.bytes[token.upperBound - 1] == UInt8(ascii: "=") else {
      return nil
    }
    if token.range.count == 1 { return "" }
    switch cursor.code(of: token) {
    case Self.equal, Self.notEqual, Self.lessOrEqual, Self.greaterOrEqual, Self.identical,
      Self.notIdentical, Self.patternMatch:
      return nil
    default:
      return cursor.text(token)
    }
  }

  static let equal = ScanCursor.code("==")
  static let notEqual = ScanCursor.code("!=")
  static let lessOrEqual = ScanCursor.code("<=")
  static let greaterOrEqual = ScanCursor.code(">=")
  static let identical = ScanCursor.code("===")
  static let notIdentical = ScanCursor.code("!==")
  static let patternMatch = ScanCursor.code("~=")

  /// At `let`/`var`: a declaration statement per name (`let a = 1, b = 2`); a tuple pattern is
  /// `.other`.
  mutating func readLocalDeclaration(from start: Int, into statements: inout [ScanStatement]) {
    let isConstant = cursor.keyword == .let
    cursor.advance()
    var isFirst = true
    while !cursor.isAtEnd {
      let bindingStart = isFirst ? start : cursor.position
      isFirst = false
      guard cursor.kind == .identifier else {
        // A tuple or other pattern: read and drop the value.
        while !cursor.isAtEnd, !cursor.isOperator(cursor.current, "="),
          !cursor.current.isAtLineStart, cursor.kind != .rightBrace, cursor.kind != .semicolon
        {
          cursor.skipBalanced()
        }
        if cursor.isOperator(cursor.current, "=") {
          cursor.advance()
          _ = readExpression(allowsTrailingClosure: true)
        }
        statements.append(other(from: bindingStart))
        return
      }
      let nameToken = cursor.current
      cursor.advance()
      let (typeText, initializer) = readAnnotationAndInitializer()
      if cursor.kind == .leftBrace, !cursor.current.isAtLineStart {
        _ = readAccessors(of: cursor.name(nameToken), column: declarationColumns.last ?? 0)
      }
      let declaration = ScanDeclaration(
        name: cursor.name(nameToken), nameRange: nameToken.range, typeText: typeText,
        initializer: initializer, isConstant: isConstant)
      statements.append(statement(.declaration(declaration), from: bindingStart))
      guard cursor.kind == .comma, !cursor.failed else { break }
      cursor.advance()
    }
  }

  /// At `if`.
  mutating func readIf() -> ScanStatement {
    let start = cursor.position
    cursor.advance()
    let conditions = readConditions()
    let then = readBlock()
    var otherwise: [ScanStatement]?
    if cursor.keyword == .else, !cursor.failed {
      cursor.advance()
      if cursor.keyword == .if {
        if cursor.enter() {
          otherwise = [readIf()]
          cursor.leave()
        } else {
          let elseStart = cursor.position
          skipElseChain()
          otherwise = [other(from: elseStart)]
        }
      } else {
        otherwise = readBlock()
      }
    }
    return statement(.ifStatement(conditions: conditions, then: then, else: otherwise), from: start)
  }

  /// Skips `if … { } else if … { } else { }` without reading it (past the nesting limit).
  private mutating func skipElseChain() {
    while !cursor.isAtEnd {
      while !cursor.isAtEnd, cursor.kind != .leftBrace, cursor.kind != .rightBrace {
        cursor.skipBalanced()
      }
      guard cursor.kind == .leftBrace else { return }
      skipBlock()
      guard cursor.keyword == .else else { return }
      cursor.advance()
    }
  }

  /// The conditions of an `if`, `guard` or `while`, up to its `{` or `else`.
  mutating func readConditions() -> [ScanCondition] {
    var conditions: [ScanCondition] = []
    while !cursor.isAtEnd, !cursor.failed {
      conditions.append(readCondition())
      guard cursor.kind == .comma else { break }
      cursor.advance()
    }
    return conditions
  }

  private mutating func readCondition() -> ScanCondition {
    let start = cursor.position
    let token = cursor.current
    switch token.keyword {
    case .let, .var:
      cursor.advance()
      if cursor.kind == .leftParen {
        // `if let (a, b) = pair`: the tuple pattern's text stands for the name.
        let pattern = cursor.current
        cursor.skipBalanced()
        let name = cursor.text(pattern.lowerBound..<(cursor.previous ?? pattern).upperBound)
        if cursor.kind == .colon {
          cursor.advance()
          skipType()
        }
        guard cursor.isOperator(cursor.current, "=") else {
          cursor.failed = true
          return ScanCondition(.expression(unknown(from: start)), range: cursor.range(from: start))
        }
        cursor.advance()
        let value = readExpression(allowsTrailingClosure: false)
        return ScanCondition(
          .optionalBinding(name: name, value: value, isVariable: token.keyword == .var),
          range: cursor.range(from: start))
      }
      guard cursor.kind == .identifier else {
        cursor.failed = true
        return ScanCondition(.expression(unknown(from: start)), range: cursor.range(from: start))
      }
      let nameToken = cursor.current
      cursor.advance()
      if cursor.kind == .colon {
        cursor.advance()
        skipType()
      }
      var value = ScanExpr(.identifier(cursor.name(nameToken)), range: nameToken.range)
      if cursor.isOperator(cursor.current, "=") {
        cursor.advance()
        value = readExpression(allowsTrailingClosure: false)
      }
      return ScanCondition(
        .optionalBinding(
          name: cursor.name(nameToken), value: value, isVariable: token.keyword == .var),
        range: cursor.range(from: start))
    case .case:
      cursor.advance()
      let patternStart = cursor.position
      while !cursor.isAtEnd, !cursor.isOperator(cursor.current, "="), cursor.kind != .leftBrace,
        cursor.kind != .rightBrace, cursor.kind != .comma
      {
        cursor.skipBalanced()
      }
      let pattern = cursor.text(cursor.range(from: patternStart))
      guard cursor.isOperator(cursor.current, "=") else {
        cursor.failed = true
        return ScanCondition(.expression(unknown(from: start)), range: cursor.range(from: start))
      }
      cursor.advance()
      let value = readExpression(allowsTrailingClosure: false)
      return ScanCondition(
        .patternMatch(pattern: pattern, value: value), range: cursor.range(from: start))
    default:
      if token.kind == .pound,
        cursor.isText(token, "#available") || cursor.isText(token, "#unavailable")
      {
        cursor.advance()
        if cursor.kind == .leftParen { cursor.skipBalanced() }
        let range = cursor.range(from: start)
        return ScanCondition(.availability(cursor.text(range)), range: range)
      }
      let value = readExpression(allowsTrailingClosure: false)
      return ScanCondition(.expression(value), range: cursor.range(from: start))
    }
  }

  /// A `for`/`while`/`do`/`catch` header: skipped up to the `{` of its body.
  private mutating func skipHeader() {
    while !cursor.isAtEnd, cursor.kind != .leftBrace, cursor.kind != .rightBrace,
      cursor.kind != .semicolon
    {
      cursor.skipBalanced()
    }
  }

  /// `{ statements }`: the statements; fails when there is no `{`.
  mutating func readBlock() -> [ScanStatement] {
    guard cursor.kind == .leftBrace else {
      cursor.failed = true
      return []
    }
    cursor.advance()
    let statements = readStatements()
    if cursor.kind == .rightBrace { cursor.advance() }
    return statements
  }

  /// At `switch`.
  mutating func readSwitch() -> ScanStatement {
    let start = cursor.position
    cursor.advance()
    let subject = readExpression(allowsTrailingClosure: false)
    guard cursor.kind == .leftBrace, !cursor.failed else {
      cursor.failed = true
      return other(from: start)
    }
    cursor.advance()
    var cases: [ScanSwitchCase] = []
    guard cursor.enter() else {
      skipToBlockEnd()
      if cursor.kind == .rightBrace { cursor.advance() }
      return other(from: start)
    }
    defer { cursor.leave() }
    while !cursor.isAtEnd, cursor.kind != .rightBrace, !cursor.failed {
      if cursor.kind == .semicolon {
        cursor.advance()
        continue
      }
      guard isCaseLabel() else {
        cursor.failed = true
        break
      }
      let caseStart = cursor.position
      if cursor.kind == .attribute { cursor.advance() }
      var patterns: [ScanExpr] = []
      let isDefault = cursor.keyword == .default
      cursor.advance()
      if !isDefault { patterns = readCasePatterns() }
      guard cursor.kind == .colon else {
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

  /// `pattern (',' pattern)* ('where' …)?` up to the `:`; a pattern that is not an expression
  /// is `.unknown`.
  private mutating func readCasePatterns() -> [ScanExpr] {
    var patterns: [ScanExpr] = []
    while !cursor.isAtEnd {
      let start = cursor.position
      var pattern = readExpression(allowsTrailingClosure: false)
      let ended = cursor.kind == .comma || cursor.kind == .colon || cursor.keyword == .where
      if cursor.failed || !ended {
        cursor.failed = false
        cursor.rewind(to: start)
        while !cursor.isAtEnd, cursor.kind != .comma, cursor.kind != .colon,
          cursor.keyword != .where, cursor.kind != .rightBrace, cursor.kind != .leftBrace
        {
          cursor.skipBalanced()
        }
        pattern = unknown(from: start)
      }
      patterns.append(pattern)
      if cursor.keyword == .where {
        while !cursor.isAtEnd, cursor.kind != .colon, cursor.kind != .rightBrace,
          cursor.kind != .leftBrace
        {
          cursor.skipBalanced()
        }
      }
      guard cursor.kind == .comma else { break }
      cursor.advance()
    }
    return patterns
  }
}
