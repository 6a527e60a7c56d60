#if canImport(UIKit)
  import UIKit

  /// The interactive pop gesture's delegate, owned by `RulesNavigationController` for as long
  /// as it lives. It asks the policy core in `gestureRecognizerShouldBegin`, the public method
  /// every iOS calls, so it depends neither on `gestureRecognizer(_:shouldReceive:)` nor on the
  /// private method iOS 13.4 moved UIKit's own checks to.
  @MainActor
  final class PopGestureDelegate: NSObject, UIGestureRecognizerDelegate {
    weak var controller: RulesNavigationController?

    init(controller: RulesNavigationController) {
      self.controller = controller
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
      controller?.swipeShouldBegin() ?? false
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch)
      -> Bool
    {
      true
    }
  }
#endif
