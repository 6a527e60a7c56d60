import NavRulesCompiler

/// Swift expressions, by precedence climbing.
///
/// ```
/// expression := binary ('?' expression ':' expression)?            (a spaced '?')
/// binary     := unary (infix-operator unary | ('as' ('?' | '!')? | 'is') type)*
/// unary      := ('try' ('?' | '!')? | 'await')* prefix-operator* postfix
/// postfix    := primary ('.' (name | digits) | '?' | '!' | generics | '(' arguments ')'
///               | '[' arguments ']' | closure ((label ':')? closure)* | postfix-operator)*
/// primary    := name generics? | literal | '(' elements ')' | '[' collection ']' | closure
///             | '.' name | '\' key-path | '#selector' '(' … ')' | '#keyPath' '(' … ')'
///             | '#' name | 'if' … | 'switch' … (as `.unknown`)
/// arguments  := ((label ':')? (expression | operator))*  separated by ','
/// elements   := (label ':' (expression | operator) | expression (assignment-operator
///               expression)?)*  separated by ','          (`(x = v)` is `binary("=", x, v)`)
/// closure    := '{' (attribute* capture-list? parameters effects ('->' type)? 'in')? statements '}'
/// ```
///
/// Precedences, as Swift's standard library declares them: `||` < `&&` < comparisons < `??`
/// < casts < ranges < `+ - | ^` < `* / % &` < `<< >>`; any other operator is the loosest.
/// An operator is infix when it has white space on both sides or neither (Swift's rule), so a
/// line that starts with `-x` is a new statement and one that starts with `+ x` continues the
/// previous one. `(`, `[` and `{` continue an expression only on the same line; `.member`
/// continues it on the next line too.
extension SwiftReader {
  static let castingPrecedence = 6
  /// `??` is the only right-associative operator among them.
  static let nilCoalescingPrecedence = 5

  /// An expression. `allowsTrailingClosure` is false in conditions and loop headers, where a
  /// `{` opens the body.
  mutating func readExpression(allowsTrailingClosure: Bool) -> ScanExpr {
    let start = cursor.position
    guard cursor.enter() else { return skipExpression(from: start) }
    defer { cursor.leave() }
    let condition = readBinary(minimumPrecedence: 1, allowsTrailingClosure: allowsTrailingClosure)
    let token = cursor.current
    guard !cursor.failed, token.kind == .operator, token.hasSpaceBefore,
      cursor.isText(token, "?")
    else { return condition }
    cursor.advance()
    let then = readExpression(allowsTrailingClosure: allowsTrailingClosure)
    guard cursor.kind == .colon, !cursor.failed else {
      cursor.failed = true
      return unknown(from: start)
    }
    cursor.advance()
    let otherwise = readExpression(allowsTrailingClosure: allowsTrailingClosure)
    return make(.ternary(condition: condition, then: then, else: otherwise), from: start)
  }

  /// Past the nesting limit: skips to the end of the expression without reading it.
  mutating func skipExpression(from start: Int) -> ScanExpr {
    var first = true
    while !cursor.isAtEnd {
      let token = cursor.current
      switch token.kind {
      case .comma, .rightParen, .rightBracket, .rightBrace, .semicolon, .colon:
        return unknown(from: start)
      default:
        if !first, token.isAtLineStart, token.kind != .dot, token.kind != .operator {
          return unknown(from: start)
        }
        if token.kind == .leftBrace {
          skipBlock()
        } else {
          cursor.skipBalanced()
        }
      }
      first = false
    }
    return unknown(from: start)
  }

  // MARK: - Operators

