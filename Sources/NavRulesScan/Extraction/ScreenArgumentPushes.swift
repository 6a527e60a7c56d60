import NavRulesCompiler

/// Pushes that an object which is not a view controller (a view model, a data source, a
/// scene router) makes on the navigation controller of a screen handed to it as an argument
/// (docs/scan.md#screen-arguments):
///
/// - `func tableView(_ t: UITableView, in viewController: UIViewController, …) {
///   viewController.navigationController?.pushViewController(Detail(), animated: true) }`
///   (or `viewController.show(Detail(), sender: nil)`), called from a screen's code as
///   `viewModel.tableView(tableView, in: self, …)`: a push from that screen;
/// - a scene router, `func present(scene: Scene, from sender: UIViewController?, transition:
///   Transition)`, whose pushed view controller is the one a `switch scene` builds for the
///   scene's case (in the method or in a method of the same type it hands the scene to) and
///   whose push runs only under some cases of a `switch transition`: a call
///   `present(scene: .profile(…), from: self, transition: .show)` pushes that case's class
///   from the calling screen, a call with `.modal` pushes nothing.
///
/// The screen below the push is the one the call hands over (`self` in a screen's code);
/// anything else (a parameter, `nil`, a scene or transition that is not a literal case, a
/// case whose view controller is not known) is listed as unresolved at the call.
struct ScreenArgumentPushReading {
  struct Push {
    var from: String
    var to: String
    var at: SourceRange
  }

  private(set) var pushes: [Push] = []
  /// The push sites inside the methods whose calls were read: not left out as pushes of an
  /// unknown screen (each call that could not be resolved is listed at the call instead).
  private(set) var attributedSites: Set<SourceRange> = []
  private(set) var unresolved: [AppModel.Unresolved] = []
  /// For the classes these methods push: the first call that navrc could not read as a push
  /// (or, for a scene router, that only presents it), by class.
  private(set) var blockers: [String: AppModel.Blocker] = [:]
  private var blockersLeftOut: Set<String> = []

  /// A method whose pushes go on the navigation controller of its parameter `screen`.
  private struct Router {
    var owner: String
    var method: ScannedMethod
    var screen: Int
    var sites: [Site]

    var displayName: String { "\(owner).\(method.swiftName)" }
  }

  /// One push of a router.
  private struct Site {
    var at: SourceRange
    var target: Target
    /// The parameters switched on around the push, with the cases it runs under.
    var cases: [(parameter: Int, names: Set<String>)]
    /// Classes under whose cast (`if let tab = vc as? Tabs { vc = … }`) the screen value is
    /// replaced: a screen of such a class is not the one pushed on.
    var replacedFor: [String]
  }

  private enum Target {
    case fixed(String)
    /// The class a `switch` over the parameter builds for each case (nil: not known).
    case scene(parameter: Int, classes: [String: String?])
  }

  private let classes: ClassTable
  private let resolver: ClassResolver

  /// Words a push holds: a method without any has none.
  private static let pushWords = ["push", "show"].map { Array($0.utf8) }

  init(files: [ScannedFile], classes: ClassTable, resolver: ClassResolver) {
    self.classes = classes
    self.resolver = resolver
    var candidates: [(ScannedMethod, owner: String, SourceFile)] = []
    for file in files where file.file.mentions(Self.pushWords, in: 0..<file.file.bytes.count) {
      for type in file.allTypes
      where Self.holdsCode(type.kind) && !classes.isScreen(type.name)
        && !classes.isNavigationController(type.name)
      {
        for method in type.methods
        where !method.parameterNames.isEmpty && method.body != nil
          && file.file.mentions(Self.pushWords, in: method.range)
        {
          candidates.append((method, type.name, file.file))
        }
      }
    }
    guard !candidates.isEmpty else { return }
    let owners = Set(candidates.map(\.owner))
    var methodsByOwner: [String: [(ScannedMethod, SourceFile)]] = [:]
    for file in files {
      for type in file.allTypes where owners.contains(type.name) {
        methodsByOwner[type.name, default: []] += type.methods.map { ($0, file.file) }
      }
    }
    var routers: [String: [Router]] = [:]
    for (method, owner, file) in candidates {
      for router in read(method, owner: owner, file, methods: methodsByOwner[owner] ?? []) {
        routers[method.baseName, default: []].append(router)
      }
    }
    guard !routers.isEmpty else { return }
    readCalls(files, routers)
  }

