import NavRulesCompiler

/// Every class the app declares, each assembled from all its parts across files and languages
/// (a Swift class and its extensions; an Objective-C `@interface`, its `@implementation` and
/// categories), with what it inherits from. UIKit classes that the app extends (`extension
/// UINavigationController`, a category on `UIViewController`) are entries too, so that a
/// subclass's `super` call reaches the code the app added to them.
struct ClassTable {
  /// One class: where it is declared and what its parts hold.
  struct Entry {
    var name: String
    /// The declaring file and the name's range there; nil for a UIKit class the app extends.
    var file: SourceFile?
    var nameRange: Range<Int>?
    /// The superclass as written (Objective-C), or the first inherited name (Swift), which
    /// `superclass(of:)` resolves against the other classes.
    var inherited: [String] = []
    var methods: [(method: ScannedMethod, file: SourceFile)] = []
    var properties: [(property: ScannedProperty, file: SourceFile)] = []
    /// Whether a class declaration was seen (not only extensions of it).
    var isDeclared = false
  }

  private(set) var entries: [String: Entry] = [:]
  /// Class names in the order they were first declared, for a stable output.
  private(set) var order: [String] = []
  /// Each class's methods with a body, by base name and by base name and parameter count,
  /// the first written of each: method look-ups run for every method of every screen.
  private var methodsByName: [String: [String: Int]] = [:]
  private var methodsByNameAndArity: [String: [String: Int]] = [:]
  /// `chain(from:)`, computed once per class.
  private let chains = ChainCache()
  /// Classes declared in two files (an app and its extension, two apps in one folder: two
  /// targets, each with its own class of that name), with each declaration. Their parts
  /// cannot be told apart by name, so neither is a screen or a navigation controller, nor is
  /// any subclass: left out and counted, never merged into one.
  private(set) var declaredInTwoTargets: [String: [SourceRange]] = [:]
  /// The classes some app class names as its superclass.
  private var subclassed: Set<String> = []

  init(_ files: [ScannedFile]) {
    for file in files {
      for type in file.allTypes { add(type, in: file.file) }
    }
    for (name, entry) in entries {
      var byName: [String: Int] = [:]
      var byArity: [String: Int] = [:]
      for (index, (method, _)) in entry.methods.enumerated()
      where method.body != nil && !method.isStatic {
        if byName[method.baseName] == nil { byName[method.baseName] = index }
        let key = "\(method.baseName)/\(method.argumentLabels.count)"
        if byArity[key] == nil { byArity[key] = index }
      }
      methodsByName[name] = byName
      methodsByNameAndArity[name] = byArity
    }
    for entry in entries.values where entry.isDeclared {
      if let superclass = entry.inherited.first { subclassed.insert(superclass) }
    }
    // Only view controllers matter (two `AppDelegate`s do not).
    declaredInTwoTargets = declaredInTwoTargets.filter { name, _ in
      chain(from: name).contains(where: Self.isUIKitClass)
    }
  }

  private final class ChainCache: @unchecked Sendable {
    var chains: [String: [String]] = [:]
  }

  private mutating func add(_ type: ScannedType, in file: SourceFile) {
    switch type.kind {
    case .class, .objcInterface, .objcImplementation, .extension:
      break
    case .struct, .enum, .actor, .protocol, .objcProtocol:
      return
    }
    let name = type.name
    // Taken out while it grows: an entry still in the table would copy its method list at
    // each part added (a class with many extensions).
    var entry: Entry
    if let known = entries.removeValue(forKey: name) {
      entry = known
    } else {
      entry = Entry(name: name)
      order.append(name)
    }
    let declares =
      type.kind == .class || (type.kind == .objcInterface && type.categoryName == nil)
    if declares {
      if entry.isDeclared, let first = entry.file, first !== file, let range = entry.nameRange {
        if declaredInTwoTargets[name] == nil {
          declaredInTwoTargets[name] = [SourceRange(first, range)]
        }
        declaredInTwoTargets[name]?.append(SourceRange(file, type.nameRange))
      }
      entry.isDeclared = true
      if entry.file == nil {
        entry.file = file
        entry.nameRange = type.nameRange
      }
      if entry.inherited.isEmpty {
        if let superclass = type.superclass {
          entry.inherited = [superclass.simpleName]
        } else {
          entry.inherited = type.inheritedTypes.map(\.simpleName)
        }
      }
    } else if type.kind == .objcImplementation, entry.file == nil {
      entry.file = file
      entry.nameRange = type.nameRange
    }
    entry.methods += type.methods.map { ($0, file) }
    entry.properties += type.properties.map { ($0, file) }
    entries[name] = entry
  }

