import UIKit

final class FeedViewController: UIViewController {
    @objc private func openArticle() {
        navigationController?.pushViewController(ArticleViewController(), animated: true)
    }

    @objc private func compose() {
        let editor = EditorViewController()
        navigationController?.pushViewController(editor, animated: true)
    }

    @objc private func openGallery() {
        show(GalleryViewController(), sender: self)
    }

    @objc private func openSettings() {
        navigationController?.pushViewController(SettingsViewController(), animated: true)
    }
}
