import NavRulesCompiler

/// Where a piece of app code runs: its file, the class of `self`, and the local constants of
/// the method it is in, which stand for their values (docs/scan.md#what-becomes-what,
/// spellings: "a local constant bound to a literal or a class instance in the same method
/// stands for that value").
struct CodeContext {
  let file: SourceFile
  /// The class of `self` (for inherited code, the subclass the screen is).
  let selfClass: String?
  private let scope: LocalScope

  init(file: SourceFile, selfClass: String?, body: [ScanStatement]?) {
    self.init(file: file, selfClass: selfClass, scope: LocalScope(body ?? []))
  }

  /// The context of a method's body, whose parameters stand for values of their written types
  /// (`func show(_ detail: DetailViewController)`, `- (void)open:(Detail *)detail`).
  init(file: SourceFile, selfClass: String?, method: ScannedMethod) {
    self.init(
      file: file, selfClass: selfClass,
      scope: LocalScope(
        method.body ?? [], parameterNames: method.parameterNames,
        parameterTypes: method.parameterTypes))
  }

  /// A context whose locals are those of `scope`, already collected or not: a base class's
  /// method is read once for every screen that inherits it, and its locals are the same each
  /// time.
  init(file: SourceFile, selfClass: String?, scope: LocalScope) {
    self.file = file
    self.selfClass = selfClass
    self.scope = scope
  }

  /// `name → initializer` for the method's locals, the first binding of each name; found
  /// when first asked for (most bodies never are).
  var locals: [String: ScanExpr] { scope.locals }

  /// The value of the local `name` as the code at byte `position` sees it: for a name bound
  /// once, its binding; for one bound several times (`let vc = A()` in one `case`, `let vc =
  /// B()` in the next), the latest binding before `position` whose block holds it, nil when
  /// none does.
  func local(_ name: String, at position: Int) -> ScanExpr? {
    scope.local(name, at: position)
  }

  /// Whether `name` is one of the method's parameters.
  func isParameter(_ name: String) -> Bool { scope.parameterNames.contains(name) }

  /// The written type of the parameter `name` where the code at byte `position` sees the
  /// parameter itself: nil where another binding the reader does not keep may hide it.
  func parameterType(_ name: String, at position: Int) -> String? {
    scope.parameterType(name, at: position)
  }

  /// Whether the code at byte `position` sees the parameter `name` itself, not another binding
  /// the reader does not keep.
  func isParameterVisible(_ name: String, at position: Int) -> Bool {
    scope.isParameterVisible(name, at: position)
  }

  func range(_ bytes: Range<Int>) -> SourceRange { SourceRange(file, bytes) }

  /// Whether the method assigns to the local `name` or a part of it after binding it
  /// (`attrs[.font] = …`, `attrs = …`): its initializer is then not the value it holds.
  func isAssigned(_ name: String) -> Bool { scope.isAssigned(name) }

  /// The method's simple statements (expressions and assignments, at any depth outside
  /// closures) that end before byte `position` and whose first expression is rooted at the
  /// local `name`: what configures it (`appearance.backgroundColor = …`), in source order.
  func statements(configuring name: String, before position: Int) -> [ScanStatement] {
    scope.statements(configuring: name, before: position)
  }

  /// Whether the expression is `self` or a local bound to it (`__weak typeof(self) weakSelf =
  /// self;`, `Home *strongSelf = weakSelf;`): a weak or cast reference is the same object.
  func isSelf(_ expression: ScanExpr) -> Bool {
    var value = expression.uncast
    for _ in 0..<4 {
      if value.isSelf { return true }
      guard let name = value.identifierName, let bound = locals[name] else { return false }
      value = bound.uncast
    }
    return false
  }
}