  private static func holdsCode(_ kind: ScannedType.Kind) -> Bool {
    switch kind {
    case .class, .struct, .enum, .actor, .extension, .objcImplementation: true
    case .protocol, .objcInterface, .objcProtocol: false
    }
  }

  // MARK: - Routers

  /// The routers `method` is, one per parameter it pushes on.
  private func read(
    _ method: ScannedMethod, owner: String, _ file: SourceFile,
    methods: [(ScannedMethod, SourceFile)]
  ) -> [Router] {
    guard let body = method.body else { return [] }
    let context = CodeContext(
      file: file, selfClass: classes.isClass(owner) ? owner : nil, body: body)
    let parameters = method.parameterNames
    var byScreen: [Int: [Site]] = [:]
    walk(body, parameters, context, cases: [], tested: []) { call, cases, tested in
      guard let (receiver, name, arguments) = call.methodCallOnAnyReceiver, let receiver,
        UIKitVocabulary.isPush(name, arguments), let pushed = arguments.first?.value
      else { return }
      var holder = receiver
      if let (base, member) = receiver.member, member == "navigationController", let base {
        holder = base
      } else if name == "pushViewController" {
        return
      }
      guard let (screen, replacedFor) = screenParameter(holder, parameters, body, context),
        !tested.contains(where: { $0 != screen }),
        let target = target(of: pushed, parameters, body, context, methods: methods)
      else { return }
      byScreen[screen, default: []].append(
        Site(
          at: context.range(call.range), target: target, cases: cases, replacedFor: replacedFor))
    }
    return byScreen.sorted { $0.key < $1.key }.map {
      Router(owner: owner, method: method, screen: $0.key, sites: $0.value)
    }
  }

  /// Walks the calls of a body outside closures (a closure runs later, maybe with another
  /// screen on top), with the cases of the parameters switched on around each and the
  /// parameters an enclosing `if` or `guard` tests. A `default:` of a switch on a parameter is
  /// not followed: which cases reach it is not read.
  private func walk(
    _ body: [ScanStatement], _ parameters: [String], _ context: CodeContext,
    cases: [(parameter: Int, names: Set<String>)], tested: Set<Int>,
    _ visit: (ScanExpr, [(parameter: Int, names: Set<String>)], Set<Int>) -> Void
  ) {
    for statement in body {
      for expression in statement.expressions {
        expression.forEachSubexpression { if case .call = $0.kind { visit($0, cases, tested) } }
      }
      switch statement.kind {
      case .switchStatement(let subject, let switchCases):
        let switched = parameterIndex(subject, parameters, context)
        for switchCase in switchCases {
          guard let switched else {
            walk(switchCase.body, parameters, context, cases: cases, tested: tested, visit)
            continue
          }
          if switchCase.isDefault { continue }
          let names = Set(switchCase.patterns.compactMap(Self.caseName))
          walk(
            switchCase.body, parameters, context, cases: cases + [(switched, names)],
            tested: tested, visit)
        }
      case .ifStatement(let conditions, let then, let otherwise):
        let testing = tested.union(testedParameters(conditions, parameters, context))
        walk(then, parameters, context, cases: cases, tested: testing, visit)
        if let otherwise {
          walk(otherwise, parameters, context, cases: cases, tested: testing, visit)
        }
      case .guardStatement(let conditions, let otherwise):
        walk(
          otherwise, parameters, context, cases: cases,
          tested: tested.union(testedParameters(conditions, parameters, context)),
          visit)
      default:
        for nested in statement.nestedBodies {
          walk(nested, parameters, context, cases: cases, tested: tested, visit)
        }
      }
    }
  }

