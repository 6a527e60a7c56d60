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
  ///   delegate and the runtime both agree. Why a wrapper and not a failure requirement:
  ///   docs/runtime.md, "The content swipe's delegate".
  @MainActor
  final class PopGestureDelegate: NSObject, UIGestureRecognizerDelegate {
    weak var controller: RulesNavigationController?
    let recognizer: PopRecognizer
    /// Whether selectors this class does not implement go to UIKit's delegate (content only).
    private nonisolated let forwardsEverything: Bool
    /// UIKit's delegate. Held strongly: a recognizer's `delegate` is weak, so once it points
    /// at the wrapper nothing else may keep UIKit's object alive, and its failure requirements
    /// with scroll views would go with it. (Weakly only when it is the navigation controller
    /// itself, which owns the wrapper.)
    private nonisolated(unsafe) let original: (any UIGestureRecognizerDelegate)?
    private nonisolated(unsafe) weak var originalController: (any UIGestureRecognizerDelegate)?

    init(
      controller: RulesNavigationController, recognizer: PopRecognizer,
      wrapping original: (any UIGestureRecognizerDelegate)?
    ) {
      self.controller = controller
      self.recognizer = recognizer
      self.forwardsEverything = !recognizer.followsHookState
      let isController = original.map { $0 === controller } ?? false
      self.original = isController ? nil : original
      self.originalController = isController ? original : nil
      super.init()
    }

    /// UIKit's delegate, however it is held.
    private nonisolated var uikitDelegate: (any UIGestureRecognizerDelegate)? {
      original ?? originalController
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
      // UIKit's delegate first for the content gesture: it has no side effects, while the
      // runtime may ask a `back intercept` view controller.
      if forwardsEverything,
        uikitDelegate?.gestureRecognizerShouldBegin?(gestureRecognizer) == false
      {
        return false
      }
      return controller?.swipeShouldBegin(recognizer) ?? false
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch)
      -> Bool
    {
      guard forwardsEverything else { return true }
      return uikitDelegate?.gestureRecognizer?(gestureRecognizer, shouldReceive: touch) ?? true
    }

    func gestureRecognizer(
      _ gestureRecognizer: UIGestureRecognizer,
      shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer
    ) -> Bool {
      uikitDelegate?.gestureRecognizer?(gestureRecognizer, shouldRecognizeSimultaneouslyWith: other)
        ?? false
    }

    func gestureRecognizer(
      _ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf other: UIGestureRecognizer
    ) -> Bool {
      uikitDelegate?.gestureRecognizer?(gestureRecognizer, shouldRequireFailureOf: other) ?? false
    }

    func gestureRecognizer(
      _ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy other: UIGestureRecognizer
    ) -> Bool {
      uikitDelegate?.gestureRecognizer?(gestureRecognizer, shouldBeRequiredToFailBy: other) ?? false
    }

    // The content gesture's other questions (presses, events, UIKit's private methods) go to
    // UIKit's delegate as they are.

    nonisolated override func responds(to aSelector: Selector!) -> Bool {
      if super.responds(to: aSelector) { return true }
      return forwardsEverything && uikitDelegate?.responds(to: aSelector) == true
    }

    nonisolated override func forwardingTarget(for aSelector: Selector!) -> Any? {
      if forwardsEverything, let uikitDelegate, uikitDelegate.responds(to: aSelector) {
        return uikitDelegate
      }
      return super.forwardingTarget(for: aSelector)
    }
  }
#endif