extension CodeContext {
  /// Whether the expression is the screen's own navigation controller: `navigationController`,
  /// `self.navigationController`, a navigation controller's `self` (or nil, the implicit
  /// one), or a local bound to one of them (`guard let navigationController else`, too).
  /// Another navigation controller (one made and presented here,
  /// `navigationController.navigationController`, a delegate's) is not the navigator the
  /// screen is in, and what is done to it is not read.
  func isOwnNavigationController(_ expression: ScanExpr?, classes: ClassTable) -> Bool {
    let name = "navigationController"
    var expression = expression?.uncast
    for _ in 0..<4 {
      guard let value = expression else {
        return selfClass.map(classes.isNavigationController) ?? false
      }
      if isSelf(value) {
        return selfClass.map(classes.isNavigationController) ?? false
      }
      if let identifier = value.identifierName {
        guard let bound = locals[identifier], bound.identifierName != identifier else {
          return identifier == name
        }
        expression = bound.uncast
        continue
      }
      guard let (base, member) = value.member, member == name, let base else { return false }
      return isSelf(base)
    }
    return false
  }
}

/// A method's local bindings, collected once, on first use.
final class LocalScope {
  private let body: [ScanStatement]
  private var collected: [String: ScanExpr]?
  let parameterNames: [String]
  private let parameterTypes: [String?]
  private var hiding: [(names: [String]?, range: Range<Int>)]?

  init(_ body: [ScanStatement], parameterNames: [String] = [], parameterTypes: [String?] = []) {
    self.body = body
    self.parameterNames = parameterNames
    self.parameterTypes = parameterTypes
  }

  func parameterType(_ name: String, at position: Int) -> String? {
    guard let index = parameterNames.firstIndex(of: name), index < parameterTypes.count,
      let type = parameterTypes[index], isParameterVisible(name, at: position)
    else { return nil }
    return type
  }

  func isParameterVisible(_ name: String, at position: Int) -> Bool {
    guard parameterNames.contains(name) else { return false }
    for place in hidingPlaces where place.range.contains(position) {
      if place.names?.contains(name) ?? true { return false }
    }
    return true
  }

  /// Where a name may be bound again by a binder the reader does not keep (a loop's pattern,
  /// a `case let` pattern, a `catch let`) or by a closure's parameters: the bodies of loops,
  /// switch cases, blocks and `if case`, and closures (for their own parameter names only).
  private var hidingPlaces: [(names: [String]?, range: Range<Int>)] {
    if let hiding { return hiding }
    var places: [(names: [String]?, range: Range<Int>)] = []
    // A statement's range may end with its header: the body's statements say where it ends.
    let through = { (statement: ScanStatement, body: [ScanStatement]) -> Range<Int> in
      statement.range
        .lowerBound..<max(
          statement.range.upperBound, body.last?.range.upperBound ?? 0)
    }
    forEachStatement(in: body) { statement, _ in
      switch statement.kind {
      case .loop(let body), .block(let body):
        places.append((nil, through(statement, body)))
      case .switchStatement(_, let cases):
        for switchCase in cases { places.append((nil, through(statement, switchCase.body))) }
      case .ifStatement(let conditions, let then, _):
        if conditions.contains(where: {
          if case .patternMatch = $0.kind { return true } else { return false }
        }) {
          places.append((nil, through(statement, then)))
        }
      default:
        break
      }
      for expression in statement.expressions {
        expression.forEachSubexpression { candidate in
          if case .closure(let parameters, _) = candidate.kind, !parameters.isEmpty {
            places.append((parameters, candidate.range))
          }
        }
      }
    }
    hiding = places
    return places
  }

  func isAssigned(_ name: String) -> Bool {
    var assigned = false
    forEachStatement(in: body) { statement, _ in
      guard !assigned, case .assignment(var target, _, _) = statement.kind else { return }
      while true {
        switch target.kind {
        case .member(let base?, _): target = base
        case .subscript(let base, _): target = base
        case .cast(let inner, _, _): target = inner
        default:
          assigned = target.identifierName == name
          return
        }
      }
    }
    return assigned
  }

