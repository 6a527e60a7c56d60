import NavRulesCompiler
import NavRulesModel

/// Reads a lifecycle method of an app class as a hook: its statements in order, a `super`
/// call replaced by the superclass's hook (no `super` call: the superclass's does not run), a
/// call of another method of the class read in its place, and a test of the stack's depth
/// turned into `if pushed` (docs/scan.md#what-becomes-what).
///
/// Conditions other than a depth test count as true; code in closures does not run at the
/// event (it runs later, if ever) and is left out.
struct HookInterpreter {
  let classes: ClassTable
  let resolver: ClassResolver
  let titles: TitleStyleReader
  /// What the interpreter could not resolve, in the order met.
  private(set) var unresolved: [AppModel.Unresolved] = []
  /// Statements reached more than once (a base class's code in several screens) are counted
  /// as unresolved once.
  private var reported: Set<SourceRange> = []
  /// Each method's locals, by where it is written.
  private var scopes: [MethodKey: LocalScope] = [:]
  /// The classes whose hooks write the pop gesture's delegate or `isEnabled` with a value
  /// navrc cannot resolve: after that write the value is unknown, so what an earlier write
  /// set does not live on (see `AppModel.opaqueGestureNavigators`).
  private(set) var unknownGestureWriters: Set<String> = []

  init(classes: ClassTable, resolver: ClassResolver, titles: TitleStyleReader) {
    self.classes = classes
    self.resolver = resolver
    self.titles = titles
  }

  /// What an instance of `className` does at `event`.
  mutating func actions(of event: LifecycleEvent, forClass className: String)
    -> (actions: [ExtractedAction], method: (ScannedMethod, SourceFile)?)
  {
    guard
      let (method, file, owner) = classes.method(event.rawValue, dispatchedFrom: className),
      let body = method.body
    else { return ([], nil) }
    var walk = Walk(event: event, selfClass: className)
    _ = interpret(body, file: file, owner: owner, method: method, &walk, pushedOnly: false)
    lastReadingSteps = walk.steps
    guard walk.steps <= Self.stepBudget else {
      // Half a reading is no reading: a later action could undo any found so far.
      note(
        SourceRange(file, method.nameRange),
        "'\(method.baseName)' calls more code than is read (over \(Self.stepBudget) statements"
          + " and actions, helpers included)")
      // What it does to the gesture is not known either.
      unknownGestureWriters.insert(className)
      return ([], (method, file))
    }
    if walk.disablesContentGesture {
      for index in walk.actions.indices
      where walk.actions[index].action == .setGestureEnabled(false) {
        walk.actions[index].alsoDisablesContentGesture = true
      }
    }
    return (walk.actions, (method, file))
  }

  /// Whether `className`'s `viewDidLoad`, `viewWillAppear` or initializers set a custom left
  /// bar button or hide the back button: all of them run before the screen is on top, where
  /// UIKit asks whether a swipe may begin. One set on every reading wins over one set only
  /// under a condition (`LeftItem.isConditional`).
  mutating func setsLeftBarButton(_ className: String) -> LeftItem? {
    // Most classes never mention a left item: nothing to read.
    let mentionsLeftItem = classes.anyOwnerHasMethod(from: className, key: "left item") {
      method, file in classes.mentions(Self.leftItemWords, in: method.range, of: file)
    }
    guard mentionsLeftItem else { return nil }
    var found: LeftItem?
    for event in [LifecycleEvent.viewDidLoad, .viewWillAppear] {
      var walk = Walk(event: event, selfClass: className)
      walk.collectsLeftItems = true
      if let (method, file, owner) = classes.method(event.rawValue, dispatchedFrom: className),
        let body = method.body
      {
        _ = interpret(body, file: file, owner: owner, method: method, &walk, pushedOnly: false)
      }
      found = LeftItem.stronger(found, walk.leftItem)
      if found?.isConditional == false { return found }
    }
    let hasInitializers = classes.anyOwnerHasMethod(from: className, key: "initializer") {
      method, _ in method.kind == .initializer && method.body != nil
    }
    // The chain is walked only when it has one: most have none.
    guard hasInitializers else { return found }
    var walk = Walk(event: .viewDidLoad, selfClass: className)
    walk.collectsLeftItems = true
    for owner in classes.owners(from: className) {
      for (method, file) in classes[owner]?.methods ?? []
      where method.kind == .initializer && method.body != nil {
        _ = interpret(
          method.body!, file: file, owner: owner, method: method, &walk, pushedOnly: false)
      }
    }
    return LeftItem.stronger(found, walk.leftItem)
  }

