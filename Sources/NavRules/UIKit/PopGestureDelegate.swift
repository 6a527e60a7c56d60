#if canImport(UIKit)
  import UIKit

  /// The delegate of a pop gesture, owned by `RulesNavigationController` for as long as it
  /// lives: the edge gesture (`interactivePopGestureRecognizer`) or iOS 26's content gesture
  /// (`interactiveContentPopGestureRecognizer`). It wraps the delegate UIKit had given the
  /// recognizer and asks the policy core in `gestureRecognizerShouldBegin`, the public method
  /// every iOS calls.
  ///
  /// - Edge: the runtime decides instead of UIKit's own checks (root, hidden bar, custom left
  ///   button), which `popGesture forced` overrides: it depends neither on
  ///   `gestureRecognizer(_:shouldReceive:)` nor on the private method iOS 13.4 moved those
  ///   checks to. UIKit's delegate still answers the public questions about other recognizers
  ///   (simultaneous recognition and failure requirements with scroll views).
  /// - Content: UIKit's delegate keeps everything (its own conditions, its private methods, its
  ///   failure requirements with scroll views), and the gesture begins only when UIKit's
  ///   delegate and the runtime both agree.
  @MainActor
  final class PopGestureDelegate: NSObject, UIGestureRecognizerDelegate {
    weak var controller: RulesNavigationController?
    let recognizer: PopRecognizer
    /// Whether selectors this class does not implement go to UIKit's delegate (content only).
    private nonisolated let forwardsEverything: Bool
    /// UIKit's delegate (the navigation controller's own objects keep it alive).
    private nonisolated(unsafe) weak var original: (any UIGestureRecognizerDelegate)?

    init(
      controller: RulesNavigationController, recognizer: PopRecognizer,
      wrapping original: (any UIGestureRecognizerDelegate)?
    ) {
      self.controller = controller
      self.recognizer = recognizer
      self.forwardsEverything = !recognizer.followsHookState
      self.original = original
      super.init()
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
      // UIKit's delegate first for the content gesture: it has no side effects, while the
      // runtime may ask a `back intercept` view controller.
      if forwardsEverything, original?.gestureRecognizerShouldBegin?(gestureRecognizer) == false {
        return false
      }
      return controller?.swipeShouldBegin(recognizer) ?? false
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch)
      -> Bool
    {
      guard forwardsEverything else { return true }
      return original?.gestureRecognizer?(gestureRecognizer, shouldReceive: touch) ?? true
    }

    func gestureRecognizer(
      _ gestureRecognizer: UIGestureRecognizer,
      shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer
    ) -> Bool {
      original?.gestureRecognizer?(gestureRecognizer, shouldRecognizeSimultaneouslyWith: other)
        ?? false
    }

    func gestureRecognizer(
      _ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf other: UIGestureRecognizer
    ) -> Bool {
      original?.gestureRecognizer?(gestureRecognizer, shouldRequireFailureOf: other) ?? false
    }

    func gestureRecognizer(
      _ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy other: UIGestureRecognizer
    ) -> Bool {
      original?.gestureRecognizer?(gestureRecognizer, shouldBeRequiredToFailBy: other) ?? false
    }

    // The content gesture's other questions (presses, events, UIKit's private methods) go to
    // UIKit's delegate as they are.

    nonisolated override func responds(to aSelector: Selector!) -> Bool {
      if super.responds(to: aSelector) { return true }
      return forwardsEverything && original?.responds(to: aSelector) == true
    }

    nonisolated override func forwardingTarget(for aSelector: Selector!) -> Any? {
      if forwardsEverything, let original, original.responds(to: aSelector) { return original }
      return super.forwardingTarget(for: aSelector)
    }
  }
#endif
