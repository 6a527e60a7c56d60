import UIKit

/// Seed 002's trap: the gesture is disabled in viewWillAppear, which also runs while a swipe back
/// from the photo to the gallery is in flight; the swipe freezes.
final class GalleryViewController: UIViewController {
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        navigationController?.interactivePopGestureRecognizer?.isEnabled = false  // expect: error gesture-deadlock, warning content-swipe-bypass
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        navigationController?.interactivePopGestureRecognizer?.isEnabled = true
    }

    @objc private func open(photo: String) {
        let viewer = PhotoViewController()
        navigationController?.pushViewController(viewer, animated: true)
    }
}

final class PhotoViewController: UIViewController {}
