/// The gesture recognizers that start a swipe-back, and which of them the navigator-wide state
/// that hooks write reaches.
///
/// Every iOS has the edge recognizer, `interactivePopGestureRecognizer` (a swipe from the
/// leading edge). iOS 26 adds a second one over the whole content area,
/// `interactiveContentPopGestureRecognizer`, with its own `isEnabled` and its own delegate.
/// Hooks keep UIKit's meaning: `popGesture enabled`/`disabled` sets the edge recognizer's
/// `isEnabled` and `popGestureDelegate …` replaces the edge recognizer's delegate, so neither
/// reaches the content recognizer. From iOS 26 on, a hook that disabled the gesture, or a
/// blocking delegate, no longer stops a swipe-back: the content swipe pops the screen anyway,
/// under UIKit's own rule for it (the top screen's declarative policy, never at the root).
public enum PopRecognizer: String, CaseIterable, Hashable, Sendable {
  /// `interactivePopGestureRecognizer`: a swipe from the leading edge.
  case edge
  /// `interactiveContentPopGestureRecognizer`: a horizontal pan anywhere in the content.
  case content

  /// The first major iOS version that has the recognizer.
  public var introducedInIOS: Int {
    switch self {
    case .edge: 7
    case .content: 26
    }
  }

  /// Whether hook actions (`popGesture enabled`/`disabled`, `popGestureDelegate …`) govern
  /// it. They write `interactivePopGestureRecognizer`'s `isEnabled` and delegate only.
  public var followsHookState: Bool { self == .edge }

  /// The recognizers that can start a swipe-back on a major iOS version.
  public static func available(inIOS major: Int) -> [PopRecognizer] {
    allCases.filter { $0.introducedInIOS <= major }
  }
}
