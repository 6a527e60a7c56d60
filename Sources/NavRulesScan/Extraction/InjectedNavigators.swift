import NavRulesCompiler

/// Coordinators and routers given their navigation controller through an initializer
/// (docs/scan.md#injected-navigators): `init(navigationController: UINavigationController)`
/// that stores it in a property typed with a navigation controller class (`let`, `weak var`,
/// `unowned`, an Objective-C `@property` or its `_ivar`).
///
/// Where such an object is made with a navigation controller the code names, and methods are
/// called on it in the same method (`let c = C(navigationController: nav); c.start()`,
/// `C(nav).start()`, `self.c = C(…); c?.start()`), the pushes those methods make on that
/// property are read:
/// - made by a screen with its own `navigationController`: pushes from that screen, which is
///   on top while its own code runs;
/// - made with a local `N(rootViewController: x)`: pushes from `x`, its only screen, when the
///   method does nothing else to that local;
/// - made with a local `N()` the method does nothing else to: the first push of the first
///   method called (a statement of its own, before anything else that may push), or any
///   `setViewControllers([x, …])` / `viewControllers = [x, …]` of the called methods, roots a
///   navigator of class `N` at `x`.
/// Anything else it is made with is listed as unresolved.
struct InjectedNavigatorReading {
  private(set) var roots: [CoordinatorReading.Root] = []
  private(set) var pushes: [CoordinatorReading.Push] = []
  private(set) var attributedSites: Set<SourceRange> = []
  private(set) var unresolved: [AppModel.Unresolved] = []

  /// An initializer parameter stored in a navigation-controller property.
  private struct Injection {
    var initName: String
    var labels: [String?]
    var index: Int
    var property: String
  }

  /// Where the object's navigation controller comes from, at one place that makes it.
  private enum Source {
    case screen(String)
    case rooted(rootClass: String)
    case empty(navClass: String, at: SourceRange)
  }

  private let classes: ClassTable
  private let resolver: ClassResolver
  private var injections: [String: [Injection]] = [:]
  /// Classes whose navigation controller is set after they are made: the settable
  /// navigation-controller properties (`var navigationController: UINavigationController?`)
  /// and the methods that store a parameter in one (`func start(with nav:)`, `setNav:`).
  private var settable: [String: (properties: Set<String>, setters: [Injection])] = [:]
  /// Every settable property's and setter's name.
  private var settingNames: Set<String> = []

  init(files: [ScannedFile], classes: ClassTable, resolver: ClassResolver) {
    self.classes = classes
    self.resolver = resolver
    for file in files {
      for type in file.allTypes
      where type.kind == .class || type.kind == .extension || type.kind == .objcImplementation {
        readInitializers(of: type)
      }
      // An Objective-C class's properties are declared in its `@interface`.
      for type in file.allTypes
      where type.kind == .class || type.kind == .extension || type.kind == .objcImplementation
        || type.kind == .objcInterface
      {
        readSettableNavigators(of: type)
      }
    }
    guard !injections.isEmpty || !settable.isEmpty else { return }
    // The names a method must hold to make such an object, or to set one's navigation
    // controller: a few property and method names, so that the prefilter stays cheap.
    let words = NameMentions(injections.keys)
    settingNames = Set(settable.values.flatMap { $0.properties.union($0.setters.map(\.initName)) })
    let settingWords = NameMentions(settingNames)
    for file in files {
      let mentioned = words.inFile(file)
      let settingMentioned = settingWords.inFile(file)
      for type in file.allTypes
      where type.kind == .class || type.kind == .extension || type.kind == .objcImplementation {
        for method in type.methods {
          guard let body = method.body else { continue }
          if mentioned.occur(in: method.range) {
            readConstructions(in: body, of: method, owner: type.name, file: file.file)
          }
          if settingMentioned.occur(in: method.range) {
            readSettings(in: body, of: method, owner: type.name, file: file.file)
          }
        }
      }
    }
  }