  /// A custom left item or a hidden back button, where it is set.
  struct LeftItem: Equatable {
    var range: SourceRange
    /// Set only under a condition navrc does not decide (an `if`, a `guard`, a `switch`, a
    /// loop, code after an early `return`), or to a value that is not `true` or `false`
    /// (`hidesBackButton = isEditing`): it may or may not be set when the screen is on top.
    var isConditional: Bool

    /// The one that holds on more readings: one always set over one set under a condition,
    /// else the first found.
    static func stronger(_ first: LeftItem?, _ second: LeftItem?) -> LeftItem? {
      guard let first else { return second }
      if first.isConditional, second?.isConditional == false { return second }
      return first
    }

    func conditional(_ isConditional: Bool) -> LeftItem {
      LeftItem(range: range, isConditional: self.isConditional || isConditional)
    }
  }

  private static let leftItemWords = MentionWords(["eftBarButton", "idesBackButton"])

  /// The state of one reading: the actions found so far, and the methods being read (a call
  /// back into one of them is not followed).
  private struct Walk {
    let event: LifecycleEvent
    let selfClass: String
    var actions: [ExtractedAction] = []
    var reading: [String] = []
    var collectsLeftItems = false
    var leftItem: LeftItem?
    /// How many conditions the statement being read is under (`LeftItem.isConditional`).
    var conditionDepth = 0
    /// Whether the method sets iOS 26's content gesture's `isEnabled` to `false`.
    var disablesContentGesture = false
    /// What each method read in full came to, by method: a helper called again is not read
    /// again.
    var summaries: [String: Summary] = [:]
    /// Whether a call was left unread (a call back into a method being read, or one too
    /// deep) since the current method started: its summary then depends on who called it,
    /// and is not kept.
    var cutShort = false
    /// Statements read and actions recorded, helpers included (`stepBudget`).
    var steps = 0

    var isOverBudget: Bool { steps > HookInterpreter.stepBudget }
  }

  /// One method's reading, as if it were read where nothing is known of the depth: its
  /// actions (each made `pushedOnly` where it is read under a depth test), whether it ends in
  /// a `return`, and what it found besides.
  private struct Summary {
    var actions: [ExtractedAction]
    var returns: Bool
    var disablesContentGesture: Bool
    /// As if the method were called under no condition.
    var leftItem: LeftItem?
  }

  /// The most statements and actions one hook's reading may take, helpers included. Bound:
  /// each method is read once per hook (`Walk.summaries`) and a call of one read before
  /// costs its actions, so a reading is O(statements of the methods it reaches + actions it
  /// records); what a summary cannot cover (recursion, calls over `readingDepth` deep) is
  /// re-read, and this budget keeps even that finite. A hook over it is left out and
  /// counted as unresolved. (Eight levels of helpers each called four times were read
  /// 4⁸ times over, for minutes.)
  static let stepBudget = 100_000

  /// How deep calls are followed (the stack of methods being read).
  static let readingDepth = 32

  /// The steps the last `actions(of:forClass:)` took (`HookInterpreterBoundTests`).
  private(set) var lastReadingSteps = 0

