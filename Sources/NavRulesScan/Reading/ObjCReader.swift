import NavRulesCompiler

/// Reads the structure of an Objective-C file (`.m`, `.mm`, `.h`): its `@interface`s,
/// `@implementation`s and `@protocol`s, their methods and properties, and the statements and
/// expressions of every method body.
///
/// ```
/// file           := (interface | implementation | protocol | other)*   (C code is skipped)
/// interface      := '@interface' name generics? (':' name)? ('(' name? ')')? protocols?
///                   ivars? member* '@end'
/// implementation := '@implementation' name ('(' name ')')? ivars? member* '@end'
/// protocol       := '@protocol' name protocols? member* '@end'  |  '@protocol' names ';'
/// protocols      := '<' name (',' name)* '>'
/// member         := method | '@property' ('(' … ')')? type name ';' | '@optional' | …
/// method         := ('-' | '+') ('(' type ')')? selector attribute* (';' | ';'? '{' statements '}')
/// selector       := word | (word? ':' ('(' type ')')? name)+ (',' '...')?
/// ```
///
/// Statements and expressions are in `ObjCReader+Statements.swift` and
/// `ObjCReader+Expressions.swift`. C functions, structs, typedefs, globals and macros are
/// skipped as balanced token groups.
///
/// Recovery: `@end`, `@interface`, `@implementation` and a declaring `@protocol` never occur
/// inside a method, so they always end the method or container being read; when the file's
/// braces do not match, a line starting with `-` or `+` and `(` no deeper than the method being
/// read ends it too.
struct ObjCReader: ScanExpressionReading {
  var cursor: ScanCursor
  /// The indentation of the method being read, if any.
  var methodColumn: Int?

  static func read(_ tokens: ScanTokens) -> ScannedFile {
    var reader = ObjCReader(cursor: ScanCursor(tokens))
    var types: [ScannedType] = []
    while !reader.cursor.isAtEnd {
      let token = reader.cursor.current
      let before = reader.cursor.position
      if token.kind == .attribute {
        switch token.keyword {
        case .interface, .implementation:
          types.append(reader.readContainer())
        case .protocol where reader.isProtocolDeclaration():
          types.append(reader.readContainer())
        default:
          reader.cursor.advance()
        }
      } else {
        reader.skipGroup()
      }
      if reader.cursor.position == before { reader.cursor.advance() }
    }
    return ScannedFile(
      file: tokens.file, language: .objectiveC, types: types, comments: tokens.comments)
  }

  // MARK: - Containers

  /// `@protocol Name` followed by what a declaration has (not `@protocol(Name)`, nor a
  /// forward declaration `@protocol A, B;`).
  func isProtocolDeclaration() -> Bool {
    let name = cursor.peek()
    guard name.kind == .identifier else { return false }
    let next = cursor.peek(2)
    return next.kind != .semicolon && next.kind != .comma
  }

  /// Whether the current token ends any container or method: `@end`, `@interface`,
  /// `@implementation` or a declaring `@protocol`.
  func isContainerBoundary() -> Bool {
    let token = cursor.current
    guard token.kind == .attribute else { return false }
    switch token.keyword {
    case .end, .interface, .implementation: return true
    case .protocol: return isProtocolDeclaration()
    default: return false
    }
  }