  private mutating func readBinary(
    minimumPrecedence: Int, allowsTrailingClosure: Bool
  ) -> ScanExpr {
    let start = cursor.position
    var lhs = readUnary(allowsTrailingClosure: allowsTrailingClosure)
    while !cursor.failed {
      let token = cursor.current
      if token.kind == .identifier, token.keyword == .as || token.keyword == .is {
        guard Self.castingPrecedence >= minimumPrecedence else { break }
        cursor.advance()
        var kind = ScanCastKind.check
        if token.keyword == .as {
          kind = .coercion
          let mark = cursor.current
          if mark.kind == .operator, !mark.hasSpaceBefore, cursor.isText(mark, "?") {
            kind = .conditional
            cursor.advance()
          } else if mark.kind == .operator, !mark.hasSpaceBefore, cursor.isText(mark, "!") {
            kind = .forced
            cursor.advance()
          }
        }
        let type = readTypeText() ?? ""
        lhs = make(.cast(lhs, kind: kind, type: type), from: start)
        continue
      }
      guard let precedence = infixPrecedence(token), precedence > 0,
        precedence >= minimumPrecedence
      else {
        break
      }
      let spelling = cursor.text(token)
      let isRightAssociative = precedence == Self.nilCoalescingPrecedence
      cursor.advance()
      guard cursor.enter() else {
        _ = skipExpression(from: cursor.position)
        return unknown(from: start)
      }
      let rhs = readBinary(
        minimumPrecedence: isRightAssociative ? precedence : precedence + 1,
        allowsTrailingClosure: allowsTrailingClosure)
      cursor.leave()
      lhs = make(.binary(operator: spelling, lhs: lhs, rhs: rhs), from: start)
    }
    return lhs
  }

  /// The precedence of the infix operator at `token`, or nil when it is not one here.
  private func infixPrecedence(_ token: ScanToken) -> Int? {
    guard token.kind == .operator else { return nil }
    let next = cursor.peek()
    let leftBound = !token.hasSpaceBefore
    let rightBound = !next.hasSpaceBefore && !Self.endsOperand(next.kind)
    guard leftBound == rightBound, assignmentOperator() == nil else { return nil }
    return Self.precedences[cursor.code(of: token)] ?? 1
  }

  /// Swift's standard operators by precedence (`?`, `->` and assignments are not infix here);
  /// any other operator gets 1.
  static let precedences: [UInt32: Int] = {
    var table: [UInt32: Int] = [:]
    let groups: [(Int, [StaticString])] = [
      (0, ["?", "->"]), (2, ["||"]), (3, ["&&"]),
      (4, ["==", "!=", "<", ">", "<=", ">=", "===", "!==", "~="]), (5, ["??"]),
      (7, ["..<", "..."]), (8, ["+", "-", "&+", "&-", "|", "^"]), (9, ["*", "/", "%", "&", "&*"]),
      (10, ["<<", ">>", "&<<", "&>>"]),
    ]
    for (precedence, spellings) in groups {
      for spelling in spellings { table[ScanCursor.code(spelling)] = precedence }
    }
    return table
  }()

  /// Tokens that, right after an operator, count as white space for Swift's binding rule.
  static func endsOperand(_ kind: ScanToken.Kind) -> Bool {
    switch kind {
    case .rightParen, .rightBracket, .rightBrace, .comma, .semicolon, .colon, .endOfFile:
      true
    default: false
    }
  }

  private mutating func readUnary(allowsTrailingClosure: Bool) -> ScanExpr {
    let start = cursor.position
    while cursor.kind == .identifier, isEffectMarker(cursor.current) {
      let isTry = cursor.keyword == .try
      cursor.advance()
      if isTry, isOptionalMark(cursor.current) { cursor.advance() }
    }
    var prefixes: [(start: Int, spelling: String)] = []
    while cursor.kind == .operator, !cursor.peek().hasSpaceBefore,
      !Self.endsOperand(cursor.peek().kind), prefixes.count < 16
    {
      prefixes.append((cursor.position, cursor.text(cursor.current)))
      cursor.advance()
    }
    if cursor.kind == .operator, !prefixes.isEmpty { return fail() }
    var operand = readPostfix(allowsTrailingClosure: allowsTrailingClosure)
    for prefix in prefixes.reversed() {
      operand = make(.prefix(operator: prefix.spelling, operand: operand), from: prefix.start)
    }
    if cursor.position > start, operand.range.lowerBound != cursor.tokens[start].lowerBound {
      operand.range = cursor.range(from: start)
    }
    return operand
  }

