import NavRulesCompiler

/// Swift type, function, initializer, subscript and property declarations.
extension SwiftReader {
  /// At the type's keyword (`class`, `struct`, …, `extension`), after its modifiers.
  mutating func readType(from start: Int, enclosing: [String]) -> ScannedType? {
    let kind: ScannedType.Kind
    switch cursor.keyword {
    case .class: kind = .class
    case .struct: kind = .struct
    case .enum: kind = .enum
    case .actor: kind = .actor
    case .protocol: kind = .protocol
    default: kind = .extension
    }
    cursor.advance()
    var nameToken = cursor.current
    var enclosingNames = enclosing
    cursor.advance()
    if kind == .extension {
      while cursor.kind == .dot, cursor.peek().kind == .identifier {
        enclosingNames.append(cursor.name(nameToken))
        cursor.advance()
        nameToken = cursor.current
        cursor.advance()
      }
    }
    skipGenericClause()
    var inherited: [ScannedTypeName] = []
    if cursor.kind == .colon {
      cursor.advance()
      inherited = readInheritance()
    }
    skipWhereClause()
    let name = cursor.name(nameToken)
    var members = Members()
    if cursor.kind == .leftBrace {
      let column = declarationColumn(from: start)
      cursor.advance()
      members = readMembers(enclosing: enclosingNames + [name], column: column)
    }
    return ScannedType(
      kind: kind, name: name, nameRange: nameToken.range, range: cursor.range(from: start),
      enclosingTypeNames: enclosingNames, inheritedTypes: inherited,
      superclass: kind == .class ? inherited.first : nil, nestedTypes: members.types,
      methods: members.methods, properties: members.properties)
  }

  /// After a type's `{`: its members, up to and past its `}`.
  mutating func readMembers(enclosing: [String], column: Int) -> Members {
    var members = Members()
    guard cursor.enter() else {
      skipToBlockEnd()
      if cursor.kind == .rightBrace { cursor.advance() }
      return members
    }
    defer { cursor.leave() }
    declarationColumns.append(column)
    defer { declarationColumns.removeLast() }
    while !cursor.isAtEnd {
      switch cursor.kind {
      case .rightBrace:
        if isStrayBrace(column: column) {
          cursor.advance()
          continue
        }
        cursor.advance()
        return members
      case .semicolon:
        cursor.advance()
      default:
        if isRecoveryPoint() { return members }
        let before = cursor.position
        readDeclaration(into: &members, enclosing: enclosing)
        if cursor.position == before { cursor.advance() }
      }
    }
    return members
  }

  /// Whether the `}` here is one too many (only when the file's braces do not match): it
  /// starts a line indented deeper than the declaration whose body it would close.
  mutating func isStrayBrace(column: Int) -> Bool {
    !cursor.bracesMatch && cursor.current.isAtLineStart
      && cursor.column(of: cursor.current) > column
  }

  /// `A, B<C>, D.E`: the inherited types' names, up to `{`, `where` or the end of the clause.
  mutating func readInheritance() -> [ScannedTypeName] {
    var names: [ScannedTypeName] = []
    while !cursor.isAtEnd {
      while cursor.kind == .attribute || cursor.isOperator(cursor.current, "~") {
        cursor.advance()
      }
      guard cursor.kind == .identifier, cursor.keyword != .where else { break }
      let start = cursor.position
      var name = cursor.name(cursor.current)
      cursor.advance()
      skipGenericClause()
      while cursor.kind == .dot, cursor.peek().kind == .identifier {
        cursor.advance()
        name += "." + cursor.name(cursor.current)
        cursor.advance()
        skipGenericClause()
      }
      names.append(ScannedTypeName(name: name, range: cursor.range(from: start)))
      guard cursor.kind == .comma else { break }
      cursor.advance()
    }
    return names
  }

  /// `where T: X, U == Y`: skipped up to the `{` of a body, or the end of the line.
  mutating func skipWhereClause() {
    guard cursor.keyword == .where else { return }
    cursor.advance()
    while !cursor.isAtEnd, cursor.kind != .leftBrace, cursor.kind != .rightBrace,
      cursor.kind != .semicolon, !(cursor.current.isAtLineStart && startsDeclaration())
    {
      cursor.skipBalanced()
    }
  }

  // MARK: - Functions

