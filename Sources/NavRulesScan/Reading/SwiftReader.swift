import NavRulesCompiler

/// Reads the structure of a Swift file: its types and their members, and the statements and
/// expressions of every body.
///
/// ```
/// file         := (declaration | other-line)*          (other lines are skipped)
/// declaration  := attribute* modifier* ( type | function | initializer | deinitializer
///                 | subscript | property | skipped-declaration )
/// type         := ('class' | 'struct' | 'enum' | 'actor' | 'protocol' | 'extension')
///                 name ('.' name)* generics? (':' type (',' type)*)? where-clause?
///                 '{' declaration* '}'
/// function     := 'func' (name | operator) generics? parameters effects ('->' type)?
///                 where-clause? body?
/// initializer  := 'init' ('?' | '!')? generics? parameters effects where-clause? body?
/// deinitializer := 'deinit' body?
/// subscript    := 'subscript' generics? parameters '->' type where-clause? accessors?
/// property     := ('var' | 'let') binding (',' binding)*
/// binding      := (name | tuple-pattern) (':' type)? ('=' expression)? accessors?
/// accessors    := '{' (accessor-word ('(' name ')')? effects body?)* '}' | body
/// parameters   := '(' (attribute* label? name ':' type ('=' expression)? ','?)* ')'
/// skipped-declaration := ('case' | 'typealias' | 'associatedtype' | 'import' | 'operator'
///                 | 'precedencegroup' | 'macro') …      (to the end of its line or block)
/// ```
///
/// Attributes (`@objc(name)`, `@MainActor`, `@available(…)`) and modifiers (`public`,
/// `final`, `private(set)`, …) are read past; only `override`, `static`/`class`,
/// `private`/`fileprivate` and `lazy` are kept. Statements are read in
/// `SwiftReader+Statements.swift`, expressions in `SwiftReader+Expressions.swift`, types in
/// `SwiftReader+Types.swift`.
///
/// Recovery: a brace the file does not close (or closes twice) is found by indentation, as an
/// iOS engineer reading the file would. Only when the file's braces do not match: a line that
/// starts a declaration (`func`, `init`, `class`, a modified `var`, …) no deeper than the
/// function or type being read ends it, and a `}` that starts a line deeper than the
/// declaration it would close is skipped. So one broken method does not take the rest of the
/// file with it.
struct SwiftReader: ScanExpressionReading {
  var cursor: ScanCursor
  /// The indentation of the declarations being read (types and functions), innermost last.
  var declarationColumns: [Int] = []

  /// What a type body (or the file) declares.
  struct Members {
    var types: [ScannedType] = []
    var methods: [ScannedMethod] = []
    var properties: [ScannedProperty] = []
  }

  /// The modifiers the structure keeps.
  struct Modifiers {
    var isOverride = false
    var isStatic = false
    var isPrivate = false
    var isLazy = false
  }

  static func read(_ tokens: ScanTokens) -> ScannedFile {
    var reader = SwiftReader(cursor: ScanCursor(tokens))
    var members = Members()
    reader.declarationColumns.append(-1)
    while !reader.cursor.isAtEnd {
      let before = reader.cursor.position
      reader.readDeclaration(into: &members, enclosing: [])
      if reader.cursor.position == before { reader.cursor.advance() }
    }
    return ScannedFile(
      file: tokens.file, language: .swift, types: members.types, functions: members.methods,
      properties: members.properties, comments: tokens.comments)
  }

  // MARK: - Declarations

  /// One declaration (or one skipped line) at the current position.
  mutating func readDeclaration(into members: inout Members, enclosing: [String]) {
    let start = cursor.position
    let modifiers = readModifiers()
    switch cursor.keyword {
    case .class, .struct, .enum, .protocol, .extension, .actor:
      guard cursor.peek().kind == .identifier else {
        skipDeclarationLine()
        return
      }
      if let type = readType(from: start, enclosing: enclosing) { members.types.append(type) }
    case .func:
      if let function = readFunction(from: start, modifiers: modifiers) {
        members.methods.append(function)
      }
    case .initKeyword:
      members.methods.append(readInitializer(from: start, modifiers: modifiers))
    case .deinit:
      let nameToken = cursor.current
      cursor.advance()
      let body = readBody()
      members.methods.append(
        ScannedMethod(
          kind: .deinitializer, baseName: "deinit", nameRange: nameToken.range,
          range: cursor.range(from: start), body: body))
    case .subscript:
      members.methods.append(readSubscript(from: start, modifiers: modifiers))
    case .var, .let:
      members.properties += readProperties(from: start, modifiers: modifiers)
    default:
      skipDeclarationLine()
    }
  }

  /// Attributes and modifiers before a declaration.
  mutating func readModifiers() -> Modifiers {
    var modifiers = Modifiers()
    var count = 0
    while count < 64 {
      count += 1
      let token = cursor.current
      if token.kind == .attribute {
        cursor.advance()
        if cursor.kind == .leftParen, !cursor.current.hasSpaceBefore { cursor.skipBalanced() }
        continue
      }
      guard token.kind == .identifier, isModifierHere() else { break }
      switch token.keyword {
      case .override: modifiers.isOverride = true
      case .static, .class: modifiers.isStatic = true
      case .private, .fileprivate: modifiers.isPrivate = true
      case .lazy: modifiers.isLazy = true
      default: break
      }
      cursor.advance()
      if cursor.kind == .leftParen, !cursor.current.hasSpaceBefore { cursor.skipBalanced() }
    }
    return modifiers
  }

