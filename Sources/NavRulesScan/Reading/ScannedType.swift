import NavRulesCompiler

/// A type declaration: a Swift class, struct, enum, actor, protocol or extension, or an
/// Objective-C `@interface` (class, category or class extension), `@implementation` or
/// `@protocol`.
public struct ScannedType: Sendable {
  public enum Kind: String, Hashable, Sendable {
    case `class`
    case `struct`
    case `enum`
    case actor
    case `protocol`
    case `extension`
    /// `@interface A : B <P>`, `@interface A (Category)`, `@interface A ()`.
    case objcInterface
    /// `@implementation A`, `@implementation A (Category)`.
    case objcImplementation
    /// `@protocol P <Q>`.
    case objcProtocol
  }

  public var kind: Kind
  /// The simple name (`Inner` for `Outer.Inner`); for a Swift extension of a nested type
  /// (`extension Outer.Inner`) the last component, with the others in `enclosingTypeNames`.
  public var name: String
  public var nameRange: Range<Int>
  /// From the declaration's keyword to its closing `}` or `@end` (or where reading stopped).
  public var range: Range<Int>
  /// The names of the types this one is nested in, outermost first.
  public var enclosingTypeNames: [String]
  /// Swift: the inheritance clause in written order (the first may be the superclass or a
  /// protocol; the reader cannot tell). Objective-C: the superclass, then the protocols.
  public var inheritedTypes: [ScannedTypeName]
  /// Objective-C: the written superclass. Swift classes: the first inherited type, which may
  /// be a protocol; nil for other kinds.
  public var superclass: ScannedTypeName?
  /// Objective-C: the protocols in `<…>`. Swift: empty (see `inheritedTypes`).
  public var protocols: [ScannedTypeName]
  /// Objective-C categories: the category's name, `""` for a class extension `()`; nil for a
  /// class's own `@interface` / `@implementation`, and in Swift.
  public var categoryName: String?
  public var nestedTypes: [ScannedType]
  /// Methods, initializers, `deinit` and subscripts, in source order. Property accessors are
  /// in `properties`.
  public var methods: [ScannedMethod]
  /// Stored and computed properties (Swift), `@property` declarations (Objective-C).
  public var properties: [ScannedProperty]

  public init(
    kind: Kind, name: String, nameRange: Range<Int>, range: Range<Int>,
    enclosingTypeNames: [String] = [], inheritedTypes: [ScannedTypeName] = [],
    superclass: ScannedTypeName? = nil, protocols: [ScannedTypeName] = [],
    categoryName: String? = nil, nestedTypes: [ScannedType] = [], methods: [ScannedMethod] = [],
    properties: [ScannedProperty] = []
  ) {
    self.kind = kind
    self.name = name
    self.nameRange = nameRange
    self.range = range
    self.enclosingTypeNames = enclosingTypeNames
    self.inheritedTypes = inheritedTypes
    self.superclass = superclass
    self.protocols = protocols
    self.categoryName = categoryName
    self.nestedTypes = nestedTypes
    self.methods = methods
    self.properties = properties
  }

  /// `Outer.Inner`.
  public var qualifiedName: String {
    (enclosingTypeNames + [name]).joined(separator: ".")
  }
}

/// A type named in an inheritance clause or an Objective-C protocol list.
public struct ScannedTypeName: Hashable, Sendable {
  /// The name as written without generic arguments or spaces: `UIViewController`,
  /// `UIKit.UINavigationController`, `Base` for `Base<Int>`.
  public var name: String
  public var range: Range<Int>

  public init(name: String, range: Range<Int>) {
    self.name = name
    self.range = range
  }

  /// The last dotted component: `UINavigationController` for `UIKit.UINavigationController`.
  public var simpleName: String {
    name.split(separator: ".").last.map(String.init) ?? name
  }
}
