import NavRulesCompiler

/// Why each screen no navigator reaches is not analysed (docs/scan.md#blockers): the first
/// place, among the facts the scan read, that keeps it out. And the base classes that are
/// analysed through their subclasses, which are not screens of their own.
///
/// Facts only: where the code names a screen's class (or its storyboard identifier), what the
/// statement there does with it (presents it, makes it the window's root, returns it, a push
/// navrc left out), the resolved pushes from other unreached screens, and the storyboards'
/// segues. Where none of them is known, the blocker says so.
struct UnreachedBlockers {
  /// The blocker of each unreached screen that is not a base class.
  private(set) var blockers: [ScreenID: AppModel.Blocker] = [:]
  /// Unreached screens whose class other screens' classes inherit and that nothing creates.
  private(set) var baseClasses: [ScreenID: [String]] = [:]

  private let module: Module
  private let classes: ClassTable
  private let unresolvedByFile: [String: [AppModel.Unresolved]]
  /// The unreached screens, by the class name and the storyboard identifiers code can name
  /// them with.
  private var screensByClass: [String: [ScreenID]] = [:]
  private var screensByIdentifier: [String: [ScreenID]] = [:]
  /// The best place found for each screen so far (`Site.Role` order, then file order).
  private var sites: [ScreenID: Site] = [:]
  /// Screens a storyboard scene makes.
  private var storyboardScenes: Set<ScreenID> = []
  /// Screens whose class or identifier some code names: not base classes.
  private var named: Set<ScreenID> = []
  /// The names of the methods returning a screen that no code but their declaration names.
  private var uncalledFactories: Set<String> = []
  /// The calls of scene routers that keep the classes they make out, by class
  /// (`ScreenArgumentPushReading.blockers`): they say more than where the router makes one.
  private let routed: [String: AppModel.Blocker]

  private struct Site {
    enum Role: Int, Comparable {
      case leftOut, storyboardChild, presented, windowRoot, returned, created, typeValue

      static func < (lhs: Role, rhs: Role) -> Bool { lhs.rawValue < rhs.rawValue }
    }
    var role: Role
    var at: SourceRange
    /// `Owner.method()`, or the storyboard scene's screen for segues.
    var place: String
    var detail: String = ""
    var methodName: String = ""
  }

  init(
    module: Module, origins: AppModel.Origins, unresolved: [AppModel.Unresolved],
    code: [ScannedFile], classes: ClassTable, storyboards: StoryboardIndex,
    routed: [String: AppModel.Blocker] = [:]
  ) {
    self.module = module
    self.routed = routed
    self.classes = classes
    unresolvedByFile = Dictionary(grouping: unresolved, by: \.range.file.path)
    let reached = module.screensReachedFromRoots()
    let unreached = module.screenIDs.filter { !reached[$0.index] }
    guard !unreached.isEmpty else { return }
    var scenes: [SceneKey: ScreenID] = [:]
    for id in unreached {
      if let origin = origins.screens[id] {
        scenes[SceneKey(path: origin.file.path, offset: origin.bytes.lowerBound)] = id
      }
      let className = module[id].effectiveClassName
      if classes[className]?.isDeclared == true || !ClassTable.isUIKitClass(className) {
        screensByClass[className, default: []].append(id)
      }
    }
    readStoryboards(storyboards, scenes: scenes)
    let names = Array(screensByClass.keys) + Array(screensByIdentifier.keys)
    let search = WordOccurrences(names)
    let unsearchable = names.filter { !WordOccurrences.isSearchable($0) }.map { Array($0.utf8) }
    for file in code {
      var offsets = search.occurrences(in: file).map(\.lowerBound)
      if !unsearchable.isEmpty, file.file.mentions(unsearchable, in: 0..<file.file.bytes.count) {
        offsets = [0, file.file.bytes.count]  // every body may name one
      }
      if !offsets.isEmpty { read(file, offsets: offsets) }
    }
    findUncalledFactories(code)
    findBaseClasses(unreached)
    assignBlockers(unreached)
  }

