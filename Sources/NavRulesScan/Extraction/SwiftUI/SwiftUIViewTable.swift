import NavRulesCompiler

/// Every SwiftUI view type the app declares (a type conforming to `View`, an `App`), each
/// assembled from its declaration and extensions, with the code that builds its content.
struct SwiftUIViewTable {
  struct Entry {
    var name: String
    var file: SourceFile
    var nameRange: Range<Int>
    /// Its qualified name's components (`["A", "Body"]`), for the names its code uses.
    var scope: [String]
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
  /// SwiftUI navigation written where navrc does not read it (an `extension View`, a
  /// `ViewModifier`): the views that use it may have more than the model says.
  private(set) var unread: [AppModel.Unresolved] = []
  /// The methods of `extension View` (`withAppRouter()`), by name: a view that calls one as a
  /// modifier gets its code (`SwiftUICodeReader`). A name written twice is none.
  private(set) var helpers: [String: (method: ScannedMethod, file: SourceFile)] = [:]
  /// Every view by its qualified name (`A.Body`, `ContentView`), to its name in `entries`.
  private var qualified: [String: String] = [:]

  init(_ files: [ScannedFile]) {
    var extensions: [(ScannedType, ScannedFile)] = []
    var declarations: [(type: ScannedType, file: SourceFile, isApp: Bool, isRepresentable: Bool)] =
      []
    let watchOS = WatchOSCode(files)
    for file in files where file.language == .swift {
      if watchOS.contains(file.file) {
        noteWatchOSStacks(in: file)
        continue
      }
      let previews = Set(
        file.allTypes.filter {
          $0.inheritedTypes.contains { $0.simpleName == SwiftUIVocabulary.previewProtocol }
        }.map(\.name))
      for type in file.allTypes {
        switch type.kind {
        case .struct, .class, .enum:
          noteUnread(type, in: file)
          // A view nested in a preview provider is Xcode's canvas, never the app's navigation.
          guard previews.isDisjoint(with: type.enclosingTypeNames) else { continue }
          let names = Set(type.inheritedTypes.map(\.simpleName))
          let isView = !names.isDisjoint(with: SwiftUIVocabulary.viewProtocols)
          let isRepresentable = !names.isDisjoint(
            with: SwiftUIVocabulary.representableProtocols)
          guard isView || isRepresentable else { continue }
          declarations.append((type, file.file, names.contains("App"), isRepresentable))
        case .extension:
          extensions.append((type, file))
        default:
          continue
        }
      }
    }
    let keys = keyViews(declarations.map { ($0.type, $0.file) })
    for (index, declaration) in declarations.enumerated() {
      guard let key = keys[index] else { continue }
      let type = declaration.type
      entries[key] = Entry(
        name: key, file: declaration.file, nameRange: type.nameRange,
        scope: type.enclosingTypeNames + [type.name],
        isApp: declaration.isApp, isRepresentable: declaration.isRepresentable)
      qualified[Self.qualifiedName(type)] = key
      order.append(key)
      add(type, to: key, in: declaration.file)
    }
    collectHelpers(extensions)
    for (type, file) in extensions {
      // `extension A.Body` names its view by its qualified name, `extension Row` by its own.
      if let key = qualified[Self.qualifiedName(type)]
        ?? (entries[type.name] != nil ? type.name : nil)
      {
        add(type, to: key, in: file.file)
      } else {
        noteUnread(type, in: file)
      }
    }
  }

  /// The methods of `extension View` with a body, each name once; an extension whose
  /// navigation is not all in such methods (a computed property, an overloaded name) is
  /// counted as left out.
  private mutating func collectHelpers(_ extensions: [(ScannedType, ScannedFile)]) {
    var twice: Set<String> = []
    for (type, file) in extensions where Self.isViewExtension(type) {
      for method in type.methods where method.body != nil && !method.isStatic {
        if helpers.updateValue((method, file.file), forKey: method.baseName) != nil {
          twice.insert(method.baseName)
        }
      }
    }
    for name in twice { helpers[name] = nil }
    for (type, file) in extensions where Self.isViewExtension(type) {
      let unread =
        type.properties.contains { file.mentions(Self.navigationWords, in: $0.range) }
        || type.methods.contains {
          helpers[$0.baseName] == nil && file.mentions(Self.navigationWords, in: $0.range)
        }
      if unread { noteUnread(type, in: file, always: true) }
    }
  }

  private static func isViewExtension(_ type: ScannedType) -> Bool {
    type.kind == .extension && type.name == "View" && type.enclosingTypeNames.isEmpty
  }

