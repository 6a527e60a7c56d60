import SwiftUI

/// The snippet copied to bring the swipe back after `navigationBarBackButtonHidden(true)`,
/// without its `viewControllers.count > 1` guard: a swipe on the stack's first screen then
/// hangs the next push.
extension UINavigationController: @retroactive UIGestureRecognizerDelegate {
    override open func viewDidLoad() {
        super.viewDidLoad()
        interactivePopGestureRecognizer?.delegate = self  // expect: error root-pop
    }
}
