import Testing

@testable import NavRulesCompiler
@testable import NavRulesScan

/// For every checker rule that app code can break: a Swift and an Objective-C program that
/// breaks it, and the fixed program that does not, scanned as apps.
@Suite struct ScanRuleTests {
  struct Program: Sendable, CustomTestStringConvertible {
    var name: String
    var files: [(path: String, text: String)]
    var expected: [DiagnosticID]
    var testDescription: String { name }
  }

  /// A Swift app: a navigation controller rooted at `Home`, which pushes `Detail`, which
  /// pushes `Leaf`; `code` adds the classes' bodies.
  static func swift(_ name: String, _ code: String, expected: [DiagnosticID]) -> Program {
    Program(
      name: "Swift: " + name,
      files: [
        (
          "App.swift",
          """
          final class AppDelegate: UIResponder {
            func start() { window?.rootViewController = UINavigationController(rootViewController: Home()) }
          }
          """
        ),
        ("Screens.swift", code),
      ], expected: expected)
  }

  static func objc(_ name: String, _ code: String, expected: [DiagnosticID]) -> Program {
    Program(
      name: "Objective-C: " + name,
      files: [
        (
          "App.m",
          """
          @implementation AppDelegate
          - (void)start {
            self.window.rootViewController = [[UINavigationController alloc] initWithRootViewController:[Home new]];
          }
          @end
          @interface Home : UIViewController
          @end
          @interface Detail : UIViewController
          @end
          @interface Leaf : UIViewController
          @end
          """
        ),
        ("Screens.m", code),
      ], expected: expected)
  }

  static let swiftPushes = """
    class Home: UIViewController { func next() { navigationController?.pushViewController(Detail(), animated: true) } }
    class Leaf: UIViewController {}
    """

  static let objcPushes = """
    @implementation Home
    - (void)next { [self.navigationController pushViewController:[Detail new] animated:YES]; }
    @end
    @implementation Leaf
    @end
    """