  /// Reads statements in order; returns whether they end the method (an unconditional
  /// `return`), so that what follows is not read.
  private mutating func interpret(
    _ statements: [ScanStatement], file: SourceFile, owner: String, method: ScannedMethod,
    _ walk: inout Walk, pushedOnly: Bool
  ) -> Bool {
    guard !walk.isOverBudget else { return false }
    let key = "\(owner).\(method.baseName)/\(method.argumentLabels.count)"
    if let summary = walk.summaries[key] {
      walk.steps += summary.actions.count + 1
      guard !walk.isOverBudget else { return false }
      walk.actions += summary.actions.lazy.map { action in
        var action = action
        action.pushedOnly = action.pushedOnly || pushedOnly
        return action
      }
      walk.disablesContentGesture = walk.disablesContentGesture || summary.disablesContentGesture
      walk.leftItem = LeftItem.stronger(
        walk.leftItem, summary.leftItem?.conditional(walk.conditionDepth > 0))
      return summary.returns
    }
    guard walk.reading.count < Self.readingDepth, !walk.reading.contains(key) else {
      walk.cutShort = true
      return false
    }
    // Read as if nothing were known of the depth, so that the summary fits every call.
    let outer = (
      cutShort: walk.cutShort, disables: walk.disablesContentGesture, leftItem: walk.leftItem,
      start: walk.actions.count, conditionDepth: walk.conditionDepth
    )
    (walk.cutShort, walk.disablesContentGesture, walk.leftItem) = (false, false, nil)
    walk.conditionDepth = 0
    walk.reading.append(key)
    let context = CodeContext(
      file: file, selfClass: walk.selfClass, scope: scope(of: method, in: file))
    let returns = body(statements, context, owner: owner, &walk, pushedOnly: false)
    walk.reading.removeLast()
    if !walk.cutShort, !walk.isOverBudget {
      walk.summaries[key] = Summary(
        actions: Array(walk.actions[outer.start...]), returns: returns,
        disablesContentGesture: walk.disablesContentGesture, leftItem: walk.leftItem)
    }
    if pushedOnly {
      for index in outer.start..<walk.actions.count { walk.actions[index].pushedOnly = true }
    }
    walk.cutShort = walk.cutShort || outer.cutShort
    walk.disablesContentGesture = walk.disablesContentGesture || outer.disables
    walk.leftItem = LeftItem.stronger(
      outer.leftItem, walk.leftItem?.conditional(outer.conditionDepth > 0))
    walk.conditionDepth = outer.conditionDepth
    return returns
  }

  /// The locals of `method`, shared by every reading of it.
  private mutating func scope(of method: ScannedMethod, in file: SourceFile) -> LocalScope {
    let key = MethodKey(file: ObjectIdentifier(file), start: method.range.lowerBound)
    if let scope = scopes[key] { return scope }
    let scope = LocalScope(method.body ?? [])
    scopes[key] = scope
    return scope
  }

  private struct MethodKey: Hashable {
    var file: ObjectIdentifier
    var start: Int
  }

  private mutating func body(
    _ statements: [ScanStatement], _ context: CodeContext, owner: String, _ walk: inout Walk,
    pushedOnly: Bool
  ) -> Bool {
    var pushedOnly = pushedOnly
    // Statements after a `guard` or an `if` that may return run only when it did not.
    let outerConditionDepth = walk.conditionDepth
    defer { walk.conditionDepth = outerConditionDepth }
    for statement in statements {
      walk.steps += 1
      guard !walk.isOverBudget else { return false }
      switch statement.kind {
      case .expression(let expression):
        if let rewritten = Self.statement(of: expression, in: statement) {
          // A ternary or an assignment as a statement: read as the `if` or the assignment it
          // performs, at this statement.
          _ = body([rewritten], context, owner: owner, &walk, pushedOnly: pushedOnly)
        } else {
          call(expression, statement, context, owner: owner, &walk, pushedOnly: pushedOnly)
        }
      case .assignment(let target, let value, nil):
        assignment(target, value, statement, context, &walk, pushedOnly: pushedOnly)
      case .assignment, .declaration, .other:
        continue
      case .ifStatement(let conditions, let then, let otherwise):
        walk.conditionDepth += 1
        defer { walk.conditionDepth -= 1 }
        switch StackDepthTest.position(of: conditions) {
        case .pushed?:
          _ = body(then, context, owner: owner, &walk, pushedOnly: true)
          _ = body(otherwise ?? [], context, owner: owner, &walk, pushedOnly: pushedOnly)
        case .root?:
          let leaves = body(then, context, owner: owner, &walk, pushedOnly: pushedOnly)
          _ = body(otherwise ?? [], context, owner: owner, &walk, pushedOnly: true)
          // `if isRoot { return }`: what follows runs only when pushed.
          if leaves {
            pushedOnly = true
            walk.conditionDepth += 1
          }
        case nil:
          if body(then, context, owner: owner, &walk, pushedOnly: pushedOnly) {
            walk.conditionDepth += 1
          }
          _ = body(otherwise ?? [], context, owner: owner, &walk, pushedOnly: pushedOnly)
        }
      case .guardStatement(let conditions, let otherwise):
        walk.conditionDepth += 1
        _ = body(otherwise, context, owner: owner, &walk, pushedOnly: pushedOnly)
        if StackDepthTest.position(of: conditions) == .pushed { pushedOnly = true }
      case .switchStatement(_, let cases):
        walk.conditionDepth += 1
        defer { walk.conditionDepth -= 1 }
        for switchCase in cases {
          _ = body(switchCase.body, context, owner: owner, &walk, pushedOnly: pushedOnly)
        }
      case .loop(let statements):
        walk.conditionDepth += 1
        defer { walk.conditionDepth -= 1 }
        _ = body(statements, context, owner: owner, &walk, pushedOnly: pushedOnly)
      case .block(let statements), .deferStatement(let statements):
        _ = body(statements, context, owner: owner, &walk, pushedOnly: pushedOnly)
      case .returnStatement:
        return true
      }
    }
    return false
  }

