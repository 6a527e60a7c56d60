import UIKit

/// Seed 004's trap: title attributes set in viewWillAppear are lost when Back is tapped from the
/// comments (they survive a swipe, which makes the bug look random).
final class ArticleViewController: UIViewController {
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        navigationController?.navigationBar.titleTextAttributes = [  // expect: warning title-lost-on-back
            .foregroundColor: UIColor.systemBlue,
            .font: UIFont.systemFont(ofSize: 17, weight: .semibold),
        ]
    }

    @objc private func openComments() {
        navigationController?.pushViewController(CommentsViewController(), animated: true)
    }
}

final class CommentsViewController: UIViewController {}