  /// The index of the parameter an expression names (not a local of the same name).
  private func parameterIndex(
    _ expression: ScanExpr, _ parameters: [String], _ context: CodeContext
  )
    -> Int?
  {
    guard let name = expression.uncast.identifierName, context.locals[name] == nil else {
      return nil
    }
    return parameters.firstIndex(of: name)
  }

  /// The parameters the conditions of an `if` or `guard` name.
  private func testedParameters(
    _ conditions: [ScanCondition], _ parameters: [String], _ context: CodeContext
  ) -> Set<Int> {
    var found: Set<Int> = []
    for condition in conditions {
      condition.expression?.forEachSubexpression {
        if let index = parameterIndex($0, parameters, context) { found.insert(index) }
      }
    }
    return found
  }

  /// The parameter a push's holder is: the parameter itself, or a local bound to it (`guard var
  /// from = sender ?? fallback`) that is replaced only under a cast of it (`if let tabs = from
  /// as? Tabs { from = tabs.top }`), with the classes of those casts.
  private func screenParameter(
    _ holder: ScanExpr, _ parameters: [String], _ body: [ScanStatement], _ context: CodeContext
  ) -> (Int, replacedFor: [String])? {
    let value = holder.uncast
    guard let name = value.identifierName else { return nil }
    if let index = parameterIndex(value, parameters, context) {
      return context.isAssigned(name) ? nil : (index, [])
    }
    guard var bound = context.local(name, at: value.range.lowerBound)?.uncast else { return nil }
    if case .binary("??", let lhs, _) = bound.kind { bound = lhs.uncast }
    guard let index = parameterIndex(bound, parameters, context),
      let source = bound.identifierName, !context.isAssigned(source),
      let replacedFor = Self.castsAroundAssignments(to: name, in: body)
    else { return nil }
    return (index, replacedFor)
  }

  /// The classes of the casts of `name` (`if let x = name as? K`) that every assignment to
  /// `name` is under; nil when one is under none (or in a closure).
  private static func castsAroundAssignments(to name: String, in body: [ScanStatement])
    -> [String]?
  {
    var classes: [String] = []
    var unguarded = false
    func visit(_ statements: [ScanStatement], casts: [String]) {
      for statement in statements {
        for expression in statement.expressions {
          for closure in expression.closures {
            forEachStatement(in: closure) { inner, _ in
              if case .assignment(let target, _, _) = inner.kind,
                target.uncast.identifierName == name
              {
                unguarded = true
              }
            }
          }
        }
        switch statement.kind {
        case .assignment(let target, _, _) where target.uncast.identifierName == name:
          if casts.isEmpty { unguarded = true } else { classes += casts }
        case .ifStatement(let conditions, let then, let otherwise):
          var inner = casts
          for condition in conditions {
            if case .optionalBinding(_, let value, _) = condition.kind,
              case .cast(let operand, .conditional, let type) = value.kind,
              operand.uncast.identifierName == name,
              let className = ClassResolver.className(inType: type)
            {
              inner.append(className)
            }
          }
          visit(then, casts: inner)
          if let otherwise { visit(otherwise, casts: casts) }
        default:
          for nested in statement.nestedBodies { visit(nested, casts: casts) }
        }
      }
    }
    visit(body, casts: [])
    return unguarded ? nil : classes
  }

