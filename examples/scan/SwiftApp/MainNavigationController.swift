import UIKit

/// The app's one navigation controller.
///
/// It takes over the swipe-back so that it also works on screens with a custom back button, and
/// it refuses the swipe on the root itself: the `viewControllers.count > 1` guard is what keeps
/// a swipe on the root from hanging the next push (navrc reads it as `guarded`: clean).
///
/// It also asks the top screen before a back tap pops, through `BackButtonHandler`; a screen
/// that answers declares `back intercept` in navrc's model.
final class MainNavigationController: UINavigationController, UIGestureRecognizerDelegate,
    UINavigationBarDelegate
{
    override func viewDidLoad() {
        super.viewDidLoad()
        interactivePopGestureRecognizer?.delegate = self
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        return viewControllers.count > 1
    }

    func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool {
        if let handler = topViewController as? BackButtonHandler, !handler.shouldPopOnBackButton() {
            return false
        }
        popViewController(animated: true)
        return false
    }
}

protocol BackButtonHandler {
    func shouldPopOnBackButton() -> Bool
}