  /// Whether the current token is a declaration modifier: a modifier word followed by another
  /// word, an attribute, or `(set)`-like parentheses.
  func isModifierHere() -> Bool {
    let token = cursor.current
    let next = cursor.peek()
    switch token.keyword {
    case .public, .private, .fileprivate, .internal, .open, .package, .final, .override, .static,
      .required, .convenience, .dynamic, .lazy, .weak, .unowned, .mutating, .nonmutating,
      .optional, .indirect, .prefix, .postfix, .infix, .nonisolated, .distributed, .consuming,
      .borrowing:
      return next.kind == .identifier || next.kind == .attribute
        || (next.kind == .leftParen && !next.hasSpaceBefore && isModifierArgumentHere())
    case .class:
      // `class func`, `class var`, `class override …`: `class` followed by a keyword.
      return next.kind == .identifier && next.keyword != .none && next.keyword != .capitalSelf
    case .none:
      return cursor.isText(token, "isolated") || cursor.isText(token, "__consuming")
    default:
      return false
    }
  }

  /// After a modifier, whether `(set)`, `(safe)` or `(unsafe)` follows (`private(set)`,
  /// `unowned(unsafe)`): anything else in parentheses makes the word a call (`open()`).
  private func isModifierArgumentHere() -> Bool {
    let argument = cursor.peek(2)
    guard argument.kind == .identifier, cursor.peek(3).kind == .rightParen else { return false }
    return cursor.isText(argument, "set") || cursor.isText(argument, "safe")
      || cursor.isText(argument, "unsafe")
  }

  /// Skips what is left of a declaration the structure does not keep: to the next line start
  /// (bracketed groups included), a `}` or `;`, or the end.
  mutating func skipDeclarationLine() {
    var first = true
    while !cursor.isAtEnd {
      let token = cursor.current
      if !first, token.isAtLineStart { return }
      if token.kind == .rightBrace || token.kind == .semicolon { return }
      if token.kind == .leftBrace, !cursor.bracesMatch {
        skipBlock()
      } else {
        cursor.skipBalanced()
      }
      first = false
    }
  }

  /// At `{`: skips the block to just past its `}` (or to a recovery point).
  mutating func skipBlock() {
    guard cursor.kind == .leftBrace else { return }
    cursor.advance()
    skipToBlockEnd()
    if cursor.kind == .rightBrace { cursor.advance() }
  }

  /// Skips to the `}` that closes the current block (not past it), a recovery point, or the
  /// end.
  mutating func skipToBlockEnd() {
    var level = 0
    while !cursor.isAtEnd {
      let token = cursor.current
      if token.kind == .rightBrace {
        if level == 0 { return }
        level -= 1
      } else if token.kind == .leftBrace {
        level += 1
      } else if !cursor.bracesMatch, token.isAtLineStart, isRecoveryPoint() {
        return
      }
      cursor.advance()
    }
  }

  // MARK: - Recovery

  /// Whether the current token ends the declaration being read because the file's braces do
  /// not match: it starts a line, starts a declaration, and is indented no deeper than the
  /// innermost declaration being read.
  mutating func isRecoveryPoint() -> Bool {
    guard !cursor.bracesMatch, cursor.current.isAtLineStart,
      let column = declarationColumns.last, column >= 0, startsDeclaration()
    else { return false }
    return cursor.column(of: cursor.current) <= column
  }

  /// Whether a declaration starts at the current token: modifiers and attributes, then a
  /// declaration keyword (or a `var`/`let` with a modifier no local variable has).
  func startsDeclaration() -> Bool {
    var offset = 0
    var hasMemberModifier = false
    while offset < 12 {
      let token = cursor.peek(offset)
      if token.kind == .attribute {
        hasMemberModifier = true
        offset += 1
        if cursor.peek(offset).kind == .leftParen {
          var level = 0
          repeat {
            let kind = cursor.peek(offset).kind
            if kind == .leftParen { level += 1 } else if kind == .rightParen { level -= 1 }
            offset += 1
          } while level > 0 && offset < 12
        }
        continue
      }
      guard token.kind == .identifier else { return false }
      switch token.keyword {
      case .func, .initKeyword, .deinit, .subscript:
        return true
      case .class, .struct, .enum, .protocol, .extension, .actor:
        let next = cursor.peek(offset + 1)
        if next.kind == .identifier, next.keyword == .none { return true }
        if token.keyword == .class { hasMemberModifier = true } else { return false }
      case .var, .let:
        return hasMemberModifier
      case .public, .private, .fileprivate, .internal, .open, .package, .final, .override,
        .static, .required, .convenience, .dynamic, .nonisolated, .optional:
        hasMemberModifier = true
      case .lazy, .weak, .unowned, .mutating, .nonmutating:
        break
      default:
        return false
      }
      offset += 1
    }
    return false
  }

  /// The indentation the declaration starting at token index `start` is read with.
  mutating func declarationColumn(from start: Int) -> Int {
    cursor.indentation(ofLineWith: cursor.tokens[min(start, cursor.tokens.count - 1)])
  }
}