  /// What a push of `value` pushes: a class navrc resolves, or for a local bound to a method
  /// of the same type given a parameter (`let vc = get(scene: scene)`), or assigned in a
  /// `switch` over a parameter, the class each case builds.
  private func target(
    of value: ScanExpr, _ parameters: [String], _ body: [ScanStatement], _ context: CodeContext,
    methods: [(ScannedMethod, SourceFile)]
  ) -> Target? {
    if let className = resolver.viewControllerClass(of: value, in: context) {
      return classes.isNavigationController(className) ? nil : .fixed(className)
    }
    guard let name = value.uncast.identifierName, context.locals[name] != nil else { return nil }
    if let bound = context.local(name, at: value.range.lowerBound)?.uncast,
      let (callee, arguments) = bound.call
    {
      let calledName: String?
      if let identifier = callee.identifierName {
        calledName = identifier
      } else if let (base, member) = callee.member, let base, context.isSelf(base) {
        calledName = member
      } else {
        calledName = nil
      }
      guard let calledName,
        let (called, file) = methods.first(where: {
          $0.0.baseName == calledName && $0.0.argumentLabels == arguments.map(\.label)
        }),
        let calledBody = called.body
      else { return nil }
      for (position, argument) in arguments.enumerated() {
        guard let parameter = parameterIndex(argument.value, parameters, context),
          position < called.parameterNames.count
        else { continue }
        let calledContext = CodeContext(
          file: file, selfClass: context.selfClass, body: calledBody)
        if let byCase = caseClasses(
          in: calledBody, switchingOn: called.parameterNames[position], variable: nil, calledContext
        ) {
          return .scene(parameter: parameter, classes: byCase)
        }
      }
      return nil
    }
    // `let vc: UIViewController` assigned in each case of a `switch scene` of this method.
    for (index, parameter) in parameters.enumerated() {
      if let byCase = caseClasses(in: body, switchingOn: parameter, variable: name, context) {
        return .scene(parameter: index, classes: byCase)
      }
    }
    return nil
  }

  /// For the first `switch` over `subject` in `body` (outside closures): the class each case
  /// makes the result (`variable`, or the one local every non-nil `return` of the body gives),
  /// by assignment or by `return`; nil for a case whose values are not one known screen class.
  private func caseClasses(
    in body: [ScanStatement], switchingOn subject: String, variable: String?,
    _ context: CodeContext
  ) -> [String: String?]? {
    var found: [ScanSwitchCase]?
    var returned: Set<String> = []
    var returnsOther = false
    forEachStatement(in: body) { statement, insideClosure in
      guard !insideClosure else { return }
      switch statement.kind {
      case .switchStatement(let value, let cases):
        if found == nil, value.uncast.identifierName == subject, context.locals[subject] == nil {
          found = cases
        }
      case .returnStatement(let value?):
        if let name = value.uncast.identifierName, context.locals[name] != nil {
          returned.insert(name)
        } else if !value.isNil {
          returnsOther = true
        }
      default:
        break
      }
    }
    guard let cases = found else { return nil }
    let result = variable ?? (returned.count == 1 && !returnsOther ? returned.first : nil)
    var byCase: [String: String?] = [:]
    for switchCase in cases where !switchCase.isDefault {
      var values: [ScanExpr] = []
      forEachStatement(in: switchCase.body) { statement, insideClosure in
        guard !insideClosure else { return }
        switch statement.kind {
        case .assignment(let target, let value, nil):
          if let result, target.uncast.identifierName == result { values.append(value) }
        case .returnStatement(let value?):
          if value.isNil { return }
          if let result, value.uncast.identifierName == result { return }
          values.append(value)
        default:
          break
        }
      }
      let resolved = Set(values.map { resolver.viewControllerClass(of: $0, in: context) })
      var className: String?
      if !values.isEmpty, resolved.count == 1, let only = resolved.first, let only,
        classes.isScreen(only) || ClassTable.isUIKitClass(only),
        !classes.isNavigationController(only)
      {
        className = only
      }
      for name in switchCase.patterns.compactMap(Self.caseName) {
        byCase[name] = byCase[name] == nil ? className : .some(nil)
      }
    }
    return byCase
  }

