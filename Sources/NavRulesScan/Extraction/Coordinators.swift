import NavRulesCompiler

/// Navigation that apps write outside a screen's own pushes (docs/scan.md#coordinators):
///
/// - a navigation controller made empty and then given its root: `UINavigationController()`
///   (in a local or a stored property) then `viewControllers = [x, …]`,
///   `setViewControllers([x, …], animated:)` or a first `pushViewController(x, …)`;
/// - pushes in a method of another object (a coordinator, a router, a parent screen) that a
///   screen's action calls: through a closure the object gives the screen
///   (`vc.onSelect = { self.showDetail() }`, `Detail(onDone: { self.finish() })`) or through
///   the screen's delegate protocol, which the object implements (`vc.delegate = self`). Such
///   a push is a push from that screen, and only when the object itself pushed that screen or
///   made it a root, so that the screen is in the navigation controller the object pushes on;
/// - a child view controller (`addChild(x)`, `addChildViewController:`) pushes on its
///   parent's navigation controller, so its pushes are pushes from the parent screen.
///
/// Each is what the code says; what it does not say is listed as unresolved.
struct CoordinatorReading {
  /// A navigation controller made empty and given a root.
  struct Root {
    var navClass: String
    var rootClass: String
    var at: SourceRange
  }

  /// A push of `to` from `from`, made by another object's code.
  struct Push {
    var from: String
    var to: String
    var at: SourceRange
  }

  private(set) var roots: [Root] = []
  private(set) var pushes: [Push] = []
  /// `(parent, child)` classes: `addChild(child)` in the parent's code.
  private(set) var children: [(parent: String, child: String)] = []
  /// The push sites attributed to a screen here, which are then not unresolved.
  private(set) var attributedSites: Set<SourceRange> = []
  private(set) var unresolved: [AppModel.Unresolved] = []

  private let classes: ClassTable
  private let resolver: ClassResolver
  /// Objects given their navigation controller through an initializer.
  private var injected: InjectedNavigatorReading
  /// Protocols by name: the delegate protocols a coordinator implements.
  private var protocols: [String: ScannedType] = [:]

  /// Words every push, root setter and `addChild` holds: a method without any places no
  /// screen (most do not, and are then not walked at all).
  private static let placingWords = MentionWords([
    "push", "iewControllers", "addChild", "show(", "showViewController",
  ])

  init(files: [ScannedFile], classes: ClassTable, resolver: ClassResolver) {
    self.classes = classes
    self.resolver = resolver
    injected = InjectedNavigatorReading(files: files, classes: classes, resolver: resolver)
    for file in files {
      for type in file.allTypes where type.kind == .protocol || type.kind == .objcProtocol {
        protocols[type.name] = type
      }
    }
    for file in files {
      for type in file.allTypes
      where type.kind == .class || type.kind == .extension || type.kind == .objcImplementation {
        readClass(type, in: file)
      }
    }
    roots += injected.roots
    pushes += injected.pushes
    attributedSites.formUnion(injected.attributedSites)
    unresolved += injected.unresolved
  }

  // MARK: - One class