  /// At `func`.
  mutating func readFunction(from start: Int, modifiers: Modifiers) -> ScannedMethod? {
    cursor.advance()
    let nameToken = cursor.current
    guard nameToken.kind == .identifier || nameToken.kind == .operator else {
      skipDeclarationLine()
      return nil
    }
    cursor.advance()
    skipGenericClause()
    let (labels, names, types) = readParameters(isSubscript: false)
    skipEffects()
    var returnType: String?
    if cursor.isOperator(cursor.current, "->") {
      cursor.advance()
      returnType = readTypeText()
    }
    skipWhereClause()
    let body = readBody(column: declarationColumn(from: start))
    return ScannedMethod(
      kind: .function, baseName: cursor.name(nameToken), argumentLabels: labels,
      parameterNames: names, parameterTypes: types, isOverride: modifiers.isOverride,
      isStatic: modifiers.isStatic, isPrivate: modifiers.isPrivate, returnType: returnType,
      nameRange: nameToken.range,
      range: cursor.range(from: start), body: body)
  }

  /// At `init`.
  mutating func readInitializer(from start: Int, modifiers: Modifiers) -> ScannedMethod {
    let nameToken = cursor.current
    cursor.advance()
    if cursor.kind == .operator, !cursor.current.hasSpaceBefore,
      cursor.isText(cursor.current, "?") || cursor.isText(cursor.current, "!")
    {
      cursor.advance()
    }
    skipGenericClause()
    let (labels, names, types) = readParameters(isSubscript: false)
    skipEffects()
    skipWhereClause()
    let body = readBody(column: declarationColumn(from: start))
    return ScannedMethod(
      kind: .initializer, baseName: "init", argumentLabels: labels, parameterNames: names,
      parameterTypes: types, isOverride: modifiers.isOverride, isStatic: false,
      isPrivate: modifiers.isPrivate,
      nameRange: nameToken.range, range: cursor.range(from: start), body: body)
  }

  /// At `subscript`. Its body is its getter's: the implicit one, or `get { … }`.
  mutating func readSubscript(from start: Int, modifiers: Modifiers) -> ScannedMethod {
    let nameToken = cursor.current
    cursor.advance()
    skipGenericClause()
    let (labels, names, types) = readParameters(isSubscript: true)
    var returnType: String?
    if cursor.isOperator(cursor.current, "->") {
      cursor.advance()
      returnType = readTypeText()
    }
    skipWhereClause()
    var body: [ScanStatement]?
    if cursor.kind == .leftBrace {
      let accessors = readAccessors(of: "subscript", column: declarationColumn(from: start))
      body = (accessors.first { $0.kind == .getter } ?? accessors.first)?.body
    }
    return ScannedMethod(
      kind: .subscript, baseName: "subscript", argumentLabels: labels, parameterNames: names,
      parameterTypes: types, isOverride: modifiers.isOverride, isStatic: modifiers.isStatic,
      isPrivate: modifiers.isPrivate, returnType: returnType, nameRange: nameToken.range,
      range: cursor.range(from: start), body: body)
  }

  /// `async`, `throws`, `throws(E)`, `rethrows`, `reasync` after parameters.
  mutating func skipEffects() {
    while cursor.kind == .identifier {
      let keyword = cursor.keyword
      guard
        keyword == .async || keyword == .throws || keyword == .rethrows
          || cursor.isText(cursor.current, "reasync")
      else { return }
      cursor.advance()
      if keyword == .throws, cursor.kind == .leftParen, !cursor.current.hasSpaceBefore {
        cursor.skipBalanced()
      }
    }
  }

  /// `(label name: Type = default, …)`: each parameter's argument label (nil for `_`; for
  /// subscripts, nil unless two names are written), local name and written type.
  mutating func readParameters(isSubscript: Bool) -> (
    labels: [String?], names: [String], types: [String?]
  ) {
    guard cursor.kind == .leftParen else { return ([], [], []) }
    cursor.advance()
    var labels: [String?] = []
    var names: [String] = []
    var types: [String?] = []
    while !cursor.isAtEnd {
      if cursor.kind == .rightParen {
        cursor.advance()
        break
      }
      if cursor.kind == .rightBrace || cursor.kind == .semicolon { break }
      while cursor.kind == .attribute { cursor.advance() }
      var first: String?
      var second: String?
      if cursor.kind == .identifier {
        first = cursor.name(cursor.current)
        cursor.advance()
        if cursor.kind == .identifier {
          second = cursor.name(cursor.current)
          cursor.advance()
        }
      }
      if let first {
        let label = second != nil || !isSubscript ? first : nil
        labels.append(label == "_" ? nil : label)
        names.append(second ?? first)
        var type: String?
        if cursor.kind == .colon {
          cursor.advance()
          type = readTypeText()
        }
        types.append(type)
      }
      while !cursor.isAtEnd, cursor.kind != .comma, cursor.kind != .rightParen,
        cursor.kind != .rightBrace, cursor.kind != .semicolon
      {
        cursor.skipBalanced()
      }
      if cursor.kind == .comma { cursor.advance() }
    }
    return (labels, names, types)
  }