  /// The case an expression names: `.show`, `.profile(viewModel: x)`, `Transition.show`, an
  /// Objective-C enum constant (`SceneProfile`, capitalised).
  static func caseName(_ expression: ScanExpr) -> String? {
    let value = expression.uncast
    switch value.kind {
    case .member(let base, let name):
      if base == nil || base?.identifierName != nil { return name }
      return nil
    case .call(let callee, _, _):
      return caseName(callee)
    case .identifier(let name):
      return name.first?.isUppercase == true ? name : nil
    default:
      return nil
    }
  }

  // MARK: - Calls

  /// The calls of the routers: in a screen's code (its own methods and those it inherits,
  /// closures included, as for its own pushes) with `self` as the screen, a push from that
  /// screen; anywhere else, or with another value, listed as unresolved.
  private mutating func readCalls(_ files: [ScannedFile], _ routers: [String: [Router]]) {
    // Where the routers' names occur, found in one pass per file: the bodies to read are
    // those holding one (a byte search per body and name was a pass over the app per name).
    let words = NameMentions(routers.keys)
    var mentions: [String: NameMentions.InFile] = [:]
    for file in files {
      let found = words.inFile(file)
      if found.mayOccur { mentions[file.file.path] = found }
    }
    guard !mentions.isEmpty else { return }
    func holdsName(_ file: SourceFile, _ range: Range<Int>) -> Bool {
      mentions[file.path]?.occur(in: range) ?? false
    }
    // How many types declare each router's name and labels: a call on a receiver navrc does
    // not resolve is taken for the router's only when no other type declares the same.
    var declarations: [String: Int] = [:]
    for file in files {
      for type in file.allTypes where Self.holdsCode(type.kind) || type.kind == .protocol {
        for method in type.methods where routers[method.baseName] != nil {
          declarations[Self.signature(method.baseName, method.argumentLabels), default: 0] += 1
        }
      }
    }
    var called: Set<String> = []
    for screen in classes.screenClasses {
      let members = classes.runMembers(of: screen, key: "screenArgumentPushes") { member in
        switch member {
        case .method(let method, let file, _):
          method.body != nil && holdsName(file, method.range)
        case .property(let property, let file, _):
          holdsName(file, property.range)
        }
      }
      for member in members {
        let (body, file): ([ScanStatement], SourceFile)
        switch member {
        case .method(let method, let methodFile, _):
          (body, file) = (method.body ?? [], methodFile)
        case .property(let property, let propertyFile, _):
          (body, file) = (property.accessors.flatMap { $0.body ?? [] }, propertyFile)
        }
        let context = CodeContext(file: file, selfClass: screen, body: body)
        forEachExpression(in: body) { call in
          for (router, arguments) in matches(call, routers, declarations, context) {
            called.insert(router.displayName)
            readCall(call, of: router, arguments, from: screen, context)
          }
        }
      }
    }
    for file in files where mentions[file.file.path] != nil {
      for type in file.allTypes where Self.holdsCode(type.kind) && !classes.isScreen(type.name) {
        let selfClass = classes.isClass(type.name) ? type.name : nil
        for method in type.methods where holdsName(file.file, method.range) {
          guard let body = method.body else { continue }
          let context = CodeContext(file: file.file, selfClass: selfClass, body: body)
          forEachExpression(in: body) { call in
            for (router, arguments) in matches(call, routers, declarations, context) {
              called.insert(router.displayName)
              readCall(call, of: router, arguments, from: nil, context)
            }
          }
        }
      }
    }
    for router in routers.values.joined() where called.contains(router.displayName) {
      attributedSites.formUnion(router.sites.map(\.at))
    }
  }

  private static func signature(_ name: String, _ labels: [String?]) -> String {
    name + "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
  }

