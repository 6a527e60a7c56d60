/// `screen NAME { … }`: what a rule file declares about one view controller type.
///
/// Optional fields are `nil` when the rule file does not declare them; the navigator's value or
/// UIKit's default then applies (see `RuleBook.appearance(of:in:)` and `RuleBook.popGesture(of:in:)`).
public struct ScreenRule: Hashable, Sendable {
  /// The name as declared in the rule file.
  public var name: String
  /// The `UIViewController` subclass that shows this screen (`class`, else the screen's name).
  public var className: String
  /// The title text (`title`).
  public var title: String?
  /// The screen's own title attributes (`titleStyle`).
  public var titleStyle: TitleStyleRule?
  public var back: BackPolicy
  /// The screen's own swipe policy; `nil` inherits the navigator's.
  public var popGesture: PopGesturePolicy?
  public var navigationBar: BarVisibility
  public var leftBarButton: LeftBarButton
  /// The screens it can push, in declaration order.
  public var pushes: [ScreenID]
  /// The navigators it presents modally, in declaration order.
  public var presents: [NavigatorID]
  /// Its `on EVENT { … }` hooks, in declaration order.
  public var hooks: [HookRule]
  /// Its `barAppearance` declarations, at most one per slot.
  public var barAppearances: [BarAppearanceRule]

  public init(
    name: String,
    className: String,
    title: String?,
    titleStyle: TitleStyleRule?,
    back: BackPolicy,
    popGesture: PopGesturePolicy?,
    navigationBar: BarVisibility,
    leftBarButton: LeftBarButton,
    pushes: [ScreenID],
    presents: [NavigatorID],
    hooks: [HookRule],
    barAppearances: [BarAppearanceRule] = []
  ) {
    self.name = name
    self.className = className
    self.title = title
    self.titleStyle = titleStyle
    self.back = back
    self.popGesture = popGesture
    self.navigationBar = navigationBar
    self.leftBarButton = leftBarButton
    self.pushes = pushes
    self.presents = presents
    self.hooks = hooks
    self.barAppearances = barAppearances
  }

  /// The actions that run at `event` on an instance that is, or is not, its navigator's root
  /// at depth 1 (the bottom of the stack), in declaration order.
  public func actions(at event: LifecycleEvent, isRootAtDepthOne: Bool) -> [HookAction] {
    var actions: [HookAction] = []
    for hook in hooks
    where hook.event == event && hook.condition.holds(isRootAtDepthOne: isRootAtDepthOne) {
      actions += hook.actions
    }
    return actions
  }
}

/// `on EVENT { ACTION… }` or `on EVENT if pushed { ACTION… }`.
public struct HookRule: Hashable, Sendable {
  public var event: LifecycleEvent
  /// When the actions run: always, or only when the screen is pushed.
  public var condition: HookCondition
  public var actions: [HookAction]

  public init(event: LifecycleEvent, condition: HookCondition = .always, actions: [HookAction]) {
    self.event = event
    self.condition = condition
    self.actions = actions
  }
}
