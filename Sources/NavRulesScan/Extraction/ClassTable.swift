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
  /// Each class's properties by name, the first written of each.
  private var propertiesByName: [String: [String: Int]] = [:]
  /// Who inherits from whom, resolved once (linear in the classes, cycles cut).
  private(set) var lineage = ClassLineage()
  /// Method and property look-ups through the chain, each (class, name) resolved once.
  private let lookups = LookupCache()
  /// Classes declared in two files (an app and its extension, two apps in one folder: two
  /// targets, each with its own class of that name), with each declaration. Their parts
  /// cannot be told apart by name, so neither is a screen or a navigation controller, nor is
  /// any subclass: left out and counted, never merged into one.
  private(set) var declaredInTwoTargets: [String: [SourceRange]] = [:]
  /// The classes some app class names as its superclass.
  private var subclassed: Set<String> = []
  /// Each file's facts, for the look-ups that hold a member's file only (the files are kept
  /// by the entries, so an identifier is never reused while the table lives).
  private var factsOfFile: [ObjectIdentifier: FileFacts] = [:]

  init(_ files: [ScannedFile]) {
    for file in files {
      factsOfFile[ObjectIdentifier(file.file)] = file.facts
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
      var properties: [String: Int] = [:]
      for (index, (property, _)) in entry.properties.enumerated()
      where properties[property.name] == nil {
        properties[property.name] = index
      }
      propertiesByName[name] = properties
    }
    for entry in entries.values where entry.isDeclared {
      if let superclass = entry.inherited.first { subclassed.insert(superclass) }
    }
    let entries = entries
    lineage = ClassLineage(
      order,
      superclass: { [self] name in
        // The chain ends at a UIKit class the app does not declare itself.
        Self.isUIKitClass(name) && entries[name]?.isDeclared != true ? nil : superclass(of: name)
      },
      hasMembers: { entries[$0].map { !$0.methods.isEmpty || !$0.properties.isEmpty } ?? false },
      isNavigationController: UIKitVocabulary.navigationControllerClasses.contains,
      isViewController: UIKitVocabulary.viewControllerClasses.contains)
    // Only view controllers matter (two `AppDelegate`s do not).
    declaredInTwoTargets = declaredInTwoTargets.filter { name, _ in
      guard let node = lineage[name] else { return false }
      return node.reachesNavigationController || node.reachesViewController
    }
    lineage.markAmbiguous(Set(declaredInTwoTargets.keys))
  }

  /// Look-ups through the chain already made: by kind and name, the class each class's
  /// look-up reaches (nil: none). Filled along every walk, so each (class, name) pair is
  /// walked past once, whatever the depth of the chain.
  private final class LookupCache: @unchecked Sendable {
    var owners: [String: [String: String?]] = [:]
    var runs: [String: [String: [Member]]] = [:]
  }

  /// A method or a property, with the class that declares it.
  enum Member {
    case method(ScannedMethod, SourceFile, owner: String)
    case property(ScannedProperty, SourceFile, owner: String)
  }

  /// The members an instance of `name` runs, class first: the methods it dispatches to (its
  /// own and the inherited ones it does not override; static ones all) and the properties of
  /// its chain, those for which `keep` holds. Remembered under `key`: each class's list is its
  /// superclass's, less what it overrides, after its own, so the work is O(classes + the
  /// lists' lengths) whatever the depth of the chain (each walked whole per class was
  /// quadratic).
  func runMembers(of name: String, key: String, keep: (Member) -> Bool) -> [Member] {
    var walked: [String] = []
    var inherited: [Member] = []
    for owner in owners(from: name) {
      if let known = lookups.runs[key]?[owner] {
        inherited = known
        break
      }
      walked.append(owner)
    }
    for owner in walked.reversed() {
      var members: [Member] = []
      if let entry = entries[owner] {
        // Every method a class declares is one its instances can run: overloads of one base
        // name and arity (`tableView(_:numberOfRowsInSection:)`, `tableView(_:didSelectRowAt:)`)
        // are different methods; what a subclass overrides is left out below.
        for (method, file) in entry.methods {
          let member = Member.method(method, file, owner: owner)
          if keep(member) { members.append(member) }
        }
        for (property, file) in entry.properties {
          let member = Member.property(property, file, owner: owner)
          if keep(member) { members.append(member) }
        }
      }
      for member in inherited {
        if case .method(let method, _, _) = member, !method.isStatic,
          ownMethod(method.baseName, labels: method.argumentLabels, in: owner) != nil
        {
          continue
        }
        members.append(member)
      }
      lookups.runs[key, default: [:]][owner] = members
      inherited = members
    }
    return inherited
  }

  /// Whether a class of `owners(from: name)` has a method for which `has` holds, remembered
  /// under `key` for every class walked past.
  func anyOwnerHasMethod(
    from name: String, key: String, where has: (ScannedMethod, SourceFile) -> Bool
  ) -> Bool {
    firstOwner(key, from: name) { owner in
      entries[owner]?.methods.contains { has($0.method, $0.file) } ?? false
    } != nil
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

  /// Whether any of `words` occurs whole in `range` of `file`, one of the table's files.
  func mentions(_ words: MentionWords, in range: Range<Int>, of file: SourceFile) -> Bool {
    guard let facts = factsOfFile[ObjectIdentifier(file)] else {
      let needles = words.registered.map { MentionWords.registry[$0] } + words.unregistered
      return file.mentions(needles, in: range)
    }
    return facts.mentions.mentions(words, in: range, of: file)
  }

  /// The superclass of an app class: its first inherited name when that is a class (an app
  /// class or a UIKit one), nil otherwise.
  func superclass(of name: String) -> String? {
    guard let entry = entries[name], let first = entry.inherited.first else { return nil }
    if entries[first]?.isDeclared == true || Self.isUIKitClass(first) { return first }
    // A Swift class may list a protocol first only when it has no superclass.
    return nil
  }

  /// The class and its superclasses, the class first; the chain ends at a UIKit class or
  /// where nothing more is known. A class in a cycle (broken code) has no superclass
  /// (`inheritanceCycles`).
  func chain(from name: String) -> ClassChain {
    ClassChain(lineage, from: name, membersOnly: false)
  }

  /// The class and those of its superclasses that have methods or properties: what a walk
  /// looking for code needs, without the empty classes between.
  func owners(from name: String) -> ClassChain {
    ClassChain(lineage, from: name, membersOnly: true)
  }

  /// Whether `name` is `ancestor` or inherits from it (O(1)).
  func inherits(_ name: String, from ancestor: String) -> Bool {
    lineage.inherits(name, from: ancestor)
  }

  /// The cycles of classes inheriting from each other, each class once: the compiler rejects
  /// them, so none of their classes is read as a screen.
  var inheritanceCycles: [[String]] { lineage.cycles }

  /// The first class of `owners(from: name)` for which `has` holds, remembered under `key`
  /// for every class walked past.
  private func firstOwner(_ key: String, from name: String, where has: (String) -> Bool)
    -> String?
  {
    var walked: [String] = []
    var found: String?
    for owner in owners(from: name) {
      if let known = lookups.owners[key]?[owner] {
        found = known
        break
      }
      walked.append(owner)
      if has(owner) {
        found = owner
        break
      }
    }
    for owner in walked { lookups.owners[key, default: [:]][owner] = .some(found) }
    return found
  }

  static func isUIKitClass(_ name: String) -> Bool {
    UIKitVocabulary.viewControllerClasses.contains(name)
      || UIKitVocabulary.navigationControllerClasses.contains(name)
  }

  /// Whether the class is a navigation controller (reaches a UIKit navigation controller).
  func isNavigationController(_ name: String) -> Bool {
    guard let node = lineage[name] else {
      return UIKitVocabulary.navigationControllerClasses.contains(name)
    }
    return node.reachesNavigationController && !node.isAmbiguous
  }

  /// Whether the class is a view controller that is not a navigation controller.
  func isScreen(_ name: String) -> Bool {
    guard let node = lineage[name] else {
      return UIKitVocabulary.viewControllerClasses.contains(name)
        && !UIKitVocabulary.navigationControllerClasses.contains(name)
    }
    return !node.reachesNavigationController && node.reachesViewController && !node.isAmbiguous
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
    let key = "method " + (labels.map { "\(baseName)/\($0.count)" } ?? baseName)
    guard
      let owner = firstOwner(
        key, from: name, where: { ownMethod(baseName, labels: labels, in: $0) != nil }),
      let found = ownMethod(baseName, labels: labels, in: owner)
    else { return nil }
    return (found.method, found.file, owner)
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
    guard
      let owner = firstOwner(
        "property " + propertyName, from: name,
        where: { propertiesByName[$0]?[propertyName] != nil }),
      let index = propertiesByName[owner]?[propertyName], let entry = entries[owner]
    else { return nil }
    return entry.properties[index]
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