  func statements(configuring name: String, before position: Int) -> [ScanStatement] {
    var found: [ScanStatement] = []
    forEachStatement(in: body) { statement, insideClosure in
      guard !insideClosure, statement.range.upperBound <= position else { return }
      let subject: ScanExpr
      switch statement.kind {
      case .expression(let expression): subject = expression
      case .assignment(let target, _, _): subject = target
      default: return
      }
      if Self.root(of: subject) == name { found.append(statement) }
    }
    return found.sorted { $0.range.lowerBound < $1.range.lowerBound }
  }

  /// The identifier a chain of members, calls and subscripts starts from.
  private static func root(of expression: ScanExpr) -> String? {
    var value = expression
    for _ in 0..<16 {
      switch value.kind {
      case .identifier(let name): return name
      case .member(let base?, _): value = base
      case .call(let callee, _, _): value = callee
      case .subscript(let base, _): value = base
      case .cast(let inner, _, _): value = inner
      default: return nil
      }
    }
    return nil
  }

  private var rebound: [String: [Binding]]?

  /// One binding of a name bound more than once: from the end of its declaration to the end
  /// of the block that holds it.
  private struct Binding {
    var visible: Range<Int>
    var value: ScanExpr
  }

  func local(_ name: String, at position: Int) -> ScanExpr? {
    guard let value = locals[name] else { return nil }
    guard let bindings = reboundBindings[name] else { return value }
    return bindings.last { $0.visible.contains(position) }?.value
  }

  /// The bindings of the names bound more than once, each with where it is visible.
  private var reboundBindings: [String: [Binding]] {
    if let rebound { return rebound }
    var all: [String: [Binding]] = [:]
    var pending: [[ScanStatement]] = [body]
    while let list = pending.popLast() {
      guard let end = list.last?.range.upperBound else { continue }
      for statement in list {
        switch statement.kind {
        case .declaration(let declaration):
          if let value = declaration.initializer {
            all[declaration.name, default: []].append(
              Binding(visible: statement.range.upperBound..<end, value: value))
          }
        case .ifStatement(let conditions, let then, _):
          let thenEnd = then.last?.range.upperBound ?? statement.range.upperBound
          for condition in conditions {
            if case .optionalBinding(let name, let value, _) = condition.kind {
              all[name, default: []].append(
                Binding(
                  visible: condition.range.upperBound..<max(thenEnd, condition.range.upperBound),
                  value: value))
            }
          }
        case .guardStatement(let conditions, _):
          for condition in conditions {
            if case .optionalBinding(let name, let value, _) = condition.kind {
              all[name, default: []].append(
                Binding(
                  visible: statement.range.upperBound..<max(end, statement.range.upperBound),
                  value: value))
            }
          }
        default:
          break
        }
        pending += statement.nestedBodies
        for expression in statement.expressions { pending += expression.closures }
      }
    }
    let result = all.filter { $0.value.count > 1 }.mapValues { bindings in
      bindings.sorted { $0.visible.lowerBound < $1.visible.lowerBound }
    }
    rebound = result
    return result
  }

  var locals: [String: ScanExpr] {
    if let collected { return collected }
    var locals: [String: ScanExpr] = [:]
    forEachStatement(in: body) { statement, _ in
      switch statement.kind {
      case .declaration(let declaration):
        if let value = declaration.initializer, locals[declaration.name] == nil {
          locals[declaration.name] = value
        } else if locals[declaration.name] == nil, let type = declaration.typeText {
          // `let vc: DetailViewController = make()`: the written type stands for the value.
          locals[declaration.name] = ScanExpr(
            .cast(ScanExpr(.unknown, range: declaration.nameRange), kind: .coercion, type: type),
            range: declaration.nameRange)
        }
      case .ifStatement(let conditions, _, _), .guardStatement(let conditions, _):
        for condition in conditions {
          if case .optionalBinding(let name, let value, _) = condition.kind, locals[name] == nil {
            locals[name] = value
          }
        }
      default:
        break
      }
    }
    collected = locals
    return locals
  }
}

