import NavRulesCompiler

/// An expression, in one shape for both languages.
///
/// Normalizations, so extraction matches one form:
/// - Objective-C message sends are calls of a member: `[r pushViewController:vc animated:YES]`
///   is `call(member(r, "pushViewController"), [(nil, vc), ("animated", true)])`, `[r sel]` is
///   `call(member(r, "sel"), [])`, `[[X alloc] init]` is
///   `call(member(call(member(X, "alloc"), []), "init"), [])`.
/// - Optional chaining and forced unwrapping are dropped: `a?.b`, `a!.b` and `a.b` are all
///   `member(a, "b")`; Objective-C dot syntax `a.b` and `a->b` too.
/// - `true`, `YES`, `TRUE` are `boolean(true)`; `false`, `NO`, `FALSE` `boolean(false)`; `nil`,
///   `Nil`, `NULL` `nilLiteral`. `self`, `super` and `Self` are identifiers.
/// - Parentheses around one expression, `try`, `await`, Objective-C boxing `@(…)` and generic
///   arguments (`X<T>(…)` is a call of `X`) are dropped; the range still covers them.
/// - `X.self` and Objective-C `[X class]` are `typeReference(X)`.
/// - Adjacent C string literals are one string.
public struct ScanExpr: Sendable {
  public enum Kind: Sendable {
    /// A name, including `self`, `super`, `Self`, `_` and `$0`; backticks removed.
    case identifier(String)
    /// `base.name`; a nil base is Swift's implicit member `.name`.
    indirect case member(base: ScanExpr?, name: String)
    /// `callee(arguments) { trailing closures }`. A C function call has an identifier callee.
    indirect case call(
      callee: ScanExpr, arguments: [ScanArgument], trailingClosures: [ScanArgument])
    indirect case `subscript`(base: ScanExpr, arguments: [ScanArgument])
    case boolean(Bool)
    case nilLiteral
    /// The number's source text (`1_000`, `0.3`, `2.0f`).
    case number(String)
    /// The decoded text of a string literal (escapes resolved; Swift interpolations kept as
    /// their source text `\(…)`).
    case string(String)
    case array([ScanExpr])
    case dictionary([ScanDictionaryEntry])
    /// Comparison, logical, `??`, arithmetic, bitwise, range and custom infix operators, and
    /// assignments inside expressions (`=`, `+=`): Objective-C's, and Swift's in parentheses
    /// (`c ? (x = v) : ()`).
    indirect case binary(operator: String, lhs: ScanExpr, rhs: ScanExpr)
    /// `!x`, `-x`, `&x`, `*p`, `~x`, `++i`.
    indirect case prefix(operator: String, operand: ScanExpr)
    /// `i++`, `i--` and custom postfix operators (not Swift's `?` and `!`, which are dropped).
    indirect case postfix(operator: String, operand: ScanExpr)
    indirect case ternary(condition: ScanExpr, then: ScanExpr, else: ScanExpr)
    /// `e as! T`, `e as? T`, `e as T`, `e is T`, Objective-C `(T *)e`.
    indirect case cast(ScanExpr, kind: ScanCastKind, type: String)
    /// A Swift closure or an Objective-C block: its parameters' names and its statements.
    case closure(parameters: [String], body: [ScanStatement])
    /// `#selector(foo(_:))` → `foo(_:)`; `@selector(foo:)` → `foo:` (the text inside).
    case selector(String)
    /// `\Type.path` → `Type.path`; `#keyPath(Type.path)` → `Type.path`.
    case keyPath(String)
    /// `(a, b)`, `(x: 1)`, `()`: a tuple; one unlabeled element in parentheses is not a tuple.
    case tuple([ScanArgument])
    /// `X.self`, `[X class]`.
    indirect case typeReference(ScanExpr)
    /// Something the reader does not model (a regex, `sizeof`, a Swift `if` expression, a
    /// piece of a broken statement).
    case unknown
  }

  public var kind: Kind
  public var range: Range<Int>
  /// How many expression levels this one holds (1 for a leaf, closures included): the readers
  /// keep it bounded so that no structure is too deep to walk or free.
  let height: Int

  public init(_ kind: Kind, range: Range<Int>) {
    self.kind = kind
    self.range = range
    self.height = Self.height(of: kind)
  }

  private static func height(of kind: Kind) -> Int {
    switch kind {
    case .identifier, .boolean, .nilLiteral, .number, .string, .closure, .selector, .keyPath,
      .unknown:
      return 1
    case .member(let base, _): return (base?.height ?? 0) + 1
    case .call(let callee, let arguments, let trailingClosures):
      return max(callee.height, tallest(arguments), tallest(trailingClosures)) + 1
    case .subscript(let base, let arguments): return max(base.height, tallest(arguments)) + 1
    case .array(let elements): return elements.reduce(0) { max($0, $1.height) } + 1
    case .dictionary(let entries):
      return entries.reduce(0) { max($0, $1.key.height, $1.value.height) } + 1
    case .binary(_, let lhs, let rhs): return max(lhs.height, rhs.height) + 1
    case .prefix(_, let operand), .postfix(_, let operand): return operand.height + 1
    case .ternary(let condition, let then, let otherwise):
      return max(condition.height, then.height, otherwise.height) + 1
    case .cast(let operand, _, _): return operand.height + 1
    case .tuple(let elements): return tallest(elements) + 1
    case .typeReference(let type): return type.height + 1
    }
  }

  private static func tallest(_ arguments: [ScanArgument]) -> Int {
    arguments.reduce(0) { max($0, $1.value.height) }
  }
}

/// An argument of a call or subscript, or a tuple element.
public struct ScanArgument: Sendable {
  /// `animated` in `f(x, animated: true)` and `[r f:x animated:YES]`; nil for none.
  public var label: String?
  public var value: ScanExpr

  public init(label: String?, value: ScanExpr) {
    self.label = label
    self.value = value
  }
}

/// `key: value` in a dictionary literal.
public struct ScanDictionaryEntry: Sendable {
  public var key: ScanExpr
  public var value: ScanExpr

  public init(key: ScanExpr, value: ScanExpr) {
    self.key = key
    self.value = value
  }
}

public enum ScanCastKind: String, Hashable, Sendable {
  /// `as!`
  case forced
  /// `as?`
  case conditional
  /// `as`
  case coercion
  /// `is`
  case check
  /// Objective-C `(T *)e`
  case cStyle
}
