import NavRulesCompiler
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
      let body = method.body
    else {
      // No answer of its own: UIKit's default for a delegate is to allow.
      return .viewController
    }
    return delegate(answering: body).delegate
  }

  /// What a `gestureRecognizerShouldBegin` whose body is `body` answers, and how many
  /// statements the walk looked at (`ShouldBeginEvaluationTests` holds it to the bound).
  ///
  /// Bound: every path shares the statements still to follow (`Continuation`), so entering a
  /// block or a branch costs O(1) whatever follows it; each of the at most `branchBudget`
  /// branchings starts one more path over the rest of the method, so the walk looks at
  /// O(`branchBudget` × statements) and holds O(nesting) memory. (Copying `body + rest` at
  /// each block made 10,000 blocks before a `return` take 7.3 GB.)
  static func delegate(answering body: [ScanStatement]) -> (
    delegate: GestureDelegate?, statementsWalked: Int
  ) {
    var body = body
    // `func …() -> Bool { viewControllers.count > 1 }`: an implicit return.
    if body.count == 1, case .expression(let value) = body[0].kind {
      body = [
        ScanStatement(
          .returnStatement(value), range: body[0].range, firstTokenRange: body[0].firstTokenRange)
      ]
    }
    var walker = Walker()
    let answers = walker.walk(body[...], then: nil, Answers(), root: true, pushed: true)
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
  private final class Continuation {
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

  private struct Walker {
    var budget = branchBudget
    var statementsWalked = 0

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
          let (rootAnswer, pushedAnswer) = ShouldBeginEvaluation.answers(value)
          if root, answers.root == nil { answers.root = rootAnswer }
          if pushed, answers.pushed == nil { answers.pushed = pushedAnswer }
          return answers
        case .ifStatement(let conditions, let then, let otherwise):
          if let position = StackDepthTest.position(of: conditions) {
            // Each side takes one branch, then goes on.
            let thenSide = walk(
              then[...], then: rest, answers, root: root && position != .pushed,
              pushed: pushed && position != .root)
            let elseSide = walk(
              (otherwise ?? [])[...], then: rest, answers, root: root && position != .root,
              pushed: pushed && position != .pushed)
            return Answers(
              root: position == .pushed ? elseSide.root : thenSide.root,
              pushed: position == .root ? elseSide.pushed : thenSide.pushed)
          }
          if conditions.contains(where: ShouldBeginEvaluation.isRecognizerTest) {
            (statements, continuation) = (then[...], rest)
            continue
          }
          budget -= 1
          guard budget > 0 else { return Answers(root: .unknown, pushed: .unknown) }
          let thenSide = walk(then[...], then: rest, answers, root: root, pushed: pushed)
          let elseSide = walk(
            (otherwise ?? [])[...], then: rest, answers, root: root, pushed: pushed)
          return Answers(
            root: ShouldBeginEvaluation.merge(thenSide.root, elseSide.root),
            pushed: ShouldBeginEvaluation.merge(thenSide.pushed, elseSide.pushed))
        case .guardStatement(let conditions, let otherwise):
          switch StackDepthTest.position(of: conditions) {
          case .pushed?:
            answers = walk(otherwise[...], then: nil, answers, root: root, pushed: false)
            root = false
          case .root?:
            answers = walk(otherwise[...], then: nil, answers, root: false, pushed: pushed)
            pushed = false
          case nil:
            break  // The guard holds; its `else` is not taken.
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
  fileprivate static func isRecognizerTest(_ condition: ScanCondition) -> Bool {
    guard case .expression(let expression) = condition.kind,
      case .binary(let op, let lhs, let rhs) = expression.kind, op == "==" || op == "==="
    else { return false }
    let names = { (side: ScanExpr) in side.names([UIKitVocabulary.popGestureRecognizer]) }
    return names(lhs) || names(rhs)
  }

  fileprivate static func answers(_ value: ScanExpr?) -> (root: Answer, pushed: Answer) {
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
