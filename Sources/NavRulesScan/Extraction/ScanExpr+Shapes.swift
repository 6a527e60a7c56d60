import NavRulesCompiler

/// The shapes the extraction asks expressions about, in one place.
extension ScanExpr {
  /// `name` for a plain identifier.
  var identifierName: String? {
    if case .identifier(let name) = kind { name } else { nil }
  }

  /// `(base, name)` for `base.name` (a nil base is Swift's implicit `.name`).
  var member: (base: ScanExpr?, name: String)? {
    if case .member(let base, let name) = kind { (base, name) } else { nil }
  }

  /// The member's name, for `base.name`.
  var memberName: String? { member?.name }

  /// `(callee, arguments)` for a call; trailing closures come after the arguments.
  var call: (callee: ScanExpr, arguments: [ScanArgument])? {
    guard case .call(let callee, let arguments, let trailing) = kind else { return nil }
    return (callee, arguments + trailing)
  }

  /// `(receiver, method, arguments)` for `receiver.method(…)` and `[receiver method:…]`.
  var methodCall: (receiver: ScanExpr?, name: String, arguments: [ScanArgument])? {
    guard let (callee, arguments) = call, let (base, name) = callee.member else { return nil }
    return (base, name, arguments)
  }

  /// `(receiver, method, arguments)` for a method call, `receiver` nil when it is `self`
  /// written or not: `show(vc, sender: nil)` (an implicit `self`), `self.show(…)`,
  /// `[self show:…]`, `nav.pushViewController(…)`.
  var methodCallOnAnyReceiver: (receiver: ScanExpr?, name: String, arguments: [ScanArgument])? {
    guard let (callee, arguments) = call else { return nil }
    if let name = callee.identifierName { return (nil, name, arguments) }
    guard let (base, name) = callee.member, let base else { return nil }
    return (base.isSelf ? nil : base, name, arguments)
  }

  /// Whether the expression names a property `names`, of `self` or not: `x`, `self.x`,
  /// `other.x` (the base unchecked).
  func names(_ candidates: Set<String>) -> Bool {
    if let name = identifierName { return candidates.contains(name) }
    return isMember(candidates)
  }

  /// Whether the expression is `self` (a call on `self` may also be written without it).
  var isSelf: Bool { identifierName == "self" }

  /// The expression without casts around it: `(x as? T)` is `x` here.
  var uncast: ScanExpr {
    var expression = self
    while case .cast(let inner, _, _) = expression.kind { expression = inner }
    return expression
  }

  /// Whether the expression is `base.name` with `name` one of `names`, and `base` (when
  /// given) satisfying `base`.
  func isMember(_ names: Set<String>, of base: ((ScanExpr) -> Bool)? = nil) -> Bool {
    guard let (memberBase, name) = member, names.contains(name) else { return false }
    guard let base else { return true }
    return memberBase.map(base) ?? false
  }

  /// `boolean` for `true`/`false`/`YES`/`NO`.
  var booleanValue: Bool? {
    if case .boolean(let value) = kind { value } else { nil }
  }

  var isNil: Bool {
    if case .nilLiteral = kind { true } else { false }
  }

  /// The integer value of a number literal.
  var integerValue: Int? {
    guard case .number(let text) = kind else { return nil }
    return Int(text.replacing("_", with: ""))
  }

  /// Every expression inside this one, itself first, closures' statements excluded.
  func forEachSubexpression(_ body: (ScanExpr) -> Void) {
    var pending = [self]
    while let expression = pending.popLast() {
      body(expression)
      switch expression.kind {
      case .member(let base, _): if let base { pending.append(base) }
      case .call(let callee, let arguments, let trailing):
        pending.append(callee)
        pending += (arguments + trailing).map(\.value)
      case .subscript(let base, let arguments):
        pending.append(base)
        pending += arguments.map(\.value)
      case .array(let elements): pending += elements
      case .dictionary(let entries): pending += entries.flatMap { [$0.key, $0.value] }
      case .binary(_, let lhs, let rhs): pending += [lhs, rhs]
      case .prefix(_, let operand), .postfix(_, let operand): pending.append(operand)
      case .ternary(let condition, let then, let otherwise):
        pending += [condition, then, otherwise]
      case .cast(let operand, _, _): pending.append(operand)
      case .tuple(let elements): pending += elements.map(\.value)
      case .typeReference(let type): pending.append(type)
      case .identifier, .boolean, .nilLiteral, .number, .string, .closure, .selector, .keyPath,
        .unknown:
        break
      }
    }
  }

  /// The closures written inside this expression (as arguments or trailing closures).
  var closures: [[ScanStatement]] {
    var bodies: [[ScanStatement]] = []
    forEachSubexpression { expression in
      if case .closure(_, let body) = expression.kind { bodies.append(body) }
    }
    return bodies
  }
}