  /// `A.Body` for `struct Body` nested in `A`.
  private static func qualifiedName(_ type: ScannedType) -> String {
    (type.enclosingTypeNames + [type.name]).joined(separator: ".")
  }

  /// The name each view is known by: its own when no other view has it; its qualified name
  /// (`A.Body`, `B.Body`) when views of one name are nested in different types, which code
  /// refers to unambiguously (`Body()` inside `A`, `A.Body()` elsewhere: `resolve`). Views of
  /// one qualified name declared twice (an app and its watch app, sample apps side by side)
  /// cannot be told apart: none is read, and each declaration is counted as left out, as
  /// classes are (`ClassTable.declaredInTwoTargets`). Reading the first alone would drop the
  /// others' navigation without a word.
  private mutating func keyViews(_ declarations: [(ScannedType, SourceFile)]) -> [String?] {
    var bySimpleName: [String: [Int]] = [:]
    for (index, (type, _)) in declarations.enumerated() {
      bySimpleName[type.name, default: []].append(index)
    }
    var keys: [String?] = declarations.map { $0.0.name }
    for (name, indices) in bySimpleName where indices.count > 1 {
      let names = indices.map { Self.qualifiedName(declarations[$0].0) }
      if Set(names).count == names.count {
        for (index, qualifiedName) in zip(indices, names) { keys[index] = qualifiedName }
        continue
      }
      for index in indices {
        keys[index] = nil
        unread.append(
          AppModel.Unresolved(
            range: SourceRange(declarations[index].1, declarations[index].0.nameRange),
            what: "view '\(name)' declared \(indices.count) times (targets): left out, since its "
              + "code cannot be told apart by name"))
      }
    }
    return keys
  }

  /// The view a type name written in `view`'s code names, by Swift's lookup: the types
  /// nested in `view` and its enclosing types first, innermost first, then a view of that
  /// name alone (`Body` inside `A` is `A.Body`; `A.Body` is itself). Nil when it names no
  /// view, or one of several that no scope tells apart.
  func resolve(_ name: String, from view: String?) -> String? {
    if let scope = view.flatMap({ entries[$0]?.scope }) {
      for length in stride(from: scope.count, through: 1, by: -1) {
        if let key = qualified[(scope[..<length] + [name]).joined(separator: ".")] { return key }
      }
    }
    if entries[name] != nil { return name }
    return qualified[name]
  }

  /// A watch app's views with a stack: left out and counted, one entry per top-level type, since a
  /// watchOS stack is not a `UINavigationController` (`WatchOSCode`).
  private mutating func noteWatchOSStacks(in file: ScannedFile) {
    for type in file.types
    where type.kind != .protocol
      && file.mentions(Self.stackWords, in: type.range)
      && !type.inheritedTypes.contains(where: { $0.simpleName == SwiftUIVocabulary.previewProtocol }
      )
    {
      unread.append(
        AppModel.Unresolved(
          range: SourceRange(file.file, type.nameRange),
          what: "a stack in watchOS code ('\(type.name)'): watchOS stacks are not UIKit "
            + "navigation controllers, not analysed"))
    }
  }

  private static let stackWords = MentionWords(SwiftUIVocabulary.stackTypes.sorted())

  /// Words every SwiftUI navigation construct of docs/scan.md holds.
  private static let navigationWords = MentionWords([
    "NavigationLink", "navigationDestination", "NavigationStack", "NavigationView",
    "navigationBarBackButtonHidden", "navigationBarHidden", "navigationBarItems",
    "navigationBarLeading", "topBarLeading", "cancellationAction",
  ])

  /// An `extension View` or a `ViewModifier` with SwiftUI navigation in it: counted as left
  /// out, since what it does to the views that use it is not read.
  private mutating func noteUnread(_ type: ScannedType, in file: ScannedFile, always: Bool = false)
  {
    let names = Set(type.inheritedTypes.map(\.simpleName))
    // An `extension View`'s methods are applied where they are called (`collectHelpers`).
    guard always || (!Self.isViewExtension(type) && names.contains("ViewModifier")),
      file.mentions(Self.navigationWords, in: type.range)
    else { return }
    unread.append(
      AppModel.Unresolved(
        range: SourceRange(file.file, type.nameRange),
        what: "SwiftUI navigation in '\(type.name)', which navrc does not apply to the views "
          + "that use it"))
  }

  private mutating func add(_ type: ScannedType, to key: String, in file: SourceFile) {
    guard var entry = entries[key] else { return }
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
    entries[key] = entry
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