  private struct SceneKey: Hashable {
    var path: String
    var offset: Int
  }

  // MARK: - Storyboards

  private mutating func readStoryboards(
    _ storyboards: StoryboardIndex, scenes: [SceneKey: ScreenID]
  ) {
    for document in storyboards.documents {
      var byID: [String: ScreenID] = [:]
      var names: [String: String] = [:]
      for scene in document.viewControllers {
        guard let id = scene.id else { continue }
        names[id] = scene.className
        let key = SceneKey(path: document.file.path, offset: scene.offset)
        let screen =
          scenes[key] ?? scene.customClass.flatMap { screensByClass[$0]?.first }
        guard let screen else { continue }
        byID[id] = screen
        named.insert(screen)
        storyboardScenes.insert(screen)
        if let identifier = scene.storyboardIdentifier, !identifier.isEmpty {
          screensByIdentifier[identifier, default: []].append(screen)
        }
      }
      for segue in document.segues {
        guard let destination = segue.destinationID, let target = byID[destination],
          let source = segue.sourceID, let parent = names[source]
        else { continue }
        let at = SourceRange(document.file, segue.offset..<segue.offset)
        let kind = segue.relationship != nil ? "relationship" : (segue.kind ?? "")
        switch kind {
        case "show", "push": continue  // a push: an edge of the model
        case "relationship", "embed":
          note(target, Site(role: .storyboardChild, at: at, place: parent))
        default:
          note(target, Site(role: .presented, at: at, place: parent, detail: kind))
        }
      }
    }
  }

  // MARK: - Code

