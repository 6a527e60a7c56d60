import NavRulesCompiler

/// The bytes of a scan cache entry's payload: what `ScanReader` read from one file, without
/// the file itself (its bytes are what the entry is keyed by, so they are at hand).
///
/// Written by hand rather than through `Codable`: decoding must cost a small part of
/// reading, and Foundation's coders cost more than the readers do (docs/performance.md).
/// Nothing can be dropped silently all the same:
/// - every `switch` over a case list is exhaustive, so a new case or payload does not
///   compile until it is written here;
/// - `fields` names every stored property of every cached struct, and
///   `ScanCacheFormatTests` fails when a struct has one it does not name (a new field is
///   then written here and added there);
/// - `fingerprint` is taken of `version` and `fields`, and keys the cache's folder: entries
///   of another layout are never read.
enum ScanCacheFormat {
  /// Raised for a change of layout that `fields` does not show (a field's encoding).
  static let version = 1

  /// The stored properties of each cached struct, in declaration order.
  static let fields: [(type: String, properties: [String])] = [
    // `allTypes` is not written: the initializer computes it from `types`.
    (
      "ScannedFile",
      ["file", "language", "types", "functions", "properties", "comments", "allTypes", "facts"]
    ),
    ("FileFacts", ["mentions", "words"]),
    ("MentionIndex", ["offsets", "starts"]),
    ("WordFilter", ["hashes"]),
    (
      "ScannedType",
      [
        "kind", "name", "nameRange", "range", "enclosingTypeNames", "inheritedTypes",
        "superclass", "protocols", "categoryName", "nestedTypes", "methods", "properties",
      ]
    ),
    ("ScannedTypeName", ["name", "range"]),
    (
      "ScannedMethod",
      [
        "kind", "baseName", "argumentLabels", "parameterNames", "parameterTypes", "isOverride",
        "isStatic", "isPrivate", "returnType", "nameRange", "range", "body",
      ]
    ),
    (
      "ScannedProperty",
      [
        "name", "nameRange", "range", "typeText", "initializer", "isConstant", "isLazy",
        "isStatic", "isOverride", "accessors",
      ]
    ),
    ("ScanStatement", ["kind", "range", "firstTokenRange"]),
    ("ScanDeclaration", ["name", "nameRange", "typeText", "initializer", "isConstant"]),
    ("ScanSwitchCase", ["patterns", "isDefault", "body", "range"]),
    ("ScanCondition", ["kind", "range"]),
    // `height` is not written: the initializer computes it from `kind`.
    ("ScanExpr", ["kind", "range", "height"]),
    ("ScanArgument", ["label", "value"]),
    ("ScanDictionaryEntry", ["key", "value"]),
    ("Comment", ["kind", "range"]),
    (
      "StoryboardDocument",
      ["file", "kind", "initialViewControllerID", "viewControllers", "segues", "isComplete"]
    ),
    (
      "StoryboardViewController",
      [
        "elementName", "id", "customClass", "customModule", "storyboardIdentifier", "isInitial",
        "isNavigationBarHidden", "rootViewControllerID", "parentID", "referencedStoryboardName",
        "referencedIdentifier", "offset",
      ]
    ),
    (
      "StoryboardSegue",
      ["id", "kind", "identifier", "destinationID", "relationship", "sourceID", "offset"]
    ),
  ]

  /// Of `version` and `fields`: a different layout, a different fingerprint.
  static let fingerprint: UInt64 = {
    var text = "\(version)"
    // The index holds the registry's words, in its order.
    let words = MentionWords.registry.map { String(decoding: $0, as: UTF8.self) }
    text += ";" + words.joined(separator: ",")
    for (type, properties) in fields {
      text += ";" + type + ":" + properties.joined(separator: ",")
    }
    return Array(text.utf8).withUnsafeBytes { ContentHash.xxh64($0, seed: 0) }
  }()

  /// The payload was not written by this layout, or was cut or damaged.
  struct Corrupt: Error {}