  // MARK: - Initializers

  private mutating func readInitializers(of type: ScannedType) {
    let owner = type.name
    guard classes.isClass(owner), !classes.isScreen(owner), !classes.isNavigationController(owner)
    else { return }
    for method in type.methods where method.kind == .initializer {
      guard let body = method.body else { continue }
      forEachStatement(in: body) { statement, insideClosure in
        guard !insideClosure, case .assignment(let target, let value, nil) = statement.kind,
          let parameter = value.uncast.identifierName,
          let index = method.parameterNames.firstIndex(of: parameter),
          let property = Self.storedName(target), isNavigatorProperty(property, of: owner)
        else { return }
        injections[owner, default: []].append(
          Injection(
            initName: method.baseName, labels: method.argumentLabels, index: index,
            property: property))
      }
    }
  }

  /// The class's variable properties typed with a navigation controller class, and its
  /// methods (not initializers) that store a parameter in one, outside closures.
  private mutating func readSettableNavigators(of type: ScannedType) {
    let owner = type.name
    guard classes.isClass(owner), !classes.isScreen(owner), !classes.isNavigationController(owner)
    else { return }
    for property in type.properties
    where !property.isConstant && !property.isStatic && property.initializer == nil
      && property.accessors.isEmpty
      && property.typeText.flatMap(ClassResolver.className(inType:)).map(
        classes.isNavigationController) == true
    {
      settable[owner, default: ([], [])].properties.insert(property.name)
    }
    for method in type.methods where method.kind == .function && !method.isStatic {
      guard let body = method.body else { continue }
      for statement in body {
        guard case .assignment(let target, let value, nil) = statement.kind,
          let parameter = value.uncast.identifierName,
          let index = method.parameterNames.firstIndex(of: parameter),
          let property = Self.storedName(target), isNavigatorProperty(property, of: owner)
        else { continue }
        settable[owner, default: ([], [])].setters.append(
          Injection(
            initName: method.baseName, labels: method.argumentLabels, index: index,
            property: property))
      }
    }
  }

  /// `P` for `self.P`, `P`, `_P` (the Objective-C instance variable behind a property).
  private static func storedName(_ target: ScanExpr) -> String? {
    let value = target.uncast
    if let (base, name) = value.member, base?.isSelf == true { return name }
    guard let name = value.identifierName, name != "self" else { return nil }
    return name.hasPrefix("_") ? String(name.dropFirst()) : name
  }

  /// Whether the class's property `name` is typed with a navigation controller class.
  private func isNavigatorProperty(_ name: String, of owner: String) -> Bool {
    guard let type = classes.property(name, of: owner)?.property.typeText,
      let typeName = ClassResolver.className(inType: type)
    else { return false }
    return classes.isNavigationController(typeName)
  }

  // MARK: - Places that make one

  /// The objects made in one method with an injected navigation controller, and the methods
  /// called on each there.
  private mutating func readConstructions(
    in body: [ScanStatement], of method: ScannedMethod, owner: String, file: SourceFile
  ) {
    let context = CodeContext(file: file, selfClass: owner, method: method)
    forEachExpression(in: body) { candidate in
      guard let (className, injection, argument) = construction(candidate) else { return }
      let called = calledMethods(on: candidate, in: body)
      // Made with the navigation controller of the object whose code this is: read where a
      // screen's action leads to that code (`readChildren`); its pushes not read there are
      // listed as pushes whose screen is not known.
      guard !called.isEmpty, !isNavigatorProperty(argument, context) else { return }
      guard let source = source(of: argument, in: context, method: method, owner: owner, body)
      else {
        unresolved.append(
          AppModel.Unresolved(
            range: context.range(argument.range),
            what:
              "'\(className)' made with a navigation controller navrc does not resolve: its "
              + "pushes are left out"))
        return
      }
      read(called, of: className, property: injection.property, source: source)
    }
  }

