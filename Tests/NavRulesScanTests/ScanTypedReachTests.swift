import Testing

@testable import NavRulesCompiler
@testable import NavRulesScan

/// Screens reached through what the code declares: typed parameters, routers that hold a
/// navigation controller, `@objc(Name)` aliases. Each in Swift and in Objective-C.
@Suite struct ScanTypedReachTests {
  static func scan(_ files: [(String, String)]) -> AppScan { ScanReachTests.scan(files) }
  static func graph(_ scan: AppScan) -> [String] { ScanReachTests.graph(scan) }

  /// A parameter typed with a screen class no app class inherits from holds one: a helper
  /// that pushes its parameter pushes that class. A parameter typed with a base class or
  /// `UIViewController`, one hidden by a loop's or a closure's binding, and one that shares a
  /// property's name but not its type are not resolved.
  @Test func aParameterTypedWithAScreenClassIsThatScreen() {
    let swift = Self.scan([
      (
        "Home.swift",
        """
        let navigation = UINavigationController(rootViewController: HomeViewController())
        class HomeViewController: UIViewController {
          let settings: SettingsViewController
          func show(_ detail: DetailViewController) {
            navigationController?.pushViewController(detail, animated: true)
          }
          func showMaybe(product: ProductViewController?) {
            guard let product = product else { return }
            navigationController?.pushViewController(product, animated: true)
          }
          func showBase(_ base: BaseViewController) { navigationController?.pushViewController(base, animated: true) }
          func showAny(_ any: UIViewController) { navigationController?.pushViewController(any, animated: true) }
          func showEach(_ vc: DetailViewController, list: [UIViewController]) {
            for vc in list { navigationController?.pushViewController(vc, animated: true) }
            list.forEach { vc in self.navigationController?.pushViewController(vc, animated: true) }
          }
          func showOther(settings: UIViewController) {
            navigationController?.pushViewController(settings, animated: true)
          }
        }
        final class DetailViewController: UIViewController {}
        final class ProductViewController: UIViewController {}
        class SettingsViewController: UIViewController {}
        class BaseViewController: UIViewController {}
        class LeafViewController: BaseViewController {}
        """
      )
    ])
    let objc = Self.scan([
      (
        "Home.m",
        """
        @interface HomeViewController : UIViewController
        @property (nonatomic, strong) SettingsViewController *settings;
        @end
        @interface DetailViewController : UIViewController
        @end
        @interface ProductViewController : UIViewController
        @end
        @interface SettingsViewController : UIViewController
        @end
        @interface BaseViewController : UIViewController
        @end
        @interface LeafViewController : BaseViewController
        @end
        @implementation HomeViewController
        + (UINavigationController *)make {
          return [[UINavigationController alloc] initWithRootViewController:[HomeViewController new]];
        }
        - (void)show:(DetailViewController *)detail {
          [self.navigationController pushViewController:detail animated:YES];
        }
        - (void)showMaybe:(nullable ProductViewController *)product {
          [self.navigationController pushViewController:product animated:YES];
        }
        - (void)showBase:(BaseViewController *)base { [self.navigationController pushViewController:base animated:YES]; }
        - (void)showAny:(UIViewController *)any { [self.navigationController pushViewController:any animated:YES]; }
        - (void)showEach:(DetailViewController *)vc list:(NSArray *)list {
          for (UIViewController *vc in list) { [self.navigationController pushViewController:vc animated:YES]; }
          [list enumerateObjectsUsingBlock:^(UIViewController *vc, NSUInteger i, BOOL *stop) {
            [self.navigationController pushViewController:vc animated:YES];
          }];
        }
        - (void)showOther:(UIViewController *)settings {
          [self.navigationController pushViewController:settings animated:YES];
        }
        @end
        """
      )
    ])
    for scan in [swift, objc] {
      #expect(
        Self.graph(scan) == [
          "HomeViewController → DetailViewController, ProductViewController",
          "root HomeViewController",
        ])
      #expect(
        scan.model.unresolved.map(\.what)
          == Array(repeating: "push of a view controller whose class is not known", count: 5))
    }
  }

  /// A method that pushes its parameter on its own navigation controller (in a base class or
  /// an extension of `UIViewController`) is a push helper: a call of it on `self` in a
  /// screen's code pushes the argument from that screen. One that pushes on another
  /// navigation controller is not.
  @Test func aCallOfAPushHelperIsAPushOfItsArgument() {
    let swift = Self.scan([
      (
        "Home.swift",
        """
        let navigation = UINavigationController(rootViewController: HomeViewController())
        class BaseViewController: UIViewController {
          func show(_ viewController: UIViewController) {
            navigationController?.pushViewController(viewController, animated: true)
          }
        }
        extension UIViewController {
          func pushScreen(_ vc: UIViewController, animated: Bool) {
            guard let navigationController else { return }
            navigationController.pushViewController(vc, animated: animated)
          }
          func showElsewhere(_ vc: UIViewController, on nav: UINavigationController) {
            nav.pushViewController(vc, animated: true)
          }
        }
        final class HomeViewController: BaseViewController {
          func openDetail() { show(DetailViewController()) }
          func openOther() { self.pushScreen(OtherViewController(), animated: true) }
          func openThird(nav: UINavigationController) { showElsewhere(ThirdViewController(), on: nav) }
        }
        final class DetailViewController: UIViewController {}
        final class OtherViewController: UIViewController {}
        final class ThirdViewController: UIViewController {}
        """
      )
    ])
    let objc = Self.scan([
      (
        "Home.m",
        """
        @interface BaseViewController : UIViewController
        @end
        @interface HomeViewController : BaseViewController
        @end
        @interface DetailViewController : UIViewController
        @end
        @interface OtherViewController : UIViewController
        @end
        @interface ThirdViewController : UIViewController
        @end
        @implementation BaseViewController
        - (void)show:(UIViewController *)viewController {
          [self.navigationController pushViewController:viewController animated:YES];
        }
        @end
        @implementation UIViewController (Navigation)
        - (void)pushScreen:(UIViewController *)vc animated:(BOOL)animated {
          [[self navigationController] pushViewController:vc animated:animated];
        }
        - (void)showElsewhere:(UIViewController *)vc on:(UINavigationController *)nav {
          [nav pushViewController:vc animated:YES];
        }
        @end
        @implementation HomeViewController
        + (UINavigationController *)make {
          return [[UINavigationController alloc] initWithRootViewController:[HomeViewController new]];
        }
        - (void)openDetail { [self show:[DetailViewController new]]; }
        - (void)openOther { [self pushScreen:[[OtherViewController alloc] init] animated:YES]; }
        - (void)openThird:(UINavigationController *)nav { [self showElsewhere:[ThirdViewController new] on:nav]; }
        @end
        """
      )
    ])
    for scan in [swift, objc] {
      #expect(
        Self.graph(scan) == [
          "HomeViewController → DetailViewController, OtherViewController",
          "root HomeViewController",
        ])
      #expect(
        scan.model.unresolved.map(\.what)
          == Array(repeating: "push of a view controller whose class is not known", count: 3))
    }
  }

  /// A coordinator or router made in a local and given its navigation controller after
  /// `init` (a settable property, or a method that stores its parameter there), then started
  /// in the same method, pushes from the screen whose navigation controller it got. Methods
  /// called before the navigation controller is set push nothing; one given another
  /// navigation controller is listed.
  @Test func aNavigationControllerSetAfterInitIsTheOneTheObjectPushesOn() {
    let swift = Self.scan([
      (
        "Home.swift",
        """
        let navigation = UINavigationController(rootViewController: HomeViewController())
        final class DetailCoordinator {
          var navigationController: UINavigationController?
          func start() { navigationController?.pushViewController(DetailViewController(), animated: true) }
        }
        final class SettingsRouter {
          private weak var nav: UINavigationController?
          func start(with nav: UINavigationController) {
            self.nav = nav
            showSettings()
          }
          func showSettings() { nav?.pushViewController(SettingsViewController(), animated: true) }
        }
        final class LateCoordinator {
          var navigationController: UINavigationController?
          func start() { navigationController?.pushViewController(LateViewController(), animated: true) }
        }
        class HomeViewController: UIViewController {
          func openDetail() {
            let coordinator = DetailCoordinator()
            coordinator.navigationController = navigationController
            coordinator.start()
          }
          func openSettings() {
            let router = SettingsRouter()
            router.start(with: navigationController!)
          }
          func openLate() {
            let coordinator = LateCoordinator()
            coordinator.start()
            coordinator.navigationController = navigationController
          }
          func openOther(_ other: UINavigationController) {
            let coordinator = DetailCoordinator()
            coordinator.navigationController = other
            coordinator.start()
          }
        }
        final class DetailViewController: UIViewController {}
        final class SettingsViewController: UIViewController {}
        final class LateViewController: UIViewController {}
        """
      )
    ])
    let objc = Self.scan([
      (
        "Home.m",
        """
        @interface DetailCoordinator : NSObject
        @property (nonatomic, weak) UINavigationController *navigationController;
        @end
        @interface SettingsRouter : NSObject
        @property (nonatomic, weak) UINavigationController *nav;
        @end
        @interface LateCoordinator : NSObject
        @property (nonatomic, weak) UINavigationController *navigationController;
        @end
        @interface HomeViewController : UIViewController
        @end
        @interface DetailViewController : UIViewController
        @end
        @interface SettingsViewController : UIViewController
        @end
        @interface LateViewController : UIViewController
        @end
        @implementation DetailCoordinator
        - (void)start { [self.navigationController pushViewController:[DetailViewController new] animated:YES]; }
        @end
        @implementation SettingsRouter
        - (void)startWithNav:(UINavigationController *)nav {
          _nav = nav;
          [self open];
        }
        - (void)open { [self.nav pushViewController:[SettingsViewController new] animated:YES]; }
        @end
        @implementation LateCoordinator
        - (void)start { [self.navigationController pushViewController:[LateViewController new] animated:YES]; }
        @end
        @implementation HomeViewController
        + (UINavigationController *)make {
          return [[UINavigationController alloc] initWithRootViewController:[HomeViewController new]];
        }
        - (void)openDetail {
          DetailCoordinator *coordinator = [[DetailCoordinator alloc] init];
          coordinator.navigationController = self.navigationController;
          [coordinator start];
        }
        - (void)openSettings {
          SettingsRouter *router = [SettingsRouter new];
          [router startWithNav:self.navigationController];
        }
        - (void)openLate {
          LateCoordinator *coordinator = [LateCoordinator new];
          [coordinator start];
          coordinator.navigationController = self.navigationController;
        }
        - (void)openOther:(UINavigationController *)other {
          DetailCoordinator *coordinator = [DetailCoordinator new];
          coordinator.navigationController = other;
          [coordinator start];
        }
        @end
        """
      )
    ])
    for scan in [swift, objc] {
      #expect(
        Self.graph(scan) == [
          "HomeViewController → DetailViewController, SettingsViewController",
          "root HomeViewController",
        ])
      #expect(
        scan.model.unresolved.map(\.what).sorted() == [
          "'DetailCoordinator' given a navigation controller navrc does not resolve: its pushes "
            + "are left out",
          "push from 'LateCoordinator', which is not a view controller: the screen that pushes "
            + "is not known",
        ])
    }
  }
}