  /// `try`, `await`, and `consume`/`copy` before a name on the same line: markers that do
  /// not change what an expression is.
  private func isEffectMarker(_ token: ScanToken) -> Bool {
    if token.keyword == .try || token.keyword == .await { return true }
    let next = cursor.peek()
    guard next.kind == .identifier, !next.isAtLineStart, next.hasSpaceBefore else { return false }
    return cursor.isText(token, "consume") || cursor.isText(token, "copy")
  }

  // MARK: - Postfix

  private mutating func readPostfix(allowsTrailingClosure: Bool) -> ScanExpr {
    let start = cursor.position
    var expression = readPrimary()
    var lastWasCall = false
    while !cursor.failed {
      let token = cursor.current
      var isCall = false
      switch token.kind {
      case .dot:
        cursor.advance()
        let name = cursor.current
        if name.kind == .identifier {
          cursor.advance()
          if name.keyword == .selfKeyword {
            expression = make(.typeReference(expression), from: start)
          } else {
            expression = make(.member(base: expression, name: cursor.name(name)), from: start)
            skipGenericArguments()
          }
        } else if name.kind == .number {
          cursor.advance()
          expression = make(.member(base: expression, name: cursor.text(name)), from: start)
        } else {
          return fail()
        }
      case .operator:
        if !token.hasSpaceBefore, cursor.isText(token, "?") || cursor.isText(token, "!") {
          cursor.advance()
        } else if !token.hasSpaceBefore,
          cursor.peek().hasSpaceBefore
            || Self.endsOperand(cursor.peek().kind) || cursor.peek().kind == .dot,
          !cursor.isText(token, "=")
        {
          cursor.advance()
          expression = make(
            .postfix(operator: cursor.text(token), operand: expression), from: start)
        } else {
          return expression
        }
      case .leftParen where !token.isAtLineStart:
        let arguments = readArguments(closer: .rightParen)
        expression = make(
          .call(callee: expression, arguments: arguments, trailingClosures: []), from: start)
        isCall = true
      case .leftBracket where !token.isAtLineStart:
        let arguments = readArguments(closer: .rightBracket)
        expression = make(.subscript(base: expression, arguments: arguments), from: start)
      case .leftBrace
      where allowsTrailingClosure && !token.isAtLineStart
        && !startsObserverBlock():
        let closures = readTrailingClosures()
        if lastWasCall, case .call(let callee, let arguments, let existing) = expression.kind,
          existing.isEmpty
        {
          expression = make(
            .call(callee: callee, arguments: arguments, trailingClosures: closures), from: start)
        } else {
          expression = make(
            .call(callee: expression, arguments: [], trailingClosures: closures), from: start)
        }
      default:
        return expression
      }
      lastWasCall = isCall
    }
    return expression
  }

  /// After a name: `<T, U>` when it is glued to the name and followed by what can follow a
  /// generic type in an expression (`X<T>(…)`, `X<T>.make()`).
  private mutating func skipGenericArguments() {
    let token = cursor.current
    guard token.kind == .operator, !token.hasSpaceBefore, cursor.isText(token, "<"),
      let end = angleBracketsEnd(from: cursor.position, exact: true)
    else { return }
    let follower = cursor.tokens[min(end, cursor.tokens.count - 1)]
    switch follower.kind {
    case .leftParen, .dot, .rightParen, .comma, .rightBracket, .rightBrace, .endOfFile,
      .leftBrace:
      break
    case .operator where !follower.hasSpaceBefore:
      break
    default:
      guard follower.isAtLineStart else { return }
    }
    while cursor.position < end, !cursor.isAtEnd { cursor.advance() }
  }

  /// Whether the `{` here opens `willSet`/`didSet` observers rather than a trailing closure.
  private func startsObserverBlock() -> Bool {
    var offset = 1
    while cursor.peek(offset).kind == .attribute, offset < 8 { offset += 1 }
    let word = cursor.peek(offset).keyword
    return word == .willSet || word == .didSet
  }

