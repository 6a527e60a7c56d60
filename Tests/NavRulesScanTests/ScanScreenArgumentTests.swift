import Testing

@testable import NavRulesCompiler
@testable import NavRulesScan

/// Screens handed to objects that push on their navigation controller (view models, scene
/// routers), and navigation controllers made in a `map` over the tab roots.
@Suite struct ScanScreenArgumentTests {
  static func unresolved(_ scan: AppScan, containing text: String) -> [Int] {
    scan.model.unresolved.filter { $0.what.contains(text) }.map {
      $0.range.start.line
    }
  }

  /// `[home, search].map { UINavigationController(rootViewController: $0) }`: each element
  /// is a tab root (mastodon-ios's tab bar controller); one whose class is not known is
  /// listed.
  @Test func navigationControllersMadeInAMapAreRootedAtEachElement() {
    let scan = ScanReachTests.scan([
      (
        "Tabs.swift",
        """
        final class Tabs: UITabBarController {
          let home: Home
          let search = Search()
          let placeholder: UIViewController
          init() {
            home = Home()
            placeholder = UIViewController()
            super.init(nibName: nil, bundle: nil)
            viewControllers = [home, search, placeholder].map { UINavigationController(rootViewController: $0) }
          }
        }
        class Home: UIViewController { func open() { navigationController?.pushViewController(Detail(), animated: true) } }
        class Search: UIViewController {}
        class Detail: UIViewController {}
        """
      )
    ])
    #expect(ScanReachTests.graph(scan) == ["Home → Detail", "root Home", "root Search"])
    #expect(
      Self.unresolved(scan, containing: "made in 'map' with a root view controller whose class")
        == [9])
    #expect(Self.unresolved(scan, containing: "root view controller is not a known class") == [])
  }

  /// A view model's method that pushes on the navigation controller of the view controller
  /// it is given (woocommerce-ios's `OrderDetailsViewModel.tableView(_:in:didSelectRowAt:)`)
  /// pushes from the screen that calls it with `self`; a call with another value, and a
  /// method nothing calls, are listed as unresolved.
  @Test func aViewModelPushesOnTheScreenItIsGiven() {
    let swift = ScanReachTests.scan([
      (
        "App.swift",
        """
        final class AppDelegate: UIResponder {
          func start() { window?.rootViewController = UINavigationController(rootViewController: Orders()) }
        }
        class Orders: UIViewController {
          let viewModel = OrdersViewModel()
          var presenter: UIViewController?
          func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            viewModel.tableView(tableView, in: self, didSelectRowAt: indexPath)
          }
          func elsewhere() { viewModel.tableView(UITableView(), in: presenter!, didSelectRowAt: IndexPath()) }
        }
        final class OrdersViewModel {
          func tableView(_ tableView: UITableView, in viewController: UIViewController, didSelectRowAt indexPath: IndexPath) {
            switch indexPath.row {
            case 0: viewController.navigationController?.pushViewController(Billing(), animated: true)
            default: viewController.show(Refund(), sender: nil)
            }
          }
          func uncalled(_ viewController: UIViewController) { viewController.navigationController?.pushViewController(Other(), animated: true) }
        }
        class Billing: UIViewController {}
        class Refund: UIViewController {}
        class Other: UIViewController {}
        final class Launcher {
          func help(_ window: UIWindow) { OrdersViewModel().openHelp(from: window.rootViewController!) }
        }
        extension OrdersViewModel {
          func openHelp(from viewController: UIViewController) { viewController.navigationController?.pushViewController(Help(), animated: true) }
        }
        class Help: UIViewController {}
        """
      )
    ])
    // A screen pushed only by a call that is left out is kept out by that call.
    let help = swift.model.unreachedScreens.first { $0.name == "Help" }
    #expect(
      help?.blocker.what
        == "pushed by `OrdersViewModel.openHelp(from:)`, called from code that is not a view "
        + "controller navrc knows: the screen below its push is not known")
    #expect(help?.blocker.at?.start.line == 25)
    let objc = ScanReachTests.scan([
      (
        "App.m",
        """
        @interface Orders : UIViewController
        @property (nonatomic, strong) OrdersViewModel *viewModel;
        @property (nonatomic, weak) UIViewController *presenter;
        @end
        @interface OrdersViewModel : NSObject
        @end
        @interface Billing : UIViewController
        @end
        @interface Refund : UIViewController
        @end
        @interface Other : UIViewController
        @end
        @implementation AppDelegate
        - (void)start { self.window.rootViewController = [[UINavigationController alloc] initWithRootViewController:[Orders new]]; }
        @end
        @implementation Orders
        - (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
          [self.viewModel tableView:tableView inViewController:self didSelectRowAtIndexPath:indexPath];
        }
        - (void)elsewhere { [self.viewModel tableView:nil inViewController:self.presenter didSelectRowAtIndexPath:nil]; }
        @end
        @implementation OrdersViewModel
        - (void)tableView:(UITableView *)tableView inViewController:(UIViewController *)viewController didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
          switch (indexPath.row) {
            case 0: [viewController.navigationController pushViewController:[Billing new] animated:YES]; break;
            default: [viewController showViewController:[Refund new] sender:nil]; break;
          }
        }
        - (void)uncalled:(UIViewController *)viewController { [viewController.navigationController pushViewController:[Other new] animated:YES]; }
        @end
        """
      )
    ])
    for (scan, lines, fromCode) in [(swift, (10, 19), [25]), (objc, (20, 29), [])] {
      #expect(ScanReachTests.graph(scan) == ["Orders → Billing, Refund", "root Orders"])
      #expect(
        Self.unresolved(scan, containing: "a value that is not the screen's 'self'")
          == [lines.0])
      #expect(Self.unresolved(scan, containing: "from code that is not") == fromCode)
      #expect(Self.unresolved(scan, containing: "push from 'OrdersViewModel'") == [lines.1])
    }
  }

  /// A scene router (mastodon-ios's `SceneCoordinator.present(scene:from:transition:)`):
  /// the view controller a `switch scene` makes for the call's case, pushed from the calling
  /// screen when the call's transition is a case that pushes; a modal one pushes nothing. A
  /// case whose view controller is not known, a `from` that is not the screen, and a screen
  /// of the class the router replaces (`as? Tabs`) are listed as unresolved.
  @Test func aSceneRouterPushesTheCasesViewControllerFromTheCallingScreen() {
    let swift = ScanReachTests.scan([
      (
        "App.swift",
        """
        final class AppDelegate: UIResponder {
          func start() { window?.rootViewController = UINavigationController(rootViewController: Home()) }
        }
        final class SceneCoordinator {
          enum Scene { case profile(name: String), thread, settings }
          enum Transition { case show, modal(animated: Bool) }
          func present(scene: Scene, from sender: UIViewController? = nil, transition: Transition) {
            guard let viewController = get(scene: scene) else { return }
            guard var presenting = sender ?? UIApplication.shared.topMost else { return }
            if let tabs = presenting as? Tabs, let top = tabs.selectedViewController { presenting = top }
            switch transition {
            case .show:
              presenting.show(viewController, sender: sender)
            case .modal(let animated):
              presenting.present(Wrapper(rootViewController: viewController), animated: animated)
            }
          }
          private func get(scene: Scene) -> UIViewController? {
            let viewController: UIViewController?
            switch scene {
            case .profile(let name):
              let _viewController = ProfileViewController()
              _viewController.name = name
              viewController = _viewController
            case .thread:
              viewController = ThreadViewController()
            case .settings:
              viewController = settings()
            }
            return viewController
          }
        }
        class Home: UIViewController {
          weak var coordinator: SceneCoordinator!
          func openProfile() { coordinator.present(scene: .profile(name: "a"), from: self, transition: .show) }
          func openThread() { _ = coordinator.present(scene: .thread, from: self, transition: .modal(animated: true)) }
          func openSettings() { coordinator.present(scene: .settings, from: self, transition: .show) }
          func openNowhere() { coordinator.present(scene: .thread, transition: .show) }
        }
        class Tabs: UITabBarController {
          weak var coordinator: SceneCoordinator!
          func open() { coordinator.present(scene: .thread, from: self, transition: .show) }
        }
        class Wrapper: UINavigationController {}
        class ProfileViewController: UIViewController { var name = "" }
        class ThreadViewController: UIViewController {}
        """
      )
    ])
    #expect(ScanReachTests.graph(swift) == ["Home → ProfileViewController", "root Home"])
    #expect(Self.unresolved(swift, containing: "for '.settings'") == [37])
    #expect(Self.unresolved(swift, containing: "a value that is not the screen's 'self'") == [38])
    #expect(Self.unresolved(swift, containing: "it replaces a 'Tabs'") == [42])
    #expect(Self.unresolved(swift, containing: "push from 'SceneCoordinator'") == [])
    // The screen a router makes is kept out by the call that routes it, not by the router.
    let thread = swift.model.unreachedScreens.first { $0.name == "ThreadViewController" }
    #expect(
      thread?.blocker.what
        == "routed as '.thread' by `SceneCoordinator.present(scene:from:transition:)`, called "
        + "on the navigation controller of a value that is not the screen's 'self'")
    #expect(thread?.blocker.at?.start.line == 38)

    let objc = ScanReachTests.scan([
      (
        "App.m",
        """
        typedef NS_ENUM(NSInteger, Scene) { SceneProfile, SceneThread, SceneOther };
        @interface SceneRouter : NSObject
        @end
        @interface Home : UIViewController
        @property (nonatomic, strong) SceneRouter *router;
        @end
        @interface ProfileViewController : UIViewController
        @end
        @interface ThreadViewController : UIViewController
        @end
        @implementation AppDelegate
        - (void)start { self.window.rootViewController = [[UINavigationController alloc] initWithRootViewController:[Home new]]; }
        @end
        @implementation SceneRouter
        - (void)showScene:(Scene)scene from:(UIViewController *)from {
          UIViewController *viewController = [self controllerForScene:scene];
          [from.navigationController pushViewController:viewController animated:YES];
        }
        - (UIViewController *)controllerForScene:(Scene)scene {
          switch (scene) {
            case SceneProfile: return [ProfileViewController new];
            case SceneThread: return [ThreadViewController new];
            default: return nil;
          }
        }
        @end
        @implementation Home
        - (void)openProfile { [self.router showScene:SceneProfile from:self]; }
        - (void)openOther { [self.router showScene:SceneOther from:self]; }
        @end
        """
      )
    ])
    #expect(ScanReachTests.graph(objc) == ["Home → ProfileViewController", "root Home"])
    #expect(Self.unresolved(objc, containing: "for 'SceneOther'") == [29])
  }
}