  /// The payload of `source`, after `headerCount` zero bytes for the caller's header (one
  /// array, never copied), in room for `capacity` bytes.
  static func encode(_ source: ScannedSource, headerCount: Int = 0, capacity: Int = 0) -> [UInt8] {
    var writer = ByteWriter()
    writer.bytes.reserveCapacity(headerCount + capacity)
    writer.bytes.append(contentsOf: repeatElement(0, count: headerCount))
    switch source {
    case .code(let file):
      writer.byte(0)
      writer.scannedFile(file)
    case .storyboard(let document):
      writer.byte(1)
      writer.storyboard(document)
    }
    return writer.bytes
  }

  /// The reading `payload` holds, attached to `file` (whose bytes every range must fit).
  static func decode(_ payload: UnsafeRawBufferPointer, file: SourceFile) throws(Corrupt)
    -> ScannedSource
  {
    var reader = ByteReader(bytes: payload, fileCount: file.bytes.count)
    let source: ScannedSource
    switch try reader.byte() {
    case 0: source = .code(try reader.scannedFile(file))
    case 1: source = .storyboard(try reader.storyboard(file))
    default: throw Corrupt()
    }
    guard reader.offset == payload.count else { throw Corrupt() }
    return source
  }
}

/// Appends values: integers as zigzag LEB128, strings as their UTF-8 count and bytes.
struct ByteWriter {
  var bytes: [UInt8] = []

  mutating func byte(_ value: UInt8) { bytes.append(value) }

