/// When UIKit lets the interactive pop gesture begin (§4 of the language contract).
public enum SwipeRule {
  /// Whether the top screen's declarative rules let a swipe begin under the system delegate.
  ///
  /// `barHidden` is the navigator's state at the moment of the swipe, not the screen's
  /// declared visibility: a hook may have changed it.
  public static func declarativePolicyAllows(
    back: BackPolicy,
    popGesture: PopGesturePolicy,
    leftBarButton: LeftBarButton,
    barHidden: Bool
  ) -> Bool {
    switch back {
    case .block, .confirm: return false
    case .allow, .intercept: break
    }
    switch popGesture {
    case .disabled: return false
    case .forced: return true
    case .system, .enabled: return !barHidden && leftBarButton == .none
    }
  }

  /// Whether a swipe can begin on the top screen of a stack of `depth` screens.
  ///
  /// - Parameter declarativePolicyAllows: the top screen's verdict under the system delegate
  ///   (see `declarativePolicyAllows(back:popGesture:leftBarButton:barHidden:)`).
  public static func canBegin(
    depth: Int,
    gestureEnabled: Bool,
    delegate: GestureDelegate,
    declarativePolicyAllows: Bool
  ) -> Bool {
    guard gestureEnabled, depth >= 1 else { return false }
    if depth == 1 { return delegate.allowsSwipeAtRoot }
    switch delegate {
    case .none, .viewController, .guarded: return true
    case .block: return false
    case .system: return declarativePolicyAllows
    }
  }
}
