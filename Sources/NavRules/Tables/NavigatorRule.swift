/// `navigator NAME { … }`: the rules of one `UINavigationController`.
public struct NavigatorRule: Hashable, Sendable {
  /// The name as declared in the rule file.
  public var name: String
  /// The screen at the bottom of the stack.
  public var root: ScreenID
  /// The title attributes of screens that declare none; also applied at launch.
  public var titleStyle: TitleStyleRule?
  /// The swipe policy of screens that declare none (`system` when not declared).
  public var popGesture: PopGesturePolicy
  /// How long, in milliseconds, repeated back taps are ignored after one was acted on.
  public var backDebounceMilliseconds: Double
  /// The navigation controller's own `on viewDidLoad` hooks, run at launch before the root
  /// screen's, in declaration order.
  public var hooks: [HookRule]
  /// The `barAppearance` declarations of screens that declare none for a slot.
  public var barAppearances: [BarAppearanceRule]

  public init(
    name: String,
    root: ScreenID,
    titleStyle: TitleStyleRule?,
    popGesture: PopGesturePolicy,
    backDebounceMilliseconds: Double,
    hooks: [HookRule] = [],
    barAppearances: [BarAppearanceRule] = []
  ) {
    self.name = name
    self.root = root
    self.titleStyle = titleStyle
    self.popGesture = popGesture
    self.backDebounceMilliseconds = backDebounceMilliseconds
    self.hooks = hooks
    self.barAppearances = barAppearances
  }
}
