/// Who answers `gestureRecognizerShouldBegin` for the interactive pop gesture: the navigator-wide
/// `interactivePopGestureRecognizer.delegate`, as a hook sets it (`popGestureDelegate …`).
public enum GestureDelegate: String, CaseIterable, Hashable, Sendable {
  /// `delegate = nil`: nothing refuses, not even at the root.
  case none
  /// `delegate = self` on a view controller that allows every swipe, the root included.
  case viewController = "self"
  /// A replacement that allows every swipe except at the root (`viewControllers.count > 1`).
  case guarded
  /// A replacement whose `gestureRecognizerShouldBegin` returns false.
  case block
  /// The navigation controller's own delegate, which applies UIKit's restrictions.
  case system

  /// An allow-all delegate ignores the top screen's declarative policy.
  public var allowsAll: Bool {
    switch self {
    case .none, .viewController, .guarded: true
    case .block, .system: false
    }
  }

  /// Whether a swipe may begin at the root (depth 1) under this delegate.
  public var allowsSwipeAtRoot: Bool {
    switch self {
    case .none, .viewController: true
    case .guarded, .block, .system: false
    }
  }
}