  private mutating func readClass(_ type: ScannedType, in file: ScannedFile) {
    let owner = type.name
    let selfClass = classes.isClass(owner) ? owner : nil
    var placed: Set<String> = []
    var triggers: [(screen: String, method: String)] = []
    // Closures given to a placed screen, which run with that screen on top.
    var handlers: [(screen: String, body: [ScanStatement], context: CodeContext)] = []
    var bodies: [(method: ScannedMethod, context: CodeContext)] = []
    // `let navigationController = UINavigationController()`: a stored one, given its root in
    // a method.
    var storedNavigators: [String: (navClass: String, at: SourceRange)] = [:]
    // The properties of every part of the class: a method in an extension roots a navigation
    // controller the class body declares.
    let properties = classes[owner]?.properties ?? type.properties.map { ($0, file.file) }
    for (property, propertyFile) in properties {
      if let value = property.initializer, let navClass = Self.emptyNavigator(value, classes) {
        storedNavigators[property.name] = (navClass, SourceRange(propertyFile, value.range))
      }
    }
    var contexts: [CodeContext?] = []
    for method in type.methods {
      guard let body = method.body, file.mentions(Self.placingWords, in: method.range)
      else {
        contexts.append(nil)
        continue
      }
      let context = CodeContext(file: file.file, selfClass: owner, method: method)
      contexts.append(context)
      readRoots(body, context, stored: storedNavigators)
      forEachExpression(in: body) { candidate in
        // Screens this class pushes or makes a root: they are in its navigation controller.
        guard let (_, name, arguments) = candidate.methodCallOnAnyReceiver,
          let first = arguments.first?.value
        else { return }
        if UIKitVocabulary.isPush(name, arguments),
          let pushed = resolver.viewControllerClass(of: first, in: context)
        {
          placed.insert(pushed)
        }
        if Self.rootSetters.contains(name), case .array(let elements) = first.kind {
          for element in elements {
            if let root = resolver.viewControllerClass(of: element, in: context) {
              placed.insert(root)
            }
          }
        }
        if Self.addChildMethods.contains(name), let selfClass, classes.isScreen(selfClass) {
          if let child = resolver.viewControllerClass(of: first, in: context) {
            children.append((selfClass, child))
          } else {
            note(
              context.range(candidate.range),
              "child view controller whose class is not known: its pushes are left out")
          }
        }
      }
    }
    // Only screens this class placed can lead to its methods: most classes have none.
    guard !placed.isEmpty else { return }
    for (index, method) in type.methods.enumerated() {
      guard let body = method.body else { continue }
      let context =
        contexts[index] ?? CodeContext(file: file.file, selfClass: owner, method: method)
      bodies.append((method, context))
      forEachStatement(in: body) { statement, _ in
        for expression in statement.expressions {
          expression.forEachSubexpression { candidate in
            // `Detail(onDone: { self.finish() })`: the screen made with a closure.
            guard case .call(_, let arguments, let trailing) = candidate.kind else { return }
            let closures = (arguments + trailing).compactMap { argument -> [ScanStatement]? in
              if case .closure(_, let closureBody) = argument.value.kind { return closureBody }
              return nil
            }
            guard !closures.isEmpty,
              let screen = resolver.viewControllerClass(of: candidate, in: context),
              placed.contains(screen)
            else { return }
            for closureBody in closures {
              for called in Self.selfCalls(in: closureBody) { triggers.append((screen, called)) }
              handlers.append((screen, closureBody, context))
            }
          }
        }
        guard case .assignment(let target, let value, nil) = statement.kind,
          let (base, property) = target.member, let base
        else { return }
        let isClosure: Bool
        if case .closure = value.kind { isClosure = true } else { isClosure = false }
        let isDelegate =
          UIKitVocabulary.delegateProperties.contains(property) && context.isSelf(value)
        guard isClosure || isDelegate,
          let screen = resolver.viewControllerClass(of: base, in: context),
          placed.contains(screen)
        else { return }
        if case .closure(_, let closureBody) = value.kind {
          // `vc.onSelect = { [weak self] in self?.showDetail() }`.
          for called in Self.selfCalls(in: closureBody) { triggers.append((screen, called)) }
          handlers.append((screen, closureBody, context))
        } else {
          // `vc.delegate = self`: the methods of the screen's delegate protocol.
          for called in delegateMethods(of: screen, property: property) {
            triggers.append((screen, called))
          }
        }
      }
    }
    for (screen, body, context) in handlers {
      // `vc.onHelp = { self.navigationController.pushViewController(Help(), …) }`.
      for (target, at) in MethodPushes(
        in: body, context, resolver: resolver, isNavigator: { _ in true }
      )
      .pushes {
        pushes.append(Push(from: screen, to: target, at: at))
        attributedSites.insert(at)
      }
    }
    guard !triggers.isEmpty else { return }
    for (screen, called) in triggers {
      for (method, context) in bodies where method.baseName == called {
        readPushes(from: screen, in: method, context, bodies: bodies, level: 0)
      }
    }
  }

  /// The pushes of `method` (and of the methods of the class it calls, one level down) as
  /// pushes from `screen`.
  private mutating func readPushes(
    from screen: String, in method: ScannedMethod, _ context: CodeContext,
    bodies: [(method: ScannedMethod, context: CodeContext)], level: Int
  ) {
    let body = method.body ?? []
    // A child coordinator made with this one's navigation controller pushes on it too.
    injected.readChildren(
      in: body, context, from: screen, depth: 0,
      isOwnNavigator: { [injected] in injected.isNavigatorProperty($0, context) })
    let found = MethodPushes(in: body, context, resolver: resolver) { _ in true }
    for (target, at) in found.pushes {
      pushes.append(Push(from: screen, to: target, at: at))
      attributedSites.insert(at)
    }
    let calls = found.selfCalls
    guard level == 0 else { return }
    for called in calls where called != method.baseName {
      for (other, otherContext) in bodies where other.baseName == called {
        readPushes(from: screen, in: other, otherContext, bodies: bodies, level: 1)
      }
    }
  }

  /// The method names of the protocol that `screen`'s `property` (its `delegate`) is typed
  /// with.
  private func delegateMethods(of screen: String, property: String) -> [String] {
    guard let (declared, _) = classes.property(property, of: screen),
      let typeText = declared.typeText
    else { return [] }
    var text = typeText
    // `id<ListDelegate>`, `ListDelegate?`, `weak var delegate: ListDelegate?`.
    if let open = text.firstIndex(of: "<"), let close = text.lastIndex(of: ">"), open < close {
      text = String(text[text.index(after: open)..<close])
    }
    guard let name = ClassResolver.className(inType: text), let type = protocols[name] else {
      return []
    }
    return type.methods.map(\.baseName)
  }

