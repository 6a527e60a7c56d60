import Testing

@testable import NavRulesCompiler
@testable import NavRulesScan

/// Shapes that real apps write and that once gave a finding false on a device, or dropped a
/// push without counting it: each in Swift and in Objective-C.
@Suite struct ScanSoundnessTests {
  static func scan(_ files: [(String, String)]) -> AppScan {
    AppScan(files: files.map { SourceFile(path: $0.0, text: $0.1) })
  }

  static func ids(_ scan: AppScan) -> [DiagnosticID] {
    scan.diagnostics.map(\.id).sorted { $0.rawValue < $1.rawValue }
  }

  static func pushes(of name: String, _ scan: AppScan) -> [String] {
    let module = scan.model.module
    guard let screen = module.screens.first(where: { $0.name == name }) else { return [] }
    return screen.pushes.map { module.screens[$0.value.index].name }.sorted()
  }

  static let swiftApp = (
    "App.swift",
    """
    final class AppDelegate: UIResponder {
      func start() { window?.rootViewController = UINavigationController(rootViewController: Home()) }
    }
    class Home: UIViewController { func next() { navigationController?.pushViewController(Detail(), animated: true) } }
    class Leaf: UIViewController {}
    """
  )

  static let objcApp = (
    "App.m",
    """
    @interface Home : UIViewController
    @end
    @interface Leaf : UIViewController
    @end
    @implementation AppDelegate
    - (void)start {
      self.window.rootViewController = [[UINavigationController alloc] initWithRootViewController:[Home new]];
    }
    @end
    @implementation Home
    - (void)next { [self.navigationController pushViewController:[Detail new] animated:YES]; }
    @end
    @implementation Leaf
    @end
    """
  )

  /// `Detail`'s interface, for the Objective-C apps whose `Detail` inherits no app class.
  static let objcDetail = "@interface Detail : UIViewController\n@end\n"

  // MARK: - An unresolved write of the gesture's delegate or isEnabled

