import NavRulesCompiler

/// Tests of the stack's depth in app code: `navigationController.viewControllers.count > 1`
/// and its equivalents, which become `on EVENT if pushed` (docs/scan.md#what-becomes-what).
enum StackDepthTest {
  /// What a condition says about where the screen stands, when it says exactly that.
  enum Position: Equatable {
    /// True exactly when the screen is not the root at depth 1.
    case pushed
    /// True exactly at the root.
    case root

    var negated: Position { self == .pushed ? .root : .pushed }
  }

  /// The position the first condition that is a depth test tests for, if any: `if a, count > 1`.
  static func position(of conditions: [ScanCondition]) -> Position? {
    for condition in conditions {
      if case .expression(let expression) = condition.kind,
        let position = position(of: expression)
      {
        return position
      }
    }
    return nil
  }

  /// The position a condition holds at, or nil when it is not a depth test.
  static func position(of expression: ScanExpr) -> Position? {
    switch expression.kind {
    case .prefix("!", let operand):
      return position(of: operand)?.negated
    case .binary("&&", let lhs, let rhs):
      // `pushed && other` runs its body only when pushed; `other` counts as true
      // (docs/scan.md#what-becomes-what, conditions).
      let left = position(of: lhs)
      let right = position(of: rhs)
      if let left, let right { return left == right ? left : nil }
      return left ?? right
    case .binary(let op, let lhs, let rhs):
      return comparison(op, lhs, rhs)
    default:
      return nil
    }
  }

  private static func comparison(_ op: String, _ lhs: ScanExpr, _ rhs: ScanExpr) -> Position? {
    if isStackCount(lhs), let limit = rhs.integerValue {
      return position { count in compare(count, op, limit) }
    }
    if isStackCount(rhs), let limit = lhs.integerValue {
      return position { count in compare(limit, op, count) }
    }
    // `stack.first == self`, `self !== stack.first`.
    let equal = ["==", "==="].contains(op)
    let notEqual = ["!=", "!=="].contains(op)
    guard equal || notEqual else { return nil }
    if (isStackFirst(lhs) && rhs.isSelf) || (isStackFirst(rhs) && lhs.isSelf) {
      return equal ? .root : .pushed
    }
    return nil
  }

  /// The position at which `holds(count)` is true for a stack of `count` screens, if it is
  /// exactly one of the two.
  private static func position(_ holds: (Int) -> Bool) -> Position? {
    let atRoot = holds(1)
    let deeper = (2...12).map(holds)
    guard deeper.allSatisfy({ $0 == deeper[0] }), deeper[0] != atRoot else { return nil }
    return atRoot ? .root : .pushed
  }

  private static func compare(_ left: Int, _ op: String, _ right: Int) -> Bool {
    switch op {
    case ">": left > right
    case ">=": left >= right
    case "<": left < right
    case "<=": left <= right
    case "==", "===": left == right
    case "!=", "!==": left != right
    default: false
    }
  }

  /// `….viewControllers.count`, `(… ?? 0)`, `[….viewControllers count]`, `children.count`.
  static func isStackCount(_ expression: ScanExpr) -> Bool {
    switch expression.kind {
    case .binary("??", let lhs, _):
      return isStackCount(lhs)
    case .member(let base, let name) where UIKitVocabulary.countNames.contains(name):
      return base.map(isStack) ?? false
    case .call(let callee, let arguments, _) where arguments.isEmpty:
      return callee.isMember(UIKitVocabulary.countNames, of: isStack)
    default:
      return false
    }
  }

  /// `….viewControllers.first`, `[….viewControllers firstObject]`.
  static func isStackFirst(_ expression: ScanExpr) -> Bool {
    switch expression.kind {
    case .member(let base, let name) where UIKitVocabulary.firstNames.contains(name):
      return base.map(isStack) ?? false
    case .call(let callee, let arguments, _) where arguments.isEmpty:
      return callee.isMember(UIKitVocabulary.firstNames, of: isStack)
    default:
      return false
    }
  }

  /// `viewControllers`, `x.viewControllers`, `children`.
  private static func isStack(_ expression: ScanExpr) -> Bool {
    if let name = expression.identifierName { return UIKitVocabulary.stackNames.contains(name) }
    return expression.isMember(UIKitVocabulary.stackNames)
  }
}
