/// The declarative swipe-back policy of a screen or a navigator (`popGesture …`).
public enum PopGesturePolicy: String, CaseIterable, Hashable, Sendable {
  /// UIKit's rule: not at the root, not with a hidden bar, not with a custom left button.
  case system
  /// The same rule as `system`, stated explicitly.
  case enabled
  /// Never.
  case disabled
  /// Also with a hidden bar or a custom left button, but never at the root.
  case forced
}