/// Resolves app expressions to the class they make an instance of, or to the literal they
/// stand for; nil whenever the answer is not certain.
struct ClassResolver {
  let classes: ClassTable
  let storyboards: StoryboardIndex
  /// The app's free functions by base name, each name declared once (one declared in several
  /// places, under `#if` or in several targets, is none: which one runs is not known).
  var functions: [String: (ScannedMethod, SourceFile)] = [:]

  init(classes: ClassTable, storyboards: StoryboardIndex, files: [ScannedFile] = []) {
    self.classes = classes
    self.storyboards = storyboards
    var seen: Set<String> = []
    for file in files {
      for function in file.functions where function.body != nil {
        if seen.insert(function.baseName).inserted {
          functions[function.baseName] = (function, file.file)
        } else {
          functions[function.baseName] = nil
        }
      }
    }
  }

  /// The class of the view controller an expression evaluates to.
  func viewControllerClass(of expression: ScanExpr, in context: CodeContext) -> String? {
    resolve(expression, context, depth: 0)
  }

  private func resolve(_ expression: ScanExpr, _ context: CodeContext, depth: Int) -> String? {
    guard depth < 8 else { return nil }
    switch expression.kind {
    case .cast(let inner, let kind, let type):
      // `let vc: Detail` bound later (`vc = A()` in one branch, `vc = B()` in another): the
      // written type, only where it pins the screen (`UIViewController` pins nothing).
      if case .unknown = inner.kind {
        return pinnedScreen(type)
      }
      if kind != .check, let name = Self.className(inType: type), classes.isClass(name) {
        return name
      }
      return resolve(inner, context, depth: depth + 1)
    case .identifier(let name):
      if classes.isClass(name) { return nil }  // `X` alone is the type, not an instance.
      let position = expression.range.lowerBound
      if context.locals[name] != nil {
        guard let value = context.local(name, at: position) else { return nil }
        // `if let detail = detail`, `guard let detail else …`: the parameter unwrapped.
        if value.identifierName == name, context.isParameter(name) {
          return pinnedScreen(context.parameterType(name, at: value.range.lowerBound))
        }
        return resolve(value, context, depth: depth + 1)
      }
      // A parameter typed with a screen class no app class inherits from holds one
      // (docs/scan.md, parameters); it hides a property of the same name.
      if context.isParameter(name) {
        return pinnedScreen(context.parameterType(name, at: position))
      }
      return property(name, context, depth: depth)
    case .member(let base, let name):
      if base?.isSelf == true { return property(name, context, depth: depth) }
      return nil
    case .call(let callee, let arguments, _):
      return call(callee, arguments, context, depth: depth)
    default:
      return nil
    }
  }

  /// `lazy var detail = DetailViewController()`, `let editor = EditorViewController()`,
  /// `@property Home *home;`.
  private func property(_ name: String, _ context: CodeContext, depth: Int) -> String? {
    guard let selfClass = context.selfClass else { return nil }
    // `_home`: the instance variable behind `@property Home *home`, unless one is declared.
    let found =
      classes.property(name, of: selfClass)
      ?? (name.hasPrefix("_") ? classes.property(String(name.dropFirst()), of: selfClass) : nil)
    guard let (property, file) = found else { return nil }
    if let value = property.initializer {
      let propertyContext = CodeContext(file: file, selfClass: selfClass, body: nil)
      if let resolved = resolve(value, propertyContext, depth: depth + 1) { return resolved }
    }
    // A property typed with an app's screen class that no app class inherits from
    // (`@property Home *home;`, `{ Home *_home; }`, `let home: Home`) holds one, whichever
    // instance is assigned: its class is what it says.
    return pinnedScreen(property.typeText)
  }

  /// The screen class a written type pins (`classes.pinsScreen`), if any.
  private func pinnedScreen(_ type: String?) -> String? {
    guard let type, let name = Self.className(inType: type), classes.pinsScreen(name) else {
      return nil
    }
    return name
  }