  /// At `@interface`, `@implementation` or `@protocol`: the container, to and past its `@end`.
  mutating func readContainer() -> ScannedType {
    let start = cursor.position
    let kind: ScannedType.Kind
    switch cursor.keyword {
    case .interface: kind = .objcInterface
    case .implementation: kind = .objcImplementation
    default: kind = .objcProtocol
    }
    cursor.advance()
    let nameToken = cursor.current
    if nameToken.kind == .identifier { cursor.advance() }
    if kind == .objcInterface, cursor.isOperator(cursor.current, "<"), isGenericParameterList() {
      skipAngleList()
    }
    var superclass: ScannedTypeName?
    if kind != .objcProtocol, cursor.kind == .colon, cursor.peek().kind == .identifier {
      cursor.advance()
      superclass = ScannedTypeName(
        name: cursor.text(cursor.current), range: cursor.current.range)
      cursor.advance()
    }
    var categoryName: String?
    if kind != .objcProtocol, cursor.kind == .leftParen {
      cursor.advance()
      var name = ""
      if cursor.kind == .identifier {
        name = cursor.text(cursor.current)
        cursor.advance()
      }
      if cursor.kind == .rightParen { cursor.advance() }
      categoryName = name
    }
    var protocols: [ScannedTypeName] = []
    if cursor.isOperator(cursor.current, "<") { protocols = readProtocolList() }
    var methods: [ScannedMethod] = []
    var properties: [ScannedProperty] = []
    if cursor.kind == .leftBrace { properties = readInstanceVariables() }
    while !cursor.isAtEnd {
      let token = cursor.current
      if token.kind == .attribute, token.keyword == .end {
        cursor.advance()
        break
      }
      if isContainerBoundary() { break }
      if token.kind == .operator, cursor.isText(token, "-") || cursor.isText(token, "+"),
        startsMethod()
      {
        methods.append(readMethod())
      } else if token.kind == .attribute, token.keyword == .property {
        if let property = readProperty() { properties.append(property) }
      } else if token.kind == .attribute {
        cursor.advance()
        if token.keyword == .synthesize || token.keyword == .dynamic { skipToSemicolon() }
      } else {
        skipGroup()
      }
    }
    let name = nameToken.kind == .identifier ? cursor.text(nameToken) : ""
    return ScannedType(
      kind: kind, name: name, nameRange: nameToken.range, range: cursor.range(from: start),
      inheritedTypes: (superclass.map { [$0] } ?? []) + protocols, superclass: superclass,
      protocols: protocols, categoryName: categoryName, methods: methods,
      properties: properties)
  }

  /// Whether the `<` after an `@interface`'s name opens generic parameters (`Box<T> :`)
  /// rather than the protocols of a root class.
  func isGenericParameterList() -> Bool {
    var offset = 1
    while offset < 64 {
      let token = cursor.peek(offset)
      if token.kind == .operator, cursor.firstByte(token) == UInt8(ascii: ">") {
        return cursor.peek(offset + 1).kind == .colon
      }
      if token.kind != .identifier, token.kind != .comma, token.kind != .colon,
        !(token.kind == .operator && cursor.isText(token, "*"))
      {
        return false
      }
      offset += 1
    }
    return false
  }

  /// Skips `<…>`.
  mutating func skipAngleList() {
    var level = 0
    repeat {
      let token = cursor.current
      if token.kind == .operator {
        for index in token.range {
          if cursor.bytes[index] == UInt8(ascii: "<") { level += 1 }
          if cursor.bytes[index] == UInt8(ascii: ">") { level -= 1 }
        }
      } else if token.kind == .leftBrace || token.kind == .semicolon || token.kind == .attribute {
        return
      }
      cursor.advance()
    } while level > 0 && !cursor.isAtEnd
  }

  /// `<P, Q>`: the protocols' names.
  mutating func readProtocolList() -> [ScannedTypeName] {
    var names: [ScannedTypeName] = []
    cursor.advance()
    while !cursor.isAtEnd {
      let token = cursor.current
      if token.kind == .identifier {
        names.append(ScannedTypeName(name: cursor.text(token), range: token.range))
        cursor.advance()
      } else if token.kind == .comma {
        cursor.advance()
      } else {
        if token.kind == .operator, cursor.firstByte(token) == UInt8(ascii: ">") {
          cursor.advance()
        }
        break
      }
    }
    return names
  }

  // MARK: - Members

  /// Whether the `-` or `+` here starts a method: it starts a line and is followed by `(` or a
  /// selector word.
  func startsMethod() -> Bool {
    let next = cursor.peek()
    return cursor.current.isAtLineStart && (next.kind == .leftParen || next.kind == .identifier)
  }