  /// `{ … } label: { … } …`
  private mutating func readTrailingClosures() -> [ScanArgument] {
    var closures = [ScanArgument(label: nil, value: readClosure())]
    while !cursor.failed, cursor.kind == .identifier, cursor.peek().kind == .colon,
      cursor.peek(2).kind == .leftBrace
    {
      let label = cursor.name(cursor.current)
      cursor.advance()
      cursor.advance()
      closures.append(ScanArgument(label: label, value: readClosure()))
    }
    return closures
  }

  /// At `(` or `[`: the arguments, up to and past `closer`. With `allowsAssignment` (a
  /// parenthesized expression), an unlabeled element may be an assignment, `(x = v)`, read as
  /// Objective-C reads one inside an expression: `binary("=", x, v)` (`+=` and the like too).
  private mutating func readArguments(closer: ScanToken.Kind, allowsAssignment: Bool = false)
    -> [ScanArgument]
  {
    guard cursor.enter() else {
      cursor.skipBalanced()
      return []
    }
    defer { cursor.leave() }
    cursor.advance()
    var arguments: [ScanArgument] = []
    while !cursor.failed {
      let token = cursor.current
      if token.kind == closer {
        cursor.advance()
        break
      }
      var label: String?
      if token.kind == .identifier, cursor.peek().kind == .colon {
        label = cursor.name(token)
        cursor.advance()
        cursor.advance()
      }
      let valueToken = cursor.current
      let value: ScanExpr
      if valueToken.kind == .operator,
        cursor.peek().kind == .comma || cursor.peek().kind == closer
      {
        cursor.advance()
        value = ScanExpr(.unknown, range: valueToken.range)
      } else if label != nil, valueToken.kind == .comma || valueToken.kind == closer {
        value = ScanExpr(.unknown, range: valueToken.lowerBound..<valueToken.lowerBound)
      } else {
        value = readAssignedExpression(allowsAssignment: allowsAssignment && label == nil)
      }
      arguments.append(ScanArgument(label: label, value: value))
      if cursor.kind == .comma {
        cursor.advance()
      } else if cursor.kind != closer {
        _ = fail()
      }
    }
    return arguments
  }

  /// An expression, or with `allowsAssignment` an assignment `x = v` as `binary("=", x, v)`.
  private mutating func readAssignedExpression(allowsAssignment: Bool) -> ScanExpr {
    let start = cursor.position
    let target = readExpression(allowsTrailingClosure: true)
    guard allowsAssignment, !cursor.failed, let compound = assignmentOperator() else {
      return target
    }
    cursor.advance()
    let value = readExpression(allowsTrailingClosure: true)
    return make(
      .binary(operator: compound.isEmpty ? "=" : compound, lhs: target, rhs: value), from: start)
  }

  // MARK: - Primary

  private mutating func readPrimary() -> ScanExpr {
    let start = cursor.position
    let token = cursor.current
    switch token.kind {
    case .identifier:
      return readNamePrimary()
    case .number:
      cursor.advance()
      return make(.number(cursor.text(token)), from: start)
    case .string:
      cursor.advance()
      return make(.string(StringLiteralDecoder.swift(cursor.bytes, token.range)), from: start)
    case .regex:
      cursor.advance()
      return unknown(from: start)
    case .leftParen:
      let elements = readArguments(closer: .rightParen, allowsAssignment: true)
      if elements.count == 1, elements[0].label == nil {
        return make(elements[0].value.kind, from: start)
      }
      return make(.tuple(elements), from: start)
    case .leftBracket:
      return readCollection()
    case .leftBrace:
      return readClosure()
    case .dot:
      cursor.advance()
      guard cursor.kind == .identifier else { return fail() }
      let name = cursor.name(cursor.current)
      cursor.advance()
      return make(.member(base: nil, name: name), from: start)
    case .backslash:
      return readKeyPath()
    case .pound:
      return readPoundExpression()
    default:
      return fail()
    }
  }

