import NavRulesCompiler
import NavRulesModel

/// What an object's `gestureRecognizerShouldBegin` answers, so `delegate = self` (or another
/// app object) becomes `self`, `guarded` or `block` (docs/scan.md#what-becomes-what).
///
/// The method's paths are followed separately for a screen at the root and a pushed one. On
/// each side a condition is true, false or unknown: a depth test is known there, a test that
/// the recognizer is the interactive pop gesture holds (it is the one asking), `!`, `&&` and
/// `||` combine them, anything else is unknown. A known condition takes one branch; an
/// unknown one is followed both ways, and a side whose answers differ is unknown (so `return
/// count > 1 && allowSwipe` is unknown when pushed, not `guarded`). A `guard` whose condition
/// is unknown holds (its `else` is the exceptional path). The first `return` on a path
/// decides it; a body that is one expression returns it. A returned call of a method of the
/// class (`return self.allowsSwipe()`, or a computed property) is answered by the method an
/// instance of the class dispatches to, followed one level: subclasses override it.
enum ShouldBeginEvaluation {
  /// An answer on one side.
  enum Answer: Equatable {
    case allow
    case deny
    case unknown
  }

  /// The answers at the root and when pushed; nil while a path has not returned.
  fileprivate struct Answers: Equatable {
    var root: Answer?
    var pushed: Answer?
  }

  /// How many branchings a method may have before its answer is taken as unknown.
  private static let branchBudget = 64

  /// The delegate an object of `className` stands for; nil when its answer is not one of
  /// the three (then the write is left out of the model and counted as unresolved).
  static func delegate(ofClass className: String, in classes: ClassTable) -> GestureDelegate? {
    guard
      let (method, file, _) = classes.method(
        UIKitVocabulary.shouldBeginMethod, dispatchedFrom: className),
      let body = method.body
    else {
      // No answer of its own: UIKit's default for a delegate is to allow.
      return .viewController
    }
    // An answer that pops the screen itself (`popViewController(animated:)`, then `return
    // false`: stakwork/sphinx-ios's chat screen) refuses the gesture yet leaves the screen:
    // neither `block` nor `self` says what a swipe does.
    if file.mentions(popWords, in: method.range) { return nil }
    return delegate(answering: body, of: (className, classes)).delegate
  }

  /// `popViewController(animated:)`, `popToViewController(_:animated:)`,
  /// `popToRootViewController(animated:)`, and their Objective-C spellings.
  private static let popWords = [Array("popViewController".utf8), Array("popTo".utf8)]

  /// What a `gestureRecognizerShouldBegin` whose body is `body` answers, and how many
  /// statements the walk looked at (`ShouldBeginEvaluationTests` holds it to the bound).
  ///
  /// Bound: every path shares the statements still to follow (`Continuation`), so entering a
  /// block or a branch costs O(1) whatever follows it; each of the at most `branchBudget`
  /// branchings starts one more path over the rest of the method, so the walk looks at
  /// O(`branchBudget` × statements) and holds O(nesting) memory. (Copying `body + rest` at
  /// each block made memory quadratic in the blocks: docs/robustness.md.)
  /// `owner` is the delegate's class, whose methods a `return` may call.
  static func delegate(
    answering body: [ScanStatement], of owner: (className: String, classes: ClassTable)? = nil
  ) -> (delegate: GestureDelegate?, statementsWalked: Int) {
    var walker = Walker(owner: owner)
    let answers = walker.answers(of: body)
    let delegate: GestureDelegate?
    switch (answers.root ?? .allow, answers.pushed ?? .allow) {
    case (.allow, .allow): delegate = .viewController
    case (.deny, .deny): delegate = .block
    case (.deny, .allow): delegate = .guarded
    default: delegate = nil
    }
    return (delegate, walker.statementsWalked)
  }

  /// The statements a path follows once the current list ends: the rest of each enclosing
  /// list, innermost first, shared by every path that goes on there.
  fileprivate final class Continuation {
    let statements: ArraySlice<ScanStatement>
    let next: Continuation?

    init(_ statements: ArraySlice<ScanStatement>, then next: Continuation?) {
      self.statements = statements
      self.next = next
    }

    /// `statements` then `next`, without a node for an empty list.
    static func make(_ statements: ArraySlice<ScanStatement>, then next: Continuation?)
      -> Continuation?
    {
      statements.isEmpty ? next : Continuation(statements, then: next)
    }
  }

