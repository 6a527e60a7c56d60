import NavRulesCompiler

/// A navigation controller's `navigationBar(_:shouldPop:)` (`navigationBar:shouldPopItem:`) that
/// asks its top view controller through a method, and the screens it really asks: those that reach
/// the method, in a navigator of its class, of the class it casts or tests the top view controller
/// for, where the method can answer `false` (docs/scan.md#what-becomes-what, back interceptors).
struct BackInterceptor {
  /// A method the interceptor calls on the top view controller.
  struct Question: Hashable {
    var method: String
    /// The class the top view controller was cast to or tested for before the call (`as?
    /// Payment`, `isKindOfClass:[Payment class]`, `(Payment *)vc`); nil when any is asked.
    var requiredClass: String?
  }

  /// The navigation controller class that implements it: `UINavigationController` for an
  /// extension or a category, which every navigation controller inherits.
  let navigationClass: String
  let questions: Set<Question>

  /// The interceptors of the app's navigation controller classes.
  static func all(in classes: ClassTable) -> [BackInterceptor] {
    var interceptors: [BackInterceptor] = []
    for navClass in classes.order where classes.isNavigationController(navClass) {
      var questions: Set<Question> = []
      for (method, _) in classes[navClass]?.methods ?? []
      where method.baseName == UIKitVocabulary.shouldPopMethod
        && method.argumentLabels.count == 2
        && method.argumentLabels[1].map(UIKitVocabulary.shouldPopLabels.contains) == true
      {
        var reading = QuestionReading(classes: classes)
        reading.read(method.body ?? [], narrowedTo: nil)
        questions.formUnion(reading.questions)
        // `return checkIfNavigationBarShouldPop(item: item)`: a helper of the navigation
        // controller that asks, read one level down.
        for (name, labels) in reading.ownCalls {
          guard let (helper, _, _) = classes.method(name, labels: labels, dispatchedFrom: navClass),
            let body = helper.body
          else { continue }
          var helperReading = QuestionReading(classes: classes)
          helperReading.read(body, narrowedTo: nil)
          questions.formUnion(helperReading.questions)
        }
      }
      if !questions.isEmpty {
        interceptors.append(BackInterceptor(navigationClass: navClass, questions: questions))
      }
    }
    return interceptors
  }

  /// Whether a navigator of class `navClass` has this interceptor.
  func applies(toNavigatorOfClass navClass: String, _ classes: ClassTable) -> Bool {
    classes.inherits(navClass, from: navigationClass)
  }

  /// The method through which the interceptor asks a screen of class `className`, if it asks
  /// it at all: the screen reaches the method, is of the required class, and the method it
  /// reaches does not always answer `true` (an inherited default that never refuses a pop).
  func askedMethod(ofScreen className: String, _ classes: ClassTable)
    -> (method: ScannedMethod, file: SourceFile, owner: String)?
  {
    for question in questions.sorted(by: {
      ($0.method, $0.requiredClass ?? "") < ($1.method, $1.requiredClass ?? "")
    }) {
      if let required = question.requiredClass, !classes.inherits(className, from: required) {
        continue
      }
      guard let (method, file, owner) = classes.method(question.method, dispatchedFrom: className)
      else { continue }
      if Self.alwaysAnswersTrue(method.body) { continue }
      return (method, file, owner)
    }
    return nil
  }

  /// A body whose every `return` returns the constant `true` (`YES`), with at least one, or
  /// Swift's `{ true }`.
  static func alwaysAnswersTrue(_ body: [ScanStatement]?) -> Bool {
    guard let body else { return false }
    if body.count == 1, case .expression(let value) = body[0].kind {
      return value.booleanValue == true
    }
    var returns = 0
    var allTrue = true
    forEachStatement(in: body) { statement, insideClosure in
      guard !insideClosure, case .returnStatement(let value) = statement.kind else { return }
      returns += 1
      if value?.booleanValue != true { allTrue = false }
    }
    return returns > 0 && allTrue
  }
}

/// Reads a `shouldPop` body for the methods it calls on the top view controller (or checks it
/// responds to), directly or through a local bound to it, and the class it was narrowed to.
private struct QuestionReading {
  let classes: ClassTable
  /// Locals bound to the top view controller, with the class they were cast to.
  var topLocals: [String: String?] = [:]
  var questions: Set<BackInterceptor.Question> = []
  /// The methods called on the navigation controller itself (`helper(…)`, `self.helper(…)`,
  /// `[self helper]`), by name and labels.
  var ownCalls: [(name: String, labels: [String?])] = []

  init(classes: ClassTable) {
    self.classes = classes
  }