  private mutating func readNamePrimary() -> ScanExpr {
    let start = cursor.position
    let token = cursor.current
    switch token.keyword {
    case .true, .false:
      cursor.advance()
      return make(.boolean(token.keyword == .true), from: start)
    case .nil:
      cursor.advance()
      return make(.nilLiteral, from: start)
    case .if, .switch:
      // A Swift 5.9 `if` or `switch` expression.
      cursor.advance()
      while !cursor.isAtEnd, cursor.kind != .leftBrace, cursor.kind != .rightBrace,
        !cursor.current.isAtLineStart
      {
        cursor.skipBalanced()
      }
      skipBlock()
      while cursor.keyword == .else {
        cursor.advance()
        while !cursor.isAtEnd, cursor.kind != .leftBrace, cursor.kind != .rightBrace {
          cursor.skipBalanced()
        }
        skipBlock()
      }
      return unknown(from: start)
    case .let, .var:
      // A binding inside a pattern (`case .some(let x)`).
      cursor.advance()
      if cursor.kind == .identifier { cursor.advance() }
      return unknown(from: start)
    case .else, .case, .default, .in, .where, .return, .func, .guard, .for, .while, .repeat,
      .do, .catch, .defer, .throw, .break, .continue, .fallthrough, .import, .struct, .enum,
      .protocol, .extension, .class, .typealias:
      return fail()
    default:
      cursor.advance()
      let name = cursor.name(token)
      skipGenericArguments()
      return make(.identifier(name), from: start)
    }
  }

  /// At `[`: an array or dictionary literal.
  private mutating func readCollection() -> ScanExpr {
    let start = cursor.position
    guard cursor.enter() else {
      cursor.skipBalanced()
      return unknown(from: start)
    }
    defer { cursor.leave() }
    cursor.advance()
    if cursor.kind == .colon, cursor.peek().kind == .rightBracket {
      cursor.advance()
      cursor.advance()
      return make(.dictionary([]), from: start)
    }
    var elements: [ScanExpr] = []
    var entries: [ScanDictionaryEntry] = []
    while !cursor.failed {
      if cursor.kind == .rightBracket {
        cursor.advance()
        break
      }
      let key = readExpression(allowsTrailingClosure: true)
      if cursor.kind == .colon {
        cursor.advance()
        entries.append(
          ScanDictionaryEntry(key: key, value: readExpression(allowsTrailingClosure: true)))
      } else {
        elements.append(key)
      }
      if cursor.kind == .comma {
        cursor.advance()
      } else if cursor.kind != .rightBracket {
        _ = fail()
      }
    }
    if !entries.isEmpty { return make(.dictionary(entries), from: start) }
    return make(.array(elements), from: start)
  }

  /// At `\`: a key path, kept as the text after the backslash.
  private mutating func readKeyPath() -> ScanExpr {
    let start = cursor.position
    cursor.advance()
    let pathStart = cursor.position
    if cursor.kind == .identifier, !cursor.current.hasSpaceBefore {
      cursor.advance()
      skipGenericArguments()
    }
    while !cursor.isAtEnd, !cursor.current.hasSpaceBefore {
      let token = cursor.current
      if token.kind == .dot, cursor.peek().kind == .identifier || cursor.peek().kind == .number {
        cursor.advance()
        cursor.advance()
      } else if isOptionalMark(token) {
        cursor.advance()
      } else if token.kind == .leftBracket {
        cursor.skipBalanced()
      } else {
        break
      }
    }
    return make(.keyPath(cursor.text(cursor.range(from: pathStart))), from: start)
  }

  /// `#selector(…)`, `#keyPath(…)`, `#available(…)` and other `#word`s.
  private mutating func readPoundExpression() -> ScanExpr {
    let start = cursor.position
    let token = cursor.current
    cursor.advance()
    let isSelector = cursor.isText(token, "#selector")
    let isKeyPath = cursor.isText(token, "#keyPath")
    guard
      isSelector || isKeyPath || cursor.isText(token, "#available")
        || cursor.isText(token, "#unavailable")
    else {
      return make(.identifier(cursor.text(token)), from: start)
    }
    guard cursor.kind == .leftParen else { return unknown(from: start) }
    let open = cursor.current
    cursor.skipBalanced()
    let close = cursor.previous ?? open
    let inner = open.upperBound..<max(open.upperBound, close.lowerBound)
    let text = cursor.trimmedText(inner)
    if isSelector { return make(.selector(text), from: start) }
    if isKeyPath { return make(.keyPath(text), from: start) }
    return unknown(from: start)
  }