  /// An object made in a local (`let c = C()`) whose navigation controller is set in the same
  /// method, as a statement of its own outside closures (`c.navigationController = nav`,
  /// `c.start(with: nav)`, `[c setNav:nav]`): the methods called on it after that statement
  /// push on it, as for an initializer's parameter (before it, the property is still nil).
  private mutating func readSettings(
    in body: [ScanStatement], of method: ScannedMethod, owner: String, file: SourceFile
  ) {
    // Most methods that name such a property do not set it on a local: they are passed on
    // the names alone, before their locals are collected.
    guard
      body.contains(where: { statement in
        switch statement.kind {
        case .assignment(let target, _, nil):
          return target.uncast.memberName.map(settingNames.contains) ?? false
        case .expression(let expression):
          return expression.methodCall.map { settingNames.contains($0.name) } ?? false
        default:
          return false
        }
      })
    else { return }
    let context = CodeContext(file: file, selfClass: owner, method: method)
    for statement in body {
      var found: (made: ScanExpr, className: String, property: String, value: ScanExpr)?
      var called: [String] = []
      switch statement.kind {
      case .assignment(let target, let value, nil):
        guard let (base, property) = target.uncast.member, settingNames.contains(property),
          let name = base?.uncast.identifierName,
          let made = context.local(name, at: statement.range.lowerBound),
          let className = Self.madeClass(made.uncast),
          settable[className]?.properties.contains(property) == true
        else { continue }
        found = (made.uncast, className, property, value)
      case .expression(let expression):
        guard let (receiver, name, arguments) = expression.methodCall, settingNames.contains(name),
          let handle = receiver?.uncast.identifierName,
          let made = context.local(handle, at: statement.range.lowerBound),
          let className = Self.madeClass(made.uncast), let setters = settable[className]?.setters
        else { continue }
        for setter in setters where setter.initName == name {
          guard arguments.count == setter.labels.count, setter.index < arguments.count,
            zip(arguments, setter.labels).allSatisfy({ $0.label == $1 })
          else { continue }
          found = (made.uncast, className, setter.property, arguments[setter.index].value)
          called = [name]
          break
        }
      default:
        continue
      }
      guard let found else { continue }
      called += calledMethods(on: found.made, in: body, after: statement.range.upperBound)
      guard !called.isEmpty, !isNavigatorProperty(found.value, context) else { continue }
      guard let source = source(of: found.value, in: context, method: method, owner: owner, body)
      else {
        unresolved.append(
          AppModel.Unresolved(
            range: context.range(found.value.range),
            what:
              "'\(found.className)' given a navigation controller navrc does not resolve: its "
              + "pushes are left out"))
        continue
      }
      read(called, of: found.className, property: found.property, source: source)
    }
  }

  /// `C()`, `C(…)`, `C.init(…)`, `[C new]`, `[[C alloc] init…]`: the class made.
  private static func madeClass(_ expression: ScanExpr) -> String? {
    guard let (callee, _) = expression.call else { return nil }
    if let name = callee.identifierName { return name }
    guard let (base, method) = callee.member, let base else { return nil }
    if method.hasPrefix("init"), let (allocBase, allocName, _) = base.methodCall,
      allocName == "alloc"
    {
      return allocBase?.identifierName
    }
    return method == "init" || method == "new" ? base.identifierName : nil
  }