  /// The routers a call reaches, each with the argument given to each of its parameters
  /// (nil: left out for its default).
  private func matches(
    _ call: ScanExpr, _ routers: [String: [Router]], _ declarations: [String: Int],
    _ context: CodeContext
  ) -> [(Router, [ScanExpr?])] {
    guard case .call = call.kind, let (callee, arguments) = call.call else { return [] }
    let name: String
    let receiver: ScanExpr?
    if let identifier = callee.identifierName {
      (name, receiver) = (identifier, nil)
    } else if let (base, member) = callee.member, let base {
      (name, receiver) = (member, base)
    } else {
      return []
    }
    guard let candidates = routers[name] else { return [] }
    var found: [(Router, [ScanExpr?])] = []
    for router in candidates {
      guard let given = Self.arguments(arguments, for: router.method) else { continue }
      let owner = receiver.map { instanceType($0, context) } ?? context.selfClass
      if let owner {
        guard owner == router.owner || classes.inherits(owner, from: router.owner) else {
          continue
        }
      } else if declarations[Self.signature(name, router.method.argumentLabels)] != 1 {
        continue
      }
      found.append((router, given))
    }
    return found
  }

  /// The argument given to each parameter of `method`, matched by label in order; a
  /// parameter left out has its default. Nil when the labels do not fit.
  private static func arguments(_ arguments: [ScanArgument], for method: ScannedMethod)
    -> [ScanExpr?]?
  {
    var given: [ScanExpr?] = []
    var next = 0
    for label in method.argumentLabels {
      if next < arguments.count, arguments[next].label == label {
        given.append(arguments[next].value)
        next += 1
      } else {
        given.append(nil)
      }
    }
    return next == arguments.count ? given : nil
  }

  /// The type of the object an expression is, where the code says it: a property (or
  /// instance variable) of `self`'s class declared with a type or made by an initializer
  /// (`let viewModel: OrderDetailsViewModel`, `@property RowModel *model;`, `lazy var model =
  /// RowModel()`), or a local made by an initializer.
  private func instanceType(_ expression: ScanExpr, _ context: CodeContext) -> String? {
    var value = expression.uncast
    if let name = value.identifierName, let bound = context.local(name, at: value.range.lowerBound)
    {
      value = bound.uncast
      return Self.initializedType(value)
    }
    let name: String
    if let identifier = value.identifierName {
      name = identifier
    } else if let (base, member) = value.member, let base, context.isSelf(base) {
      name = member
    } else {
      return nil
    }
    guard let selfClass = context.selfClass,
      let (property, _) = classes.property(name, of: selfClass)
        ?? (name.hasPrefix("_") ? classes.property(String(name.dropFirst()), of: selfClass) : nil)
    else { return nil }
    if let type = property.typeText { return ClassResolver.className(inType: type) }
    return property.initializer.flatMap { Self.initializedType($0.uncast) }
  }

  /// `T(…)`, `T.init(…)`, `[T new]`, `[[T alloc] init…]`: `T`.
  private static func initializedType(_ value: ScanExpr) -> String? {
    guard let (callee, _) = value.call else { return nil }
    if let name = callee.identifierName, name.first?.isUppercase == true { return name }
    guard let (base, method) = callee.member, let base else { return nil }
    if method == "init" || method == "new", let name = base.identifierName { return name }
    if method.hasPrefix("init"), let (allocBase, allocName, _) = base.methodCall,
      allocName == "alloc"
    {
      return allocBase?.identifierName
    }
    return nil
  }