  static let programs: [Program] = [
    // root-pop
    swift(
      "delegate nil at launch",
      swiftPushes + """
        class Detail: UIViewController {}
        extension UINavigationController {
          open override func viewDidLoad() { super.viewDidLoad(); interactivePopGestureRecognizer?.delegate = nil }
        }
        """, expected: [.rootPop]),
    swift(
      "delegate nil only when pushed",
      swiftPushes + """
        class Detail: UIViewController {}
        class Base: UIViewController {}
        extension Home {
          override func viewDidAppear(_ animated: Bool) {
            if navigationController!.viewControllers.count > 1 { navigationController?.interactivePopGestureRecognizer?.delegate = nil }
          }
        }
        """, expected: []),
    objc(
      "delegate nil at launch",
      objcPushes + """
        @implementation Detail
        @end
        @implementation UINavigationController (Swipe)
        - (void)viewDidLoad { self.interactivePopGestureRecognizer.delegate = nil; }
        @end
        """, expected: [.rootPop]),
    objc(
      "delegate guarded at launch",
      objcPushes + """
        @implementation Detail
        @end
        @implementation UINavigationController (Swipe)
        - (void)viewDidLoad { self.interactivePopGestureRecognizer.delegate = (id)self; }
        - (BOOL)gestureRecognizerShouldBegin:(UIGestureRecognizer *)g { return self.viewControllers.count > 1; }
        @end
        """, expected: []),
    // gesture-deadlock
    swift(
      "disabled in viewWillAppear",
      swiftPushes + """
        class Detail: UIViewController {
          override func viewWillAppear(_ animated: Bool) { navigationController?.interactivePopGestureRecognizer?.isEnabled = false }
          override func viewWillDisappear(_ animated: Bool) { navigationController?.interactivePopGestureRecognizer?.isEnabled = true }
          func next() { navigationController?.pushViewController(Leaf(), animated: true) }
        }
        """, expected: [.contentSwipeBypass, .gestureDeadlock]),
    swift(
      "disabled in viewDidAppear",
      swiftPushes + """
        class Detail: UIViewController {
          override func viewDidAppear(_ animated: Bool) { navigationController?.interactivePopGestureRecognizer?.isEnabled = false } // navrc:disable-line content-swipe-bypass
          override func viewWillDisappear(_ animated: Bool) { navigationController?.interactivePopGestureRecognizer?.isEnabled = true }
          func next() { navigationController?.pushViewController(Leaf(), animated: true) }
        }
        """, expected: []),
    objc(
      "disabled in viewWillAppear",
      objcPushes + """
        @implementation Detail
        - (void)viewWillAppear:(BOOL)animated { [self.navigationController.interactivePopGestureRecognizer setEnabled:NO]; }
        - (void)viewWillDisappear:(BOOL)animated { [self.navigationController.interactivePopGestureRecognizer setEnabled:YES]; }
        - (void)next { [self.navigationController pushViewController:[Leaf new] animated:YES]; }
        @end
        """, expected: [.contentSwipeBypass, .gestureDeadlock]),
    objc(
      "disabled in viewDidAppear",
      objcPushes + """
        @implementation Detail
        - (void)viewDidAppear:(BOOL)animated {
          // navrc:disable-next-line content-swipe-bypass
          [self.navigationController.interactivePopGestureRecognizer setEnabled:NO];
        }
        - (void)viewWillDisappear:(BOOL)animated { [self.navigationController.interactivePopGestureRecognizer setEnabled:YES]; }
        - (void)next { [self.navigationController pushViewController:[Leaf new] animated:YES]; }
        @end
        """, expected: []),
    // delegate-leak
    swift(
      "self never restored",
      swiftPushes + """
        class Detail: UIViewController, UIGestureRecognizerDelegate {
          override func viewDidAppear(_ animated: Bool) {
            navigationController?.interactivePopGestureRecognizer?.delegate = self
          }
          func next() { navigationController?.pushViewController(Leaf(), animated: true) }
        }
        """, expected: [.delegateLeak, .rootPop]),
    swift(
      "self restored from the saved delegate",
      swiftPushes + """
        class Detail: UIViewController, UIGestureRecognizerDelegate {
          private weak var saved: UIGestureRecognizerDelegate?
          override func viewDidAppear(_ animated: Bool) {
            saved = navigationController?.interactivePopGestureRecognizer?.delegate
            navigationController?.interactivePopGestureRecognizer?.delegate = self
          }
          override func viewWillDisappear(_ animated: Bool) {
            navigationController?.interactivePopGestureRecognizer?.delegate = saved
          }
          func next() { navigationController?.pushViewController(Leaf(), animated: true) }
        }
        """, expected: []),
    objc(
      "self never restored",
      objcPushes + """
        @implementation Detail
        - (void)viewDidAppear:(BOOL)animated { self.navigationController.interactivePopGestureRecognizer.delegate = self; }
        - (void)next { [self.navigationController pushViewController:[Leaf new] animated:YES]; }
        @end
        """, expected: [.delegateLeak, .rootPop]),
    objc(
      "self restored in viewWillDisappear",
      objcPushes + """
        @implementation Detail {
          id<UIGestureRecognizerDelegate> _saved;
        }
        - (void)viewDidAppear:(BOOL)animated {
          _saved = self.navigationController.interactivePopGestureRecognizer.delegate;
          self.navigationController.interactivePopGestureRecognizer.delegate = self;
        }
        - (void)viewWillDisappear:(BOOL)animated { self.navigationController.interactivePopGestureRecognizer.delegate = _saved; }
        - (void)next { [self.navigationController pushViewController:[Leaf new] animated:YES]; }
        @end
        """, expected: []),
    // state-leak
    swift(
      "disabled and never re-enabled",
      swiftPushes + """
        class Detail: UIViewController {
          override func viewDidAppear(_ animated: Bool) { navigationController?.interactivePopGestureRecognizer?.isEnabled = false } // navrc:disable-line content-swipe-bypass
          func next() { navigationController?.pushViewController(Leaf(), animated: true) }
        }
        """, expected: [.stateLeak]),
    objc(
      "disabled and never re-enabled",
      objcPushes + """
        @implementation Detail
        - (void)viewDidAppear:(BOOL)animated {
          self.navigationController.interactivePopGestureRecognizer.enabled = NO; // navrc:disable-line content-swipe-bypass
        }
        - (void)next { [self.navigationController pushViewController:[Leaf new] animated:YES]; }
        @end
        """, expected: [.stateLeak]),
    // state-leak: the bar's appearance
    swift(
      "the bar's appearance set by one screen",
      swiftPushes + """
        class Detail: UIViewController {
          override func viewWillAppear(_ animated: Bool) {
            let appearance = UINavigationBarAppearance()
            appearance.configureWithOpaqueBackground()
            appearance.backgroundColor = .systemRed
            navigationController?.navigationBar.standardAppearance = appearance
          }
          func next() { navigationController?.pushViewController(Leaf(), animated: true) }
        }
        """, expected: [.stateLeak]),
    swift(
      "the navigation item's appearance",
      swiftPushes + """
        class Detail: UIViewController {
          override func viewDidLoad() {
            let appearance = UINavigationBarAppearance()
            appearance.configureWithOpaqueBackground()
            navigationItem.standardAppearance = appearance
            navigationItem.scrollEdgeAppearance = appearance
          }
          func next() { navigationController?.pushViewController(Leaf(), animated: true) }
        }
        """, expected: []),
    swift(
      "the appearance proxy, set once for the app",
      swiftPushes + """
        class Detail: UIViewController {
          override func viewDidLoad() {
            UINavigationBar.appearance().standardAppearance = UINavigationBarAppearance()
          }
          func next() { navigationController?.pushViewController(Leaf(), animated: true) }
        }
        """, expected: []),
    swift(
      "every screen sets the same bar appearance, however it names it",
      """
      class Home: UIViewController {
        override func viewWillAppear(_ animated: Bool) {
          let look = UINavigationBarAppearance()
          look.configureWithOpaqueBackground()
          look.shadowColor = nil
          navigationController?.navigationBar.standardAppearance = look
        }
        func next() { navigationController?.pushViewController(Detail(), animated: true) }
      }
      class Detail: UIViewController {
        override func viewWillAppear(_ animated: Bool) {
          let appearance = UINavigationBarAppearance()
          appearance.configureWithOpaqueBackground()
          appearance.shadowColor = nil
          navigationController?.navigationBar.standardAppearance = appearance
        }
      }
      """, expected: []),
    swift(
      "two screens set different bar appearances in viewDidLoad",
      """
      class Home: UIViewController {
        override func viewDidLoad() { navigationController?.navigationBar.scrollEdgeAppearance = Theme.plain }
        func next() { navigationController?.pushViewController(Detail(), animated: true) }
      }
      class Detail: UIViewController {
        override func viewDidLoad() { navigationController?.navigationBar.scrollEdgeAppearance = Theme.dark }
      }
      """, expected: [.stateLeak]),
    objc(
      "the bar's appearance set by one screen",
      objcPushes + """
        @implementation Detail
        - (void)viewWillAppear:(BOOL)animated {
          UINavigationBarAppearance *appearance = [[UINavigationBarAppearance alloc] init];
          [appearance configureWithTransparentBackground];
          [self.navigationController.navigationBar setStandardAppearance:appearance];
          self.navigationController.navigationBar.compactAppearance = appearance;
        }
        - (void)next { [self.navigationController pushViewController:[Leaf new] animated:YES]; }
        @end
        """, expected: [.stateLeak, .stateLeak]),
    objc(
      "the navigation item's appearance",
      objcPushes + """
        @implementation Detail
        - (void)viewDidLoad {
          UINavigationBarAppearance *appearance = [UINavigationBarAppearance new];
          [appearance configureWithOpaqueBackground];
          self.navigationItem.standardAppearance = appearance;
          [self.navigationItem setScrollEdgeAppearance:appearance];
          [UINavigationBar appearance].standardAppearance = appearance;
        }
        - (void)next { [self.navigationController pushViewController:[Leaf new] animated:YES]; }
        @end
        """, expected: []),
    // title-lost-on-back
    swift(
      "title attributes in viewWillAppear",
      swiftPushes + """
        class Detail: UIViewController {
          override func viewWillAppear(_ animated: Bool) { navigationController?.navigationBar.titleTextAttributes = [.foregroundColor: UIColor.white] }
          func next() { navigationController?.pushViewController(Leaf(), animated: true) }
        }
        """, expected: [.titleLostOnBack]),
    swift(
      "title attributes on a screen nothing is pushed from",
      swiftPushes + """
        class Detail: UIViewController {
          override func viewWillAppear(_ animated: Bool) { navigationController?.navigationBar.titleTextAttributes = [.foregroundColor: UIColor.white] }
        }
        """, expected: []),
    objc(
      "title attributes in viewWillAppear",
      objcPushes + """
        @implementation Detail
        - (void)viewWillAppear:(BOOL)animated { [self.navigationController.navigationBar setTitleTextAttributes:@{NSForegroundColorAttributeName: [UIColor whiteColor]}]; }
        - (void)next { [self.navigationController pushViewController:[Leaf new] animated:YES]; }
        @end
        """, expected: [.titleLostOnBack]),
    objc(
      "title attributes in viewDidAppear",
      objcPushes + """
        @implementation Detail
        - (void)viewDidAppear:(BOOL)animated { [self.navigationController.navigationBar setTitleTextAttributes:@{NSForegroundColorAttributeName: [UIColor whiteColor]}]; }
        - (void)next { [self.navigationController pushViewController:[Leaf new] animated:YES]; }
        @end
        """, expected: []),
    // back-bypass
    swift(
      "an interceptor with an allow-all delegate",
      swiftPushes + """
        protocol Back { func shouldPopOnBack() -> Bool }
        class Nav: UINavigationController {}
        extension UINavigationController: UIGestureRecognizerDelegate {
          open override func viewDidLoad() { super.viewDidLoad(); interactivePopGestureRecognizer?.delegate = self }
          public func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool { viewControllers.count > 1 }
          public func navigationBar(_ b: UINavigationBar, shouldPop item: UINavigationItem) -> Bool {
            (topViewController as? Back)?.shouldPopOnBack() ?? true
          }
        }
        class Detail: UIViewController, Back { func shouldPopOnBack() -> Bool { false } }
        """, expected: [.backBypass]),
    swift(
      "an interceptor whose top is a local typed as one class asks that class only",
      """
      class Home: UIViewController {
        func next() {
          navigationController?.pushViewController(Detail(), animated: true)
          navigationController?.pushViewController(Leaf(), animated: true)
        }
      }
      extension UINavigationController {
        public func navigationBar(_ b: UINavigationBar, shouldPop item: UINavigationItem) -> Bool {
          let top: Detail? = topViewController as? UIViewController
          return top?.shouldPopOnBack() ?? true
        }
      }
      class Detail: UIViewController { func shouldPopOnBack() -> Bool { false } }
      class Leaf: UIViewController { func shouldPopOnBack() -> Bool { false } }
      """, expected: [.backBypass]),
    swift(
      "an interceptor with the system delegate: UIKit never asks it about a swipe",
      swiftPushes + """
        protocol Back { func shouldPopOnBack() -> Bool }
        extension UINavigationController {
          public func navigationBar(_ b: UINavigationBar, shouldPop item: UINavigationItem) -> Bool {
            (topViewController as? Back)?.shouldPopOnBack() ?? true
          }
        }
        class Detail: UIViewController, Back { func shouldPopOnBack() -> Bool { false } }
        """, expected: [.backBypass]),
    swift(
      "an interceptor on a screen whose custom left button keeps the swipe from beginning",
      swiftPushes + """
        protocol Back { func shouldPopOnBack() -> Bool }
        extension UINavigationController {
          public func navigationBar(_ b: UINavigationBar, shouldPop item: UINavigationItem) -> Bool {
            (topViewController as? Back)?.shouldPopOnBack() ?? true
          }
        }
        class Detail: UIViewController, Back {
          override func viewDidLoad() { navigationItem.leftBarButtonItem = UIBarButtonItem() }
          func shouldPopOnBack() -> Bool { false }
        }
        """, expected: []),
    objc(
      "an interceptor with a nil delegate",
      objcPushes + """
        @implementation UINavigationController (Back)
        - (void)viewDidLoad { self.interactivePopGestureRecognizer.delegate = nil; }
        - (BOOL)navigationBar:(UINavigationBar *)bar shouldPopItem:(UINavigationItem *)item {
          return [(id)self.topViewController navigationShouldPopOnBackButton];
        }
        @end
        @implementation Detail
        - (BOOL)navigationShouldPopOnBackButton { return NO; }
        @end
        """, expected: [.backBypass, .rootPop]),
    objc(
      "an interceptor with the system delegate: UIKit never asks it about a swipe",
      objcPushes + """
        @implementation UINavigationController (Back)
        - (BOOL)navigationBar:(UINavigationBar *)bar shouldPopItem:(UINavigationItem *)item {
          return [(id)self.topViewController navigationShouldPopOnBackButton];
        }
        @end
        @implementation Detail
        - (BOOL)navigationShouldPopOnBackButton { return NO; }
        @end
        """, expected: [.backBypass]),
    objc(
      "an interceptor on a screen that hides its bar, so the swipe cannot begin",
      objcPushes + """
        @implementation UINavigationController (Back)
        - (BOOL)navigationBar:(UINavigationBar *)bar shouldPopItem:(UINavigationItem *)item {
          return [(id)self.topViewController navigationShouldPopOnBackButton];
        }
        @end
        @implementation Detail
        - (void)viewWillAppear:(BOOL)animated { [self.navigationController setNavigationBarHidden:YES animated:animated]; }
        - (void)viewWillDisappear:(BOOL)animated { [self.navigationController setNavigationBarHidden:NO animated:animated]; }
        - (BOOL)navigationShouldPopOnBackButton { return NO; }
        @end
        """, expected: []),
    // back-bypass: only the screens an interceptor really asks.
    swift(
      "an inherited default that always answers true intercepts nothing",
      swiftPushes.replacingOccurrences(of: "class Leaf: UIViewController {}", with: "") + """
        extension UINavigationController: UINavigationBarDelegate {
          public func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool {
            if let top = topViewController as? Base { return top.shouldPopOnBack() }
            return true
          }
        }
        class Base: UIViewController { @objc func shouldPopOnBack() -> Bool { true } }
        class Detail: Base { func next() { navigationController?.pushViewController(Leaf(), animated: true) } }
        class Leaf: Base {
          var hasChanges = true
          override func shouldPopOnBack() -> Bool { return !hasChanges }
        }
        """, expected: [.backBypass]),
    swift(
      "a method that can refuse, inherited by the root, which is never popped",
      """
      final class AppDelegate: UIResponder {
        func start() { window?.rootViewController = UINavigationController(rootViewController: Home()) }
      }
      extension UINavigationController: UINavigationBarDelegate {
        public func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool {
          if let top = topViewController as? Base { return top.shouldPopOnBack() }
          return true
        }
      }
      class Base: UIViewController {
        var hasChanges = false
        func shouldPopOnBack() -> Bool { !hasChanges }
      }
      class Home: Base {}
      """, expected: []),
    swift(
      "an interceptor that asks one class only",
      swiftPushes + """
        extension UINavigationController: UINavigationBarDelegate {
          public func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool {
            guard let payment = topViewController as? Detail else { return true }
            return payment.confirmLeave()
          }
        }
        class Detail: UIViewController {
          func confirmLeave() -> Bool { return false }
          func next() { navigationController?.pushViewController(Leaf(), animated: true) }
        }
        extension Leaf { func confirmLeave() -> Bool { return false } }
        """, expected: [.backBypass]),
    swift(
      "an interceptor in another navigation controller class",
      swiftPushes + """
        let checkout = CheckoutNavigationController(rootViewController: Cart())
        class CheckoutNavigationController: UINavigationController, UINavigationBarDelegate {
          func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool {
            if let vc = topViewController as? BackHandler { return vc.shouldPopOnBack() }
            return true
          }
        }
        protocol BackHandler { func shouldPopOnBack() -> Bool }
        class Cart: UIViewController {}
        class Detail: UIViewController, BackHandler { func shouldPopOnBack() -> Bool { return false } }
        """, expected: []),
    objc(
      "an inherited default that always answers YES intercepts nothing",
      objcPushes + """
        @implementation UINavigationController (Back)
        - (BOOL)navigationBar:(UINavigationBar *)bar shouldPopItem:(UINavigationItem *)item {
          return [[self topViewController] shouldPopOnBack];
        }
        @end
        @implementation UIViewController (Back)
        - (BOOL)shouldPopOnBack { return YES; }
        @end
        @implementation Detail
        - (void)next { [self.navigationController pushViewController:[Leaf new] animated:YES]; }
        @end
        @implementation Leaf (Back)
        - (BOOL)shouldPopOnBack { return self.saved; }
        @end
        """, expected: [.backBypass]),
    objc(
      "an interceptor that asks one class only",
      objcPushes + """
        @implementation UINavigationController (Back)
        - (BOOL)navigationBar:(UINavigationBar *)bar shouldPopItem:(UINavigationItem *)item {
          UIViewController *vc = self.topViewController;
          if ([vc isKindOfClass:[Leaf class]]) { return [(id)vc shouldPopOnBack]; }
          return YES;
        }
        @end
        @implementation Detail
        - (void)next { [self.navigationController pushViewController:[Leaf new] animated:YES]; }
        - (BOOL)shouldPopOnBack { return NO; }
        @end
        @implementation Leaf (Back)
        - (BOOL)shouldPopOnBack { return NO; }
        @end
        """, expected: [.backBypass]),
    objc(
      "an interceptor in another navigation controller class",
      objcPushes + """
        @interface CheckoutNavigationController : UINavigationController
        @end
        @implementation CheckoutNavigationController
        - (BOOL)navigationBar:(UINavigationBar *)bar shouldPopItem:(UINavigationItem *)item {
          return [(Detail *)self.topViewController shouldPopOnBack];
        }
        @end
        @implementation Detail
        - (BOOL)shouldPopOnBack { return NO; }
        @end
        """, expected: []),
    // Only the screen's own navigation controller is its navigator.
    swift(
      "the gesture disabled on a navigation controller the screen presents",
      swiftPushes + """
        class Detail: UIViewController {
          override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            let picker = UINavigationController(rootViewController: Leaf())
            picker.interactivePopGestureRecognizer?.isEnabled = false
            navigationController?.navigationController?.interactivePopGestureRecognizer?.isEnabled = false
            present(picker, animated: true)
          }
          func next() { navigationController?.pushViewController(Leaf(), animated: true) }
        }
        """, expected: []),
    swift(
      "the bar hidden on another object does not stop the swipe around an interceptor",
      swiftPushes + """
        protocol Chrome: AnyObject { func setNavigationBarHidden(_ hidden: Bool) }
        extension UINavigationController: UINavigationBarDelegate {
          public func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool {
            if let top = topViewController as? Detail { return top.shouldPopOnBack() }
            return true
          }
        }
        class Detail: UIViewController {
          weak var chrome: Chrome?
          override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); chrome?.setNavigationBarHidden(true) }
          func shouldPopOnBack() -> Bool { return false }
        }
        """, expected: [.backBypass]),
    objc(
      "the gesture disabled on a navigation controller the screen presents",
      objcPushes + """
        @implementation Detail
        - (void)viewWillAppear:(BOOL)animated {
          UINavigationController *picker = [[UINavigationController alloc] initWithRootViewController:[Leaf new]];
          [[picker interactivePopGestureRecognizer] setEnabled:NO];
          self.navigationController.navigationController.interactivePopGestureRecognizer.enabled = NO;
          [self presentViewController:picker animated:YES completion:nil];
        }
        - (void)next { [self.navigationController pushViewController:[Leaf new] animated:YES]; }
        @end
        """, expected: []),
    objc(
      "the bar hidden on another navigation controller does not stop the swipe around an interceptor",
      objcPushes + """
        @implementation UINavigationController (Back)
        - (BOOL)navigationBar:(UINavigationBar *)bar shouldPopItem:(UINavigationItem *)item {
          return [(id)self.topViewController shouldPopOnBack];
        }
        @end
        @implementation Detail
        - (void)viewDidAppear:(BOOL)animated {
          UINavigationController *sheet = [[UINavigationController alloc] initWithRootViewController:[Leaf new]];
          [sheet setNavigationBarHidden:YES animated:NO];
          [self presentViewController:sheet animated:YES completion:nil];
        }
        - (BOOL)shouldPopOnBack { return NO; }
        @end
        """, expected: [.backBypass]),
    // content-swipe-bypass
    swift(
      "a screen that turns the gesture off for itself",
      swiftPushes + """
        class Detail: UIViewController {
          override func viewDidAppear(_ animated: Bool) { navigationController?.interactivePopGestureRecognizer?.isEnabled = false }
          override func viewWillDisappear(_ animated: Bool) { navigationController?.interactivePopGestureRecognizer?.isEnabled = true }
        }
        """, expected: [.contentSwipeBypass]),
    objc(
      "a screen that turns the gesture off for itself",
      objcPushes + """
        @implementation Detail
        - (void)viewDidAppear:(BOOL)animated { self.navigationController.interactivePopGestureRecognizer.enabled = NO; }
        - (void)viewWillDisappear:(BOOL)animated { self.navigationController.interactivePopGestureRecognizer.enabled = YES; }
        @end
        """, expected: [.contentSwipeBypass]),
    swift(
      "a screen that turns both swipe-back gestures off for itself",
      swiftPushes + """
        class Detail: UIViewController {
          override func viewDidAppear(_ animated: Bool) {
            navigationController?.interactivePopGestureRecognizer?.isEnabled = false
            if #available(iOS 26.0, *) { navigationController?.interactiveContentPopGestureRecognizer?.isEnabled = false }
          }
          override func viewWillDisappear(_ animated: Bool) {
            navigationController?.interactivePopGestureRecognizer?.isEnabled = true
            if #available(iOS 26.0, *) { navigationController?.interactiveContentPopGestureRecognizer?.isEnabled = true }
          }
        }
        """, expected: []),
    swift(
      "a screen that turns both swipe-back gestures off for itself, by key",
      swiftPushes + """
        class Detail: UIViewController {
          override func viewDidAppear(_ animated: Bool) {
            navigationController?.interactivePopGestureRecognizer?.isEnabled = false
            if navigationController?.responds(to: Selector(("interactiveContentPopGestureRecognizer"))) == true {
              (navigationController?.value(forKey: "interactiveContentPopGestureRecognizer") as? UIGestureRecognizer)?.isEnabled = false
            }
          }
          override func viewWillDisappear(_ animated: Bool) { navigationController?.interactivePopGestureRecognizer?.isEnabled = true }
        }
        """, expected: []),
    objc(
      "a screen that turns both swipe-back gestures off for itself",
      objcPushes + """
        @implementation Detail
        - (void)viewDidAppear:(BOOL)animated {
          self.navigationController.interactivePopGestureRecognizer.enabled = NO;
          if ([self.navigationController respondsToSelector:@selector(interactiveContentPopGestureRecognizer)]) {
            [[self.navigationController valueForKey:@"interactiveContentPopGestureRecognizer"] setEnabled:NO];
          }
        }
        - (void)viewWillDisappear:(BOOL)animated { self.navigationController.interactivePopGestureRecognizer.enabled = YES; }
        @end
        """, expected: []),
    objc(
      "the same screen turning it off only while a swipe cannot begin anyway",
      objcPushes + """
        @implementation Detail
        - (void)viewDidAppear:(BOOL)animated {
          [self.navigationController setNavigationBarHidden:YES animated:NO];
          self.navigationController.interactivePopGestureRecognizer.enabled = NO;
        }
        - (void)viewWillDisappear:(BOOL)animated { self.navigationController.interactivePopGestureRecognizer.enabled = YES; }
        @end
        """, expected: []),
    // UIKit refuses both swipes on a screen with a custom left button or a hidden back button
    // (brave-ios's SyncSettingsTableViewController sets both in viewWillAppear).
    swift(
      "a screen with a left button set in viewWillAppear, where no swipe begins anyway",
      swiftPushes + """
        class Detail: UIViewController {
          override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            navigationController?.interactivePopGestureRecognizer?.isEnabled = false
            navigationItem.leftBarButtonItem = UIBarButtonItem()
          }
          override func viewWillDisappear(_ animated: Bool) { navigationController?.interactivePopGestureRecognizer?.isEnabled = true }
        }
        """, expected: []),
    swift(
      "a screen whose back button is hidden, where no swipe begins anyway",
      swiftPushes + """
        class Detail: UIViewController {
          override func viewDidLoad() { super.viewDidLoad(); navigationItem.hidesBackButton = true }
          override func viewDidAppear(_ animated: Bool) { navigationController?.interactivePopGestureRecognizer?.isEnabled = false }
          override func viewWillDisappear(_ animated: Bool) { navigationController?.interactivePopGestureRecognizer?.isEnabled = true }
        }
        """, expected: []),
    swift(
      "a screen that shows its back button again",
      swiftPushes + """
        class Detail: UIViewController {
          override func viewWillAppear(_ animated: Bool) { navigationItem.setHidesBackButton(false, animated: false) }
          override func viewDidAppear(_ animated: Bool) { navigationController?.interactivePopGestureRecognizer?.isEnabled = false }
          override func viewWillDisappear(_ animated: Bool) { navigationController?.interactivePopGestureRecognizer?.isEnabled = true }
        }
        """, expected: [.contentSwipeBypass]),
    objc(
      "a screen that hides its back button in viewWillAppear, where no swipe begins anyway",
      objcPushes + """
        @implementation Detail
        - (void)viewWillAppear:(BOOL)animated {
          [super viewWillAppear:animated];
          [self.navigationItem setHidesBackButton:YES animated:NO];
        }
        - (void)viewDidAppear:(BOOL)animated { self.navigationController.interactivePopGestureRecognizer.enabled = NO; }
        - (void)viewWillDisappear:(BOOL)animated { self.navigationController.interactivePopGestureRecognizer.enabled = YES; }
        @end
        """, expected: []),
  ]