extension ScanStatement {
  /// The expressions the statement holds directly (not those of nested statements).
  var expressions: [ScanExpr] {
    switch kind {
    case .expression(let expression): [expression]
    case .assignment(let target, let value, _): [target, value]
    case .declaration(let declaration): declaration.initializer.map { [$0] } ?? []
    case .ifStatement(let conditions, _, _), .guardStatement(let conditions, _):
      conditions.compactMap(\.expression)
    case .switchStatement(let subject, _): [subject]
    case .returnStatement(let value): value.map { [$0] } ?? []
    case .loop, .block, .deferStatement, .other: []
    }
  }

  /// The statements nested in this one: branches, bodies and cases.
  var nestedBodies: [[ScanStatement]] {
    switch kind {
    case .ifStatement(_, let then, let otherwise): [then] + (otherwise.map { [$0] } ?? [])
    case .guardStatement(_, let otherwise): [otherwise]
    case .switchStatement(_, let cases): cases.map(\.body)
    case .loop(let body), .block(let body), .deferStatement(let body): [body]
    case .expression, .assignment, .declaration, .returnStatement, .other: []
    }
  }
}

extension ScanCondition {
  /// The value tested or bound by the condition.
  var expression: ScanExpr? {
    switch kind {
    case .expression(let expression): expression
    case .optionalBinding(_, let value, _), .patternMatch(_, let value): value
    case .availability: nil
    }
  }
}

/// Visits every expression of a body, subexpressions included, and those of the statements of
/// the closures in it: one walk for the searches that look at every call.
func forEachExpression(in statements: [ScanStatement], _ body: (ScanExpr) -> Void) {
  var pendingStatements = Array(statements.reversed())
  var pendingExpressions: [ScanExpr] = []
  while let statement = pendingStatements.popLast() {
    for nested in statement.nestedBodies.reversed() { pendingStatements += nested.reversed() }
    pendingExpressions += statement.expressions
    while let expression = pendingExpressions.popLast() {
      body(expression)
      switch expression.kind {
      case .member(let base, _): if let base { pendingExpressions.append(base) }
      case .call(let callee, let arguments, let trailing):
        pendingExpressions.append(callee)
        for argument in arguments { pendingExpressions.append(argument.value) }
        for argument in trailing { pendingExpressions.append(argument.value) }
      case .subscript(let base, let arguments):
        pendingExpressions.append(base)
        for argument in arguments { pendingExpressions.append(argument.value) }
      case .array(let elements): pendingExpressions += elements
      case .dictionary(let entries):
        for entry in entries { pendingExpressions += [entry.key, entry.value] }
      case .binary(_, let lhs, let rhs): pendingExpressions += [lhs, rhs]
      case .prefix(_, let operand), .postfix(_, let operand): pendingExpressions.append(operand)
      case .ternary(let condition, let then, let otherwise):
        pendingExpressions += [condition, then, otherwise]
      case .cast(let operand, _, _): pendingExpressions.append(operand)
      case .tuple(let elements):
        for element in elements { pendingExpressions.append(element.value) }
      case .typeReference(let type): pendingExpressions.append(type)
      case .closure(_, let closureBody): pendingStatements += closureBody.reversed()
      case .identifier, .boolean, .nilLiteral, .number, .string, .selector, .keyPath, .unknown:
        break
      }
    }
  }
}

/// Visits every expression of a body, subexpressions and nested statements included, leaving
/// out the code of closures (which runs later, if ever, and maybe with another screen on top).
func forEachExpressionOutsideClosures(in statements: [ScanStatement], _ body: (ScanExpr) -> Void) {
  forEachStatement(in: statements) { statement, insideClosure in
    guard !insideClosure else { return }
    for expression in statement.expressions { expression.forEachSubexpression(body) }
  }
}

/// Walks every statement of a body, nested ones and those of closures included, calling
/// `body` with each and whether it is inside a closure.
func forEachStatement(
  in statements: [ScanStatement], insideClosure: Bool = false,
  _ body: (ScanStatement, _ insideClosure: Bool) -> Void
) {
  var pending: [(ScanStatement, Bool)] = statements.reversed().map { ($0, insideClosure) }
  while let (statement, inClosure) = pending.popLast() {
    body(statement, inClosure)
    var children: [(ScanStatement, Bool)] = []
    for nested in statement.nestedBodies {
      children += nested.map { ($0, inClosure) }
    }
    for expression in statement.expressions {
      for closure in expression.closures {
        children += closure.map { ($0, true) }
      }
    }
    pending += children.reversed()
  }
}

extension SourceFile {
  /// Whether any of `needles` occurs in `range` of the file's bytes: a quick test that lets
  /// the extraction skip code that cannot hold what it looks for, before walking its tree.
  func mentions(_ needles: [[UInt8]], in range: Range<Int>) -> Bool {
    let range = max(0, range.lowerBound)..<min(bytes.count, range.upperBound)
    return bytes.withUnsafeBufferPointer { buffer in
      for needle in needles where !needle.isEmpty && needle.count <= range.count {
        let first = needle[0]
        var index = range.lowerBound
        let last = range.upperBound - needle.count
        while index <= last {
          if buffer[index] == first {
            var matched = 1
            while matched < needle.count, buffer[index + matched] == needle[matched] {
              matched += 1
            }
            if matched == needle.count { return true }
          }
          index += 1
        }
      }
      return false
    }
  }
}