  /// The statement an expression statement performs when it is not a call: `c ? a : b` is
  /// `if c { a } else { b }` (each branch a statement in turn, so nested ternaries, calls and
  /// assignments are read), and `x = v` inside an expression (Objective-C's, or Swift's in
  /// parentheses) is that assignment. Each keeps `statement`'s ranges: an action in a branch
  /// is reported at the statement's first token and quoted as the whole statement, as every
  /// action is. Nil for any other expression.
  static func statement(of expression: ScanExpr, in statement: ScanStatement) -> ScanStatement? {
    let kind: ScanStatement.Kind
    switch expression.kind {
    case .ternary(let condition, let then, let otherwise):
      let branch = { (value: ScanExpr) in
        Self.statement(of: value, in: statement)
          ?? ScanStatement(
            .expression(value), range: statement.range,
            firstTokenRange: statement.firstTokenRange)
      }
      kind = .ifStatement(
        conditions: [ScanCondition(.expression(condition), range: condition.range)],
        then: [branch(then)], else: [branch(otherwise)])
    case .binary("=", let target, let value):
      kind = .assignment(target: target, value: value, compoundOperator: nil)
    default:
      return nil
    }
    return ScanStatement(kind, range: statement.range, firstTokenRange: statement.firstTokenRange)
  }

  // MARK: - Calls

  private mutating func call(
    _ expression: ScanExpr, _ statement: ScanStatement, _ context: CodeContext, owner: String,
    _ walk: inout Walk, pushedOnly: Bool
  ) {
    guard let (callee, arguments) = expression.call else { return }
    // `super.viewWillAppear(animated)`, `[super viewWillAppear:animated]`.
    if let (base, name) = callee.member, base?.identifierName == "super" {
      guard name == walk.event.rawValue || isCurrentMethod(name, walk) else { return }
      guard let superclass = classes.superclass(of: owner),
        let (method, file, definer) = classes.method(name, dispatchedFrom: superclass),
        let body = method.body
      else { return }
      _ = interpret(body, file: file, owner: definer, method: method, &walk, pushedOnly: pushedOnly)
      return
    }
    // `setUpGesture()`, `self.setUpGesture()`, `[self setUpGesture]`: read in place.
    if let name = Self.selfMethodName(callee),
      UIKitVocabulary.lifecycleEvent(ofMethod: name) == nil,
      let (method, file, definer) = classes.method(
        name, labels: arguments.map(\.label), dispatchedFrom: walk.selfClass),
      let body = method.body
    {
      _ = interpret(body, file: file, owner: definer, method: method, &walk, pushedOnly: pushedOnly)
      return
    }
    guard let (receiver, name, _) = expression.methodCallOnAnyReceiver,
      let first = arguments.first?.value
    else { return }
    let recognizer = { (base: ScanExpr) in
      isOwnPart(base, [UIKitVocabulary.popGestureRecognizer], context)
    }
    let isBar = { (base: ScanExpr) in isOwnPart(base, [UIKitVocabulary.navigationBar], context) }
    if UIKitVocabulary.enabledSetters.contains(name),
      receiver.map({ isOwnContentGesture($0, context) }) == true
    {
      if resolver.boolean(first, in: context) == false { walk.disablesContentGesture = true }
    } else if UIKitVocabulary.enabledSetters.contains(name), receiver.map(recognizer) == true {
      gesture(first, statement, context, &walk, pushedOnly: pushedOnly)
    } else if UIKitVocabulary.delegateSetters.contains(name), receiver.map(recognizer) == true {
      delegate(first, statement, context, &walk, pushedOnly: pushedOnly)
    } else if UIKitVocabulary.barHiddenSetters.contains(name),
      isOwnNavigationController(receiver, context)
    {
      bar(first, statement, context, &walk, pushedOnly: pushedOnly)
    } else if UIKitVocabulary.hiddenSetters.contains(name), receiver.map(isBar) == true {
      bar(first, statement, context, &walk, pushedOnly: pushedOnly)
    } else if UIKitVocabulary.titleAttributesSetters.contains(name), receiver.map(isBar) == true {
      title(first, statement, context, &walk, pushedOnly: pushedOnly)
    } else if let slot = UIKitVocabulary.appearanceSetters[name], receiver.map(isBar) == true {
      barAppearance(slot, first, statement, context, &walk, pushedOnly: pushedOnly)
    } else if UIKitVocabulary.leftItemSetters.contains(name), !first.isNil {
      leftItem(statement, context, &walk)
    } else if UIKitVocabulary.hidesBackButtonSetters.contains(name),
      receiver?.names([UIKitVocabulary.navigationItem]) == true
    {
      hiddenBackButton(first, statement, context, &walk)
    }
  }