  @Test(arguments: programs)
  func reportsExactlyTheExpectedIds(_ program: Program) {
    let scan = AppScan(files: program.files.map { SourceFile(path: $0.path, text: $0.text) })
    #expect(
      scan.diagnostics.map(\.id).sorted { $0.rawValue < $1.rawValue } == program.expected,
      "\(scan.diagnostics.map { "\($0.range): \($0.message)" })")
    #expect(scan.model.unresolved.isEmpty, "\(scan.model.unresolved)")
  }

  /// `--rules` of the bar-appearance programs: `check` reports the same ids on the rule file.
  @Test(arguments: programs.filter { $0.name.contains("appearance") })
  func barAppearanceRulesFileGetsTheSameIds(_ program: Program) {
    let scan = AppScan(files: program.files.map { SourceFile(path: $0.path, text: $0.text) })
    let text = RulesFileWriter.text(of: scan.model)
    let compilation = Compilation(files: [SourceFile(path: "scan.navrules", text: text)])
    #expect(!compilation.hasFrontEndErrors, "\(compilation.diagnostics)\n\(text)")
    #expect(
      compilation.diagnostics.map(\.id).sorted { $0.rawValue < $1.rawValue } == program.expected,
      "\(text)")
  }

  /// Each of those rules has a trap and a fix in both languages.
  @Test func everyRuntimeRuleIsCoveredInBothLanguages() {
    let rules: [DiagnosticID] = [
      .rootPop, .gestureDeadlock, .delegateLeak, .stateLeak, .titleLostOnBack, .backBypass,
      .contentSwipeBypass,
    ]
    for language in ["Swift: ", "Objective-C: "] {
      let programs = Self.programs.filter { $0.name.hasPrefix(language) }
      for rule in rules {
        #expect(programs.contains { $0.expected.contains(rule) }, "\(language)\(rule)")
      }
      #expect(programs.contains { $0.expected.isEmpty }, "\(language)fixes")
    }
  }
}
