import NavRulesCompiler

/// Swift types in declarations, casts and generic arguments: skipped as text, since the
/// structure keeps only what they say (`typeText`, `returnType`, a cast's type).
///
/// ```
/// type      := atom postfix* (('&' | '->') type)?
/// atom      := attribute* ('inout' | 'some' | 'any' | …)* (name generics? ('.' name generics?)*
///              | '(' … ')' | '[' … ']' | '~' name)
/// postfix   := '?' | '!' | '...' | 'async' | 'throws' ('(' … ')')? | 'rethrows'
/// generics  := '<' … '>'      (angle brackets counted inside operators such as `>>` or `>?`)
/// ```
extension SwiftReader {
  /// Skips a type and returns its source text, or nil when there is none here.
  mutating func readTypeText() -> String? {
    let start = cursor.position
    skipType()
    guard cursor.position > start else { return nil }
    return cursor.text(cursor.range(from: start))
  }

  /// `(':' type)? ('=' expression)?` after a bound name, in a property or a local.
  mutating func readAnnotationAndInitializer() -> (typeText: String?, initializer: ScanExpr?) {
    var typeText: String?
    if cursor.kind == .colon {
      cursor.advance()
      typeText = readTypeText()
    }
    guard cursor.isOperator(cursor.current, "=") else { return (typeText, nil) }
    cursor.advance()
    return (typeText, readExpression(allowsTrailingClosure: true))
  }

  mutating func skipType() {
    var expectsAtom = true
    var steps = 0
    while !cursor.isAtEnd, steps < 4096 {
      steps += 1
      let token = cursor.current
      if expectsAtom {
        switch token.kind {
        case .attribute:
          cursor.advance()
          if cursor.kind == .leftParen, !cursor.current.hasSpaceBefore { cursor.skipBalanced() }
        case .identifier:
          switch token.keyword {
          case .inout, .some, .any, .borrowing, .consuming:
            cursor.advance()
          case .none, .capitalSelf, .selfKeyword, .protocol:
            cursor.advance()
            skipGenericClause()
            expectsAtom = false
          default:
            if cursor.isText(token, "sending") || cursor.isText(token, "isolated") {
              cursor.advance()
            } else {
              return
            }
          }
        case .leftParen, .leftBracket:
          cursor.skipBalanced()
          expectsAtom = false
        case .operator where cursor.isText(token, "~"):
          cursor.advance()
        default:
          return
        }
        continue
      }
      if token.isAtLineStart { return }
      switch token.kind {
      case .dot:
        guard cursor.peek().kind == .identifier else { return }
        cursor.advance()
        cursor.advance()
        skipGenericClause()
      case .operator:
        if isOptionalMark(token) {
          cursor.advance()
        } else if cursor.isText(token, "&") || cursor.isText(token, "->") {
          cursor.advance()
          expectsAtom = true
        } else if cursor.isText(token, "...") {
          cursor.advance()
        } else {
          return
        }
      case .identifier
      where token.keyword == .async || token.keyword == .throws
        || token.keyword == .rethrows:
        cursor.advance()
        if cursor.kind == .leftParen, !cursor.current.hasSpaceBefore { cursor.skipBalanced() }
      default:
        return
      }
    }
  }

  /// `?`, `!`, `?!`… glued to what comes before: optional marks of a type.
  func isOptionalMark(_ token: ScanToken) -> Bool {
    guard token.kind == .operator, !token.hasSpaceBefore else { return false }
    for index in token.range {
      let byte = cursor.bytes[index]
      if byte != UInt8(ascii: "?"), byte != UInt8(ascii: "!") { return false }
    }
    return true
  }

  /// At `<…>` (an operator starting with `<`): skips generic parameters or arguments.
  mutating func skipGenericClause() {
    guard cursor.kind == .operator, cursor.firstByte(cursor.current) == UInt8(ascii: "<"),
      let end = angleBracketsEnd(from: cursor.position, exact: false)
    else { return }
    while cursor.position < end, !cursor.isAtEnd { cursor.advance() }
  }

  /// From an operator starting with `<` at token index `start`: the index just past the token
  /// that closes it, or nil when what follows is not a generic clause. With `exact`, the
  /// closing `>` must end its token (`X<T>(…)`, not `a < b >? c`).
  func angleBracketsEnd(from start: Int, exact: Bool) -> Int? {
    var level = 0
    var index = start
    let tokens = cursor.tokens
    while index < tokens.count, index - start < 512 {
      let token = tokens[index]
      switch token.kind {
      case .operator:
        if cursor.isText(token, "->") {
          index += 1
          continue
        }
        for byteIndex in token.range {
          let byte = cursor.bytes[byteIndex]
          if byte == UInt8(ascii: "<") {
            level += 1
          } else if byte == UInt8(ascii: ">") {
            level -= 1
            if level == 0 {
              if exact, byteIndex != token.upperBound - 1 { return nil }
              return index + 1
            }
          } else if byte != UInt8(ascii: "?"), byte != UInt8(ascii: "!"),
            byte != UInt8(ascii: "&"), byte != UInt8(ascii: "."), byte != UInt8(ascii: "="),
            byte != UInt8(ascii: "~")
          {
            return nil
          }
        }
        index += 1
      case .leftParen, .leftBracket:
        var nesting = 0
        repeat {
          let kind = tokens[index].kind
          if kind == .leftParen || kind == .leftBracket {
            nesting += 1
          } else if kind == .rightParen || kind == .rightBracket {
            nesting -= 1
          } else if kind == .leftBrace || kind == .rightBrace || kind == .endOfFile
            || kind == .semicolon
          {
            return nil
          }
          index += 1
        } while nesting > 0 && index < tokens.count && index - start < 512
      case .identifier:
        switch token.keyword {
        case .none, .capitalSelf, .any, .some, .inout, .where, .async, .throws, .protocol,
          .selfKeyword:
          index += 1
        default:
          return nil
        }
      case .dot, .comma, .colon, .attribute, .number:
        index += 1
      default:
        return nil
      }
    }
    return nil
  }
}