  private func isCurrentMethod(_ name: String, _ walk: Walk) -> Bool {
    walk.reading.last?.split(separator: ".").last?.split(separator: "/").first.map(String.init)
      == name
  }

  /// The method a call on `self` names: `name()`, `self.name()`, `[self name]`.
  private static func selfMethodName(_ callee: ScanExpr) -> String? {
    if let name = callee.identifierName { return name }
    if let (base, name) = callee.member, base?.isSelf == true { return name }
    return nil
  }

  // MARK: - Assignments

  private mutating func assignment(
    _ target: ScanExpr, _ value: ScanExpr, _ statement: ScanStatement, _ context: CodeContext,
    _ walk: inout Walk, pushedOnly: Bool
  ) {
    // `x.name = …`, or a bare `name = …` in the class that has the property (a navigation
    // controller's own `isNavigationBarHidden`).
    let base: ScanExpr?
    let name: String
    if let (memberBase, memberName) = target.member {
      (base, name) = (memberBase, memberName)
    } else if let identifier = target.identifierName,
      Self.bareProperties.contains(identifier), context.locals[identifier] == nil
    {
      (base, name) = (nil, identifier)
    } else {
      return
    }
    let recognizer = base.map { isOwnPart($0, [UIKitVocabulary.popGestureRecognizer], context) }
    let bar = base.map { isOwnPart($0, [UIKitVocabulary.navigationBar], context) } == true
    if let base, isOwnContentGesture(base, context),
      UIKitVocabulary.enabledProperties.contains(name)
    {
      if resolver.boolean(value, in: context) == false { walk.disablesContentGesture = true }
    } else if recognizer == true, UIKitVocabulary.enabledProperties.contains(name) {
      gesture(value, statement, context, &walk, pushedOnly: pushedOnly)
    } else if recognizer == true, UIKitVocabulary.delegateProperties.contains(name) {
      delegate(value, statement, context, &walk, pushedOnly: pushedOnly)
    } else if UIKitVocabulary.barHiddenProperties.contains(name),
      isOwnNavigationController(base, context)
    {
      self.bar(value, statement, context, &walk, pushedOnly: pushedOnly)
    } else if bar, UIKitVocabulary.hiddenProperties.contains(name) {
      self.bar(value, statement, context, &walk, pushedOnly: pushedOnly)
    } else if bar, UIKitVocabulary.titleAttributesProperties.contains(name) {
      title(value, statement, context, &walk, pushedOnly: pushedOnly)
    } else if bar, let slot = UIKitVocabulary.appearanceProperties[name] {
      barAppearance(slot, value, statement, context, &walk, pushedOnly: pushedOnly)
    } else if UIKitVocabulary.leftItemProperties.contains(name),
      base == nil || base?.names([UIKitVocabulary.navigationItem]) == true,
      !value.isNil, !Self.isEmptyArray(value)
    {
      leftItem(statement, context, &walk)
    } else if UIKitVocabulary.hidesBackButtonProperties.contains(name),
      base?.names([UIKitVocabulary.navigationItem]) == true
    {
      hiddenBackButton(value, statement, context, &walk)
    }
  }

  // MARK: - Receivers

  private func isOwnNavigationController(_ expression: ScanExpr?, _ context: CodeContext)
    -> Bool
  {
    context.isOwnNavigationController(expression, classes: classes)
  }

  private static let navigationController = "navigationController"