  mutating func read(_ statements: [ScanStatement], narrowedTo narrowed: String?) {
    var narrowed = narrowed
    for statement in statements {
      switch statement.kind {
      case .declaration(let declaration):
        if let value = declaration.initializer, let cast = top(value) {
          // `.some(…)`: a bare `??` here would be typed `String??` and never take the right side.
          topLocals[declaration.name] = .some(
            cast ?? declaration.typeText.flatMap(appClass) ?? narrowed)
        }
        ask(statement.expressions, narrowed)
      case .ifStatement(let conditions, let then, let otherwise):
        let tested = bind(conditions, narrowed)
        read(then, narrowedTo: tested ?? narrowed)
        read(otherwise ?? [], narrowedTo: narrowed)
      case .guardStatement(let conditions, let otherwise):
        read(otherwise, narrowedTo: narrowed)
        // What follows a `guard` runs only when its conditions hold.
        narrowed = bind(conditions, narrowed) ?? narrowed
      default:
        ask(statement.expressions, narrowed)
        for body in statement.nestedBodies { read(body, narrowedTo: narrowed) }
      }
    }
  }

  /// Records the conditions' bindings of the top view controller and their calls; returns the
  /// class a condition tests the top view controller for (`top is X`, `isKindOfClass:`).
  private mutating func bind(_ conditions: [ScanCondition], _ narrowed: String?) -> String? {
    var tested: String?
    for condition in conditions {
      switch condition.kind {
      case .optionalBinding(let name, let value, _):
        if let cast = top(value) { topLocals[name] = .some(cast ?? narrowed) }
      case .expression(let expression):
        tested = tested ?? testedClass(expression)
      default:
        break
      }
      if let expression = condition.expression { ask([expression], tested ?? narrowed) }
    }
    return tested
  }

  /// `top is X`, `[top isKindOfClass:[X class]]`, `a && top is X`.
  private func testedClass(_ expression: ScanExpr) -> String? {
    switch expression.kind {
    case .cast(let operand, .check, let type):
      return top(operand) != nil ? appClass(type) : nil
    case .binary("&&", let lhs, let rhs):
      return testedClass(lhs) ?? testedClass(rhs)
    default:
      guard let (receiver, name, arguments) = expression.methodCall, let receiver,
        name == "isKindOfClass" || name == "isMemberOfClass", top(receiver) != nil,
        case .typeReference(let type)? = arguments.first?.value.kind,
        let typeName = type.identifierName
      else { return nil }
      return appClass(typeName)
    }
  }

  /// The calls on the top view controller in `expressions`.
  private mutating func ask(_ expressions: [ScanExpr], _ narrowed: String?) {
    for expression in expressions {
      expression.forEachSubexpression { candidate in
        if let (callee, arguments) = candidate.call,
          let name = callee.identifierName
            ?? (callee.member?.base?.isSelf == true ? callee.memberName : nil),
          name != "super", !ownCalls.contains(where: { $0.name == name })
        {
          ownCalls.append((name, arguments.map(\.label)))
        }
        guard let (receiver, name, arguments) = candidate.methodCall, let receiver,
          let cast = top(receiver)
        else { return }
        let required = cast ?? narrowed
        if name == "respondsToSelector" || name == "responds",
          case .selector(let selector)? = arguments.first?.value.kind
        {
          let method = String(selector.prefix { $0 != ":" && $0 != "(" })
          questions.insert(.init(method: method, requiredClass: required))
        } else if name != "isKindOfClass" && name != "isMemberOfClass" {
          questions.insert(.init(method: name, requiredClass: required))
        }
      }
    }
  }

  /// Whether the expression is the top view controller: `.some(class)` with the app class it
  /// was cast to (or a local's), `.some(nil)` for an uncast one, nil when it is not.
  private func top(_ expression: ScanExpr) -> String?? {
    switch expression.kind {
    case .cast(let inner, let kind, let type) where kind != .check:
      guard let inner = top(inner) else { return nil }
      return .some(appClass(type) ?? inner)
    case .identifier(let name):
      if let local = topLocals[name] { return .some(local) }
      return UIKitVocabulary.topViewControllerNames.contains(name) ? .some(nil) : nil
    default:
      let isTop =
        expression.isMember(UIKitVocabulary.topViewControllerNames)
        || expression.isMember(
          UIKitVocabulary.lastNames, of: { $0.names(UIKitVocabulary.stackNames) })
      return isTop ? .some(nil) : nil
    }
  }

  /// The app class a written type names (`Payment`, `Payment *`); nil for UIKit's, `id` or a
  /// protocol, which any screen may be.
  private func appClass(_ type: String) -> String? {
    guard let name = ClassResolver.className(inType: type), classes[name]?.isDeclared == true
    else { return nil }
    return name
  }
}
