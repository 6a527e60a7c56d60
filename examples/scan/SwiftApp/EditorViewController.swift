import UIKit

/// Seed 000's trap: the back button asks before leaving, but the navigation controller's
/// guarded delegate lets a swipe-back begin anyway, and the swipe never asks.
final class EditorViewController: UIViewController, BackButtonHandler {
    private var hasChanges = false

    func shouldPopOnBackButton() -> Bool {  // expect: error back-bypass
        return !hasChanges
    }
}