  fileprivate struct Walker {
    var budget = branchBudget
    var statementsWalked = 0
    let owner: (className: String, classes: ClassTable)?
    /// Whether the walk is in a method a `return` called (which is not followed further).
    var inCalledMethod = false
    /// The answers of the methods `return`s called, by name: each is walked once.
    var calledAnswers: [String: Answers] = [:]

    init(owner: (className: String, classes: ClassTable)?) {
      self.owner = owner
    }

    /// The answers of a whole method body.
    mutating func answers(of body: [ScanStatement]) -> Answers {
      var body = body
      // `func …() -> Bool { viewControllers.count > 1 }`: an implicit return.
      if body.count == 1, case .expression(let value) = body[0].kind {
        body = [
          ScanStatement(
            .returnStatement(value), range: body[0].range,
            firstTokenRange: body[0].firstTokenRange)
        ]
      }
      return walk(body[...], then: nil, Answers(), root: true, pushed: true)
    }

    /// Follows `statements`, then `continuation`, on the sides still open.
    mutating func walk(
      _ statements: ArraySlice<ScanStatement>, then continuation: Continuation?,
      _ answers: Answers, root: Bool, pushed: Bool
    ) -> Answers {
      var answers = answers
      var root = root
      var pushed = pushed
      var statements = statements
      var continuation = continuation
      while (root && answers.root == nil) || (pushed && answers.pushed == nil) {
        guard let statement = statements.first else {
          guard let next = continuation else { break }
          (statements, continuation) = (next.statements, next.next)
          continue
        }
        statementsWalked += 1
        let rest = Continuation.make(statements.dropFirst(), then: continuation)
        statements = statements.dropFirst()
        switch statement.kind {
        case .returnStatement(let value):
          if root, answers.root == nil { answers.root = answer(of: value, atRoot: true) }
          if pushed, answers.pushed == nil { answers.pushed = answer(of: value, atRoot: false) }
          return answers
        case .ifStatement(let conditions, let then, let otherwise):
          let atRoot = root ? ShouldBeginEvaluation.truth(of: conditions, atRoot: true) : nil
          let whenPushed = pushed ? ShouldBeginEvaluation.truth(of: conditions, atRoot: false) : nil
          let thenOpen = (root: root && atRoot != false, pushed: pushed && whenPushed != false)
          let elseOpen = (root: root && atRoot != true, pushed: pushed && whenPushed != true)
          // Every open side takes the same branch: go on there.
          if !elseOpen.root && !elseOpen.pushed {
            (statements, continuation) = (then[...], rest)
            continue
          }
          if !thenOpen.root && !thenOpen.pushed {
            (statements, continuation) = ((otherwise ?? [])[...], rest)
            continue
          }
          if (root && atRoot == nil) || (pushed && whenPushed == nil) {
            budget -= 1
            guard budget > 0 else { return Answers(root: .unknown, pushed: .unknown) }
          }
          let thenSide = walk(
            then[...], then: rest, answers, root: thenOpen.root, pushed: thenOpen.pushed)
          let elseSide = walk(
            (otherwise ?? [])[...], then: rest, answers, root: elseOpen.root,
            pushed: elseOpen.pushed)
          let pick = { (open: Bool, truth: Bool?, then: Answer?, other: Answer?, kept: Answer?) in
            guard open else { return kept }
            switch truth {
            case true?: return then
            case false?: return other
            case nil: return ShouldBeginEvaluation.merge(then, other)
            }
          }
          return Answers(
            root: pick(root, atRoot, thenSide.root, elseSide.root, answers.root),
            pushed: pick(pushed, whenPushed, thenSide.pushed, elseSide.pushed, answers.pushed))
        case .guardStatement(let conditions, let otherwise):
          // An unknown condition holds: its `else` is the exceptional path.
          let rootFails = root && ShouldBeginEvaluation.truth(of: conditions, atRoot: true) == false
          let pushedFails =
            pushed && ShouldBeginEvaluation.truth(of: conditions, atRoot: false) == false
          if rootFails || pushedFails {
            answers = walk(
              otherwise[...], then: nil, answers, root: rootFails, pushed: pushedFails)
            if rootFails { root = false }
            if pushedFails { pushed = false }
          }
        case .block(let body):
          (statements, continuation) = (body[...], rest)
        case .switchStatement, .loop, .expression, .assignment, .declaration, .deferStatement,
          .other:
          break
        }
      }
      return answers
    }
  }

