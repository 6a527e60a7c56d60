import Testing

@testable import NavRulesCompiler
@testable import NavRulesScan

/// Spellings that mean the same thing give the same model (docs/scan.md#what-becomes-what,
/// spellings): each case is an app written two ways, and the rule files `--rules` writes for them
/// (comments dropped) must be equal and resolve everything.
@Suite struct ScanSpellingTests {
  struct Pair: Sendable, CustomTestStringConvertible {
    var name: String
    var path: String
    var written: String
    var reference: String
    /// A line of the reference model, so that the pair is about something.
    var has: String
    var testDescription: String { name }
  }

  /// An Objective-C app: a navigation controller rooted at `Home`, which pushes `Detail`,
  /// which pushes `Leaf`; `code` adds the rest, and `$` in it is replaced by each spelling.
  static func objc(
    _ name: String, _ code: String, _ written: String, _ reference: String, has: String
  ) -> Pair {
    let app = """
      @interface Home : UIViewController
      @end
      @interface Detail : UIViewController
      @end
      @interface Leaf : UIViewController
      @end
      @implementation AppDelegate
      - (void)start {
        self.window.rootViewController = [[UINavigationController alloc] initWithRootViewController:[Home new]];
      }
      @end
      @implementation Home (Pushes)
      - (void)next { [self.navigationController pushViewController:[Detail new] animated:YES]; }
      @end
      @implementation Detail (Pushes)
      - (void)next { [self.navigationController pushViewController:[Leaf new] animated:YES]; }
      @end

      """
    return Pair(
      name: "Objective-C: " + name, path: "App.m",
      written: app + code.replacingOccurrences(of: "$", with: written),
      reference: app + code.replacingOccurrences(of: "$", with: reference), has: has)
  }

  static func swift(
    _ name: String, _ code: String, _ written: String, _ reference: String, has: String
  ) -> Pair {
    let app = """
      let nav = UINavigationController(rootViewController: Home())
      class Home: UIViewController { func next() { navigationController?.pushViewController(Detail(), animated: true) } }
      class Leaf: UIViewController {}

      """
    return Pair(
      name: "Swift: " + name, path: "App.swift",
      written: app + code.replacingOccurrences(of: "$", with: written),
      reference: app + code.replacingOccurrences(of: "$", with: reference), has: has)
  }

  static let objcInterceptor = """
    @implementation UINavigationController (Back)
    - (BOOL)navigationBar:(UINavigationBar *)navigationBar shouldPopItem:(UINavigationItem *)item {
      UIViewController *vc = $;
      return [(Detail *)vc shouldPopOnBack];
    }
    @end
    @implementation Detail
    - (BOOL)shouldPopOnBack { return NO; }
    @end
    """

  static let swiftInterceptor = """
    class Nav: UINavigationController, UINavigationBarDelegate {
      func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool {
        $
      }
    }
    class Detail: UIViewController {
      func shouldPopOnBack() -> Bool { return false }
    }
    let other = Nav(rootViewController: Home())
    """

