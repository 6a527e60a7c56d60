import UIKit

// The one navigation controller: Home and what it pushes are analysed.
let navigation = UINavigationController(rootViewController: HomeViewController())

final class SceneDelegate: UIResponder {
  var window: UIWindow?
  func start() {
    window?.rootViewController = MainTabBarController()
  }
}

// Never in a navigation controller: what it pushes is not analysed either.
final class MainTabBarController: UITabBarController {
  func openSettings() {
    navigationController?.pushViewController(SettingsViewController(), animated: true)
  }
}

final class SettingsViewController: UIViewController {
  func openAbout() {
    navigationController?.pushViewController(AboutViewController(), animated: true)
  }
}

final class AboutViewController: UIViewController {}

final class ProductsCoordinator {
  let navigationController: UINavigationController
  init(navigationController: UINavigationController) {
    self.navigationController = navigationController
  }
  func showForm() {
    navigationController.pushViewController(ProductFormViewController(), animated: true)
  }
}

final class ProductFormViewController: UIViewController {}

class BaseListViewController: UIViewController {}

final class HomeViewController: BaseListViewController {
  func showHelp() {
    let help = HelpViewController()
    present(help, animated: true)
  }
  func showOrders() {
    navigationController?.pushViewController(OrdersViewController(), animated: true)
  }
  func isList(_ screen: UIViewController) -> Bool { screen is BaseListViewController }
}

final class OrdersViewController: BaseListViewController {}

final class HelpViewController: UIViewController {}

enum Screens {
  static func makeDetail() -> UIViewController { DetailViewController() }
}

final class DetailViewController: UIViewController {}

final class DeadViewController: UIViewController {}

final class WelcomeViewController: UIViewController {}