  // MARK: - Closures

  /// At `{`: a closure, with its parameters' names when it has an `in` signature.
  mutating func readClosure() -> ScanExpr {
    let start = cursor.position
    guard cursor.enter() else {
      skipBlock()
      return unknown(from: start)
    }
    defer { cursor.leave() }
    cursor.advance()
    let parameters = readClosureSignature()
    let body = readStatements()
    if cursor.kind == .rightBrace { cursor.advance() }
    return make(.closure(parameters: parameters, body: body), from: start)
  }

  /// After a closure's `{`: reads `[captures] (a, b: T) async throws -> R in` when it is
  /// there (up to and past `in`) and returns the parameters' names.
  private mutating func readClosureSignature() -> [String] {
    guard let inIndex = closureSignatureEnd() else { return [] }
    var names: [String] = []
    var index = cursor.position
    while index < inIndex, cursor.tokens[index].kind == .attribute { index += 1 }
    if index < inIndex, cursor.tokens[index].kind == .leftBracket {
      index = cursor.groupEnd(from: index)
    }
    if index < inIndex, cursor.tokens[index].kind == .leftParen {
      // `(a, b: Int, _ c: T)`: the name before each `:`, or the only name.
      let close = cursor.groupEnd(from: index)
      var element: [ScanToken] = []
      var level = 0
      for token in cursor.tokens[(index + 1)..<max(index + 1, close - 1)] {
        if ScanCursor.isOpening(token.kind) { level += 1 }
        if ScanCursor.isClosing(token.kind) { level -= 1 }
        if level == 0, token.kind == .comma {
          if let name = parameterName(element) { names.append(name) }
          element.removeAll()
        } else {
          element.append(token)
        }
      }
      if let name = parameterName(element) { names.append(name) }
    } else {
      while index < inIndex {
        let token = cursor.tokens[index]
        if token.kind == .identifier, token.keyword == .none || token.keyword == .selfKeyword {
          names.append(cursor.name(token))
        } else if token.kind != .comma {
          break
        }
        index += 1
      }
    }
    while cursor.position <= inIndex, !cursor.isAtEnd { cursor.advance() }
    return names
  }

  private func parameterName(_ tokens: [ScanToken]) -> String? {
    let words = tokens.prefix { $0.kind != .colon }.filter { $0.kind == .identifier }
    return words.last.map(cursor.name)
  }

  /// The index of the `in` that ends a closure signature starting here, or nil when the
  /// closure has none.
  private func closureSignatureEnd() -> Int? {
    var index = cursor.position
    let limit = min(cursor.tokens.count - 1, index + 256)
    while index < limit {
      let token = cursor.tokens[index]
      switch token.kind {
      case .identifier:
        switch token.keyword {
        case .in:
          return index > cursor.position ? index : nil
        case .none, .selfKeyword, .capitalSelf, .async, .throws, .rethrows, .inout, .weak,
          .unowned, .some, .any:
          index += 1
        default:
          return nil
        }
      case .leftParen, .leftBracket:
        // A parameter list or capture list: bracketed, without braces, within the limit.
        var level = 0
        repeat {
          let kind = cursor.tokens[index].kind
          if kind == .leftBrace || kind == .rightBrace || kind == .endOfFile { return nil }
          if ScanCursor.isOpening(kind) { level += 1 }
          if ScanCursor.isClosing(kind) { level -= 1 }
          index += 1
        } while level > 0 && index < limit
        if level > 0 { return nil }
      case .comma, .colon, .dot, .attribute:
        index += 1
      case .operator:
        for byteIndex in token.range {
          switch cursor.bytes[byteIndex] {
          case UInt8(ascii: "-"), UInt8(ascii: ">"), UInt8(ascii: "<"), UInt8(ascii: "?"),
            UInt8(ascii: "!"), UInt8(ascii: "&"), UInt8(ascii: "."):
            continue
          default:
            return nil
          }
        }
        index += 1
      default:
        return nil
      }
    }
    return nil
  }
}