  static let pairs: [Pair] = [
    // Getter messages read as the properties they get.
    objc(
      "the top view controller asked through a getter message", objcInterceptor,
      "[self topViewController]", "self.topViewController", has: "back intercept taps"),
    objc(
      "the gesture reached through a getter message",
      """
      @implementation Detail
      - (void)viewWillAppear:(BOOL)animated { $; }
      - (void)viewWillDisappear:(BOOL)animated { [[self.navigationController interactivePopGestureRecognizer] setEnabled:YES]; }
      @end
      """,
      "[[self.navigationController interactivePopGestureRecognizer] setEnabled:NO]",
      "self.navigationController.interactivePopGestureRecognizer.enabled = NO",
      has: "popGesture disabled"),
    objc(
      "the bar reached through getter messages",
      """
      @implementation Detail
      - (void)viewWillAppear:(BOOL)animated { $; }
      @end
      """,
      "[[[self navigationController] navigationBar] setHidden:YES]",
      "self.navigationController.navigationBar.hidden = YES", has: "navigationBar hidden"),
    objc(
      "title attributes set on a bar reached through a getter message",
      """
      @implementation Detail
      - (void)viewWillAppear:(BOOL)animated { $; }
      @end
      """,
      "[[self.navigationController navigationBar] setTitleTextAttributes:@{NSForegroundColorAttributeName: [UIColor redColor]}]",
      "self.navigationController.navigationBar.titleTextAttributes = @{NSForegroundColorAttributeName: [UIColor redColor]}",
      has: "titleStyle { color #FF0000FF }"),
    // The top view controller under its other names, and bound by `guard`.
    swift(
      "the top view controller bound by guard let", swiftInterceptor,
      "guard let vc = topViewController as? Detail else { return true }\n    return vc.shouldPopOnBack()",
      "if let vc = topViewController as? Detail { return vc.shouldPopOnBack() }\n    return true",
      has: "back intercept taps"),
    swift(
      "the top view controller as the stack's last", swiftInterceptor,
      "if let vc = viewControllers.last as? Detail { return vc.shouldPopOnBack() }\n    return true",
      "if let vc = topViewController as? Detail { return vc.shouldPopOnBack() }\n    return true",
      has: "back intercept taps"),
    objc(
      "the top view controller as the stack's lastObject", objcInterceptor,
      "self.viewControllers.lastObject", "self.topViewController", has: "back intercept taps"),
    objc(
      "the top view controller as the stack's lastObject by messages", objcInterceptor,
      "[[self viewControllers] lastObject]", "self.topViewController",
      has: "back intercept taps"),
    objc(
      "the top view controller as a bare stack's lastObject", objcInterceptor,
      "[viewControllers lastObject]", "self.topViewController", has: "back intercept taps"),
    // The screen's own navigation controller under a local's name.
    objc(
      "the gesture of the navigation controller bound to a local",
      """
      @implementation Detail
      - (void)viewWillAppear:(BOOL)animated { $ }
      @end
      """,
      "UINavigationController *nav = [self navigationController]; nav.interactivePopGestureRecognizer.enabled = NO;",
      "self.navigationController.interactivePopGestureRecognizer.enabled = NO;",
      has: "popGesture disabled"),
    swift(
      "the bar of the navigation controller bound by guard let",
      """
      class Detail: UIViewController {
        override func viewWillAppear(_ animated: Bool) {
          $
        }
      }
      """,
      "guard let nav = navigationController else { return }\n    nav.setNavigationBarHidden(true, animated: animated)",
      "self.navigationController?.setNavigationBarHidden(true, animated: animated)",
      has: "navigationBar hidden"),
    // A local bound to `self` is `self`.
    objc(
      "the gesture's delegate set to a weak reference to self", homeDidLoad,
      "__weak typeof(self) weakSelf = self; self.navigationController.interactivePopGestureRecognizer.delegate = weakSelf;",
      "self.navigationController.interactivePopGestureRecognizer.delegate = self;",
      has: "popGestureDelegate self"),
    objc(
      "the gesture's delegate set through __typeof and a strong copy", homeDidLoad,
      "__weak __typeof(self) weakSelf = self; __strong __typeof(weakSelf) strongSelf = weakSelf; [[strongSelf.navigationController interactivePopGestureRecognizer] setDelegate:strongSelf];",
      "self.navigationController.interactivePopGestureRecognizer.delegate = self;",
      has: "popGestureDelegate self"),
    objc(
      "the gesture's delegate set to a weak reference typed with the class", homeDidLoad,
      "__weak Home *weakHome = self; self.navigationController.interactivePopGestureRecognizer.delegate = (id)weakHome;",
      "self.navigationController.interactivePopGestureRecognizer.delegate = self;",
      has: "popGestureDelegate self"),
  ]

  static let homeDidLoad = """
    @implementation Home
    - (void)viewDidLoad { [super viewDidLoad]; $ }
    @end
    """

  @Test(arguments: pairs)
  func bothSpellingsGiveTheSameModel(_ pair: Pair) {
    let written = AppScan(files: [SourceFile(path: pair.path, text: pair.written)])
    let reference = AppScan(files: [SourceFile(path: pair.path, text: pair.reference)])
    #expect(ScanExtractionTests.model(reference).contains(pair.has))
    #expect(ScanExtractionTests.model(written) == ScanExtractionTests.model(reference))
    #expect(written.model.unresolved.isEmpty, "\(written.model.unresolved)")
    #expect(
      written.diagnostics.map(\.id) == reference.diagnostics.map(\.id),
      "\(written.diagnostics.map(\.message))")
  }
}