  mutating func int(_ value: Int) {
    var rest = UInt64(bitPattern: Int64((value << 1) ^ (value >> (Int.bitWidth - 1))))
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

  mutating func string(_ value: String) {
    var value = value
    value.withUTF8 { utf8 in
      int(utf8.count)
      bytes.append(contentsOf: utf8)
    }
  }

  mutating func optionalString(_ value: String?) {
    bool(value != nil)
    if let value { string(value) }
  }

  mutating func range(_ value: Range<Int>) {
    int(value.lowerBound)
    int(value.count)
  }

  mutating func strings(_ values: [String]) {
    int(values.count)
    for value in values { string(value) }
  }

  mutating func optionalStrings(_ values: [String?]) {
    int(values.count)
    for value in values { optionalString(value) }
  }

  // MARK: Code

  mutating func scannedFile(_ file: ScannedFile) {
    byte(file.language == .swift ? 0 : 1)
    int(file.types.count)
    for type in file.types { scannedType(type) }
    int(file.functions.count)
    for function in file.functions { method(function) }
    int(file.properties.count)
    for property in file.properties { self.property(property) }
    int(file.comments.count)
    for comment in file.comments {
      bool(comment.kind == .block)
      range(comment.range)
    }
    facts(file.facts)
  }

  mutating func facts(_ facts: FileFacts) {
    // Offsets as differences from the one before, each word's list from 0: small numbers.
    let index = facts.mentions
    int(index.starts.count)
    for start in index.starts { int(Int(start)) }
    for word in 0..<index.starts.count - 1 {
      var previous = 0
      for offset in index.offsets[Int(index.starts[word])..<Int(index.starts[word + 1])] {
        int(Int(offset) - previous)
        previous = Int(offset)
      }
    }
    int(facts.words.hashes.count)
    for hash in facts.words.hashes {
      withUnsafeBytes(of: hash.littleEndian) { bytes.append(contentsOf: $0) }
    }
  }

  mutating func scannedType(_ type: ScannedType) {
    string(type.kind.rawValue)
    string(type.name)
    range(type.nameRange)
    range(type.range)
    strings(type.enclosingTypeNames)
    int(type.inheritedTypes.count)
    for name in type.inheritedTypes { typeName(name) }
    bool(type.superclass != nil)
    if let superclass = type.superclass { typeName(superclass) }
    int(type.protocols.count)
    for name in type.protocols { typeName(name) }
    optionalString(type.categoryName)
    int(type.nestedTypes.count)
    for nested in type.nestedTypes { scannedType(nested) }
    int(type.methods.count)
    for method in type.methods { self.method(method) }
    int(type.properties.count)
    for property in type.properties { self.property(property) }
  }

  mutating func typeName(_ name: ScannedTypeName) {
    string(name.name)
    range(name.range)
  }

  mutating func method(_ method: ScannedMethod) {
    string(method.kind.rawValue)
    string(method.baseName)
    optionalStrings(method.argumentLabels)
    strings(method.parameterNames)
    optionalStrings(method.parameterTypes)
    bool(method.isOverride)
    bool(method.isStatic)
    bool(method.isPrivate)
    optionalString(method.returnType)
    range(method.nameRange)
    range(method.range)
    bool(method.body != nil)
    if let body = method.body { statements(body) }
  }

  mutating func property(_ property: ScannedProperty) {
    string(property.name)
    range(property.nameRange)
    range(property.range)
    optionalString(property.typeText)
    optionalExpression(property.initializer)
    bool(property.isConstant)
    bool(property.isLazy)
    bool(property.isStatic)
    bool(property.isOverride)
    int(property.accessors.count)
    for accessor in property.accessors { method(accessor) }
  }

  mutating func statements(_ statements: [ScanStatement]) {
    int(statements.count)
    for statement in statements { self.statement(statement) }
  }

  mutating func statement(_ statement: ScanStatement) {
    range(statement.range)
    range(statement.firstTokenRange)
    switch statement.kind {
    case .expression(let expression):
      byte(0)
      self.expression(expression)
    case .assignment(let target, let value, let compoundOperator):
      byte(1)
      expression(target)
      expression(value)
      optionalString(compoundOperator)
    case .declaration(let declaration):
      byte(2)
      string(declaration.name)
      range(declaration.nameRange)
      optionalString(declaration.typeText)
      optionalExpression(declaration.initializer)
      bool(declaration.isConstant)
    case .ifStatement(let conditions, let then, let otherwise):
      byte(3)
      self.conditions(conditions)
      statements(then)
      bool(otherwise != nil)
      if let otherwise { statements(otherwise) }
    case .guardStatement(let conditions, let otherwise):
      byte(4)
      self.conditions(conditions)
      statements(otherwise)
    case .switchStatement(let subject, let cases):
      byte(5)
      expression(subject)
      int(cases.count)
      for switchCase in cases {
        expressions(switchCase.patterns)
        bool(switchCase.isDefault)
        statements(switchCase.body)
        range(switchCase.range)
      }
    case .returnStatement(let value):
      byte(6)
      optionalExpression(value)
    case .loop(let body):
      byte(7)
      statements(body)
    case .block(let body):
      byte(8)
      statements(body)
    case .deferStatement(let body):
      byte(9)
      statements(body)
    case .other:
      byte(10)
    }
  }

  mutating func conditions(_ conditions: [ScanCondition]) {
    int(conditions.count)
    for condition in conditions {
      range(condition.range)
      switch condition.kind {
      case .expression(let expression):
        byte(0)
        self.expression(expression)
      case .optionalBinding(let name, let value, let isVariable):
        byte(1)
        string(name)
        expression(value)
        bool(isVariable)
      case .patternMatch(let pattern, let value):
        byte(2)
        string(pattern)
        expression(value)
      case .availability(let text):
        byte(3)
        string(text)
      }
    }
  }

  mutating func optionalExpression(_ expression: ScanExpr?) {
    bool(expression != nil)
    if let expression { self.expression(expression) }
  }

  mutating func expressions(_ expressions: [ScanExpr]) {
    int(expressions.count)
    for expression in expressions { self.expression(expression) }
  }

  mutating func arguments(_ arguments: [ScanArgument]) {
    int(arguments.count)
    for argument in arguments {
      optionalString(argument.label)
      expression(argument.value)
    }
  }

  mutating func expression(_ expression: ScanExpr) {
    range(expression.range)
    switch expression.kind {
    case .identifier(let name):
      byte(0)
      string(name)
    case .member(let base, let name):
      byte(1)
      optionalExpression(base)
      string(name)
    case .call(let callee, let arguments, let trailingClosures):
      byte(2)
      self.expression(callee)
      self.arguments(arguments)
      self.arguments(trailingClosures)
    case .subscript(let base, let arguments):
      byte(3)
      self.expression(base)
      self.arguments(arguments)
    case .boolean(let value):
      byte(4)
      bool(value)
    case .nilLiteral:
      byte(5)
    case .number(let text):
      byte(6)
      string(text)
    case .string(let text):
      byte(7)
      string(text)
    case .array(let elements):
      byte(8)
      expressions(elements)
    case .dictionary(let entries):
      byte(9)
      int(entries.count)
      for entry in entries {
        self.expression(entry.key)
        self.expression(entry.value)
      }
    case .binary(let op, let lhs, let rhs):
      byte(10)
      string(op)
      self.expression(lhs)
      self.expression(rhs)
    case .prefix(let op, let operand):
      byte(11)
      string(op)
      self.expression(operand)
    case .postfix(let op, let operand):
      byte(12)
      string(op)
      self.expression(operand)
    case .ternary(let condition, let then, let otherwise):
      byte(13)
      self.expression(condition)
      self.expression(then)
      self.expression(otherwise)
    case .cast(let operand, let kind, let type):
      byte(14)
      self.expression(operand)
      string(kind.rawValue)
      string(type)
    case .closure(let parameters, let body):
      byte(15)
      strings(parameters)
      statements(body)
    case .selector(let text):
      byte(16)
      string(text)
    case .keyPath(let text):
      byte(17)
      string(text)
    case .tuple(let elements):
      byte(18)
      arguments(elements)
    case .typeReference(let type):
      byte(19)
      self.expression(type)
    case .unknown:
      byte(20)
    }
  }

  // MARK: Storyboards

  mutating func storyboard(_ document: StoryboardDocument) {
    string(document.kind.rawValue)
    optionalString(document.initialViewControllerID)
    int(document.viewControllers.count)
    for controller in document.viewControllers {
      string(controller.elementName)
      optionalString(controller.id)
      optionalString(controller.customClass)
      optionalString(controller.customModule)
      optionalString(controller.storyboardIdentifier)
      bool(controller.isInitial)
      bool(controller.isNavigationBarHidden)
      optionalString(controller.rootViewControllerID)
      optionalString(controller.parentID)
      optionalString(controller.referencedStoryboardName)
      optionalString(controller.referencedIdentifier)
      int(controller.offset)
    }
    int(document.segues.count)
    for segue in document.segues {
      optionalString(segue.id)
      optionalString(segue.kind)
      optionalString(segue.identifier)
      optionalString(segue.destinationID)
      optionalString(segue.relationship)
      optionalString(segue.sourceID)
      int(segue.offset)
    }
    bool(document.isComplete)
  }
}

/// Reads what `ByteWriter` wrote; anything else throws `Corrupt`, never traps: counts are
/// bounded by the bytes left, ranges by the file's size.
struct ByteReader {
  typealias Corrupt = ScanCacheFormat.Corrupt