  /// At `-` or `+`.
  mutating func readMethod() -> ScannedMethod {
    let start = cursor.position
    let isStatic = cursor.isText(cursor.current, "+")
    let column = cursor.indentation(ofLineWith: cursor.current)
    cursor.advance()
    var returnType: String?
    if cursor.kind == .leftParen {
      let open = cursor.current
      cursor.skipBalanced()
      let close = cursor.previous ?? open
      returnType = cursor.trimmedText(open.upperBound..<max(open.upperBound, close.lowerBound))
    }
    var baseName = ""
    var nameRange = cursor.current.range
    var labels: [String?] = []
    var names: [String] = []
    var types: [String?] = []
    if cursor.kind == .identifier {
      baseName = cursor.text(cursor.current)
      nameRange = cursor.current.range
      cursor.advance()
    }
    if cursor.kind == .colon {
      var label: String?
      while cursor.kind == .colon {
        cursor.advance()
        var type: String?
        if cursor.kind == .leftParen {
          let open = cursor.current
          cursor.skipBalanced()
          let close = cursor.previous ?? open
          type = cursor.trimmedText(open.upperBound..<max(open.upperBound, close.lowerBound))
        }
        types.append(type)
        while cursor.kind == .identifier, isQualifier(cursor.current),
          cursor.peek().kind
            == .identifier
        {
          cursor.advance()
        }
        labels.append(label)
        if cursor.kind == .identifier {
          names.append(cursor.text(cursor.current))
          cursor.advance()
        } else {
          names.append("_")
        }
        if cursor.kind == .identifier, cursor.peek().kind == .colon {
          label = cursor.text(cursor.current)
          cursor.advance()
        } else if cursor.kind == .colon {
          label = nil
        } else {
          break
        }
      }
    }
    // Attributes and macros up to the `;` or the body.
    while !cursor.isAtEnd, cursor.kind != .semicolon, cursor.kind != .leftBrace,
      cursor.kind != .rightBrace, !isContainerBoundary(), !startsNextMethod(column: column)
    {
      cursor.skipBalanced()
    }
    if cursor.kind == .semicolon { cursor.advance() }
    var body: [ScanStatement]?
    if cursor.kind == .leftBrace {
      cursor.advance()
      let saved = methodColumn
      methodColumn = column
      body = readStatements()
      methodColumn = saved
      if cursor.kind == .rightBrace { cursor.advance() }
    }
    let isInitializer =
      !isStatic
      && (baseName == "init"
        || (baseName.hasPrefix("init")
          && baseName.utf8.dropFirst(4).first.map { $0 >= 65 && $0 <= 90 } == true))
    return ScannedMethod(
      kind: isInitializer ? .initializer : .function, baseName: baseName,
      argumentLabels: labels, parameterNames: names, parameterTypes: types, isStatic: isStatic,
      returnType: returnType, nameRange: nameRange, range: cursor.range(from: start),
      body: body)
  }

  /// Whether a line starting here with `-`/`+` and `(` begins another method: always when the
  /// previous declaration was not finished on its line, judged by indentation.
  mutating func startsNextMethod(column: Int) -> Bool {
    let token = cursor.current
    guard token.isAtLineStart, token.kind == .operator,
      cursor.isText(token, "-") || cursor.isText(token, "+"), cursor.peek().kind == .leftParen
    else { return false }
    return cursor.column(of: token) <= column
  }

  /// At `@property`: its name (the declarator's, a block's after `^`) and type.
  /// At the `{` of a container's instance variables: each as a property with its written
  /// type (`Home *_home;`), so that code using one resolves as an `@property` does.
  mutating func readInstanceVariables() -> [ScannedProperty] {
    let close = cursor.groupEnd(from: cursor.position)
    cursor.advance()
    var properties: [ScannedProperty] = []
    var first = cursor.position
    var words: [Int] = []
    while cursor.position < close - 1, !cursor.isAtEnd, !isContainerBoundary() {
      let token = cursor.current
      if token.kind == .semicolon || token.kind == .attribute {
        // `@private`, `@public` start the next declaration too.
        if token.kind == .semicolon, words.count >= 2, let name = words.last {
          let nameToken = cursor.tokens[name]
          let type = cursor.trimmedText(cursor.tokens[first].lowerBound..<nameToken.lowerBound)
          properties.append(
            ScannedProperty(
              name: cursor.text(nameToken), nameRange: nameToken.range,
              range: cursor.tokens[first].lowerBound..<token.upperBound, typeText: type))
        }
        cursor.advance()
        first = cursor.position
        words = []
      } else if ScanCursor.isOpening(token.kind) {
        cursor.skipBalanced()
        words = []
      } else {
        if token.kind == .identifier { words.append(cursor.position) }
        cursor.advance()
      }
    }
    if cursor.kind == .rightBrace { cursor.advance() }
    return properties
  }

