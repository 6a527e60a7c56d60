import NavRulesCompiler

/// Every SwiftUI view type the app declares (a type conforming to `View`, an `App`), each
/// assembled from its declaration and extensions, with the code that builds its content.
struct SwiftUIViewTable {
  struct Entry {
    var name: String
    var file: SourceFile
    var nameRange: Range<Int>
    var isApp: Bool
    var isRepresentable: Bool
    /// Every body of its methods and properties (`body`, `@ViewBuilder` helpers, computed
    /// properties), with the file each is in.
    var bodies: [(member: String, statements: [ScanStatement], file: SourceFile)] = []
    var properties: [String: ScannedProperty] = [:]
    var methods: [(method: ScannedMethod, file: SourceFile)] = []
  }

  private(set) var entries: [String: Entry] = [:]
  /// View names in declaration order, for a stable output.
  private(set) var order: [String] = []

  init(_ files: [ScannedFile]) {
    var extensions: [(ScannedType, SourceFile)] = []
    for file in files where file.language == .swift {
      for type in file.allTypes {
        switch type.kind {
        case .struct, .class, .enum:
          let names = Set(type.inheritedTypes.map(\.simpleName))
          let isView = !names.isDisjoint(with: SwiftUIVocabulary.viewProtocols)
          let isRepresentable = !names.isDisjoint(
            with: SwiftUIVocabulary.representableProtocols)
          guard isView || isRepresentable, entries[type.name] == nil else { continue }
          entries[type.name] = Entry(
            name: type.name, file: file.file, nameRange: type.nameRange,
            isApp: names.contains("App"), isRepresentable: isRepresentable)
          order.append(type.name)
          add(type, in: file.file)
        case .extension:
          extensions.append((type, file.file))
        default:
          continue
        }
      }
    }
    for (type, file) in extensions where entries[type.name] != nil { add(type, in: file) }
  }

  private mutating func add(_ type: ScannedType, in file: SourceFile) {
    guard var entry = entries[type.name] else { return }
    for method in type.methods {
      entry.methods.append((method, file))
      if let body = method.body { entry.bodies.append((method.baseName, body, file)) }
    }
    for property in type.properties {
      if entry.properties[property.name] == nil { entry.properties[property.name] = property }
      var statements: [ScanStatement] = []
      if let value = property.initializer {
        statements.append(
          ScanStatement(.expression(value), range: value.range, firstTokenRange: value.range))
      }
      for accessor in property.accessors { statements += accessor.body ?? [] }
      if !statements.isEmpty { entry.bodies.append((property.name, statements, file)) }
    }
    entries[type.name] = entry
  }

  subscript(name: String) -> Entry? { entries[name] }

  func isView(_ name: String) -> Bool { entries[name] != nil }

  /// The type a property of the view is written with, without `?`/`!` (`[Item]`, `Route`).
  func propertyType(_ property: String, of view: String) -> String? {
    guard var text = entries[view]?.properties[property]?.typeText else { return nil }
    while let last = text.last, "?!".contains(last) { text.removeLast() }
    return text
  }

  /// What a `UIViewControllerRepresentable`'s `makeUIViewController` returns, with its body
  /// and file: the view controller the representable shows.
  func controllerExpression(ofRepresentable name: String)
    -> (value: ScanExpr, body: [ScanStatement], file: SourceFile)?
  {
    guard let entry = entries[name], entry.isRepresentable,
      let (method, file) = entry.methods.first(where: {
        $0.method.baseName == SwiftUIVocabulary.makeControllerMethod
      }),
      let body = method.body, let value = body.last?.expressionValue
    else { return nil }
    return (value, body, file)
  }
}