  let bytes: UnsafeRawBufferPointer
  /// The size of the file the ranges point into.
  let fileCount: Int
  var offset = 0

  init(bytes: UnsafeRawBufferPointer, fileCount: Int) {
    self.bytes = bytes
    self.fileCount = fileCount
  }

  mutating func byte() throws(Corrupt) -> UInt8 {
    guard offset < bytes.count else { throw Corrupt() }
    defer { offset += 1 }
    return bytes[offset]
  }

  mutating func int() throws(Corrupt) -> Int {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      let next = try byte()
      guard shift < 64 else { throw Corrupt() }
      value |= UInt64(next & 0x7F) << shift
      if next < 0x80 { break }
      shift += 7
    }
    let unsigned = Int(truncatingIfNeeded: value)
    return (unsigned >> 1 & Int.max) ^ -(unsigned & 1)
  }

  /// A count of things each at least one byte long.
  mutating func count() throws(Corrupt) -> Int {
    let count = try int()
    guard count >= 0, count <= bytes.count - offset else { throw Corrupt() }
    return count
  }

  mutating func bool() throws(Corrupt) -> Bool {
    switch try byte() {
    case 0: return false
    case 1: return true
    default: throw Corrupt()
    }
  }

  mutating func string() throws(Corrupt) -> String {
    let count = try count()
    defer { offset += count }
    return String(
      decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]), as: UTF8.self)
  }

  mutating func optionalString() throws(Corrupt) -> String? {
    try bool() ? try string() : nil
  }

  mutating func range() throws(Corrupt) -> Range<Int> {
    let lower = try int()
    let count = try int()
    guard lower >= 0, count >= 0, count <= fileCount, lower <= fileCount - count else {
      throw Corrupt()
    }
    return lower..<lower + count
  }

  /// `count` elements, each read by `element`.
  mutating func array<Element>(_ element: (inout ByteReader) throws(Corrupt) -> Element)
    throws(Corrupt) -> [Element]
  {
    let count = try count()
    var values: [Element] = []
    values.reserveCapacity(count)
    for _ in 0..<count { values.append(try element(&self)) }
    return values
  }

  mutating func strings() throws(Corrupt) -> [String] {
    try array { reader throws(Corrupt) in try reader.string() }
  }

  mutating func rawValue<Value: RawRepresentable<String>>(_: Value.Type) throws(Corrupt) -> Value {
    guard let value = Value(rawValue: try string()) else { throw Corrupt() }
    return value
  }

  // MARK: Code

  mutating func scannedFile(_ file: SourceFile) throws(Corrupt) -> ScannedFile {
    let language: ScanLanguage
    switch try byte() {
    case 0: language = .swift
    case 1: language = .objectiveC
    default: throw Corrupt()
    }
    let types = try array { reader throws(Corrupt) in try reader.scannedType() }
    let functions = try array { reader throws(Corrupt) in try reader.method() }
    let properties = try array { reader throws(Corrupt) in try reader.property() }
    let comments = try array { reader throws(Corrupt) in
      Comment(kind: try reader.bool() ? .block : .line, range: try reader.range())
    }
    return ScannedFile(
      file: file, language: language, types: types, functions: functions,
      properties: properties, comments: comments, facts: try facts(file))
  }

  mutating func facts(_ file: SourceFile) throws(Corrupt) -> FileFacts {
    let startCount = try count()
    guard startCount == MentionWords.registry.count + 1 else { throw Corrupt() }
    var starts: [UInt32] = []
    starts.reserveCapacity(startCount)
    for _ in 0..<startCount {
      let start = try int()
      guard start >= 0, start <= Int(UInt32.max) else { throw Corrupt() }
      starts.append(UInt32(start))
    }
    // Each offset takes a byte at least: a larger count is damage, not an allocation.
    guard let total = starts.last, starts.first == 0, Int(total) <= bytes.count - offset else {
      throw Corrupt()
    }
    var offsets: [UInt32] = []
    offsets.reserveCapacity(Int(total))
    for word in 0..<startCount - 1 {
      guard starts[word] <= starts[word + 1] else { throw Corrupt() }
      var previous = 0
      for _ in starts[word]..<starts[word + 1] {
        let (offset, overflow) = previous.addingReportingOverflow(try int())
        guard !overflow, offset >= 0, offset <= file.bytes.count else { throw Corrupt() }
        offsets.append(UInt32(offset))
        previous = offset
      }
    }
    guard
      let mentions = MentionIndex(offsets: offsets, starts: starts, byteCount: file.bytes.count)
    else { throw Corrupt() }
    let wordCount = try count()
    guard wordCount <= (bytes.count - offset) / 4 else { throw Corrupt() }
    var hashes: [UInt32] = []
    hashes.reserveCapacity(wordCount)
    for _ in 0..<wordCount {
      hashes.append(
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
      offset += 4
    }
    guard let words = WordFilter(hashes: hashes) else { throw Corrupt() }
    return FileFacts(mentions: mentions, words: words)
  }

  mutating func scannedType() throws(Corrupt) -> ScannedType {
    let kind = try rawValue(ScannedType.Kind.self)
    let name = try string()
    let nameRange = try self.range()
    let range = try self.range()
    let enclosingTypeNames = try strings()
    let inheritedTypes = try array { reader throws(Corrupt) in try reader.typeName() }
    let superclass = try bool() ? try typeName() : nil
    let protocols = try array { reader throws(Corrupt) in try reader.typeName() }
    let categoryName = try optionalString()
    let nestedTypes = try array { reader throws(Corrupt) in try reader.scannedType() }
    let methods = try array { reader throws(Corrupt) in try reader.method() }
    let properties = try array { reader throws(Corrupt) in try reader.property() }
    return ScannedType(
      kind: kind, name: name, nameRange: nameRange, range: range,
      enclosingTypeNames: enclosingTypeNames, inheritedTypes: inheritedTypes,
      superclass: superclass, protocols: protocols, categoryName: categoryName,
      nestedTypes: nestedTypes, methods: methods, properties: properties)
  }

  mutating func typeName() throws(Corrupt) -> ScannedTypeName {
    ScannedTypeName(name: try string(), range: try self.range())
  }

  mutating func method() throws(Corrupt) -> ScannedMethod {
    let kind = try rawValue(ScannedMethod.Kind.self)
    let baseName = try string()
    let argumentLabels = try array { reader throws(Corrupt) in try reader.optionalString() }
    let parameterNames = try strings()
    let parameterTypes = try array { reader throws(Corrupt) in try reader.optionalString() }
    let isOverride = try bool()
    let isStatic = try bool()
    let isPrivate = try bool()
    let returnType = try optionalString()
    let nameRange = try self.range()
    let range = try self.range()
    let body = try bool() ? try statements() : nil
    return ScannedMethod(
      kind: kind, baseName: baseName, argumentLabels: argumentLabels,
      parameterNames: parameterNames, parameterTypes: parameterTypes, isOverride: isOverride,
      isStatic: isStatic, isPrivate: isPrivate, returnType: returnType, nameRange: nameRange,
      range: range,
      body: body)
  }

  mutating func property() throws(Corrupt) -> ScannedProperty {
    let name = try string()
    let nameRange = try self.range()
    let range = try self.range()
    let typeText = try optionalString()
    let initializer = try optionalExpression()
    let isConstant = try bool()
    let isLazy = try bool()
    let isStatic = try bool()
    let isOverride = try bool()
    let accessors = try array { reader throws(Corrupt) in try reader.method() }
    return ScannedProperty(
      name: name, nameRange: nameRange, range: range, typeText: typeText,
      initializer: initializer, isConstant: isConstant, isLazy: isLazy, isStatic: isStatic,
      isOverride: isOverride, accessors: accessors)
  }

  mutating func statements() throws(Corrupt) -> [ScanStatement] {
    try array { reader throws(Corrupt) in try reader.statement() }
  }

  mutating func statement() throws(Corrupt) -> ScanStatement {
    let range = try self.range()
    let firstTokenRange = try self.range()
    let kind: ScanStatement.Kind
    switch try byte() {
    case 0: kind = .expression(try expression())
    case 1:
      kind = .assignment(
        target: try expression(), value: try expression(), compoundOperator: try optionalString())
    case 2:
      kind = .declaration(
        ScanDeclaration(
          name: try string(), nameRange: try self.range(), typeText: try optionalString(),
          initializer: try optionalExpression(), isConstant: try bool()))
    case 3:
      kind = .ifStatement(
        conditions: try conditions(), then: try statements(),
        else: try bool() ? try statements() : nil)
    case 4: kind = .guardStatement(conditions: try conditions(), else: try statements())
    case 5:
      let subject = try expression()
      let cases = try array { reader throws(Corrupt) in
        ScanSwitchCase(
          patterns: try reader.expressions(), isDefault: try reader.bool(),
          body: try reader.statements(), range: try reader.range())
      }
      kind = .switchStatement(subject: subject, cases: cases)
    case 6: kind = .returnStatement(try optionalExpression())
    case 7: kind = .loop(body: try statements())
    case 8: kind = .block(body: try statements())
    case 9: kind = .deferStatement(body: try statements())
    case 10: kind = .other
    default: throw Corrupt()
    }
    return ScanStatement(kind, range: range, firstTokenRange: firstTokenRange)
  }

  mutating func conditions() throws(Corrupt) -> [ScanCondition] {
    try array { reader throws(Corrupt) in
      let range = try reader.range()
      let kind: ScanCondition.Kind
      switch try reader.byte() {
      case 0: kind = .expression(try reader.expression())
      case 1:
        kind = .optionalBinding(
          name: try reader.string(), value: try reader.expression(), isVariable: try reader.bool())
      case 2: kind = .patternMatch(pattern: try reader.string(), value: try reader.expression())
      case 3: kind = .availability(try reader.string())
      default: throw Corrupt()
      }
      return ScanCondition(kind, range: range)
    }
  }

  mutating func optionalExpression() throws(Corrupt) -> ScanExpr? {
    try bool() ? try expression() : nil
  }

  mutating func expressions() throws(Corrupt) -> [ScanExpr] {
    try array { reader throws(Corrupt) in try reader.expression() }
  }

  mutating func arguments() throws(Corrupt) -> [ScanArgument] {
    try array { reader throws(Corrupt) in
      ScanArgument(label: try reader.optionalString(), value: try reader.expression())
    }
  }

  mutating func expression() throws(Corrupt) -> ScanExpr {
    let range = try self.range()
    let kind: ScanExpr.Kind
    switch try byte() {
    case 0: kind = .identifier(try string())
    case 1: kind = .member(base: try optionalExpression(), name: try string())
    case 2:
      kind = .call(
        callee: try expression(), arguments: try arguments(), trailingClosures: try arguments())
    case 3: kind = .subscript(base: try expression(), arguments: try arguments())
    case 4: kind = .boolean(try bool())
    case 5: kind = .nilLiteral
    case 6: kind = .number(try string())
    case 7: kind = .string(try string())
    case 8: kind = .array(try expressions())
    case 9:
      kind = .dictionary(
        try array { reader throws(Corrupt) in
          ScanDictionaryEntry(key: try reader.expression(), value: try reader.expression())
        })
    case 10: kind = .binary(operator: try string(), lhs: try expression(), rhs: try expression())
    case 11: kind = .prefix(operator: try string(), operand: try expression())
    case 12: kind = .postfix(operator: try string(), operand: try expression())
    case 13:
      kind = .ternary(condition: try expression(), then: try expression(), else: try expression())
    case 14:
      kind = .cast(try expression(), kind: try rawValue(ScanCastKind.self), type: try string())
    case 15: kind = .closure(parameters: try strings(), body: try statements())
    case 16: kind = .selector(try string())
    case 17: kind = .keyPath(try string())
    case 18: kind = .tuple(try arguments())
    case 19: kind = .typeReference(try expression())
    case 20: kind = .unknown
    default: throw Corrupt()
    }
    return ScanExpr(kind, range: range)
  }

  // MARK: Storyboards

  mutating func storyboard(_ file: SourceFile) throws(Corrupt) -> StoryboardDocument {
    let kind = try rawValue(StoryboardDocument.Kind.self)
    let initialViewControllerID = try optionalString()
    let viewControllers = try array { reader throws(Corrupt) in
      StoryboardViewController(
        elementName: try reader.string(), id: try reader.optionalString(),
        customClass: try reader.optionalString(), customModule: try reader.optionalString(),
        storyboardIdentifier: try reader.optionalString(), isInitial: try reader.bool(),
        isNavigationBarHidden: try reader.bool(),
        rootViewControllerID: try reader.optionalString(), parentID: try reader.optionalString(),
        referencedStoryboardName: try reader.optionalString(),
        referencedIdentifier: try reader.optionalString(), offset: try reader.fileOffset())
    }
    let segues = try array { reader throws(Corrupt) in
      StoryboardSegue(
        id: try reader.optionalString(), kind: try reader.optionalString(),
        identifier: try reader.optionalString(), destinationID: try reader.optionalString(),
        relationship: try reader.optionalString(), sourceID: try reader.optionalString(),
        offset: try reader.fileOffset())
    }
    return StoryboardDocument(
      file: file, kind: kind, initialViewControllerID: initialViewControllerID,
      viewControllers: viewControllers, segues: segues, isComplete: try bool())
  }

  /// A byte offset into the file (its end included).
  mutating func fileOffset() throws(Corrupt) -> Int {
    let value = try int()
    guard value >= 0, value <= fileCount else { throw Corrupt() }
    return value
  }
}