  subscript(name: String) -> Entry? { entries[name] }

  /// The superclass of an app class: its first inherited name when that is a class (an app
  /// class or a UIKit one), nil otherwise.
  func superclass(of name: String) -> String? {
    guard let entry = entries[name], let first = entry.inherited.first else { return nil }
    if entries[first]?.isDeclared == true || Self.isUIKitClass(first) { return first }
    // A Swift class may list a protocol first only when it has no superclass.
    return nil
  }

  /// The class and its superclasses, the class first; the chain ends at a UIKit class or
  /// where nothing more is known. Cycles (broken code) end it too.
  func chain(from name: String) -> [String] {
    if let known = chains.chains[name] { return known }
    let chain = computeChain(from: name)
    chains.chains[name] = chain
    return chain
  }

  private func computeChain(from name: String) -> [String] {
    var chain = [name]
    var seen: Set<String> = [name]
    var current = name
    while let next = superclass(of: current), seen.insert(next).inserted {
      chain.append(next)
      current = next
      if Self.isUIKitClass(next), entries[next]?.isDeclared != true { break }
    }
    return chain
  }

  static func isUIKitClass(_ name: String) -> Bool {
    UIKitVocabulary.viewControllerClasses.contains(name)
      || UIKitVocabulary.navigationControllerClasses.contains(name)
  }

  /// Whether the class is a navigation controller (reaches a UIKit navigation controller).
  func isNavigationController(_ name: String) -> Bool {
    let chain = chain(from: name)
    return chain.contains { UIKitVocabulary.navigationControllerClasses.contains($0) }
      && !isAmbiguous(chain)
  }

  /// Whether a class of the chain is declared in two targets.
  private func isAmbiguous(_ chain: [String]) -> Bool {
    !declaredInTwoTargets.isEmpty && chain.contains { declaredInTwoTargets[$0] != nil }
  }

  /// Whether the class is a view controller that is not a navigation controller.
  func isScreen(_ name: String) -> Bool {
    let chain = chain(from: name)
    return !chain.contains { UIKitVocabulary.navigationControllerClasses.contains($0) }
      && chain.contains { UIKitVocabulary.viewControllerClasses.contains($0) }
      && !isAmbiguous(chain)
  }

  /// The app classes that are screens, in declaration order.
  var screenClasses: [String] {
    order.filter { entries[$0]?.isDeclared == true && isScreen($0) }
  }

  /// The app classes that are navigation controllers, in declaration order.
  var navigationControllerClasses: [String] {
    order.filter { entries[$0]?.isDeclared == true && isNavigationController($0) }
  }

  /// The method a call on an instance of `name` reaches (dynamic dispatch: the most derived
  /// class that implements it), with the class it is in.
  func method(
    _ baseName: String, labels: [String?]? = nil, dispatchedFrom name: String
  ) -> (method: ScannedMethod, file: SourceFile, owner: String)? {
    for owner in chain(from: name) {
      if let found = ownMethod(baseName, labels: labels, in: owner) {
        return (found.method, found.file, owner)
      }
    }
    return nil
  }

  /// The method a class itself implements (with a body), if any.
  func ownMethod(_ baseName: String, labels: [String?]? = nil, in name: String)
    -> (method: ScannedMethod, file: SourceFile)?
  {
    let index =
      labels.map { methodsByNameAndArity[name]?["\(baseName)/\($0.count)"] }
      ?? methodsByName[name]?[baseName]
    guard let index, let entry = entries[name] else { return nil }
    return entry.methods[index]
  }

  /// The property a class or its superclasses declare.
  func property(_ propertyName: String, of name: String)
    -> (property: ScannedProperty, file: SourceFile)?
  {
    for owner in chain(from: name) {
      if let found = entries[owner]?.properties.first(where: { $0.property.name == propertyName }) {
        return found
      }
    }
    return nil
  }

  /// Whether a value declared with the type `name` is an instance of that screen class and no
  /// other: an app screen class that no app class inherits from (a UIKit class may be any of
  /// its subclasses).
  func pinsScreen(_ name: String) -> Bool {
    entries[name]?.isDeclared == true && isScreen(name) && !subclassed.contains(name)
  }

  /// Whether `name` names a class: an app class or a UIKit view or navigation controller.
  func isClass(_ name: String) -> Bool {
    entries[name]?.isDeclared == true || Self.isUIKitClass(name)
  }
}
