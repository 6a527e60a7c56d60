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

  /// Overloads of one base name and arity are different methods: the push in
  /// `tableView(_:didSelectRowAt:)` counts beside `tableView(_:numberOfRowsInSection:)` (found
  /// in pocket-casts-ios, where a settings screen's pushes were all lost), also in a subclass.
  @Test func aPushInOneOfSeveralTableViewMethodsIsRead() {
    let swift = Self.scan([
      (
        "List.swift",
        """
        let navigation = UINavigationController(rootViewController: ListViewController())
        class Base: UIViewController {}
        class ListViewController: Base, UITableViewDelegate, UITableViewDataSource {
          func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
          func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            navigationController?.pushViewController(DetailViewController(), animated: true)
          }
        }
        class DetailViewController: UIViewController {}
        """
      )
    ])
    #expect(
      Self.graph(swift) == ["ListViewController → DetailViewController", "root ListViewController"])
    let objectiveC = Self.scan([
      (
        "List.h",
        """
        @interface ListViewController : UIViewController <UITableViewDelegate>
        @end
        @interface DetailViewController : UIViewController
        @end
        """
      ),
      (
        "List.m",
        """
        @implementation ListViewController
        + (UINavigationController *)make {
            return [[UINavigationController alloc] initWithRootViewController:[[ListViewController alloc] init]];
        }
        - (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section { return 3; }
        - (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
            [self.navigationController pushViewController:[[DetailViewController alloc] init] animated:YES];
        }
        @end
        """
      ),
    ])
    #expect(
      Self.graph(objectiveC) == [
        "ListViewController → DetailViewController", "root ListViewController",
      ])
  }

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

  /// A coordinator given a screen's own navigation controller through its initializer pushes
  /// on it: its entry method's push is a push from that screen, and the screens it places
  /// lead to its other methods as before.
  @Test func aCoordinatorMadeWithAScreensNavigationControllerPushesFromIt() {
    let swift = Self.scan([
      (
        "Products.swift",
        """
        final class ProductsCoordinator {
          private unowned let navigationController: UINavigationController
          private let siteID: Int
          init(siteID: Int, navigationController: UINavigationController, analytics: Int = 0) {
            self.siteID = siteID
            self.navigationController = navigationController
          }
          func start() {
            let list = ListViewController()
            list.onSelect = { [weak self] in self?.showDetail() }
            navigationController.pushViewController(list, animated: true)
          }
          func showDetail() { navigationController.pushViewController(DetailViewController(), animated: true) }
        }
        final class AppDelegate {
          func start() { window?.rootViewController = UINavigationController(rootViewController: HomeViewController()) }
        }
        class HomeViewController: UIViewController {
          var coordinator: ProductsCoordinator?
          func openProducts() {
            guard let navigationController else { return }
            coordinator = ProductsCoordinator(siteID: 1, navigationController: navigationController)
            coordinator?.start()
          }
        }
        class ListViewController: UIViewController { var onSelect: (() -> Void)? }
        class DetailViewController: UIViewController {}
        """
      )
    ])
    let objc = Self.scan([
      (
        "Products.m",
        """
        @interface ListViewController : UIViewController
        @property (nonatomic, copy) void (^onSelect)(void);
        @end
        @interface DetailViewController : UIViewController
        @end
        @interface HomeViewController : UIViewController
        @end
        @interface ProductsCoordinator : NSObject
        @property (nonatomic, weak) UINavigationController *navigationController;
        @end
        @implementation ProductsCoordinator
        - (instancetype)initWithNavigationController:(UINavigationController *)navigationController {
          if (self = [super init]) { _navigationController = navigationController; }
          return self;
        }
        - (void)start {
          ListViewController *list = [ListViewController new];
          list.onSelect = ^{ [self showDetail]; };
          [self.navigationController pushViewController:list animated:YES];
        }
        - (void)showDetail { [self.navigationController pushViewController:[DetailViewController new] animated:YES]; }
        @end
        @implementation AppDelegate
        - (void)start { self.window.rootViewController = [[UINavigationController alloc] initWithRootViewController:[HomeViewController new]]; }
        @end
        @implementation HomeViewController
        - (void)openProducts {
          ProductsCoordinator *coordinator = [[ProductsCoordinator alloc] initWithNavigationController:self.navigationController];
          [coordinator start];
        }
        @end
        """
      )
    ])
    for scan in [swift, objc] {
      #expect(
        Self.graph(scan) == [
          "HomeViewController → ListViewController", "ListViewController → DetailViewController",
          "root HomeViewController",
        ])
      #expect(scan.model.unresolved.isEmpty, "\(scan.model.unresolved)")
      #expect(scan.model.unreachedScreens.isEmpty)
    }
  }

  /// An empty navigation controller made in an app or scene delegate and given to a
  /// coordinator: the first push of the method called first is its root.
  @Test func aCoordinatorGivenAnEmptyNavigationControllerRootsIt() {
    let swift = Self.scan([
      (
        "App.swift",
        """
        final class AppCoordinator {
          let navigationController: UINavigationController
          init(_ navigationController: UINavigationController) { self.navigationController = navigationController }
          func start() {
            let home = HomeViewController()
            home.onOpen = { [weak self] in self?.open() }
            navigationController.pushViewController(home, animated: false)
          }
          func open() { navigationController.pushViewController(DetailViewController(), animated: true) }
        }
        final class SceneDelegate {
          var coordinator: AppCoordinator?
          func scene() {
            let nav = AppNavigationController()
            coordinator = AppCoordinator(nav)
            coordinator?.start()
            window?.rootViewController = nav
          }
        }
        class AppNavigationController: UINavigationController {}
        class HomeViewController: UIViewController { var onOpen: (() -> Void)? }
        class DetailViewController: UIViewController {}
        """
      )
    ])
    let objc = Self.scan([
      (
        "App.m",
        """
        @interface HomeViewController : UIViewController
        @property (nonatomic, copy) void (^onOpen)(void);
        @end
        @interface DetailViewController : UIViewController
        @end
        @interface AppNavigationController : UINavigationController
        @end
        @interface AppCoordinator : NSObject
        @property (nonatomic, strong) UINavigationController *navigationController;
        @end
        @implementation AppCoordinator
        - (instancetype)initWithNavigationController:(UINavigationController *)nav {
          self = [super init];
          self.navigationController = nav;
          return self;
        }
        - (void)start {
          HomeViewController *home = [HomeViewController new];
          home.onOpen = ^{ [self open]; };
          [self.navigationController pushViewController:home animated:NO];
        }
        - (void)open { [self.navigationController pushViewController:[DetailViewController new] animated:YES]; }
        @end
        @implementation SceneDelegate
        - (void)scene {
          AppNavigationController *nav = [[AppNavigationController alloc] init];
          AppCoordinator *coordinator = [[AppCoordinator alloc] initWithNavigationController:nav];
          [coordinator start];
          self.window.rootViewController = nav;
        }
        @end
        """
      )
    ])
    for scan in [swift, objc] {
      #expect(
        Self.graph(scan) == [
          "HomeViewController → DetailViewController", "root HomeViewController",
        ])
      #expect(scan.model.module.navigators.map(\.name) == ["AppNavigationController"])
      #expect(scan.model.unresolved.isEmpty, "\(scan.model.unresolved)")
    }
  }

  /// What the code does not pin stays out and counted: a navigation controller that is not
  /// the screen's own, an empty one the method also pushes on, a first push after a call that
  /// may push.
  @Test func aCoordinatorsNavigationControllerThatIsNotKnownStaysUnresolved() {
    let swift = Self.scan([
      (
        "App.swift",
        """
        final class Flow {
          let navigationController: UINavigationController
          init(navigationController: UINavigationController) { self.navigationController = navigationController }
          func start() {
            prepare()
            navigationController.pushViewController(FirstViewController(), animated: false)
          }
          func prepare() {}
        }
        final class Starter {
          func fromSomewhere(_ nav: UINavigationController) {
            Flow(navigationController: nav).start()
          }
          func used() {
            let nav = UINavigationController()
            nav.pushViewController(OtherViewController(), animated: false)
            Flow(navigationController: nav).start()
          }
          func afterACall() {
            let nav = UINavigationController()
            Flow(navigationController: nav).start()
          }
        }
        class FirstViewController: UIViewController {}
        class OtherViewController: UIViewController {}
        """
      )
    ])
    let objc = Self.scan([
      (
        "App.m",
        """
        @interface FirstViewController : UIViewController
        @end
        @interface OtherViewController : UIViewController
        @end
        @interface Flow : NSObject
        @property (nonatomic, strong) UINavigationController *navigationController;
        @end
        @implementation Flow
        - (instancetype)initWithNavigationController:(UINavigationController *)nav {
          self = [super init];
          _navigationController = nav;
          return self;
        }
        - (void)start {
          [self prepare];
          [self.navigationController pushViewController:[FirstViewController new] animated:NO];
        }
        - (void)prepare {}
        @end
        @implementation Starter
        - (void)fromSomewhere:(UINavigationController *)nav {
          [[[Flow alloc] initWithNavigationController:nav] start];
        }
        - (void)used {
          UINavigationController *nav = [UINavigationController new];
          [nav pushViewController:[OtherViewController new] animated:NO];
          [[[Flow alloc] initWithNavigationController:nav] start];
        }
        - (void)afterACall {
          UINavigationController *nav = [UINavigationController new];
          [[[Flow alloc] initWithNavigationController:nav] start];
        }
        @end
        """
      )
    ])
    for scan in [swift, objc] {
      #expect(Self.graph(scan) == ["root OtherViewController"])
      #expect(scan.model.unreachedScreens.map(\.name) == ["FirstViewController"])
      let what = scan.model.unresolved.map(\.what)
      #expect(
        what.filter { $0.contains("'Flow' made with a navigation controller") }.count == 2,
        "\(what)")
    }
  }

  /// A coordinator that starts a child coordinator with its own navigation controller: the
  /// child's pushes are pushes from the screen whose action led there.
  @Test func aChildCoordinatorMadeWithTheParentsNavigationControllerPushesFromTheSameScreen() {
    let swift = Self.scan([
      (
        "Onboarding.swift",
        """
        final class OnboardingCoordinator {
          let navigationController: UINavigationController
          init(navigationController: UINavigationController) { self.navigationController = navigationController }
          func start() {
            let tasks = TasksViewController()
            tasks.onStoreDetails = { [weak self] in self?.showStoreDetails() }
            navigationController.pushViewController(tasks, animated: true)
          }
          func showStoreDetails() {
            let coordinator = StoreDetailsCoordinator(navigationController: navigationController)
            coordinator.start()
          }
        }
        final class StoreDetailsCoordinator {
          private weak var navigationController: UINavigationController?
          init(navigationController: UINavigationController) { self.navigationController = navigationController }
          func start() { navigationController?.pushViewController(StoreDetailsViewController(), animated: true) }
        }
        final class AppDelegate {
          func start() { window?.rootViewController = UINavigationController(rootViewController: HomeViewController()) }
        }
        class HomeViewController: UIViewController {
          func openOnboarding() { OnboardingCoordinator(navigationController: navigationController!).start() }
        }
        class TasksViewController: UIViewController { var onStoreDetails: (() -> Void)? }
        class StoreDetailsViewController: UIViewController {}
        """
      )
    ])
    let objc = Self.scan([
      (
        "Onboarding.m",
        """
        @interface TasksViewController : UIViewController
        @property (nonatomic, copy) void (^onStoreDetails)(void);
        @end
        @interface StoreDetailsViewController : UIViewController
        @end
        @interface HomeViewController : UIViewController
        @end
        @interface OnboardingCoordinator : NSObject
        @property (nonatomic, strong) UINavigationController *navigationController;
        @end
        @interface StoreDetailsCoordinator : NSObject
        @property (nonatomic, weak) UINavigationController *navigationController;
        @end
        @implementation OnboardingCoordinator
        - (instancetype)initWithNavigationController:(UINavigationController *)nav {
          self = [super init];
          _navigationController = nav;
          return self;
        }
        - (void)start {
          TasksViewController *tasks = [TasksViewController new];
          tasks.onStoreDetails = ^{ [self showStoreDetails]; };
          [self.navigationController pushViewController:tasks animated:YES];
        }
        - (void)showStoreDetails {
          StoreDetailsCoordinator *coordinator = [[StoreDetailsCoordinator alloc] initWithNavigationController:self.navigationController];
          [coordinator start];
        }
        @end
        @implementation StoreDetailsCoordinator
        - (instancetype)initWithNavigationController:(UINavigationController *)nav {
          self = [super init];
          _navigationController = nav;
          return self;
        }
        - (void)start { [self.navigationController pushViewController:[StoreDetailsViewController new] animated:YES]; }
        @end
        @implementation AppDelegate
        - (void)start { self.window.rootViewController = [[UINavigationController alloc] initWithRootViewController:[HomeViewController new]]; }
        @end
        @implementation HomeViewController
        - (void)openOnboarding { [[[OnboardingCoordinator alloc] initWithNavigationController:self.navigationController] start]; }
        @end
        """
      )
    ])
    for scan in [swift, objc] {
      #expect(
        Self.graph(scan) == [
          "HomeViewController → TasksViewController",
          "TasksViewController → StoreDetailsViewController", "root HomeViewController",
        ])
      #expect(scan.model.unresolved.isEmpty, "\(scan.model.unresolved)")
    }
  }

  /// A stored empty navigation controller given its root in a method of an extension (a
  /// tab bar controller's tabs, set up in a `private extension`).
  @Test func aStoredNavigationControllerRootedInAnExtension() {
    let swift = Self.scan([
      (
        "Tabs.swift",
        """
        final class MainTabBarController: UITabBarController {
          private let productsNavigationController = UINavigationController()
        }
        private extension MainTabBarController {
          func updateViewControllers() {
            productsNavigationController.viewControllers = [ProductsViewController()]
          }
        }
        class ProductsViewController: UIViewController {}
        """
      )
    ])
    // Objective-C properties have no initializer: a stored navigation controller is made in
    // a method, which has its own test.
    #expect(Self.graph(swift) == ["root ProductsViewController"])
  }

  /// Values resolved by what the code declares: a factory method of the class (one returned
  /// expression, or a declared return type that pins a screen class), a stored property
  /// typed with a screen class no class inherits from. A type with subclasses pins nothing.
  @Test func valuesAreResolvedByDeclaredTypeWhereTheTypePinsTheScreen() {
    let swift = Self.scan([
      (
        "App.swift",
        """
        final class AppDelegate {
          func start() { window?.rootViewController = UINavigationController(rootViewController: makeHome()) }
          func makeHome() -> UIViewController { HomeViewController() }
        }
        class HomeViewController: UIViewController {
          let settings: SettingsViewController
          var base: BaseViewController?
          func openDetail() { navigationController?.pushViewController(makeDetail(), animated: true) }
          func openSettings() { navigationController?.pushViewController(settings, animated: true) }
          func openBase() { navigationController?.pushViewController(base!, animated: true) }
          func openLeaf() { let leaf = self.makeLeaf(); navigationController?.pushViewController(leaf, animated: true) }
          private func makeDetail() -> DetailViewController {
            let detail = DetailViewController()
            detail.title = "Detail"
            return detail
          }
          private func makeLeaf() -> BaseViewController { return LeafViewController() }
        }
        final class DetailViewController: UIViewController {}
        class SettingsViewController: UIViewController {}
        class BaseViewController: UIViewController {}
        class LeafViewController: BaseViewController {}
        """
      )
    ])
    let objc = Self.scan([
      (
        "App.m",
        """
        @interface HomeViewController : UIViewController
        @property (nonatomic, strong) SettingsViewController *settings;
        @property (nonatomic, strong) BaseViewController *base;
        @end
        @interface DetailViewController : UIViewController
        @end
        @interface SettingsViewController : UIViewController
        @end
        @interface BaseViewController : UIViewController
        @end
        @interface LeafViewController : BaseViewController
        @end
        @interface AppDelegate : UIResponder
        @end
        @implementation AppDelegate
        - (void)start { self.window.rootViewController = [[UINavigationController alloc] initWithRootViewController:[self makeHome]]; }
        - (UIViewController *)makeHome { return [HomeViewController new]; }
        @end
        @implementation HomeViewController
        - (void)openDetail { [self.navigationController pushViewController:[self makeDetail] animated:YES]; }
        - (void)openSettings { [self.navigationController pushViewController:self.settings animated:YES]; }
        - (void)openBase { [self.navigationController pushViewController:self.base animated:YES]; }
        - (void)openLeaf { BaseViewController *leaf = [self makeLeaf]; [self.navigationController pushViewController:leaf animated:YES]; }
        - (DetailViewController *)makeDetail {
          DetailViewController *detail = [DetailViewController new];
          detail.title = @"Detail";
          return detail;
        }
        - (BaseViewController *)makeLeaf { return [LeafViewController new]; }
        @end
        """
      )
    ])
    for scan in [swift, objc] {
      #expect(
        Self.graph(scan) == [
          "HomeViewController → DetailViewController, LeafViewController, SettingsViewController",
          "root HomeViewController",
        ])
      // `base` is typed with a class that has a subclass: which one it holds is not known.
      #expect(
        scan.model.unresolved.map(\.what) == ["push of a view controller whose class is not known"])
    }
  }

  /// A free Swift function, or a class method of another class, is a factory as a method of
  /// the class is: its one `return`, its last statement, resolves the push (a local bound to
  /// a class); one with another `return` before it may return something else, and stays
  /// unresolved. (Objective-C's C functions are not read.)
  @Test func aFreeFunctionsOrClassMethodsOnlyReturnResolvesThePush() {
    let swift = Self.scan([
      (
        "App.swift",
        """
        final class AppDelegate {
          func start() { window?.rootViewController = UINavigationController(rootViewController: HomeViewController()) }
        }
        func makeEditor() -> UIViewController {
          let editor = EditorViewController()
          editor.title = "Editor"
          return editor
        }
        final class Screens {
          static func makeEither(_ flag: Bool) -> UIViewController {
            if flag { return EditorViewController() }
            return OtherViewController()
          }
        }
        class HomeViewController: UIViewController {
          func edit() { navigationController?.pushViewController(makeEditor(), animated: true) }
          func either() { navigationController?.pushViewController(Screens.makeEither(true), animated: true) }
        }
        class EditorViewController: UIViewController {}
        class OtherViewController: UIViewController {}
        """
      )
    ])
    let objc = Self.scan([
      (
        "App.m",
        """
        @interface HomeViewController : UIViewController
        @end
        @interface EditorViewController : UIViewController
        @end
        @interface OtherViewController : UIViewController
        @end
        @interface AppDelegate : UIResponder
        @end
        @interface Screens : NSObject
        @end
        @implementation Screens
        + (UIViewController *)makeEditor {
          EditorViewController *editor = [EditorViewController new];
          editor.title = @"Editor";
          return editor;
        }
        + (UIViewController *)makeEither:(BOOL)flag {
          if (flag) { return [EditorViewController new]; }
          return [OtherViewController new];
        }
        @end
        @implementation AppDelegate
        - (void)start { self.window.rootViewController = [[UINavigationController alloc] initWithRootViewController:[HomeViewController new]]; }
        @end
        @implementation HomeViewController
        - (void)edit { [self.navigationController pushViewController:[Screens makeEditor] animated:YES]; }
        - (void)either { [self.navigationController pushViewController:[Screens makeEither:YES] animated:YES]; }
        @end
        """
      )
    ])
    for scan in [swift, objc] {
      #expect(
        Self.graph(scan) == [
          "HomeViewController → EditorViewController", "root HomeViewController",
        ])
      #expect(
        scan.model.unresolved.map(\.what) == ["push of a view controller whose class is not known"])
    }
  }

  /// A navigation controller made by a helper with a parameter: one navigator per call whose
  /// argument navrc resolves, rooted at it; a call it cannot resolve is listed.
  @Test func aNavigationControllerMadeByAHelperIsRootedAtEachCallsArgument() {
    let swift = Self.scan([
      (
        "Tabs.swift",
        """
        final class MainTabBarController: UITabBarController {
          func setUp(other: UIViewController) {
            viewControllers = [wrap(HomeViewController()), self.wrap(SearchViewController()), wrap(other)]
          }
          private func wrap(_ viewController: UIViewController) -> UINavigationController {
            let navigationController = AppNavigationController(rootViewController: viewController)
            navigationController.tabBarItem.title = viewController.title
            return navigationController
          }
        }
        class AppNavigationController: UINavigationController {}
        class HomeViewController: UIViewController {}
        class SearchViewController: UIViewController {}
        """
      )
    ])
    let objc = Self.scan([
      (
        "Tabs.m",
        """
        @interface MainTabBarController : UITabBarController
        @end
        @interface AppNavigationController : UINavigationController
        @end
        @interface HomeViewController : UIViewController
        @end
        @interface SearchViewController : UIViewController
        @end
        @implementation MainTabBarController
        - (void)setUpWithOther:(UIViewController *)other {
          self.viewControllers = @[[self wrap:[HomeViewController new]], [self wrap:[SearchViewController new]], [self wrap:other]];
        }
        - (UINavigationController *)wrap:(UIViewController *)viewController {
          AppNavigationController *navigationController = [[AppNavigationController alloc] initWithRootViewController:viewController];
          return navigationController;
        }
        @end
        """
      )
    ])
    for scan in [swift, objc] {
      #expect(Self.graph(scan) == ["root HomeViewController", "root SearchViewController"])
      #expect(
        scan.model.module.navigators.allSatisfy { $0.name.hasPrefix("AppNavigationController") })
      #expect(
        scan.model.unresolved.map(\.what) == [
          "navigation controller made by 'wrap' with a root view controller whose class is not "
            + "known"
        ])
    }
  }

  /// Tab roots wrapped by a type's helper inside `map`: one navigator per element the mapped
  /// array may hold (a literal, or a local only ever bound to literals and appended to); a
  /// static helper with defaulted parameters, called on its type.
  @Test func tabRootsWrappedByAHelperInsideMapAreRoots() {
    let swift = Self.scan([
      (
        "Tabs.swift",
        """
        class UIUtils {
          class func navController(for controller: UIViewController, style: Int = 0) -> AppNavigationController {
            AppNavigationController(rootViewController: controller)
          }
        }
        final class MainTabBarController: UITabBarController {
          override func viewDidLoad() {
            var tabs = [UIViewController]()
            let podcasts = PodcastsViewController()
            if flag {
              tabs = [podcasts, UpNextViewController()]
            } else {
              tabs = [podcasts]
            }
            tabs.append(ProfileViewController())
            viewControllers = tabs.map { UIUtils.navController(for: $0) }
          }
          func unknown(_ list: [UIViewController]) {
            viewControllers = list.map { controller in UIUtils.navController(for: controller) }
          }
        }
        class AppNavigationController: UINavigationController {}
        class PodcastsViewController: UIViewController {}
        class UpNextViewController: UIViewController {}
        class ProfileViewController: UIViewController {}
        """
      )
    ])
    #expect(
      Self.graph(swift) == [
        "root PodcastsViewController", "root ProfileViewController", "root UpNextViewController",
      ])
    #expect(
      swift.model.unresolved.map(\.what) == [
        "navigation controller made by 'navController' with a root view controller whose class "
          + "is not known"
      ])
    let objc = Self.scan([
      (
        "Tabs.m",
        """
        @interface UIUtils : NSObject
        @end
        @interface AppNavigationController : UINavigationController
        @end
        @interface PodcastsViewController : UIViewController
        @end
        @implementation UIUtils
        + (UINavigationController *)navControllerFor:(UIViewController *)controller {
          return [[AppNavigationController alloc] initWithRootViewController:controller];
        }
        @end
        @implementation MainTabBarController
        - (void)viewDidLoad {
          self.viewControllers = @[[UIUtils navControllerFor:[PodcastsViewController new]]];
        }
        @end
        """
      )
    ])
    #expect(Self.graph(objc) == ["root PodcastsViewController"])
  }
}