  /// What a call of a router pushes, whatever the screen: the sites the call's cases lead
  /// to, each with its class, and why a site the call may lead to is not read.
  private func pushedClasses(_ router: Router, _ arguments: [ScanExpr?])
    -> (sites: [(site: Site, target: String)], why: String?)
  {
    var found: [(site: Site, target: String)] = []
    var why: String?
    sites: for site in router.sites {
      for (parameter, names) in site.cases {
        guard let argument = arguments[parameter], let name = Self.caseName(argument) else {
          why = "its '\(router.method.parameterNames[parameter])' is not a case navrc reads"
          continue sites
        }
        if !names.contains(name) { continue sites }
      }
      switch site.target {
      case .fixed(let target):
        found.append((site, target))
      case .scene(let parameter, let byCase):
        guard let argument = arguments[parameter], let name = Self.caseName(argument) else {
          why = "its '\(router.method.parameterNames[parameter])' is not a case navrc reads"
          continue
        }
        guard let target = byCase[name] ?? nil else {
          let spelled = name.first?.isUppercase == true ? name : "." + name
          why = "navrc does not know the view controller it makes for '\(spelled)'"
          continue
        }
        found.append((site, target))
      }
    }
    return (found, why)
  }

  /// The pushes one call of a router makes from `screen` (nil: code that is not a screen's),
  /// or why they are not known. A call whose cases lead to no push is nothing.
  private mutating func readCall(
    _ call: ScanExpr, of router: Router, _ arguments: [ScanExpr?], from screen: String?,
    _ context: CodeContext
  ) {
    let at = context.range(call.range)
    let (sites, why) = pushedClasses(router, arguments)
    let routed = routedClass(router, arguments)
    guard !sites.isEmpty || why != nil else {
      if let (className, caseName) = routed {
        block(
          className,
          "routed as '\(caseName)' by `\(router.displayName)` only with a transition that "
            + "does not push", at: at, leftOut: false)
      }
      return
    }
    // Why the call's pushes are left out, if they are: the screen below is not known.
    var reason: String?
    if screen == nil {
      reason =
        "from code that is not a view controller navrc knows: the screen below its push is "
        + "not known"
    } else if arguments[router.screen].map(context.isSelf) != true {
      reason = "on the navigation controller of a value that is not the screen's 'self'"
    }
    var leftOut: [String] = []
    if let screen, reason == nil {
      for (site, target) in sites {
        if site.replacedFor.contains(where: { screen == $0 || classes.inherits(screen, from: $0) })
        {
          reason = "where it replaces a '\(screen)' with another view controller first"
          leftOut.append(target)
          continue
        }
        pushes.append(Push(from: screen, to: target, at: at))
      }
      if reason == nil, let why { reason = "where \(why)" }
    } else {
      leftOut = sites.map(\.target)
    }
    guard let reason else { return }
    note(at, "'\(router.displayName)' called here pushes a view controller \(reason)")
    // The screens it would push are kept out by this call, not by the method that makes them.
    if let (className, caseName) = routed {
      block(
        className, "routed as '\(caseName)' by `\(router.displayName)`, called \(reason)", at: at,
        leftOut: true)
    }
    for target in leftOut where target != routed?.0 {
      block(target, "pushed by `\(router.displayName)`, called \(reason)", at: at, leftOut: true)
    }
  }

  /// The class a scene router makes for the call's scene, and the case as written.
  private func routedClass(_ router: Router, _ arguments: [ScanExpr?]) -> (String, String)? {
    for site in router.sites {
      guard case .scene(let parameter, let byCase) = site.target,
        let argument = arguments[parameter], let name = Self.caseName(argument),
        let className = byCase[name] ?? nil
      else { continue }
      return (className, name.first?.isUppercase == true ? name : "." + name)
    }
    return nil
  }

  /// What keeps a screen these methods push out, for the unreached report
  /// (docs/scan.md#blockers): a call left out wins over one that only presents it; the first
  /// in reading order otherwise.
  private mutating func block(
    _ className: String, _ what: String, at: SourceRange, leftOut: Bool
  ) {
    if blockers[className] != nil, !leftOut || blockersLeftOut.contains(className) { return }
    blockers[className] = AppModel.Blocker(what: what, at: at)
    if leftOut { blockersLeftOut.insert(className) }
  }

  private mutating func note(_ range: SourceRange, _ what: String) {
    unresolved.append(AppModel.Unresolved(range: range, what: what))
  }
}