  /// `C(…, navigationController: nav, …)`, `C(nav)`, `[[C alloc] initWithNavigationController:
  /// nav]`: the class, the injection and the navigation controller given.
  private func construction(_ expression: ScanExpr) -> (String, Injection, ScanExpr)? {
    guard let (callee, arguments) = expression.call, !arguments.isEmpty else { return nil }
    var className: String?
    var initName = "init"
    if let name = callee.identifierName {
      className = name
    } else if let (base, method) = callee.member, let base {
      if method == "init" {
        className = base.identifierName
      } else if method.hasPrefix("init"), let (allocBase, allocName, _) = base.methodCall,
        allocName == "alloc"
      {
        className = allocBase?.identifierName
        initName = method
      }
    }
    guard let className, let candidates = injections[className] else { return nil }
    let labels = arguments.map(\.label)
    for injection in candidates where injection.initName == initName {
      // Every label of the call is one of the initializer's (others have defaults).
      guard labels.allSatisfy({ $0 == nil || injection.labels.contains($0) }) else { continue }
      if let label = injection.labels[injection.index] {
        if let argument = arguments.first(where: { $0.label == label }) {
          return (className, injection, argument.value)
        }
      } else if injection.index < arguments.count, arguments[injection.index].label == nil,
        injection.index == 0 || arguments.count == injection.labels.count
      {
        return (className, injection, arguments[injection.index].value)
      }
    }
    return nil
  }

  /// The methods called on the object `made` in the same body: chained on it, or on the local
  /// or property it is stored in.
  private func calledMethods(on made: ScanExpr, in body: [ScanStatement], after start: Int = 0)
    -> [String]
  {
    var handle: (name: String, isProperty: Bool)?
    var called: [String] = []
    forEachStatement(in: body) { statement, _ in
      switch statement.kind {
      case .declaration(let declaration) where declaration.initializer?.uncast.range == made.range:
        handle = (declaration.name, false)
      case .assignment(let target, let value, nil) where value.uncast.range == made.range:
        if let name = target.uncast.identifierName {
          handle = (name, true)
        } else if let (base, name) = target.uncast.member, base?.isSelf == true {
          handle = (name, true)
        }
      default:
        break
      }
    }
    forEachExpression(in: body) { candidate in
      guard candidate.range.lowerBound >= start,
        let (receiver, name, _) = candidate.methodCall, let receiver = receiver?.uncast
      else { return }
      if receiver.range == made.range {
        called.append(name)
      } else if let handle {
        if receiver.identifierName == handle.name
          || handle.isProperty && receiver.member.map({ $0.base?.isSelf == true }) == true
            && receiver.memberName == handle.name
        {
          called.append(name)
        }
      }
    }
    return called
  }

  /// Where the navigation controller `value` comes from.
  private func source(
    of value: ScanExpr, in context: CodeContext, method: ScannedMethod, owner: String,
    _ body: [ScanStatement]
  ) -> Source? {
    if classes.isScreen(owner), context.isOwnNavigationController(value, classes: classes) {
      return .screen(owner)
    }
    guard let name = value.uncast.identifierName,
      let bound = context.local(name, at: value.range.lowerBound),
      !Self.isUsed(name, in: body, besides: value)
    else { return nil }
    if let (_, root) = AppModelBuilder.navigatorCreation(bound.uncast, classes) {
      return resolver.viewControllerClass(of: root, in: context).map { .rooted(rootClass: $0) }
    }
    if let navClass = CoordinatorReading.emptyNavigator(bound.uncast, classes) {
      return .empty(navClass: navClass, at: context.range(bound.range))
    }
    return nil
  }

  /// Whether the local `name` is the receiver of a call or an assignment in `body`, other
  /// than as the argument `given`: then what it holds when the object runs is not known here.
  private static func isUsed(_ name: String, in body: [ScanStatement], besides given: ScanExpr)
    -> Bool
  {
    var used = false
    forEachStatement(in: body) { statement, _ in
      if case .assignment(let target, _, _) = statement.kind,
        target.uncast.member?.base?.uncast.identifierName == name
      {
        used = true
      }
    }
    forEachExpression(in: body) { candidate in
      if let (receiver, _, _) = candidate.methodCall, receiver?.uncast.identifierName == name,
        receiver?.range != given.range
      {
        used = true
      }
    }
    return used
  }

  // MARK: - The object's methods