  fileprivate static func merge(_ first: Answer?, _ second: Answer?) -> Answer? {
    first == second ? first : .unknown
  }

  /// `gestureRecognizer == navigationController?.interactivePopGestureRecognizer` (or `===`,
  /// either order): the delegate asks about the pop gesture, which it is.
  fileprivate static func isRecognizerTest(_ expression: ScanExpr) -> Bool {
    guard case .binary(let op, let lhs, let rhs) = expression.kind, op == "==" || op == "==="
    else { return false }
    let names = { (side: ScanExpr) in side.names([UIKitVocabulary.popGestureRecognizer]) }
    return names(lhs) || names(rhs)
  }

  /// The value of a list of conditions (all must hold) on one side, when it is known there.
  fileprivate static func truth(of conditions: [ScanCondition], atRoot: Bool) -> Bool? {
    var result: Bool? = true
    for condition in conditions {
      guard case .expression(let expression) = condition.kind else {
        result = nil
        continue
      }
      switch truth(of: expression, atRoot: atRoot) {
      case false?: return false
      case true?: break
      case nil: result = nil
      }
    }
    return result
  }

  /// The value of a condition on one side: a literal, a depth test, a test that the asking
  /// recognizer is the pop gesture, and `!`, `&&`, `||` of them; nil for anything else.
  fileprivate static func truth(of expression: ScanExpr, atRoot: Bool) -> Bool? {
    if let boolean = expression.booleanValue { return boolean }
    if isRecognizerTest(expression) { return true }
    switch expression.kind {
    case .prefix("!", let operand):
      return truth(of: operand, atRoot: atRoot).map { !$0 }
    case .binary("&&", let lhs, let rhs):
      let (left, right) = (truth(of: lhs, atRoot: atRoot), truth(of: rhs, atRoot: atRoot))
      if left == false || right == false { return false }
      return left == true && right == true ? true : nil
    case .binary("||", let lhs, let rhs):
      let (left, right) = (truth(of: lhs, atRoot: atRoot), truth(of: rhs, atRoot: atRoot))
      if left == true || right == true { return true }
      return left == false && right == false ? false : nil
    default:
      switch StackDepthTest.position(of: expression) {
      case .pushed?: return !atRoot
      case .root?: return atRoot
      case nil: return nil
      }
    }
  }
}

extension ShouldBeginEvaluation.Walker {
  /// What a returned value answers on one side.
  fileprivate mutating func answer(of value: ScanExpr?, atRoot: Bool)
    -> ShouldBeginEvaluation
    .Answer
  {
    guard let value else { return .unknown }
    if let known = ShouldBeginEvaluation.truth(of: value, atRoot: atRoot) {
      return known ? .allow : .deny
    }
    // `return allowsSwipe()`, `return self.allowsSwipe`: what the class's method answers.
    guard !inCalledMethod, let (name, body) = calledBody(value.uncast) else { return .unknown }
    if calledAnswers[name] == nil {
      inCalledMethod = true
      calledAnswers[name] = answers(of: body)
      inCalledMethod = false
    }
    let answers = calledAnswers[name]
    return (atRoot ? answers?.root : answers?.pushed) ?? .allow
  }

  /// The name and body of the method or computed property of the delegate's class that
  /// `value` calls or reads on `self`, as an instance of the class dispatches it.
  private func calledBody(_ value: ScanExpr) -> (String, [ScanStatement])? {
    guard let (className, classes) = owner else { return nil }
    let selfMember = { (expression: ScanExpr) -> String? in
      expression.identifierName
        ?? (expression.member?.base?.isSelf == true ? expression.memberName : nil)
    }
    if let (callee, arguments) = value.call {
      guard arguments.isEmpty, let name = selfMember(callee), name != "self",
        let body = classes.method(name, labels: [], dispatchedFrom: className)?.method.body
      else { return nil }
      return (name, body)
    }
    guard let name = selfMember(value), name != "self",
      let (property, _) = classes.property(name, of: className),
      property.initializer == nil, property.accessors.count == 1,
      let body = property.accessors[0].body
    else { return nil }
    return (name, body)
  }
}
