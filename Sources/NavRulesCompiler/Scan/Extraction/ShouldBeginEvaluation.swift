import NavRulesModel

/// What an object's `gestureRecognizerShouldBegin` answers, so `delegate = self` (or another
/// app object) becomes `self`, `guarded` or `block` (§7).
///
/// The method's returns are followed in order, separately for a screen at the root and a
/// pushed one: a return under a depth test only counts where the test holds; any other
/// condition counts as true, as everywhere in the scanner. The first return met on each side
/// decides it.
struct ShouldBeginEvaluation {
  /// An answer on one side.
  enum Answer: Equatable {
    case allow
    case deny
    case unknown
  }

  private var atRoot: Answer?
  private var pushed: Answer?

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
    var evaluation = ShouldBeginEvaluation()
    evaluation.walk(body, root: true, pushed: true)
    switch (evaluation.atRoot ?? .allow, evaluation.pushed ?? .allow) {
    case (.allow, .allow): return .viewController
    case (.deny, .deny): return .block
    case (.deny, .allow): return .guarded
    default: return nil
    }
  }

  /// Follows statements on the sides still open (`root`, `pushed`).
  private mutating func walk(_ statements: [ScanStatement], root: Bool, pushed: Bool) {
    var root = root
    var pushed = pushed
    for statement in statements {
      guard (root && atRoot == nil) || (pushed && self.pushed == nil) else { return }
      switch statement.kind {
      case .returnStatement(let value):
        answer(value, root: root, pushed: pushed)
        return
      case .ifStatement(let conditions, let then, let otherwise):
        let position = Self.position(conditions)
        walk(
          then, root: root && position != .pushed, pushed: pushed && position != .root)
        walk(
          otherwise ?? [], root: root && position != .root, pushed: pushed && position != .pushed)
      case .guardStatement(let conditions, let otherwise):
        let position = Self.position(conditions)
        walk(
          otherwise, root: root && position != .pushed, pushed: pushed && position != .root)
        // After the guard, its condition holds.
        if position == .pushed { root = false }
        if position == .root { pushed = false }
      case .switchStatement(_, let cases):
        for switchCase in cases { walk(switchCase.body, root: root, pushed: pushed) }
      case .block(let body), .loop(let body):
        walk(body, root: root, pushed: pushed)
      case .expression, .assignment, .declaration, .deferStatement, .other:
        continue
      }
    }
  }

  private static func position(_ conditions: [ScanCondition]) -> StackDepthTest.Position? {
    for condition in conditions {
      if case .expression(let expression) = condition.kind,
        let position = StackDepthTest.position(of: expression)
      {
        return position
      }
    }
    return nil
  }

  private mutating func answer(_ value: ScanExpr?, root: Bool, pushed: Bool) {
    let (rootAnswer, pushedAnswer) = Self.answers(value)
    if root, atRoot == nil { atRoot = rootAnswer }
    if pushed, self.pushed == nil { self.pushed = pushedAnswer }
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
