// swift-format-ignore-file
//
//  HomeViewController.swift
//  Shop
//

import UIKit

/// The first screen: a feed that pushes articles.
@MainActor
final class HomeViewController: UIViewController, UIGestureRecognizerDelegate {
    private let titleAttributes: [NSAttributedString.Key: Any] = [
        .foregroundColor: UIColor.label,
        .font: UIFont.systemFont(ofSize: 17, weight: .semibold),
    ]
    lazy var detailNavigator = UINavigationController(rootViewController: ArticleViewController(id: 1))
    private var isObserving = false {
        didSet { print("observing: \(isObserving ? "}" : "{")") }
    }

    override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }

    init() {
        super.init(nibName: nil, bundle: nil)
        navigationItem.leftBarButtonItem = UIBarButtonItem(
            title: "Menu", style: .plain, target: self, action: #selector(showMenu(_:)))
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Home"
        navigationController?.interactivePopGestureRecognizer?.delegate = self
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        navigationController?.navigationBar.titleTextAttributes = titleAttributes
        if navigationController?.viewControllers.count ?? 0 > 1 {
            navigationController?.interactivePopGestureRecognizer?.isEnabled = false // navrc:disable-line gesture-deadlock
        } else {
            self.navigationController!.setNavigationBarHidden(true, animated: animated)
        }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        guard let navigation = navigationController else { return }
        navigation.interactivePopGestureRecognizer?.isEnabled = true
        switch navigation.viewControllers.count {
        case 1:
            navigation.isNavigationBarHidden = false
        case 2, 3:
            break
        default:
            navigation.navigationBar.isHidden = (navigation.viewControllers.count >= 2)
        }
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        return (navigationController?.viewControllers.count ?? 0) > 1
    }

    @objc private func showMenu(_ sender: Any?) {
        let menu = MenuViewController()
        menu.onSelect = { [weak self] item in
            guard let self else { return }
            let article = ArticleViewController<Int>(id: item.id)
            self.navigationController?.pushViewController(article, animated: true)
        }
        present(UINavigationController(rootViewController: menu), animated: true)
    }

    @IBAction func openSettings() {
        let settings = storyboard?.instantiateViewController(withIdentifier: "Settings") as! SettingsViewController
        navigationController?.pushViewController(settings, animated: true)
        UIView.animate(withDuration: 0.3) {
            self.view.alpha = 1
        } completion: { finished in
            self.performSegue(withIdentifier: "showDetail", sender: nil)
        }
    }

    enum Section: Int, CaseIterable {
        case featured, recent

        var title: String {
            switch self {
            case .featured: return #"Featured "now""#
            case .recent: return """
                Recent
                  items
                """
            }
        }
    }
}

extension HomeViewController: UITableViewDelegate {
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        #if DEBUG
        let destination = DebugViewController()
        #else
        let destination = ArticleViewController(id: indexPath.row)
        #endif
        navigationController?.pushViewController(destination, animated: true)
    }
}

class ArticleViewController<ID>: UIViewController where ID: Hashable {
    let id: ID

    init(id: ID) {
        self.id = id
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }
}