  /// Reads the bodies of `file` that hold one of the `offsets` where a watched name occurs.
  private mutating func read(_ file: ScannedFile, offsets: [Int]) {
    func holdsName(_ range: Range<Int>) -> Bool {
      var low = 0
      var high = offsets.count
      while low < high {
        let middle = (low + high) / 2
        if offsets[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
      }
      return low < offsets.count && offsets[low] < range.upperBound
    }
    for type in file.allTypes where holdsName(type.range) {
      let selfClass = classes.isClass(type.name) ? type.name : nil
      for method in type.methods where holdsName(method.range) {
        let name =
          file.language == .swift
          ? "\(type.name).\(method.swiftName)"
          : "\(method.isStatic ? "+" : "-")[\(type.name) \(method.selector)]"
        read(method.body ?? [], file.file, selfClass, place: name, methodName: method.baseName)
      }
      for property in type.properties where holdsName(property.range) {
        var statements: [ScanStatement] = []
        if let value = property.initializer {
          statements.append(
            ScanStatement(.returnStatement(value), range: value.range, firstTokenRange: value.range)
          )
        }
        for accessor in property.accessors { statements += accessor.body ?? [] }
        read(
          statements, file.file, selfClass, place: "\(type.name).\(property.name)",
          methodName: property.name)
      }
    }
    for function in file.functions where holdsName(function.range) {
      read(function.body ?? [], file.file, nil, place: function.swiftName, methodName: "")
    }
    for property in file.properties where holdsName(property.range) {
      if let value = property.initializer {
        let statement = ScanStatement(
          .expression(value), range: value.range, firstTokenRange: value.range)
        read([statement], file.file, nil, place: property.name, methodName: "")
      }
    }
  }

  private mutating func read(
    _ body: [ScanStatement], _ file: SourceFile, _ selfClass: String?, place: String,
    methodName: String
  ) {
    guard !body.isEmpty else { return }
    let context = CodeContext(file: file, selfClass: selfClass, body: body)
    var sites: [(ScreenID, Site)] = []
    var pushedValues: [Range<Int>] = []
    func site(_ role: Site.Role, _ value: ScanExpr, detail: String = "") {
      for screen in screens(createdBy: value, context) {
        sites.append(
          (
            screen,
            Site(
              role: role, at: context.range(value.range), place: place, detail: detail,
              methodName: methodName)
          ))
      }
    }
    // A body of one expression returns it (`func make() -> UIViewController { Detail() }`).
    if body.count == 1, case .expression(let value) = body[0].kind { site(.returned, value) }
    forEachStatement(in: body) { statement, _ in
      switch statement.kind {
      case .assignment(let target, let value, nil):
        if target.memberName == "rootViewController" { site(.windowRoot, value) }
        if let what = leftOut(statement.range, in: file) { site(.leftOut, value, detail: what) }
      case .returnStatement(let value?):
        site(.returned, value)
      default:
        break
      }
      for expression in statement.expressions {
        Self.forEachExpression(expression) { expression, underClassTest in
          switch expression.kind {
          case .identifier(let name):
            if !underClassTest { named.formUnion(screensByClass[name] ?? []) }
          case .typeReference(let type):
            // `X.self` handed to a generic factory may make one.
            if !underClassTest, let name = type.identifierName {
              for id in screensByClass[name] ?? [] {
                sites.append(
                  (
                    id,
                    Site(
                      role: .typeValue, at: context.range(expression.range), place: place,
                      methodName: methodName)
                  ))
              }
            }
          case .string(let text):
            // `NSClassFromString(@"Name")` names the class; an identifier, the scene.
            named.formUnion(screensByClass[text] ?? [])
            named.formUnion(screensByIdentifier[text] ?? [])
          case .call(let callee, let arguments, _):
            site(.created, expression)
            guard let name = callee.memberName ?? callee.identifierName,
              let first = arguments.first?.value
            else { break }
            if Self.presentingMethods.contains(name) {
              site(.presented, first)
            } else if name == "setRootViewController" {
              site(.windowRoot, first)
            } else if Self.pushingMethods.contains(name) {
              if let what = leftOut(expression.range, in: file) {
                for argument in arguments { site(.leftOut, argument.value, detail: what) }
              } else {
                // A push navrc resolved is an edge of the model, not a creation it missed.
                for argument in arguments {
                  var value = argument.value.uncast
                  if let name = value.identifierName,
                    let bound = context.local(name, at: value.range.lowerBound)
                  {
                    value = bound.uncast
                  }
                  pushedValues.append(value.range)
                }
              }
            }
          default:
            break
          }
        }
      }
    }
    for (screen, site) in sites {
      named.insert(screen)
      if site.role == .created,
        pushedValues.contains(where: { $0.contains(site.at.bytes.lowerBound) })
      {
        continue
      }
      note(screen, site)
    }
  }

  /// The methods that return a screen and whose name occurs once in all the code (their
  /// declaration): nothing calls them. Any other occurrence (a call, a comment, a selector)
  /// counts as a caller.
  private mutating func findUncalledFactories(_ code: [ScannedFile]) {
    let factories = Set(sites.values.filter { $0.role == .returned }.map(\.methodName))
    let search = WordOccurrences(factories)
    guard !search.isEmpty else { return }
    var occurrences: [String: Int] = [:]
    for file in code {
      for word in search.occurrences(in: file) {
        occurrences[String(decoding: file.file.bytes[word], as: UTF8.self), default: 0] += 1
      }
    }
    uncalledFactories = factories.filter { occurrences[$0, default: 0] <= 1 }
  }

  private mutating func note(_ screen: ScreenID, _ site: Site) {
    if let known = sites[screen], known.role <= site.role { return }
    sites[screen] = site
  }

  /// Calls that show their first argument modally.
  private static let presentingMethods: Set<String> = [
    "present", "presentViewController", "presentModalViewController",
  ]
  /// Calls that push or root their arguments.
  private static let pushingMethods: Set<String> = [
    "pushViewController", "show", "showViewController", "setViewControllers", "addChild",
    "addChildViewController",
  ]
  /// Calls whose class argument tests a class rather than creating one.
  private static let classTests: Set<String> = [
    "isKindOfClass", "isMemberOfClass", "isSubclassOfClass",
  ]

  /// What navrc listed as left out at `range`, if anything.
  private func leftOut(_ range: Range<Int>, in file: SourceFile) -> String? {
    unresolvedByFile[file.path]?.first { $0.range.bytes.overlaps(range) }?.what
  }

  /// The unreached screens an expression makes: `X()`, `[[X alloc] init]`, `X.make()`, a
  /// storyboard identifier, a local bound to one of these.
  private func screens(createdBy value: ScanExpr, _ context: CodeContext) -> [ScreenID] {
    var expression = value.uncast
    for _ in 0..<4 {
      guard let name = expression.identifierName,
        let bound = context.local(name, at: value.range.lowerBound)
      else { break }
      expression = bound.uncast
    }
    // Only a call makes one: `X.shared`, `X.title` name the class without creating it.
    guard expression.call != nil else { return [] }
    var found: [ScreenID] = []
    // `storyboard.instantiateViewController(withIdentifier: "x") as! X` makes an `X`.
    if case .cast(_, let kind, let type) = value.kind, kind != .check {
      found += screensByClass[type] ?? []
    }
    var head = expression
    while true {
      if let (callee, arguments) = head.call {
        for argument in arguments {
          if case .string(let text) = argument.value.kind {
            found += screensByIdentifier[text] ?? []
          }
        }
        head = callee
      } else if let base = head.member?.base {
        head = base
      } else {
        break
      }
    }
    if let name = head.identifierName { found += screensByClass[name] ?? [] }
    return found
  }

  /// Visits an expression and its parts, not the closures in it (their statements are
  /// statements of the body), with whether it is a class tested with `isKindOfClass:`.
  private static func forEachExpression(
    _ expression: ScanExpr, underClassTest: Bool = false, _ body: (ScanExpr, Bool) -> Void
  ) {
    body(expression, underClassTest)
    switch expression.kind {
    case .member(let base, _):
      if let base { forEachExpression(base, underClassTest: underClassTest, body) }
    case .call(let callee, let arguments, let trailing):
      forEachExpression(callee, body)
      let test = callee.memberName.map(classTests.contains) ?? false
      for argument in arguments + trailing {
        forEachExpression(argument.value, underClassTest: test, body)
      }
    case .subscript(let base, let arguments):
      forEachExpression(base, body)
      for argument in arguments { forEachExpression(argument.value, body) }
    case .array(let elements):
      for element in elements { forEachExpression(element, body) }
    case .dictionary(let entries):
      for entry in entries {
        forEachExpression(entry.key, body)
        forEachExpression(entry.value, body)
      }
    case .binary(_, let lhs, let rhs):
      forEachExpression(lhs, body)
      forEachExpression(rhs, body)
    case .prefix(_, let operand), .postfix(_, let operand): forEachExpression(operand, body)
    case .ternary(let condition, let then, let otherwise):
      forEachExpression(condition, body)
      forEachExpression(then, body)
      forEachExpression(otherwise, body)
    case .cast(let operand, _, _): forEachExpression(operand, body)
    case .tuple(let elements):
      for element in elements { forEachExpression(element.value, body) }
    case .typeReference(let type): forEachExpression(type, underClassTest: underClassTest, body)
    case .identifier, .boolean, .nilLiteral, .number, .string, .closure, .selector, .keyPath,
      .unknown:
      break
    }
  }

  // MARK: - Base classes

  /// An unreached screen whose class other screens inherit, and that no code, storyboard or
  /// `--root` names (docs/scan.md#base-classes).
  private mutating func findBaseClasses(_ unreached: [ScreenID]) {
    var subclasses: [String: [String]] = [:]
    for name in classes.screenClasses {
      if let superclass = classes.superclass(of: name) {
        subclasses[superclass, default: []].append(name)
      }
    }
    for id in unreached where !named.contains(id) {
      let className = module[id].effectiveClassName
      guard classes[className]?.isDeclared == true, let children = subclasses[className] else {
        continue
      }
      baseClasses[id] = children
    }
  }

  // MARK: - Blockers

  /// Screens pushed by an unreached screen share its blocker (reaching it would reach them):
  /// breadth first from the screens nothing unreached pushes, in declaration order, then from
  /// the first screen of each cycle left.
  private mutating func assignBlockers(_ unreached: [ScreenID]) {
    let candidates = unreached.filter { baseClasses[$0] == nil }
    let isCandidate = Set(candidates)
    var pushedBy: [ScreenID: Int] = [:]
    for id in candidates {
      for push in module[id].pushes where isCandidate.contains(push.value) && push.value != id {
        pushedBy[push.value, default: 0] += 1
      }
    }
    let sources = candidates.filter { pushedBy[$0] == nil }
    var queue: [ScreenID] = []
    var next = 0
    func spread() {
      while next < queue.count {
        let id = queue[next]
        next += 1
        let blocker = blockers[id]!
        for push in module[id].pushes
        where isCandidate.contains(push.value) && blockers[push.value] == nil {
          var inherited = blocker
          inherited.through.append(module.displayName(id))
          blockers[push.value] = inherited
          queue.append(push.value)
        }
      }
    }
    for id in sources where blockers[id] == nil {
      blockers[id] = ownBlocker(id)
      queue.append(id)
      spread()
    }
    // What is left is pushed only from cycles of unreached screens.
    for id in candidates where blockers[id] == nil {
      blockers[id] = sites[id] != nil ? ownBlocker(id) : cycleBlocker(id, candidates: isCandidate)
      queue.append(id)
      spread()
    }
  }

  /// The blocker of a screen that only unreached screens push, each pushed by another.
  private func cycleBlocker(_ id: ScreenID, candidates: Set<ScreenID>) -> AppModel.Blocker {
    var pushers: [String] = []
    var at: SourceRange?
    for other in module.screenIDs where candidates.contains(other) && other != id {
      for push in module[other].pushes where push.value == id {
        pushers.append("`\(module.displayName(other))`")
        at = at ?? push.range
        break
      }
    }
    return AppModel.Blocker(
      what: "pushed only by \(pushers.joined(separator: ", ")), which only screens that no "
        + "navigation controller reaches push", at: at)
  }

  /// The blocker a screen's own sites give, when no unreached screen pushes it (or only a
  /// cycle of them does).
  private func ownBlocker(_ id: ScreenID) -> AppModel.Blocker {
    if let routed = routed[module[id].effectiveClassName],
      sites[id].map({ $0.role >= .returned }) ?? true
    {
      return routed
    }
    guard let site = sites[id] else {
      return AppModel.Blocker(
        what: storyboardScenes.contains(id)
          ? "a storyboard scene that no segue or storyboard identifier navrc reads reaches"
          : "not created by name in any code or storyboard navrc reads", at: nil)
    }
    let what: String
    switch site.role {
    case .leftOut:
      what = "left out at `\(site.place)`: \(site.detail)"
    case .storyboardChild:
      what = "a child of `\(site.place)` in a storyboard, not in a navigation controller"
    case .presented:
      what =
        site.detail.isEmpty
        ? "presented by `\(site.place)` without a navigation controller"
        : "shown by a '\(site.detail)' segue from `\(site.place)`, not pushed"
    case .windowRoot:
      what =
        "`\(module.displayName(id))` is made the window's root in `\(site.place)`, never put in "
        + "a navigation controller"
    case .returned:
      what =
        uncalledFactories.contains(site.methodName)
        ? "returned by `\(site.place)`, which no code navrc reads calls"
        : "returned by `\(site.place)`, whose callers navrc does not follow"
    case .created:
      what = "created in `\(site.place)`, where navrc finds no push or root"
    case .typeValue:
      what = "named as a type in `\(site.place)`, where navrc cannot see what creates one"
    }
    return AppModel.Blocker(what: what, at: site.at)
  }
}