  /// `makeDetail()`, `self.makeDetail()`, `[self makeDetail]`: a method of the class, or
  /// else a free function of the app (`makeDetail()` alone), or a class method of another
  /// class (`Screens.makeDetail()`, `[Screens makeDetail]`: `staticOwner`), whose one `return` navrc
  /// resolves, or whose declared return type pins a screen class
  /// (`func makeDetail() -> DetailViewController`).
  private func factory(
    _ name: String, _ arguments: [ScanArgument], _ context: CodeContext, depth: Int,
    orFreeFunction: Bool = false, staticOwner: String? = nil
  ) -> String? {
    let found: (ScannedMethod, SourceFile, String?)?
    let labels = arguments.map(\.label)
    if let owner = staticOwner,
      let (method, file) = classMethod(name, labels: labels, of: owner)
    {
      found = (method, file, owner)
    } else if staticOwner == nil, let selfClass = context.selfClass,
      let (method, file, _) = classes.method(name, labels: labels, dispatchedFrom: selfClass)
    {
      found = (method, file, selfClass)
    } else if orFreeFunction, let (function, file) = functions[name],
      function.argumentLabels == labels
    {
      found = (function, file, nil)
    } else {
      found = nil
    }
    guard let (method, file, selfClass) = found, let body = method.body else { return nil }
    if let returned = Self.onlyReturnedValue(of: body, swift: file.path.hasSuffix(".swift")),
      let resolved = resolve(
        returned, CodeContext(file: file, selfClass: selfClass, body: body), depth: depth + 1)
    {
      return resolved
    }
    return pinnedScreen(method.returnType)
  }

  /// The class method `name` that `owner` itself declares, when it declares one of that name
  /// and those labels (the class table indexes instance methods only).
  private func classMethod(_ name: String, labels: [String?], of owner: String)
    -> (ScannedMethod, SourceFile)?
  {
    let matches = (classes[owner]?.methods ?? []).filter { method, _ in
      method.isStatic && method.baseName == name && method.argumentLabels == labels
    }
    guard matches.count == 1 else { return nil }
    return (matches[0].method, matches[0].file)
  }

  /// The value a body returns when it has one `return`, its last statement (`let vc = X();
  /// vc.title = …; return vc`), or is Swift's single expression; nil when a `return` sits
  /// anywhere else, where another value may leave.
  private static func onlyReturnedValue(of body: [ScanStatement], swift: Bool) -> ScanExpr? {
    guard let last = body.last else { return nil }
    if body.count == 1, swift, case .expression(let value) = last.kind { return value }
    guard case .returnStatement(let value?) = last.kind,
      !body.dropLast().contains(where: containsReturn)
    else { return nil }
    return value
  }

  /// Whether a statement holds a `return` of the body's (not of a closure's, which the
  /// statement tree does not hold).
  private static func containsReturn(_ statement: ScanStatement) -> Bool {
    switch statement.kind {
    case .returnStatement: return true
    case .ifStatement(_, let then, let otherwise):
      return then.contains(where: containsReturn)
        || (otherwise ?? []).contains(where: containsReturn)
    case .guardStatement: return true
    case .switchStatement(_, let cases):
      return cases.contains { $0.body.contains(where: containsReturn) }
    case .loop(let statements), .block(let statements), .deferStatement(let statements):
      return statements.contains(where: containsReturn)
    case .expression, .assignment, .declaration, .other:
      return false
    }
  }

