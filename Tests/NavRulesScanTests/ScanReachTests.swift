import Testing

@testable import NavRulesCompiler
@testable import NavRulesScan

/// How apps navigate outside a screen's own pushes: coordinators that own a navigation
/// controller, closures and delegate protocols that lead a screen's action to them, empty
/// navigation controllers given their root, child view controllers. Each in Swift and in
/// Objective-C.
@Suite struct ScanReachTests {
  static func scan(_ files: [(String, String)]) -> AppScan {
    AppScan(files: files.map { SourceFile(path: $0.0, text: $0.1) })
  }

  /// `navigator root → pushes` lines of the model, by class.
  static func graph(_ scan: AppScan) -> [String] {
    let module = scan.model.module
    var lines = module.navigators.map { "root " + module.screens[$0.root!.value.index].name }
    for screen in module.screens where !screen.pushes.isEmpty {
      lines.append(
        screen.name + " → "
          + screen.pushes.map { module.screens[$0.value.index].name }.sorted().joined(
            separator: ", "))
    }
    return lines.sorted()
  }

  static let expected = [
    "DetailViewController → DoneViewController", "ListViewController → DetailViewController",
    "root ListViewController",
  ]

  @Test func aCoordinatorsPushesAreFromTheScreenWhoseActionCallsIt() {
    let swift = Self.scan([
      (
        "Coordinator.swift",
        """
        final class AppCoordinator {
          let navigationController = UINavigationController()
          func start() {
            let list = ListViewController()
            list.onSelect = { [weak self] in self?.showDetail() }
            navigationController.setViewControllers([list], animated: false)
          }
          func showDetail() {
            let detail = DetailViewController()
            detail.delegate = self
            navigationController.pushViewController(detail, animated: true)
          }
          func detailDidFinish() { navigationController.pushViewController(DoneViewController(), animated: true) }
          func unrelated() { navigationController.pushViewController(OtherViewController(), animated: true) }
        }
        protocol DetailDelegate: AnyObject { func detailDidFinish() }
        class ListViewController: UIViewController { var onSelect: (() -> Void)? }
        class DetailViewController: UIViewController { weak var delegate: DetailDelegate? }
        class DoneViewController: UIViewController {}
        class OtherViewController: UIViewController {}
        """
      )
    ])
    let objc = Self.scan([
      (
        "Coordinator.m",
        """
        @protocol DetailDelegate <NSObject>
        - (void)detailDidFinish;
        @end
        @interface ListViewController : UIViewController
        @property (nonatomic, copy) void (^onSelect)(void);
        @end
        @interface DetailViewController : UIViewController
        @property (nonatomic, weak) id<DetailDelegate> delegate;
        @end
        @interface DoneViewController : UIViewController
        @end
        @interface OtherViewController : UIViewController
        @end
        @interface AppCoordinator : NSObject <DetailDelegate>
        @property (nonatomic, strong) UINavigationController *navigationController;
        @end
        @implementation AppCoordinator
        - (void)start {
          UINavigationController *nav = [[UINavigationController alloc] init];
          ListViewController *list = [ListViewController new];
          list.onSelect = ^{ [self showDetail]; };
          [nav setViewControllers:@[list] animated:NO];
          self.navigationController = nav;
        }
        - (void)showDetail {
          DetailViewController *detail = [DetailViewController new];
          detail.delegate = self;
          [self.navigationController pushViewController:detail animated:YES];
        }
        - (void)detailDidFinish { [self.navigationController pushViewController:[DoneViewController new] animated:YES]; }
        - (void)unrelated { [self.navigationController pushViewController:[OtherViewController new] animated:YES]; }
        @end
        """
      )
    ])
    for scan in [swift, objc] {
      #expect(Self.graph(scan) == Self.expected)
      // The push no screen's action is known to call stays unresolved.
      #expect(scan.model.unresolved.count == 1, "\(scan.model.unresolved)")
      #expect(scan.model.unreachedScreens.map(\.name) == ["OtherViewController"])
    }
  }

  /// A child view controller pushes on its parent's navigation controller: from the parent.
  @Test func aChildsPushesAreItsParentsPushes() {
    let swift = Self.scan([
      (
        "App.swift",
        """
        final class AppDelegate: UIResponder {
          func start() { window?.rootViewController = UINavigationController(rootViewController: Home()) }
        }
        class Home: UIViewController {
          override func viewDidLoad() { let embedded = Embedded(); addChild(embedded) }
        }
        class Embedded: UIViewController { func open() { navigationController?.pushViewController(Leaf(), animated: true) } }
        class Leaf: UIViewController {}
        """
      )
    ])
    let objc = Self.scan([
      (
        "App.m",
        """
        @interface Home : UIViewController
        @end
        @interface Embedded : UIViewController
        @end
        @interface Leaf : UIViewController
        @end
        @implementation AppDelegate
        - (void)start { self.window.rootViewController = [[UINavigationController alloc] initWithRootViewController:[Home new]]; }
        @end
        @implementation Home
        - (void)viewDidLoad { [self addChildViewController:[Embedded new]]; }
        @end
        @implementation Embedded
        - (void)open { [self.navigationController pushViewController:[Leaf new] animated:YES]; }
        @end
        """
      )
    ])
    for scan in [swift, objc] {
      #expect(Self.graph(scan) == ["Embedded → Leaf", "Home → Leaf", "root Home"])
      #expect(scan.model.unreachedScreens.map(\.name) == ["Embedded"])
    }
  }
}