  /// Whether the expression is iOS 26's content gesture of the screen's own navigation
  /// controller: `navigationController?.interactiveContentPopGestureRecognizer`, or
  /// `[nav valueForKey:@"interactiveContentPopGestureRecognizer"]` for older SDKs.
  private func isOwnContentGesture(_ expression: ScanExpr, _ context: CodeContext) -> Bool {
    let name = UIKitVocabulary.contentPopGestureRecognizer
    if isOwnPart(expression, [name], context) { return true }
    guard let (receiver, method, arguments) = expression.uncast.methodCall,
      UIKitVocabulary.valueForKeyMethods.contains(method),
      case .string(name)? = arguments.first?.value.kind
    else { return false }
    return isOwnNavigationController(receiver, context)
  }

  /// Whether the expression is a part (`names`: the pop gesture, the bar) of the screen's own
  /// navigation controller: `….interactivePopGestureRecognizer`, or the bare name in a
  /// navigation controller's own code; a local bound to one counts too.
  private func isOwnPart(
    _ expression: ScanExpr, _ names: Set<String>, _ context: CodeContext, depth: Int = 0
  ) -> Bool {
    let value = expression.uncast
    if let name = value.identifierName {
      if let bound = context.locals[name] {
        return depth < 4 && isOwnPart(bound, names, context, depth: depth + 1)
      }
      return names.contains(name) && isOwnNavigationController(nil, context)
    }
    guard let (base, name) = value.member, names.contains(name) else { return false }
    return isOwnNavigationController(base, context)
  }

  /// The properties a class may assign without `self.`: a navigation controller's own bar,
  /// a view controller's own left items.
  private static let bareProperties = UIKitVocabulary.barHiddenProperties.union(
    UIKitVocabulary.leftItemProperties)

  private static func isEmptyArray(_ expression: ScanExpr) -> Bool {
    if case .array(let elements) = expression.kind { return elements.isEmpty }
    return false
  }

  // MARK: - Actions

  private mutating func gesture(
    _ value: ScanExpr, _ statement: ScanStatement, _ context: CodeContext, _ walk: inout Walk,
    pushedOnly: Bool
  ) {
    guard let enabled = resolver.boolean(value, in: context) else {
      note(statement, context, "'isEnabled' set to a value that is not true or false")
      if !walk.collectsLeftItems { unknownGestureWriters.insert(walk.selfClass) }
      return
    }
    add(.setGestureEnabled(enabled), statement, context, &walk, pushedOnly: pushedOnly)
  }

  private mutating func delegate(
    _ value: ScanExpr, _ statement: ScanStatement, _ context: CodeContext, _ walk: inout Walk,
    pushedOnly: Bool
  ) {
    guard let delegate = delegateValue(value, context) else {
      note(statement, context, "gesture delegate set to an object whose answer is not known")
      if !walk.collectsLeftItems { unknownGestureWriters.insert(walk.selfClass) }
      return
    }
    add(.setGestureDelegate(delegate), statement, context, &walk, pushedOnly: pushedOnly)
  }

  private mutating func bar(
    _ value: ScanExpr, _ statement: ScanStatement, _ context: CodeContext, _ walk: inout Walk,
    pushedOnly: Bool
  ) {
    guard let hidden = resolver.boolean(value, in: context) else {
      note(statement, context, "navigation bar hidden by a value that is not true or false")
      return
    }
    add(
      .setNavigationBar(hidden ? .hidden : .visible), statement, context, &walk,
      pushedOnly: pushedOnly)
  }

  private mutating func title(
    _ value: ScanExpr, _ statement: ScanStatement, _ context: CodeContext, _ walk: inout Walk,
    pushedOnly: Bool
  ) {
    guard let attributes = titles.attributes(of: value, in: context) else {
      note(statement, context, "title attributes set to a value that is not a dictionary literal")
      return
    }
    add(.setTitleStyle(attributes), statement, context, &walk, pushedOnly: pushedOnly)
  }

  private mutating func barAppearance(
    _ slot: BarAppearanceSlot, _ value: ScanExpr, _ statement: ScanStatement,
    _ context: CodeContext, _ walk: inout Walk, pushedOnly: Bool
  ) {
    let appearance = BarAppearanceReader(titles: titles).appearance(
      of: value, at: statement, in: context)
    add(.setBarAppearance(slot, appearance), statement, context, &walk, pushedOnly: pushedOnly)
  }

