import NavRulesCompiler

/// A method, initializer, `deinit`, subscript, free function or property accessor, in either
/// language.
///
/// Names are kept in one shape for both languages so extraction can match a Swift
/// `navigationBar(_:shouldPop:)` and an Objective-C `navigationBar:shouldPopItem:` alike: a
/// base name and one argument label per parameter, nil where there is no label.
///
/// | declaration | `baseName` | `argumentLabels` |
/// |---|---|---|
/// | `func viewWillAppear(_ animated: Bool)` | `viewWillAppear` | `[nil]` |
/// | `- (void)viewWillAppear:(BOOL)animated` | `viewWillAppear` | `[nil]` |
/// | `func navigationBar(_ b: UINavigationBar, shouldPop item: UINavigationItem)` | `navigationBar` | `[nil, "shouldPop"]` |
/// | `- (BOOL)navigationBar:(UINavigationBar *)b shouldPopItem:(UINavigationItem *)i` | `navigationBar` | `[nil, "shouldPopItem"]` |
/// | `init(coder: NSCoder)` | `init` | `["coder"]` |
/// | `- (instancetype)initWithNibName:(NSString *)n bundle:(NSBundle *)b` | `initWithNibName` | `[nil, "bundle"]` |
/// | `- (void)viewDidLoad` / `func viewDidLoad()` | `viewDidLoad` | `[]` |
///
/// An Objective-C selector's first piece is the base name and its argument has no label; each
/// further piece labels its argument (an empty piece, `foo::`, is nil).
public struct ScannedMethod: Sendable {
  public enum Kind: String, Hashable, Sendable {
    case function
    /// Swift `init`; Objective-C instance methods named `init` or `initWith…`.
    case initializer
    case deinitializer
    case `subscript`
    /// Property accessors (in `ScannedProperty.accessors`); a computed property without
    /// `get {}` has one `getter`.
    case getter
    case setter
    case willSet
    case didSet
    /// `_read`, `_modify`, `unsafeAddress` and the like.
    case otherAccessor
  }

  public var kind: Kind
  /// The name before the parameters; `init`, `deinit`, `subscript`; an operator's symbol;
  /// an Objective-C selector's first piece; for accessors, the property's name.
  public var baseName: String
  /// One per parameter, nil for none (`_`, or an Objective-C first or empty piece).
  public var argumentLabels: [String?]
  /// The parameters' local names, one per parameter (`_` when there is none).
  public var parameterNames: [String]
  /// The parameters' written types, one per parameter, nil where none is written or read
  /// (Swift: the text after the colon, without a default; Objective-C: the text in the
  /// parentheses before the name).
  public var parameterTypes: [String?]
  public var isOverride: Bool
  /// Swift `static` or `class`; Objective-C `+`.
  public var isStatic: Bool
  /// Swift `private` or `fileprivate`.
  public var isPrivate: Bool
  /// The written return type, without the arrow (Objective-C: the text in the parentheses).
  public var returnType: String?
  public var nameRange: Range<Int>
  /// From the first modifier or keyword (Objective-C: the `-` or `+`) to the end of the body
  /// or declaration.
  public var range: Range<Int>
  /// The statements of the body; nil for a declaration without one (a protocol requirement,
  /// an Objective-C header).
  public var body: [ScanStatement]?

  public init(
    kind: Kind, baseName: String, argumentLabels: [String?] = [], parameterNames: [String] = [],
    parameterTypes: [String?] = [], isOverride: Bool = false, isStatic: Bool = false,
    isPrivate: Bool = false,
    returnType: String? = nil, nameRange: Range<Int>, range: Range<Int>,
    body: [ScanStatement]? = nil
  ) {
    self.kind = kind
    self.baseName = baseName
    self.argumentLabels = argumentLabels
    self.parameterNames = parameterNames
    self.parameterTypes = parameterTypes
    self.isOverride = isOverride
    self.isStatic = isStatic
    self.isPrivate = isPrivate
    self.returnType = returnType
    self.nameRange = nameRange
    self.range = range
    self.body = body
  }

  public var isInitializer: Bool { kind == .initializer }

  /// Whether the method is named `baseName` with these argument labels, in either language:
  /// a written label matches when it equals the given one or extends it, so
  /// `matches("navigationBar", [nil, "shouldPop"])` holds for Swift's
  /// `navigationBar(_:shouldPop:)` and Objective-C's `navigationBar:shouldPopItem:`.
  public func matches(_ baseName: String, _ labels: [String?]) -> Bool {
    guard self.baseName == baseName, argumentLabels.count == labels.count else { return false }
    for (written, wanted) in zip(argumentLabels, labels) {
      switch (written, wanted) {
      case (nil, nil): continue
      case (let written?, let wanted?) where written.hasPrefix(wanted): continue
      default: return false
      }
    }
    return true
  }

  /// The Swift spelling: `navigationBar(_:shouldPop:)`, `viewDidLoad()`.
  public var swiftName: String {
    baseName + "(" + argumentLabels.map { ($0 ?? "_") + ":" }.joined() + ")"
  }

  /// The Objective-C spelling: `navigationBar:shouldPopItem:`, `viewDidLoad`.
  public var selector: String {
    guard !argumentLabels.isEmpty else { return baseName }
    return baseName + ":" + argumentLabels.dropFirst().map { ($0 ?? "") + ":" }.joined()
  }
}