  private mutating func read(
    _ called: [String], of className: String, property: String, source: Source
  ) {
    let bodies = methods(of: className)
    var first = true
    for name in called {
      for (method, file) in bodies where method.baseName == name {
        let context = CodeContext(file: file, selfClass: className, method: method)
        switch source {
        case .screen(let screen):
          readPushes(from: screen, method, context, property, bodies, level: 0, depth: 0)
        case .rooted(let rootClass):
          readPushes(from: rootClass, method, context, property, bodies, level: 0, depth: 0)
        case .empty(let navClass, let at):
          readRoots(navClass, at, method, context, property, firstCalled: first)
        }
      }
      first = false
    }
  }

  /// The methods an instance of the class runs, its own and inherited ones.
  private func methods(of className: String) -> [(ScannedMethod, SourceFile)] {
    classes.chain(from: className).flatMap { classes[$0]?.methods ?? [] }.filter {
      $0.method.body != nil
    }
  }

  /// Pushes on the property in `method` (and the methods of the object it calls, one level
  /// down), as pushes from `screen`.
  private mutating func readPushes(
    from screen: String, _ method: ScannedMethod, _ context: CodeContext, _ property: String,
    _ bodies: [(ScannedMethod, SourceFile)], level: Int, depth: Int
  ) {
    readChildren(
      in: method.body ?? [], context, from: screen, depth: depth,
      isOwnNavigator: { Self.isProperty($0, property, context) })
    let found = MethodPushes(in: method.body ?? [], context, resolver: resolver) { receiver in
      receiver.map { Self.isProperty($0, property, context) } ?? false
    }
    for (target, at) in found.pushes {
      pushes.append(CoordinatorReading.Push(from: screen, to: target, at: at))
      attributedSites.insert(at)
    }
    let calls = found.selfCalls
    guard level == 0 else { return }
    for called in calls where called != method.baseName {
      for (other, file) in bodies where other.baseName == called {
        let otherContext = CodeContext(file: file, selfClass: context.selfClass, method: other)
        readPushes(from: screen, other, otherContext, property, bodies, level: 1, depth: depth)
      }
    }
  }

  /// Objects made in `body` with the navigation controller the code's object pushes on (a
  /// coordinator starting a child coordinator with its own `navigationController`), with
  /// methods called on them there: their pushes on it are pushes from `screen` too, a few
  /// objects down.
  mutating func readChildren(
    in body: [ScanStatement], _ context: CodeContext, from screen: String, depth: Int,
    isOwnNavigator: (ScanExpr) -> Bool
  ) {
    guard depth < 3, !injections.isEmpty else { return }
    var children: [(className: String, property: String, called: [String])] = []
    forEachExpressionOutsideClosures(in: body) { candidate in
      guard let (className, injection, argument) = construction(candidate),
        isOwnNavigator(argument)
      else { return }
      children.append((className, injection.property, calledMethods(on: candidate, in: body)))
    }
    for child in children {
      let bodies = methods(of: child.className)
      for name in child.called {
        for (method, file) in bodies where method.baseName == name {
          let childContext = CodeContext(file: file, selfClass: child.className, method: method)
          readPushes(
            from: screen, method, childContext, child.property, bodies, level: 0,
            depth: depth + 1)
        }
      }
    }
  }

  /// Whether `expression` is a property of the code's object that holds a navigation
  /// controller: typed with a navigation controller class, or made as an empty one.
  func isNavigatorProperty(_ expression: ScanExpr, _ context: CodeContext) -> Bool {
    guard let owner = context.selfClass, let name = Self.storedName(expression),
      context.locals[name] == nil, let (property, _) = classes.property(name, of: owner)
    else { return false }
    if let value = property.initializer {
      return CoordinatorReading.emptyNavigator(value.uncast, classes) != nil
    }
    return isNavigatorProperty(name, of: owner)
  }

