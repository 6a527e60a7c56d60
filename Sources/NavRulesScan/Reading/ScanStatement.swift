import NavRulesCompiler

/// A statement of a method body, a closure or a block, in either language.
///
/// Objective-C maps onto the same cases: `if (a && b) x; else { … }` is an `ifStatement`, a
/// single-statement body is a one-element list, `@autoreleasepool {}` and a bare `{}` are
/// `block`s, `Type *x = e;` is a `declaration`.
public struct ScanStatement: Sendable {
  public enum Kind: Sendable {
    case expression(ScanExpr)
    /// `target = value`; `compoundOperator` is `+=`, `-=`, … for compound assignments and nil
    /// for `=`.
    case assignment(target: ScanExpr, value: ScanExpr, compoundOperator: String?)
    /// A local `let`/`var` (or Objective-C variable); one per name when several are declared
    /// together.
    case declaration(ScanDeclaration)
    /// `else if` is an `ifStatement` alone in `else`.
    case ifStatement(conditions: [ScanCondition], then: [ScanStatement], else: [ScanStatement]?)
    case guardStatement(conditions: [ScanCondition], else: [ScanStatement])
    case switchStatement(subject: ScanExpr, cases: [ScanSwitchCase])
    case returnStatement(ScanExpr?)
    /// `for`, `while`, `repeat`/`do … while`: the header is not kept.
    case loop(body: [ScanStatement])
    /// Swift `do {}` and each `catch {}` (a statement each), Objective-C `@try`/`@catch`/
    /// `@finally`, `@autoreleasepool {}`, `@synchronized (x) {}`, a bare `{ … }`.
    case block(body: [ScanStatement])
    case deferStatement(body: [ScanStatement])
    /// Anything else: `throw`, `break`, a local function or type, and code the reader cannot
    /// parse, which is skipped from its first token to the end of the enclosing block.
    case other
  }

  public var kind: Kind
  /// From the first token to the last.
  public var range: Range<Int>
  /// The first token, where a diagnostic about the statement points.
  public var firstTokenRange: Range<Int>

  public init(_ kind: Kind, range: Range<Int>, firstTokenRange: Range<Int>) {
    self.kind = kind
    self.range = range
    self.firstTokenRange = firstTokenRange
  }
}

/// A local variable: Swift `let x = e`, `var x: T`, Objective-C `UIViewController *x = e;`,
/// `__weak typeof(self) weakSelf = self;`. Tuple patterns are `.other` statements.
public struct ScanDeclaration: Sendable {
  public var name: String
  public var nameRange: Range<Int>
  /// The written type (`T`, `UIViewController *`, `typeof(self)`), if any.
  public var typeText: String?
  public var initializer: ScanExpr?
  /// Swift `let`; Objective-C `const` is not tracked.
  public var isConstant: Bool

  public init(
    name: String, nameRange: Range<Int>, typeText: String? = nil, initializer: ScanExpr? = nil,
    isConstant: Bool = false
  ) {
    self.name = name
    self.nameRange = nameRange
    self.typeText = typeText
    self.initializer = initializer
    self.isConstant = isConstant
  }
}

/// One `case …:` or `default:` of a switch, with its statements.
public struct ScanSwitchCase: Sendable {
  /// The patterns (`.a`, `.b` in `case .a, .b:`; `1` in C `case 1:`); a pattern that is not an
  /// expression (`let x`, `.some(let x)`) is `.unknown` or holds one. Empty for `default`.
  public var patterns: [ScanExpr]
  public var isDefault: Bool
  public var body: [ScanStatement]
  public var range: Range<Int>

  public init(
    patterns: [ScanExpr], isDefault: Bool, body: [ScanStatement], range: Range<Int>
  ) {
    self.patterns = patterns
    self.isDefault = isDefault
    self.body = body
    self.range = range
  }
}

/// One condition of an `if`, `guard` or `while` (Swift lists them with commas; an Objective-C
/// `if (…)` has one expression condition).
public struct ScanCondition: Sendable {
  public enum Kind: Sendable {
    case expression(ScanExpr)
    /// `let x = e`, `var x = e`; the shorthand `if let x` has `value` `x`.
    case optionalBinding(name: String, value: ScanExpr, isVariable: Bool)
    /// `case .a = e`, `case let .some(x) = e`: the pattern's source text and the value.
    case patternMatch(pattern: String, value: ScanExpr)
    /// `#available(iOS 14, *)` or `#unavailable(…)`: the whole source text.
    case availability(String)
  }

  public var kind: Kind
  public var range: Range<Int>

  public init(_ kind: Kind, range: Range<Int>) {
    self.kind = kind
    self.range = range
  }
}
