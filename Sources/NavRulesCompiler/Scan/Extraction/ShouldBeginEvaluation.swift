import NavRulesModel

/// What an object's `gestureRecognizerShouldBegin` answers, so `delegate = self` (or another
/// app object) becomes `self`, `guarded` or `block` (docs/scan.md#what-becomes-what).
///
/// The method's paths are followed separately for a screen at the root and a pushed one. A
/// depth test decides which side a branch is on; a test that the recognizer is the
/// interactive pop gesture holds (it is the one asking); a `guard` holds (its `else` is the
/// exceptional path). Any other `if` may go either way: both ways are followed, and a side
/// whose answers differ is unknown. The first `return` on a path decides it; a body that is
/// one expression returns it.
enum ShouldBeginEvaluation {
  /// An answer on one side.
  enum Answer: Equatable {
    case allow
    case deny
    case unknown
  }

  /// The answers at the root and when pushed; nil while a path has not returned.
  private struct Answers: Equatable {
    var root: Answer?
    var pushed: Answer?
  }

  /// How many branchings a method may have before its answer is taken as unknown.
  private static let branchBudget = 64

  /// The delegate an object of `className` stands for; nil when its answer is not one of
  /// the three (then the write is left out of the model and counted as unresolved).
  static func delegate(ofClass className: String, in classes: ClassTable) -> GestureDelegate? {
    guard
      let (method, _, _) = classes.method(
        UIKitVocabulary.shouldBeginMethod, dispatchedFrom: className),
      var body = method.body
    else {
      // No answer of its own: UIKit's default for a delegate is to allow.
      return .viewController
    }
    // `func …() -> Bool { viewControllers.count > 1 }`: an implicit return.
    if body.count == 1, case .expression(let value) = body[0].kind {
      body = [
        ScanStatement(
          .returnStatement(value), range: body[0].range, firstTokenRange: body[0].firstTokenRange)
      ]
    }
    var budget = branchBudget
    let answers = walk(body[...], Answers(), root: true, pushed: true, budget: &budget)
    switch (answers.root ?? .allow, answers.pushed ?? .allow) {
    case (.allow, .allow): return .viewController
    case (.deny, .deny): return .block
    case (.deny, .allow): return .guarded
    default: return nil
    }
  }

  /// Follows `statements` on the sides still open.
  private static func walk(
    _ statements: ArraySlice<ScanStatement>, _ answers: Answers, root: Bool, pushed: Bool,
    budget: inout Int
  ) -> Answers {
    var answers = answers
    var root = root
    var pushed = pushed
    var index = statements.startIndex
    while index < statements.endIndex {
      guard (root && answers.root == nil) || (pushed && answers.pushed == nil) else { break }
      let statement = statements[index]
      let rest = statements[(index + 1)...]
      switch statement.kind {
      case .returnStatement(let value):
        let (rootAnswer, pushedAnswer) = self.answers(value)
        if root, answers.root == nil { answers.root = rootAnswer }
        if pushed, answers.pushed == nil { answers.pushed = pushedAnswer }
        return answers
      case .ifStatement(let conditions, let then, let otherwise):
        if let position = StackDepthTest.position(of: conditions) {
          // Each side takes one branch, then goes on.
          let thenSide = walk(
            then[...] + rest, answers, root: root && position != .pushed,
            pushed: pushed && position != .root, budget: &budget)
          let elseSide = walk(
            (otherwise ?? [])[...] + rest, answers, root: root && position != .root,
            pushed: pushed && position != .pushed, budget: &budget)
          return Answers(
            root: position == .pushed ? elseSide.root : thenSide.root,
            pushed: position == .root ? elseSide.pushed : thenSide.pushed)
        }
        if conditions.contains(where: isRecognizerTest) {
          return walk(then[...] + rest, answers, root: root, pushed: pushed, budget: &budget)
        }
        budget -= 1
        guard budget > 0 else { return Answers(root: .unknown, pushed: .unknown) }
        let thenSide = walk(then[...] + rest, answers, root: root, pushed: pushed, budget: &budget)
        let elseSide = walk(
          (otherwise ?? [])[...] + rest, answers, root: root, pushed: pushed, budget: &budget)
        return Answers(
          root: merge(thenSide.root, elseSide.root), pushed: merge(thenSide.pushed, elseSide.pushed)
        )
      case .guardStatement(let conditions, let otherwise):
        switch StackDepthTest.position(of: conditions) {
        case .pushed?:
          answers = walk(otherwise[...], answers, root: root, pushed: false, budget: &budget)
          root = false
        case .root?:
          answers = walk(otherwise[...], answers, root: false, pushed: pushed, budget: &budget)
          pushed = false
        case nil:
          break  // The guard holds; its `else` is not taken.
        }
      case .block(let body):
        return walk(body[...] + rest, answers, root: root, pushed: pushed, budget: &budget)
      case .switchStatement, .loop, .expression, .assignment, .declaration, .deferStatement,
        .other:
        break
      }
      index += 1
    }
    return answers
  }

  private static func merge(_ first: Answer?, _ second: Answer?) -> Answer? {
    first == second ? first : .unknown
  }

  /// `gestureRecognizer == navigationController?.interactivePopGestureRecognizer` (or `===`,
  /// either order): the delegate asks about the pop gesture, which it is.
  private static func isRecognizerTest(_ condition: ScanCondition) -> Bool {
    guard case .expression(let expression) = condition.kind,
      case .binary(let op, let lhs, let rhs) = expression.kind, op == "==" || op == "==="
    else { return false }
    let names = { (side: ScanExpr) in side.names([UIKitVocabulary.popGestureRecognizer]) }
    return names(lhs) || names(rhs)
  }

  private static func answers(_ value: ScanExpr?) -> (root: Answer, pushed: Answer) {
    guard let value else { return (.unknown, .unknown) }
    if let boolean = value.booleanValue {
      return boolean ? (.allow, .allow) : (.deny, .deny)
    }
    switch StackDepthTest.position(of: value) {
    case .pushed?: return (.deny, .allow)
    case .root?: return (.allow, .deny)
    case nil: return (.unknown, .unknown)
    }
  }
}