  // MARK: - Roots

  /// `let nav = UINavigationController()` then `nav.viewControllers = [x]`,
  /// `nav.setViewControllers([x], animated:)` or `nav.pushViewController(x, …)`: a navigation
  /// controller rooted at `x`, at the place that makes it.
  private mutating func readRoots(
    _ body: [ScanStatement], _ context: CodeContext,
    stored: [String: (navClass: String, at: SourceRange)]
  ) {
    var empty: [String: (navClass: String, at: SourceRange)] = [:]
    var rooted: Set<String> = []
    // A receiver: a local made empty here, or a stored one (`nav`, `self.nav`).
    let receiverName = { (expression: ScanExpr) -> String? in
      if let name = expression.identifierName {
        return empty[name] != nil || (stored[name] != nil && context.locals[name] == nil)
          ? name : nil
      }
      if let (base, name) = expression.member, base?.isSelf == true, stored[name] != nil {
        return name
      }
      return nil
    }
    forEachStatement(in: body) { statement, _ in
      switch statement.kind {
      case .declaration(let declaration):
        if let value = declaration.initializer, let navClass = Self.emptyNavigator(value, classes) {
          empty[declaration.name] = (navClass, context.range(value.range))
        }
      case .assignment(let target, let value, nil):
        guard let (base, property) = target.member, let base, let name = receiverName(base),
          let nav = empty[name] ?? stored[name], !rooted.contains(name),
          property == "viewControllers"
        else { return }
        rooted.insert(name)
        root(nav, first: value, statement, context)
      case .expression(let expression):
        guard let (receiver, method, arguments) = expression.methodCall,
          let name = receiver.flatMap(receiverName), let nav = empty[name] ?? stored[name],
          !rooted.contains(name), let first = arguments.first?.value
        else { return }
        if Self.rootSetters.contains(method) {
          rooted.insert(name)
          root(nav, first: first, statement, context)
        } else if UIKitVocabulary.isPush(method, arguments), empty[name] != nil {
          // Made empty here: the first push is its root. (A stored one may have been given
          // its root by another method.)
          rooted.insert(name)
          root(nav, first: ScanExpr(.array([first]), range: first.range), statement, context)
        }
      default:
        break
      }
    }
  }

  private mutating func root(
    _ nav: (navClass: String, at: SourceRange), first value: ScanExpr,
    _ statement: ScanStatement, _ context: CodeContext
  ) {
    if case .array(let elements) = value.kind, let first = elements.first,
      let rootClass = resolver.viewControllerClass(of: first, in: context)
    {
      roots.append(Root(navClass: nav.navClass, rootClass: rootClass, at: nav.at))
    } else {
      note(
        context.range(statement.firstTokenRange),
        "view controllers of a navigation controller set to a value whose first class is not "
          + "known")
    }
  }

  /// `UINavigationController()`, `[UINavigationController new]`,
  /// `[[UINavigationController alloc] init]`: a navigation controller with no root yet.
  static func emptyNavigator(_ value: ScanExpr, _ classes: ClassTable) -> String? {
    guard let (callee, arguments) = value.uncast.call, arguments.isEmpty else { return nil }
    var name: String?
    if let identifier = callee.identifierName {
      name = identifier
    } else if let (base, method) = callee.member, let base {
      if method == "new" || method == "init" && base.identifierName != nil {
        name = base.identifierName
      } else if method == "init", let (allocBase, allocName, _) = base.methodCall,
        allocName == "alloc"
      {
        name = allocBase?.identifierName
      }
    }
    guard let name, classes.isNavigationController(name) else { return nil }
    return name
  }

  // MARK: - Support

  /// `setViewControllers(_:animated:)`, `setViewControllers:animated:`.
  private static let rootSetters: Set<String> = ["setViewControllers"]
  /// `addChild(_:)`, `addChildViewController:`.
  private static let addChildMethods: Set<String> = ["addChild", "addChildViewController"]

  /// The methods of `self` a closure calls: `self.m()`, `self?.m()`, `m()`, `[self m]`,
  /// `[weakSelf m]` is not known to be `self` here and is left out.
  private static func selfCalls(in body: [ScanStatement]) -> [String] {
    var names: [String] = []
    forEachExpression(in: body) { candidate in
      if let (callee, _) = candidate.call, let name = selfMethodName(callee) {
        names.append(name)
      }
    }
    return names
  }

  private static func selfMethodName(_ callee: ScanExpr) -> String? {
    if let name = callee.identifierName { return name }
    if let (base, name) = callee.member, base?.isSelf == true { return name }
    return nil
  }

  private mutating func note(_ range: SourceRange, _ what: String) {
    unresolved.append(AppModel.Unresolved(range: range, what: what))
  }
}