  mutating func readProperty() -> ScannedProperty? {
    let start = cursor.position
    cursor.advance()
    if cursor.kind == .leftParen { cursor.skipBalanced() }
    let typeStart = cursor.position
    var words: [Int] = []
    var blockName: Int?
    var level = 0
    while !cursor.isAtEnd, cursor.kind != .semicolon || level > 0, !isContainerBoundary() {
      let token = cursor.current
      if token.kind == .attribute || (token.isAtLineStart && token.kind == .operator) { break }
      if ScanCursor.isOpening(token.kind) { level += 1 }
      if ScanCursor.isClosing(token.kind) { level -= 1 }
      if token.kind == .operator, cursor.isText(token, "^"), cursor.peek().kind == .identifier,
        blockName == nil
      {
        blockName = cursor.position + 1
      }
      if level == 0, token.kind == .identifier { words.append(cursor.position) }
      if level == 0, token.kind == .leftParen, let last = words.last, last == cursor.position - 1 {
        // A macro call such as `NS_SWIFT_NAME(x)`: not the name.
        words.removeLast()
      }
      cursor.advance()
    }
    let end = cursor.position
    if cursor.kind == .semicolon { cursor.advance() }
    while let last = words.last, isMacroWord(cursor.tokens[last]), words.count > 1 {
      words.removeLast()
    }
    guard let nameIndex = blockName ?? words.last else { return nil }
    let nameToken = cursor.tokens[nameIndex]
    var typeText: String?
    if nameIndex > typeStart {
      let typeRange =
        cursor.tokens[typeStart]
        .lowerBound..<cursor.tokens[blockName == nil ? nameIndex : end - 1]
        .lowerBound
      typeText = cursor.trimmedText(typeRange)
      if typeText?.isEmpty == true { typeText = nil }
    }
    return ScannedProperty(
      name: cursor.text(nameToken), nameRange: nameToken.range,
      range: cursor.range(from: start), typeText: blockName == nil ? typeText : nil)
  }

  /// `NS_AVAILABLE_IOS`, `UI_APPEARANCE_SELECTOR`: upper case with an underscore.
  func isMacroWord(_ token: ScanToken) -> Bool {
    var hasUnderscore = false
    for index in token.range {
      let byte = cursor.bytes[index]
      if byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") { return false }
      if byte == UInt8(ascii: "_") { hasUnderscore = true }
    }
    return hasUnderscore
  }

  /// Type qualifiers that may precede a parameter's or variable's name or type.
  func isQualifier(_ token: ScanToken) -> Bool {
    switch token.keyword {
    case .weakQualifier, .strongQualifier, .blockQualifier, .autoreleasingQualifier, .kindof,
      .const, .static, .extern, .inline:
      return true
    default:
      return cursor.isText(token, "__unsafe_unretained") || cursor.isText(token, "nullable")
        || cursor.isText(token, "nonnull") || cursor.isText(token, "_Nullable")
        || cursor.isText(token, "_Nonnull") || cursor.isText(token, "__nullable")
        || cursor.isText(token, "__nonnull") || cursor.isText(token, "_Null_unspecified")
        || cursor.isText(token, "null_unspecified") || cursor.isText(token, "volatile")
        || cursor.isText(token, "register") || cursor.isText(token, "IBOutlet")
    }
  }

  // MARK: - Skipping

  /// Skips one token or bracketed group, stopping inside a group at a container boundary
  /// (which never occurs inside braces).
  mutating func skipGroup() {
    guard ScanCursor.isOpening(cursor.kind) else {
      cursor.advance()
      return
    }
    var level = 0
    repeat {
      if ScanCursor.isOpening(cursor.kind) {
        level += 1
      } else if ScanCursor.isClosing(cursor.kind) {
        level -= 1
      } else if isContainerBoundary() {
        return
      }
      cursor.advance()
    } while level > 0 && !cursor.isAtEnd
  }

  mutating func skipToSemicolon() {
    while !cursor.isAtEnd, cursor.kind != .semicolon, !isContainerBoundary() {
      skipGroup()
    }
    if cursor.kind == .semicolon { cursor.advance() }
  }
}
