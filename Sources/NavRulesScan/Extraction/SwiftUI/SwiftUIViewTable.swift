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
  /// SwiftUI navigation written where navrc does not read it (an `extension View`, a
  /// `ViewModifier`): the views that use it may have more than the model says.
  private(set) var unread: [AppModel.Unresolved] = []

  init(_ files: [ScannedFile]) {
    var extensions: [(ScannedType, SourceFile)] = []
    var declarations: [String: [SourceRange]] = [:]
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
          noteUnread(type, in: file.file)
          // A view nested in a preview provider is Xcode's canvas, never the app's navigation.
          guard previews.isDisjoint(with: type.enclosingTypeNames) else { continue }
          let names = Set(type.inheritedTypes.map(\.simpleName))
          let isView = !names.isDisjoint(with: SwiftUIVocabulary.viewProtocols)
          let isRepresentable = !names.isDisjoint(
            with: SwiftUIVocabulary.representableProtocols)
          guard isView || isRepresentable else { continue }
          declarations[type.name, default: []].append(SourceRange(file.file, type.nameRange))
          guard entries[type.name] == nil else { continue }
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
    leaveOutViewsDeclaredTwice(declarations)
    for (type, file) in extensions {
      if entries[type.name] != nil { add(type, in: file) } else { noteUnread(type, in: file) }
    }
  }

  /// Views of one name declared twice (an app and its watch app, several apps in one folder,
  /// or nested types): their code cannot be told apart by name, so none is read, and each is
  /// counted as left out, as classes are (`ClassTable.declaredInTwoTargets`). Reading the
  /// first alone would drop the others' navigation without a word.
  private mutating func leaveOutViewsDeclaredTwice(_ declarations: [String: [SourceRange]]) {
    let twice = Set(declarations.filter { $0.value.count > 1 }.keys)
    guard !twice.isEmpty else { return }
    for name in order where twice.contains(name) {
      let places = declarations[name] ?? []
      for at in places {
        unread.append(
          AppModel.Unresolved(
            range: at,
            what: "view '\(name)' declared \(places.count) times (targets): left out, since its "
              + "code cannot be told apart by name"))
      }
      entries[name] = nil
    }
    order.removeAll { twice.contains($0) }
  }

  /// A watch app's views with a stack: left out and counted, one entry per top-level type, since a
  /// watchOS stack is not a `UINavigationController` (`WatchOSCode`).
  private mutating func noteWatchOSStacks(in file: ScannedFile) {
    for type in file.types
    where type.kind != .protocol
      && file.file.mentions(Self.stackWords, in: type.range)
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

  private static let stackWords = SwiftUIVocabulary.stackTypes.map { Array($0.utf8) }

  /// Words every SwiftUI navigation construct of docs/scan.md holds.
  private static let navigationWords = [
    "NavigationLink", "navigationDestination", "NavigationStack", "NavigationView",
    "navigationBarBackButtonHidden", "navigationBarHidden", "navigationBarItems",
    "navigationBarLeading", "topBarLeading", "cancellationAction",
  ].map { Array($0.utf8) }

  /// An `extension View` or a `ViewModifier` with SwiftUI navigation in it: counted as left
  /// out, since what it does to the views that use it is not read.
  private mutating func noteUnread(_ type: ScannedType, in file: SourceFile) {
    let names = Set(type.inheritedTypes.map(\.simpleName))
    guard (type.kind == .extension && type.name == "View") || names.contains("ViewModifier"),
      file.mentions(Self.navigationWords, in: type.range)
    else { return }
    unread.append(
      AppModel.Unresolved(
        range: SourceRange(file, type.nameRange),
        what: "SwiftUI navigation in '\(type.name)', which navrc does not apply to the views "
          + "that use it"))
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