  /// `delegate = self` never restored leaks (delegate-leak, root-pop); a later write of a value
  /// navrc cannot resolve may restore it, so the leak is not reported.
  @Test func anUnresolvedDelegateWriteMakesTheDelegateUnknown() {
    let swift = Self.scan([
      Self.swiftApp,
      (
        "Detail.swift",
        """
        class Detail: UIViewController, UIGestureRecognizerDelegate {
          override func viewDidAppear(_ animated: Bool) { navigationController?.interactivePopGestureRecognizer?.delegate = self }
          override func viewWillDisappear(_ animated: Bool) { navigationController?.interactivePopGestureRecognizer?.delegate = SwipeKeeper.shared.saved }
          func next() { navigationController?.pushViewController(Leaf(), animated: true) }
        }
        """
      ),
    ])
    let objc = Self.scan([
      Self.objcApp,
      (
        "Detail.m",
        Self.objcDetail + """
          @implementation Detail
          - (void)viewDidAppear:(BOOL)animated { self.navigationController.interactivePopGestureRecognizer.delegate = self; }
          - (void)viewWillDisappear:(BOOL)animated { self.navigationController.interactivePopGestureRecognizer.delegate = [SwipeKeeper shared].saved; }
          - (void)next { [self.navigationController pushViewController:[Leaf new] animated:YES]; }
          @end
          """
      ),
    ])
    for scan in [swift, objc] {
      #expect(Self.ids(scan) == [], "\(scan.diagnostics.map(\.message))")
      #expect(
        scan.model.unresolved.map(\.what) == [
          "gesture delegate set to an object whose answer is not known"
        ])
    }
  }

  /// A gesture disabled and re-enabled with a value navrc cannot resolve does not leak.
  @Test func anUnresolvedIsEnabledWriteMakesTheGestureUnknown() {
    let swift = Self.scan([
      Self.swiftApp,
      (
        "Detail.swift",
        """
        class Detail: UIViewController {
          var swipes = true
          override func viewDidAppear(_ animated: Bool) { navigationController?.interactivePopGestureRecognizer?.isEnabled = false } // navrc:disable-line content-swipe-bypass
          override func viewWillDisappear(_ animated: Bool) { navigationController?.interactivePopGestureRecognizer?.isEnabled = swipes }
          func next() { navigationController?.pushViewController(Leaf(), animated: true) }
        }
        """
      ),
    ])
    let objc = Self.scan([
      Self.objcApp,
      (
        "Detail.m",
        Self.objcDetail + """
          @implementation Detail
          - (void)viewDidAppear:(BOOL)animated {
            self.navigationController.interactivePopGestureRecognizer.enabled = NO; // navrc:disable-line content-swipe-bypass
          }
          - (void)viewWillDisappear:(BOOL)animated { self.navigationController.interactivePopGestureRecognizer.enabled = self.swipes; }
          - (void)next { [self.navigationController pushViewController:[Leaf new] animated:YES]; }
          @end
          """
      ),
    ])
    for scan in [swift, objc] {
      #expect(!Self.ids(scan).contains(.stateLeak), "\(scan.diagnostics.map(\.message))")
      #expect(
        scan.model.unresolved.map(\.what) == [
          "'isEnabled' set to a value that is not true or false"
        ])
    }
  }

  // MARK: - A depth test and something else

  /// `return count > 1 && allowSwipe` is not `guarded`: when pushed, its answer is unknown.
  @Test func aDepthTestAndAnotherValueIsNotGuarded() {
    let swift = Self.scan([
      Self.swiftApp,
      (
        "Detail.swift",
        """
        class Detail: UIViewController, UIGestureRecognizerDelegate {
          var allowSwipe = false
          override func viewDidAppear(_ animated: Bool) { navigationController?.interactivePopGestureRecognizer?.delegate = self }
          func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool {
            return navigationController!.viewControllers.count > 1 && allowSwipe
          }
        }
        class Other: UIViewController, UIGestureRecognizerDelegate {
          override func viewDidAppear(_ animated: Bool) { navigationController?.interactivePopGestureRecognizer?.delegate = self }
          func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool {
            if navigationController!.viewControllers.count > 1 && allowSwipe { return true }
            return false
          }
        }
        """
      ),
    ])
    let objc = Self.scan([
      Self.objcApp,
      (
        "Detail.m",
        Self.objcDetail + """
          @implementation Detail
          - (void)viewDidAppear:(BOOL)animated { self.navigationController.interactivePopGestureRecognizer.delegate = self; }
          - (BOOL)gestureRecognizerShouldBegin:(UIGestureRecognizer *)g {
            return self.navigationController.viewControllers.count > 1 && self.allowSwipe;
          }
          @end
          @interface Other : UIViewController
          @end
          @implementation Other
          - (void)viewDidAppear:(BOOL)animated { self.navigationController.interactivePopGestureRecognizer.delegate = self; }
          - (BOOL)gestureRecognizerShouldBegin:(UIGestureRecognizer *)g {
            if (self.navigationController.viewControllers.count > 1 && self.allowSwipe) { return YES; }
            return NO;
          }
          @end
          """
      ),
    ])
    for scan in [swift, objc] {
      #expect(
        scan.model.unresolved.map(\.what)
          == Array(
            repeating: "gesture delegate set to an object whose answer is not known", count: 2))
    }
  }

  /// A `gestureRecognizerShouldBegin` that pops the screen itself and then refuses the gesture
  /// (stakwork/sphinx-ios) does not block the swipe: the swipe leaves the screen. Its answer is
  /// not known, so neither a leaked blocking delegate (state-leak) nor an edge-only block
  /// (content-swipe-bypass) is reported.
  @Test func aShouldBeginThatPopsItselfIsNotABlock() {
    let swift = Self.scan([
      Self.swiftApp,
      (
        "Detail.swift",
        """
        class Detail: UIViewController, UIGestureRecognizerDelegate {
          override func viewDidAppear(_ animated: Bool) { navigationController?.interactivePopGestureRecognizer?.delegate = self }
          func next() { navigationController?.pushViewController(Leaf(), animated: true) }
          func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool {
            if g.isEqual(navigationController?.interactivePopGestureRecognizer) {
              navigationController?.popViewController(animated: true)
            }
            return false
          }
        }
        """
      ),
    ])
    let objc = Self.scan([
      Self.objcApp,
      (
        "Detail.m",
        Self.objcDetail + """
          @implementation Detail
          - (void)viewDidAppear:(BOOL)animated { self.navigationController.interactivePopGestureRecognizer.delegate = self; }
          - (void)next { [self.navigationController pushViewController:[Leaf new] animated:YES]; }
          - (BOOL)gestureRecognizerShouldBegin:(UIGestureRecognizer *)g {
            [self.navigationController popViewControllerAnimated:YES];
            return NO;
          }
          @end
          """
      ),
    ])
    for scan in [swift, objc] {
      #expect(Self.ids(scan) == [], "\(scan.diagnostics.map(\.message))")
      #expect(
        scan.model.unresolved.map(\.what)
          == ["gesture delegate set to an object whose answer is not known"])
    }
  }

  /// `gestureRecognizerShouldBegin` answering through an overridable method of the class is
  /// what the subclass's method answers.
  @Test func shouldBeginIsFollowedIntoAnOverridableMethod() {
    let swift = Self.scan([
      Self.swiftApp,
      (
        "Detail.swift",
        """
        class Base: UIViewController, UIGestureRecognizerDelegate {
          override func viewDidAppear(_ animated: Bool) { navigationController?.interactivePopGestureRecognizer?.delegate = self }
          func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool { return allowsSwipeBack() }
          func allowsSwipeBack() -> Bool { return true }
        }
        class Detail: Base {
          override func allowsSwipeBack() -> Bool { return false }
          func next() { navigationController?.pushViewController(Leaf(), animated: true) }
        }
        """
      ),
    ])
    let objc = Self.scan([
      Self.objcApp,
      (
        "Detail.m",
        """
        @interface Base : UIViewController
        @end
        @implementation Base
        - (void)viewDidAppear:(BOOL)animated { self.navigationController.interactivePopGestureRecognizer.delegate = self; }
        - (BOOL)gestureRecognizerShouldBegin:(UIGestureRecognizer *)g { return [self allowsSwipeBack]; }
        - (BOOL)allowsSwipeBack { return YES; }
        @end
        @interface Detail : Base
        @end
        @implementation Detail
        - (BOOL)allowsSwipeBack { return NO; }
        - (void)next { [self.navigationController pushViewController:[Leaf new] animated:YES]; }
        @end
        """
      ),
    ])
    for scan in [swift, objc] {
      #expect(scan.model.unresolved.isEmpty, "\(scan.model.unresolved)")
      // Detail blocks every swipe and never restores the delegate: it leaks to Leaf.
      #expect(Self.ids(scan).contains(.stateLeak), "\(scan.diagnostics.map(\.message))")
    }
  }

  // MARK: - One local name bound in two branches

  /// `let vc = …` in each branch, pushed in each: both pushes.
  @Test func aLocalBoundInTwoBranchesIsPushedFromEach() {
    let swift = Self.scan([
      Self.swiftApp,
      (
        "Detail.swift",
        """
        class Detail: UIViewController {
          func open(_ kind: Int) {
            switch kind {
            case 0:
              let vc = Leaf()
              navigationController?.pushViewController(vc, animated: true)
            default:
              let vc = Trap()
              navigationController?.pushViewController(vc, animated: true)
            }
            if kind > 3 { let next = Leaf(); show(next, sender: nil) } else { let next = Trap(); show(next, sender: nil) }
          }
        }
        class Trap: UIViewController {}
        """
      ),
    ])
    let objc = Self.scan([
      Self.objcApp,
      (
        "Detail.m",
        Self.objcDetail + """
          @interface Trap : UIViewController
          @end
          @implementation Trap
          @end
          @implementation Detail
          - (void)open:(NSInteger)kind {
            switch (kind) {
              case 0: {
                Leaf *vc = [Leaf new];
                [self.navigationController pushViewController:vc animated:YES];
                break;
              }
              default: {
                Trap *vc = [Trap new];
                [self.navigationController pushViewController:vc animated:YES];
                break;
              }
            }
          }
          @end
          """
      ),
    ])
    for scan in [swift, objc] {
      #expect(Self.pushes(of: "Detail", scan) == ["Leaf", "Trap"])
      #expect(scan.model.unresolved.isEmpty, "\(scan.model.unresolved)")
    }
  }

  // MARK: - A storyboard named in code

  static func storyboard(_ scenes: [(id: String, identifier: String, className: String)])
    -> String
  {
    let body = scenes.map { scene in
      """
      <scene sceneID="s\(scene.id)"><objects>
        <viewController storyboardIdentifier="\(scene.identifier)" id="\(scene.id)" customClass="\(scene.className)" sceneMemberID="viewController"/>
      </objects></scene>
      """
    }.joined()
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
        <scenes>\(body)</scenes>
      </document>
      """
  }

  /// `UIStoryboard(name: "B", …).instantiateViewController(withIdentifier:)` is a scene of B.
  @Test func anIdentifierIsLookedUpInTheStoryboardNamed() {
    let swift = Self.scan([
      Self.swiftApp,
      ("A.storyboard", Self.storyboard([("a", "detail", "InA"), ("a2", "onlyA", "OnlyInA")])),
      ("Base.lproj/B.storyboard", Self.storyboard([("b", "detail", "InB")])),
      ("C.storyboard", "<?xml version=\"1.0\"?><document><scenes/></document>"),
      (
        "Detail.swift",
        """
        class InA: UIViewController {}
        class InB: UIViewController {}
        class OnlyInA: UIViewController {}
        class Detail: UIViewController {
          func b() { navigationController?.pushViewController(UIStoryboard(name: "B", bundle: nil).instantiateViewController(withIdentifier: "detail"), animated: true) }
          func c() {
            let board = UIStoryboard(name: "C", bundle: nil)
            navigationController?.pushViewController(board.instantiateViewController(withIdentifier: "onlyA"), animated: true)
          }
        }
        """
      ),
    ])
    let objc = Self.scan([
      Self.objcApp,
      ("A.storyboard", Self.storyboard([("a", "detail", "InA"), ("a2", "onlyA", "OnlyInA")])),
      ("Base.lproj/B.storyboard", Self.storyboard([("b", "detail", "InB")])),
      ("C.storyboard", "<?xml version=\"1.0\"?><document><scenes/></document>"),
      (
        "Detail.m",
        Self.objcDetail + """
          @interface InA : UIViewController
          @end
          @interface InB : UIViewController
          @end
          @interface OnlyInA : UIViewController
          @end
          @implementation Detail
          - (void)b {
            UIViewController *vc = [[UIStoryboard storyboardWithName:@"B" bundle:nil] instantiateViewControllerWithIdentifier:@"detail"];
            [self.navigationController pushViewController:vc animated:YES];
          }
          - (void)c {
            UIStoryboard *board = [UIStoryboard storyboardWithName:@"C" bundle:nil];
            [self.navigationController pushViewController:[board instantiateViewControllerWithIdentifier:@"onlyA"] animated:YES];
          }
          @end
          """
      ),
    ])
    for scan in [swift, objc] {
      #expect(Self.pushes(of: "Detail", scan) == ["InB"])
      #expect(
        scan.model.unresolved.map(\.what) == ["push of a view controller whose class is not known"])
    }
  }

  // MARK: - A back interceptor asking through a helper

  /// `navigationBar(_:shouldPop:)` that asks the top view controller in a helper method of the
  /// navigation controller: the screens it asks are `back intercept taps`, and the swipe that
  /// walks around it is a `back-bypass`.
  @Test func aBackInterceptorIsFollowedIntoOneHelper() {
    let swift = Self.scan([
      Self.swiftApp,
      (
        "Detail.swift",
        """
        protocol Back { func shouldPopOnBack() -> Bool }
        extension UINavigationController {
          public func navigationBar(_ b: UINavigationBar, shouldPop item: UINavigationItem) -> Bool {
            return checkIfNavigationBarShouldPop(item: item)
          }
          func checkIfNavigationBarShouldPop(item: UINavigationItem) -> Bool {
            if let top = topViewController as? Back { return top.shouldPopOnBack() }
            return true
          }
        }
        class Detail: UIViewController, Back { func shouldPopOnBack() -> Bool { false } }
        """
      ),
    ])
    let objc = Self.scan([
      Self.objcApp,
      (
        "Detail.m",
        Self.objcDetail + """
          @implementation UINavigationController (Back)
          - (BOOL)navigationBar:(UINavigationBar *)bar shouldPopItem:(UINavigationItem *)item {
            return [self checkIfShouldPop:item];
          }
          - (BOOL)checkIfShouldPop:(UINavigationItem *)item {
            return [(id)self.topViewController navigationShouldPopOnBackButton];
          }
          @end
          @implementation Detail
          - (BOOL)navigationShouldPopOnBackButton { return NO; }
          @end
          """
      ),
    ])
    for scan in [swift, objc] {
      #expect(Self.ids(scan) == [.backBypass], "\(scan.diagnostics.map(\.message))")
    }
  }

  // MARK: - Gesture code the model has no hook for

  /// A navigation controller delegate's `didShow` that sets the gesture's delegate, and a
  /// navigation controller's own `viewDidAppear`, run after the screens' hooks: the leak the
  /// screens' hooks alone show is not reported, and each site is counted.
  @Test func gestureCodeInANavigationDelegateOrTheNavigationControllersAppearance() {
    let leak = """
      class Detail: UIViewController, UIGestureRecognizerDelegate {
        override func viewDidAppear(_ animated: Bool) { navigationController?.interactivePopGestureRecognizer?.delegate = self }
        func next() { navigationController?.pushViewController(Leaf(), animated: true) }
      }
      """
    let objcLeak = """
      @implementation Detail
      - (void)viewDidAppear:(BOOL)animated { self.navigationController.interactivePopGestureRecognizer.delegate = self; }
      - (void)next { [self.navigationController pushViewController:[Leaf new] animated:YES]; }
      @end
      """
    let swift = [
      Self.scan([Self.swiftApp, ("Detail.swift", leak)]),
      Self.scan([
        Self.swiftApp,
        (
          "Detail.swift",
          leak + """
            final class NavigationDelegate: NSObject, UINavigationControllerDelegate {
              func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
                navigationController.interactivePopGestureRecognizer?.delegate = nil
                navigationController.interactivePopGestureRecognizer?.isEnabled = navigationController.viewControllers.count > 1
              }
            }
            """
        ),
      ]),
      Self.scan([
        Self.swiftApp,
        (
          "Detail.swift",
          leak + """
            extension UINavigationController {
              open override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); interactivePopGestureRecognizer?.delegate = nil }
            }
            """
        ),
      ]),
    ]
    let objc = [
      Self.scan([Self.objcApp, ("Detail.m", Self.objcDetail + objcLeak)]),
      Self.scan([
        Self.objcApp,
        (
          "Detail.m",
          Self.objcDetail + objcLeak + """
            @implementation NavigationDelegate
            - (void)navigationController:(UINavigationController *)navigationController didShowViewController:(UIViewController *)viewController animated:(BOOL)animated {
              navigationController.interactivePopGestureRecognizer.enabled = navigationController.viewControllers.count > 1;
            }
            @end
            """
        ),
      ]),
      Self.scan([
        Self.objcApp,
        (
          "Detail.m",
          Self.objcDetail + objcLeak + """
            @implementation UINavigationController (Swipe)
            - (void)viewWillAppear:(BOOL)animated { self.interactivePopGestureRecognizer.delegate = nil; }
            @end
            """
        ),
      ]),
    ]
    for scans in [swift, objc] {
      #expect(Self.ids(scans[0]) == [.delegateLeak, .rootPop])
      for scan in scans.dropFirst() {
        #expect(Self.ids(scan) == [], "\(scan.diagnostics.map(\.message))")
        #expect(scan.model.unresolved.count == 1, "\(scan.model.unresolved)")
      }
    }
  }

  // MARK: - One class name in two targets

  /// An app and its extension each declaring `Detail`: their code is not merged into one
  /// screen (the extension's `Detail` never runs in the app's navigation controller).
  @Test func twoClassesOfOneNameInTwoTargetsAreNotMerged() {
    let swift = Self.scan([
      Self.swiftApp,
      ("App/Detail.swift", "class Detail: UIViewController {}"),
      (
        "ShareExtension/Detail.swift",
        """
        class Detail: UIViewController {
          override func viewDidAppear(_ animated: Bool) { navigationController?.interactivePopGestureRecognizer?.delegate = nil }
        }
        """
      ),
    ])
    let objc = Self.scan([
      Self.objcApp,
      ("App/Detail.h", Self.objcDetail),
      ("App/Detail.m", "@implementation Detail\n@end\n"),
      ("ShareExtension/Detail.h", Self.objcDetail),
      (
        "ShareExtension/Detail.m",
        """
        @implementation Detail
        - (void)viewDidAppear:(BOOL)animated { self.navigationController.interactivePopGestureRecognizer.delegate = nil; }
        @end
        """
      ),
    ])
    for scan in [swift, objc] {
      #expect(Self.ids(scan) == [], "\(scan.diagnostics.map(\.message))")
      #expect(!scan.model.module.screens.contains { $0.name == "Detail" })
      #expect(scan.model.unresolved.count == 3, "\(scan.model.unresolved)")
    }
  }

  /// A closure a coordinator's method gives a screen it makes runs with that screen on top:
  /// what it pushes, and the methods it calls, are not pushes from the screen whose action
  /// led to the method (once they were: `List → Done` and `List → Help` below).
  @Test func aClosureGivenToANewScreenPushesFromThatScreen() {
    let swift = Self.scan([
      (
        "Coordinator.swift",
        """
        final class AppCoordinator {
          let navigationController = UINavigationController()
          func start() {
            let list = List()
            list.onSelect = { [weak self] in self?.showDetail() }
            navigationController.setViewControllers([list], animated: false)
          }
          func showDetail() {
            let detail = Detail()
            detail.onDone = { [weak self] in self?.finish() }
            detail.onHelp = { [weak self] in self?.navigationController.pushViewController(Help(), animated: true) }
            navigationController.pushViewController(detail, animated: true)
          }
          func finish() { navigationController.pushViewController(Done(), animated: true) }
        }
        class List: UIViewController { var onSelect: (() -> Void)? }
        class Detail: UIViewController { var onDone: (() -> Void)?; var onHelp: (() -> Void)? }
        class Done: UIViewController {}
        class Help: UIViewController {}
        """
      )
    ])
    let objc = Self.scan([
      (
        "Coordinator.m",
        """
        @interface List : UIViewController
        @property (nonatomic, copy) void (^onSelect)(void);
        @end
        @interface Detail : UIViewController
        @property (nonatomic, copy) void (^onDone)(void);
        @property (nonatomic, copy) void (^onHelp)(void);
        @end
        @interface Done : UIViewController
        @end
        @interface Help : UIViewController
        @end
        @interface AppCoordinator : NSObject
        @property (nonatomic, strong) UINavigationController *navigationController;
        @end
        @implementation AppCoordinator
        - (void)start {
          UINavigationController *nav = [[UINavigationController alloc] init];
          List *list = [List new];
          list.onSelect = ^{ [self showDetail]; };
          [nav setViewControllers:@[list] animated:NO];
          self.navigationController = nav;
        }
        - (void)showDetail {
          Detail *detail = [Detail new];
          detail.onDone = ^{ [self finish]; };
          detail.onHelp = ^{ [self.navigationController pushViewController:[Help new] animated:YES]; };
          [self.navigationController pushViewController:detail animated:YES];
        }
        - (void)finish { [self.navigationController pushViewController:[Done new] animated:YES]; }
        @end
        """
      )
    ])
    for scan in [swift, objc] {
      #expect(Self.pushes(of: "List", scan) == ["Detail"])
      #expect(Self.pushes(of: "Detail", scan) == ["Done", "Help"])
    }
  }

  /// A local declared with a type and bound later in branches holds one of several classes:
  /// `UIViewController` (or an app class with subclasses) is not a screen of its own (once
  /// it became a plain `UIViewController` screen, pushed with no hooks, where the app pushes
  /// `A` or `B`).
  @Test func aLocalTypedWithAClassThatPinsNothingIsNotResolved() {
    let swift = Self.scan([
      Self.swiftApp,
      (
        "Detail.swift",
        """
        class Detail: UIViewController {
          func open(flag: Bool) {
            let next: UIViewController
            if flag { next = A() } else { next = B() }
            navigationController?.pushViewController(next, animated: true)
            let pinned: Leaf
            pinned = makeLeaf()
            navigationController?.pushViewController(pinned, animated: true)
          }
        }
        class A: UIViewController {}
        class B: UIViewController {}
        """
      ),
    ])
    #expect(Self.pushes(of: "Detail", swift) == ["Leaf"])
    #expect(
      swift.model.unresolved.map(\.what) == ["push of a view controller whose class is not known"])
    // Objective-C declares a local with its value or with nothing: `UIViewController *next;`
    // then assignments is the same shape.
    let objc = Self.scan([
      Self.objcApp,
      (
        "Detail.m",
        """
        @interface Detail : UIViewController
        @end
        @interface A : UIViewController
        @end
        @implementation Detail
        - (void)open {
          UIViewController *next;
          next = [A new];
          [self.navigationController pushViewController:next animated:YES];
        }
        @end
        """
      ),
    ])
    #expect(Self.pushes(of: "Detail", objc) == [])
  }
}