  /// Roots of an empty navigation controller of class `navClass` given to the object.
  private mutating func readRoots(
    _ navClass: String, _ at: SourceRange, _ method: ScannedMethod, _ context: CodeContext,
    _ property: String, firstCalled: Bool
  ) {
    let body = method.body ?? []
    var pushMayHaveRun = !firstCalled
    for statement in body {
      // `navigationController.pushViewController(x, …)` as a statement of its own, before
      // anything else that may push: `x` is the root.
      if !pushMayHaveRun, case .expression(let expression) = statement.kind,
        let (receiver, name, arguments) = expression.methodCall, let receiver,
        UIKitVocabulary.isPush(name, arguments), Self.isProperty(receiver, property, context)
      {
        if let first = arguments.first?.value {
          root(navClass, first, at, context, statement)
        }
        attributedSites.insert(context.range(expression.range))
      }
      if Self.mayPush(statement, property, context) { pushMayHaveRun = true }
    }
    forEachStatement(in: body) { statement, _ in
      switch statement.kind {
      case .assignment(let target, let value, nil):
        guard let (base, name) = target.member, name == "viewControllers", let base,
          Self.isProperty(base, property, context)
        else { return }
        root(navClass, value, at, context, statement)
      case .expression(let expression):
        guard let (receiver, name, arguments) = expression.methodCall, let receiver,
          name == "setViewControllers", Self.isProperty(receiver, property, context),
          let first = arguments.first?.value
        else { return }
        root(navClass, first, at, context, statement)
      default:
        break
      }
    }
  }

  private mutating func root(
    _ navClass: String, _ value: ScanExpr, _ at: SourceRange, _ context: CodeContext,
    _ statement: ScanStatement
  ) {
    var first = value
    if case .array(let elements) = value.kind {
      guard let element = elements.first else { return }
      first = element
    }
    if let rootClass = resolver.viewControllerClass(of: first, in: context) {
      roots.append(CoordinatorReading.Root(navClass: navClass, rootClass: rootClass, at: at))
    } else {
      unresolved.append(
        AppModel.Unresolved(
          range: context.range(statement.firstTokenRange),
          what: "root of a navigation controller given to '\(context.selfClass ?? "")' whose "
            + "class is not known"))
    }
  }

  /// Whether a statement may push on the property: it calls a method of the object (`setUp()`,
  /// `self.setUp()`), a method of the property, or hands the property or the object to other
  /// code, now or in a closure it passes to a call (which may run it at once). A type's
  /// initializer (`ListViewController()`, a capitalised name) given neither does not, nor does
  /// a closure stored for later (`home.onOpen = { self.open() }`).
  private static func mayPush(
    _ statement: ScanStatement, _ property: String, _ context: CodeContext
  ) -> Bool {
    var may = false
    forEachStatement(in: [statement]) { nested, insideClosure in
      guard !may, !insideClosure else { return }
      for expression in nested.expressions {
        expression.forEachSubexpression { candidate in
          guard !may, let (callee, arguments) = candidate.call else { return }
          let isInitializer = callee.identifierName?.first?.isUppercase == true
          if callee.identifierName != nil && !isInitializer || callee.member?.base?.isSelf == true
            || callee.member?.base.map({ isProperty($0, property, context) }) == true
            || arguments.contains(where: {
              isProperty($0.value, property, context) || context.isSelf($0.value)
            })
          {
            may = true
          }
          // A closure handed to a call may run at once.
          for closure in ([callee] + arguments.map(\.value)).flatMap(\.closures) {
            if closure.contains(where: { mayPush($0, property, context) }) { may = true }
          }
        }
      }
    }
    return may
  }

  /// Whether `expression` is the object's property: `P`, `self.P`, `_P`.
  private static func isProperty(_ expression: ScanExpr, _ property: String, _ context: CodeContext)
    -> Bool
  {
    let value = expression.uncast
    if let name = value.identifierName {
      return (name == property || name == "_" + property) && context.locals[name] == nil
    }
    guard let (base, name) = value.member, let base else { return false }
    return name == property && base.isSelf
  }
}
