/// When the actions of an `on EVENT` hook run (`on EVENT if pushed { … }`).
///
/// Hand-written navigation code guards its riskiest writes with
/// `navigationController.viewControllers.count > 1`: the same base class runs on the root
/// screen, where an allow-all gesture delegate hangs the next push, and on pushed screens,
/// where it is harmless. The condition is about the instance whose hook runs, not its class:
/// a root screen's class pushed again deeper is pushed.
public enum HookCondition: String, CaseIterable, Hashable, Sendable {
  /// Every time the event fires.
  case always
  /// Only when the screen is not its navigator's root at depth 1.
  case pushed

  /// Whether the hook runs for a screen that is, or is not, the root at depth 1.
  public func holds(isRootAtDepthOne: Bool) -> Bool {
    switch self {
    case .always: true
    case .pushed: !isRootAtDepthOne
    }
  }
}