  private func call(
    _ callee: ScanExpr, _ arguments: [ScanArgument], _ context: CodeContext, depth: Int
  ) -> String? {
    // `X(…)`: an initializer of a class; `makeDetail()`: a factory of the class.
    if let name = callee.identifierName {
      if classes.isClass(name) { return name }
      return factory(name, arguments, context, depth: depth, orFreeFunction: true)
    }
    guard let (base, method) = callee.member else {
      // `{ … }()`: a closure called at once; its last `return` decides.
      if case .closure(_, let body) = callee.kind,
        case .returnStatement(let value?)? = body.last?.kind
      {
        return resolve(value, context, depth: depth + 1)
      }
      return nil
    }
    // `storyboard.instantiateViewController(withIdentifier: "id")`.
    if UIKitVocabulary.instantiateMethods.contains(method) {
      guard case .string(let identifier)? = arguments.first?.value.kind else { return nil }
      // `UIStoryboard(name: "B", bundle: nil).instantiate…`: only storyboard B's scenes.
      if let storyboard = storyboardName(of: base, context) {
        return storyboards.className(forStoryboardIdentifier: identifier, inStoryboard: storyboard)
      }
      return storyboards.className(forStoryboardIdentifier: identifier)
    }
    if method == "instantiateInitialViewController" {
      return storyboards.initialClassName(of: base)
    }
    guard let base else { return nil }
    if context.isSelf(base) { return factory(method, arguments, context, depth: depth) }
    // `[X new]`, `X.init(…)`, `X.make()`: the class or a factory on it.
    if let name = base.identifierName, classes.isClass(name) {
      if method == "init" || method == "new" || classes.isScreen(name)
        || classes.isNavigationController(name)
      {
        return name
      }
      return factory(method, arguments, context, depth: depth, staticOwner: name)
    }
    // `[[X alloc] init…]`.
    if method.hasPrefix("init"), let (allocBase, allocName, _) = base.methodCall,
      allocName == "alloc", let name = allocBase?.identifierName, classes.isClass(name)
    {
      return name
    }
    return nil
  }

  /// `B` for `UIStoryboard(name: "B", bundle: nil)`, `[UIStoryboard storyboardWithName:@"B"
  /// bundle:nil]`, or a local bound to one of them.
  private func storyboardName(of base: ScanExpr?, _ context: CodeContext) -> String? {
    guard var value = base?.uncast else { return nil }
    if let name = value.identifierName {
      guard let bound = context.local(name, at: value.range.lowerBound) else { return nil }
      value = bound.uncast
    }
    guard let (callee, arguments) = value.call,
      case .string(let name)? = arguments.first?.value.kind
    else { return nil }
    let isStoryboard =
      callee.identifierName == "UIStoryboard"
      || callee.member.map { $0.name == "storyboardWithName" || $0.name == "init" } == true
        && callee.member?.base?.identifierName == "UIStoryboard"
    return isStoryboard ? name : nil
  }

  /// `text` without the spaces and tabs around it (any Unicode space, as Foundation's
  /// `.whitespaces`; not line ends).
  private static func trimmingBlanks(_ text: String) -> String {
    let isBlank = { (character: Character) in character.isWhitespace && !character.isNewline }
    guard let first = text.firstIndex(where: { !isBlank($0) }),
      let last = text.lastIndex(where: { !isBlank($0) })
    else { return "" }
    return String(text[first...last])
  }

  /// The class named by a written type: `DetailViewController`, `DetailViewController?`,
  /// `DetailViewController *`, `Module.DetailViewController!`.
  static func className(inType type: String) -> String? {
    var text = trimmingBlanks(type)
    while let last = text.last, "?!*".contains(last) {
      text.removeLast()
      text = trimmingBlanks(text)
    }
    if let angle = text.firstIndex(of: "<") { text = String(text[..<angle]) }
    // `IBOutlet Home`, `__weak Home`, `__kindof Home`: the class is the last word.
    text = text.split(separator: " ").last.map(String.init) ?? text
    let name = text.split(separator: ".").last.map(String.init) ?? text
    guard let first = name.unicodeScalars.first,
      first.properties.isAlphabetic || first == "_",
      name.unicodeScalars.allSatisfy({
        $0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0)
      })
    else { return nil }
    return name
  }

  /// A boolean an expression stands for: a literal, or a local constant bound to one.
  func boolean(_ expression: ScanExpr, in context: CodeContext) -> Bool? {
    if let value = expression.booleanValue { return value }
    if let name = expression.identifierName, let value = context.locals[name] {
      return value.booleanValue
    }
    return nil
  }
}
