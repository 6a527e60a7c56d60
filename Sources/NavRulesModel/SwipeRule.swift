/// When UIKit lets the interactive pop gesture begin (docs/model.md#when-a-swipe-can-begin).
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
    case .allow, .intercept, .interceptTaps: break
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

  /// Whether `recognizer` can begin a swipe on the top screen of a stack of `depth` screens.
  ///
  /// The edge recognizer follows the state hooks write (see
  /// `canBegin(depth:gestureEnabled:delegate:declarativePolicyAllows:)`). The content
  /// recognizer of iOS 26 keeps its own `isEnabled` and delegate, which no hook touches: it
  /// begins as the edge one would with the gesture enabled and the system delegate.
  public static func canBegin(
    _ recognizer: PopRecognizer,
    depth: Int,
    gestureEnabled: Bool,
    delegate: GestureDelegate,
    declarativePolicyAllows: Bool
  ) -> Bool {
    guard recognizer.followsHookState else {
      return canBegin(
        depth: depth, gestureEnabled: true, delegate: .system,
        declarativePolicyAllows: declarativePolicyAllows)
    }
    return canBegin(
      depth: depth, gestureEnabled: gestureEnabled, delegate: delegate,
      declarativePolicyAllows: declarativePolicyAllows)
  }

  /// Whether, on iOS 26 and later, the content swipe pops a top screen whose edge swipe the
  /// hook state stops: the gesture is disabled or the delegate blocks, while the screen's
  /// declarative policy lets a swipe begin (`content-swipe-bypass`).
  public static func contentSwipeBypassesHookState(
    depth: Int,
    gestureEnabled: Bool,
    delegate: GestureDelegate,
    declarativePolicyAllows: Bool
  ) -> Bool {
    func begins(_ recognizer: PopRecognizer) -> Bool {
      canBegin(
        recognizer, depth: depth, gestureEnabled: gestureEnabled, delegate: delegate,
        declarativePolicyAllows: declarativePolicyAllows)
    }
    return !begins(.edge) && begins(.content)
  }
}
