import NavRulesCompiler

/// A property: Swift `var`/`let` (stored, computed or observed, `lazy`, `static`) in a type
/// or at file scope, or an Objective-C `@property`.
public struct ScannedProperty: Sendable {
  public var name: String
  public var nameRange: Range<Int>
  /// From the first modifier or keyword to the end of the declaration.
  public var range: Range<Int>
  /// The written type (`UINavigationController`, `UIButton *`), if any.
  public var typeText: String?
  /// `= expression` (a `lazy var x = { … }()` initializer is a call of a closure).
  public var initializer: ScanExpr?
  /// `let` (Swift); `readonly` is not tracked in Objective-C.
  public var isConstant: Bool
  public var isLazy: Bool
  public var isStatic: Bool
  public var isOverride: Bool
  /// Getters, setters and observers, in source order; empty for stored properties.
  public var accessors: [ScannedMethod]

  public init(
    name: String, nameRange: Range<Int>, range: Range<Int>, typeText: String? = nil,
    initializer: ScanExpr? = nil, isConstant: Bool = false, isLazy: Bool = false,
    isStatic: Bool = false, isOverride: Bool = false, accessors: [ScannedMethod] = []
  ) {
    self.name = name
    self.nameRange = nameRange
    self.range = range
    self.typeText = typeText
    self.initializer = initializer
    self.isConstant = isConstant
    self.isLazy = isLazy
    self.isStatic = isStatic
    self.isOverride = isOverride
    self.accessors = accessors
  }
}
