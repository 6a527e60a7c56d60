import UIKit

/// The gallery's fix for the freeze: the gesture goes off in viewDidAppear, after any swipe has
/// finished, and back on in viewWillDisappear. On iOS 26 the content swipe still pops the
/// screen (content-swipe-bypass); the suppression below says the team knows, and
/// `popGesture disabled` in a rule file is the way to stop both gestures.
final class SettingsViewController: UIViewController {
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        // navrc:disable-next-line content-swipe-bypass
        navigationController?.interactivePopGestureRecognizer?.isEnabled = false
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        navigationController?.interactivePopGestureRecognizer?.isEnabled = true
    }

    @objc private func openLicenses() {
        navigationController?.pushViewController(LicensesViewController(), animated: true)
    }
}

final class LicensesViewController: UITableViewController {}