  /// A hidden back button is kept as its whole statement, so that `--ways-back` can say which
  /// of the two it is.
  private mutating func leftItem(
    _ statement: ScanStatement, _ context: CodeContext, _ walk: inout Walk,
    hidesBackButton: Bool = false, byValue: Bool = false
  ) {
    guard walk.collectsLeftItems else { return }
    let found = LeftItem(
      range: context.range(hidesBackButton ? statement.range : statement.firstTokenRange),
      isConditional: walk.conditionDepth > 0 || byValue)
    walk.leftItem = LeftItem.stronger(walk.leftItem, found)
  }

  /// `hidesBackButton = value`: `true` hides it, `false` does nothing, any other value may
  /// hide it (`LeftItem.isConditional`).
  private mutating func hiddenBackButton(
    _ value: ScanExpr, _ statement: ScanStatement, _ context: CodeContext, _ walk: inout Walk
  ) {
    let hides = resolver.boolean(value, in: context)
    guard hides != false else { return }
    leftItem(statement, context, &walk, hidesBackButton: true, byValue: hides == nil)
  }

  private func add(
    _ action: HookAction, _ statement: ScanStatement, _ context: CodeContext, _ walk: inout Walk,
    pushedOnly: Bool
  ) {
    guard !walk.collectsLeftItems else { return }
    walk.steps += 1
    // The statement without an Objective-C `;`, as messages quote it.
    var bytes = statement.range
    if bytes.count > 1, context.file.bytes[bytes.upperBound - 1] == UInt8(ascii: ";") {
      bytes = bytes.lowerBound..<bytes.upperBound - 1
    }
    walk.actions.append(
      ExtractedAction(action: action, range: context.range(bytes), pushedOnly: pushedOnly))
  }

  private mutating func note(_ statement: ScanStatement, _ context: CodeContext, _ what: String) {
    note(context.range(statement.firstTokenRange), what)
  }

  private mutating func note(_ range: SourceRange, _ what: String) {
    guard reported.insert(range).inserted else { return }
    unresolved.append(AppModel.Unresolved(range: range, what: what))
  }

  // MARK: - Delegates

  /// `nil` → none, `self` or an app object → what its `gestureRecognizerShouldBegin`
  /// answers, a value saved from the same property → system.
  func delegateValue(_ written: ScanExpr, _ context: CodeContext) -> GestureDelegate? {
    // `(id)self`, `self as UIGestureRecognizerDelegate`: the object is the same.
    let value = written.uncast
    if value.isNil { return GestureDelegate.none }
    if context.isSelf(value) {
      return context.selfClass.flatMap { ShouldBeginEvaluation.delegate(ofClass: $0, in: classes) }
    }
    if isSavedDelegate(value, context) { return .system }
    if let name = resolver.viewControllerClass(of: value, in: context) {
      return ShouldBeginEvaluation.delegate(ofClass: name, in: classes)
    }
    return nil
  }

  /// Whether `value` holds what `interactivePopGestureRecognizer.delegate` held: a local or a
  /// property of the class assigned from it.
  private func isSavedDelegate(_ value: ScanExpr, _ context: CodeContext) -> Bool {
    let name: String
    if let identifier = value.identifierName {
      if let local = context.locals[identifier] { return Self.readsDelegate(local) }
      name = identifier
    } else if let (base, member) = value.member, base?.isSelf == true {
      name = member
    } else {
      return false
    }
    guard let selfClass = context.selfClass else { return false }
    for owner in classes.owners(from: selfClass) {
      guard let entry = classes[owner] else { continue }
      for (property, _) in entry.properties where property.name == name {
        if let initializer = property.initializer, Self.readsDelegate(initializer) { return true }
      }
      for (method, _) in entry.methods {
        var saved = false
        forEachStatement(in: method.body ?? []) { statement, _ in
          guard case .assignment(let target, let source, nil) = statement.kind,
            Self.readsDelegate(source)
          else { return }
          let targetName =
            target.identifierName ?? (target.member?.base?.isSelf == true ? target.memberName : nil)
          if targetName == name { saved = true }
        }
        if saved { return true }
      }
    }
    return false
  }

  /// `….interactivePopGestureRecognizer.delegate`.
  private static func readsDelegate(_ expression: ScanExpr) -> Bool {
    expression.uncast.isMember(
      UIKitVocabulary.delegateProperties,
      of: { $0.names([UIKitVocabulary.popGestureRecognizer]) })
  }
}