  /// A function's body at `{` (the statements), or nil when there is none.
  mutating func readBody(column: Int? = nil) -> [ScanStatement]? {
    guard cursor.kind == .leftBrace else { return nil }
    let column = column ?? cursor.indentation(ofLineWith: cursor.current)
    cursor.advance()
    declarationColumns.append(column)
    defer { declarationColumns.removeLast() }
    let statements = readStatements(strayBraceColumn: column)
    if cursor.kind == .rightBrace { cursor.advance() }
    return statements
  }

  // MARK: - Properties

  /// At `var` or `let`: one property per binding.
  mutating func readProperties(from start: Int, modifiers: Modifiers) -> [ScannedProperty] {
    let isConstant = cursor.keyword == .let
    let column = declarationColumn(from: start)
    cursor.advance()
    var properties: [ScannedProperty] = []
    while !cursor.isAtEnd {
      guard cursor.kind == .identifier else {
        skipDeclarationLine()
        break
      }
      let nameToken = cursor.current
      let name = cursor.name(nameToken)
      cursor.advance()
      let (typeText, read) = readAnnotationAndInitializer()
      var initializer = read
      if initializer != nil, cursor.failed {
        cursor.failed = false
        initializer = nil
        skipDeclarationLine()
      }
      var accessors: [ScannedMethod] = []
      if cursor.kind == .leftBrace, !cursor.current.isAtLineStart || initializer == nil {
        accessors = readAccessors(of: name, column: column)
      }
      properties.append(
        ScannedProperty(
          name: name, nameRange: nameToken.range, range: cursor.range(from: start),
          typeText: typeText, initializer: initializer, isConstant: isConstant,
          isLazy: modifiers.isLazy, isStatic: modifiers.isStatic,
          isOverride: modifiers.isOverride, accessors: accessors))
      guard cursor.kind == .comma else { break }
      cursor.advance()
    }
    return properties
  }

  /// At `{` after a property or subscript: `get`/`set`/`willSet`/`didSet` accessors, or the
  /// statements of an implicit getter.
  mutating func readAccessors(of name: String, column: Int) -> [ScannedMethod] {
    let start = cursor.position
    guard startsAccessorList() else {
      let openingToken = cursor.current
      let body = readBody(column: column)
      return [
        ScannedMethod(
          kind: .getter, baseName: name, nameRange: openingToken.range,
          range: cursor.range(from: start), body: body)
      ]
    }
    cursor.advance()
    var accessors: [ScannedMethod] = []
    declarationColumns.append(column)
    defer { declarationColumns.removeLast() }
    while !cursor.isAtEnd, cursor.kind != .rightBrace {
      if isRecoveryPoint() { return accessors }
      let accessorStart = cursor.position
      while cursor.kind == .attribute || cursor.keyword == .mutating
        || cursor.keyword == .nonmutating
      {
        cursor.advance()
      }
      guard cursor.kind == .identifier else {
        cursor.skipBalanced()
        continue
      }
      let nameToken = cursor.current
      let kind: ScannedMethod.Kind
      switch nameToken.keyword {
      case .get: kind = .getter
      case .set: kind = .setter
      case .willSet: kind = .willSet
      case .didSet: kind = .didSet
      default: kind = .otherAccessor
      }
      cursor.advance()
      if cursor.kind == .leftParen { cursor.skipBalanced() }
      skipEffects()
      let body = readBody(column: cursor.indentation(ofLineWith: nameToken))
      accessors.append(
        ScannedMethod(
          kind: kind, baseName: name, nameRange: nameToken.range,
          range: cursor.range(from: accessorStart), body: body))
    }
    if cursor.kind == .rightBrace { cursor.advance() }
    return accessors
  }

  /// Whether the `{` here opens a list of accessors rather than a getter's statements.
  func startsAccessorList() -> Bool {
    var offset = 1
    while cursor.peek(offset).kind == .attribute || cursor.peek(offset).keyword == .mutating
      || cursor.peek(offset).keyword == .nonmutating
    {
      offset += 1
      if offset > 8 { return false }
    }
    let word = cursor.peek(offset)
    guard word.kind == .identifier else { return false }
    switch word.keyword {
    case .get, .set, .willSet, .didSet:
      break
    case .initKeyword:
      break
    default:
      guard
        cursor.isText(word, "_read") || cursor.isText(word, "_modify")
          || cursor.isText(word, "unsafeAddress") || cursor.isText(word, "unsafeMutableAddress")
      else { return false }
    }
    let next = cursor.peek(offset + 1)
    switch next.kind {
    case .leftBrace, .leftParen, .rightBrace: return true
    case .identifier: return next.keyword != .none || next.isAtLineStart
    default: return next.isAtLineStart
    }
  }
}
