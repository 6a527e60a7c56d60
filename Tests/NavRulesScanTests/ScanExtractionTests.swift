import Testing

@testable import NavRulesCompiler
@testable import NavRulesScan

/// One test per row of the table in docs/scan.md#what-becomes-what: a small
/// app, and the model navrc extracts from it, read as the rule file `--rules` writes (comments
/// dropped, one declaration per line).
@Suite struct ScanExtractionTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var files: [(path: String, text: String)]
    /// Lines the model must have (after trimming), in this order.
    var has: [String]
    /// Lines it must not have.
    var hasNot: [String] = []
    var roots: [String] = []
    var testDescription: String { name }
  }

  static func scan(_ files: [(path: String, text: String)], roots: [String] = []) -> AppScan {
    AppScan(files: files.map { SourceFile(path: $0.path, text: $0.text) }, roots: roots)
  }

  /// The rule file's lines without comments and indentation.
  static func model(_ scan: AppScan) -> [String] {
    RulesFileWriter.text(of: scan.model).split(separator: "\n").compactMap { line in
      var text = String(line)
      if let comment = text.range(of: "//") { text = String(text[..<comment.lowerBound]) }
      text = text.trimmingCharacters(in: .whitespaces)
      return text.isEmpty ? nil : text
    }
  }

  static let appDelegate = (
    "AppDelegate.swift",
    """
    import UIKit
    final class AppDelegate: UIResponder, UIApplicationDelegate {
      var window: UIWindow?
      func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window?.rootViewController = UINavigationController(rootViewController: HomeViewController())
        return true
      }
    }
    """
  )

  static func app(_ files: (String, String)...) -> [(path: String, text: String)] {
    [appDelegate] + files.map { (path: $0.0, text: $0.1) }
  }

  static let cases: [Case] = [
    Case(
      name: "a class inheriting from UIViewController through app classes in both languages",
      files: app(
        ("Base.h", "@interface BaseTableViewController : UITableViewController\n@end\n"),
        ("Base.m", "@implementation BaseTableViewController\n@end\n"),
        (
          "Home.swift",
          "class HomeViewController: ListViewController {}\nclass ListViewController: BaseTableViewController {}\nstruct NotAScreen {}\nclass Helper: NSObject {}"
        )),
      has: [
        "screen BaseTableViewController {", "screen HomeViewController {",
        "screen ListViewController {",
      ],
      hasNot: ["screen NotAScreen {", "screen Helper {"]),
    Case(
      name: "lifecycle overrides in statement order, a super call splicing the base class's hook",
      files: app(
        (
          "Home.swift",
          """
          class BaseViewController: UIViewController {
            override func viewWillAppear(_ animated: Bool) {
              super.viewWillAppear(animated)
              navigationController?.setNavigationBarHidden(false, animated: animated)
            }
          }
          class HomeViewController: BaseViewController {
            override func viewWillAppear(_ animated: Bool) {
              navigationController?.interactivePopGestureRecognizer?.isEnabled = false
              super.viewWillAppear(animated)
              configure()
            }
            private func configure() { navigationController?.isNavigationBarHidden = true }
          }
          class SilentViewController: BaseViewController {
            override func viewWillAppear(_ animated: Bool) {}
          }
          """
        )),
      has: [
        "screen HomeViewController {", "on viewWillAppear {", "popGesture disabled",
        "navigationBar visible", "navigationBar hidden", "}", "}", "screen SilentViewController {",
        "}",
      ]),
    Case(
      name: "isEnabled in every spelling, and a local constant bound to a literal",
      files: app(
        (
          "Home.swift",
          """
          class HomeViewController: UIViewController {
            override func viewDidAppear(_ animated: Bool) {
              self.navigationController!.interactivePopGestureRecognizer!.isEnabled = false
              let on = true
              navigationController?.interactivePopGestureRecognizer?.isEnabled = on
            }
          }
          """
        ),
        (
          "Other.m",
          """
          @implementation OtherViewController
          - (void)viewDidAppear:(BOOL)animated {
            [self.navigationController.interactivePopGestureRecognizer setEnabled:NO];
            self.navigationController.interactivePopGestureRecognizer.enabled = YES;
          }
          @end
          """
        ),
        ("Other.h", "@interface OtherViewController : UIViewController\n@end\n")),
      has: [
        "screen HomeViewController {", "popGesture disabled", "popGesture enabled",
        "screen OtherViewController {", "popGesture disabled", "popGesture enabled",
      ]),
    Case(
      name: "delegates: nil, self by what gestureRecognizerShouldBegin answers, a saved value",
      files: app(
        (
          "Screens.swift",
          """
          class AllowViewController: UIViewController, UIGestureRecognizerDelegate {
            override func viewDidAppear(_ animated: Bool) {
              navigationController?.interactivePopGestureRecognizer?.delegate = self
            }
          }
          class GuardViewController: UIViewController, UIGestureRecognizerDelegate {
            override func viewDidAppear(_ animated: Bool) {
              navigationController?.interactivePopGestureRecognizer?.delegate = self
            }
            func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool {
              guard let count = navigationController?.viewControllers.count else { return false }
              return (navigationController?.viewControllers.count ?? 0) > 1
            }
          }
          class BlockViewController: UIViewController, UIGestureRecognizerDelegate {
            private weak var saved: UIGestureRecognizerDelegate?
            override func viewDidAppear(_ animated: Bool) {
              saved = navigationController?.interactivePopGestureRecognizer?.delegate
              navigationController?.interactivePopGestureRecognizer?.delegate = self
            }
            override func viewWillDisappear(_ animated: Bool) {
              navigationController?.interactivePopGestureRecognizer?.delegate = saved
              navigationController?.interactivePopGestureRecognizer?.delegate = nil
            }
            func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool { return false }
          }
          """
        )),
      has: [
        "screen AllowViewController {", "popGestureDelegate self", "screen GuardViewController {",
        "popGestureDelegate guarded", "screen BlockViewController {", "popGestureDelegate block",
        "popGestureDelegate system", "popGestureDelegate none",
      ]),
    Case(
      name:
        "the bar: setNavigationBarHidden, isNavigationBarHidden, navigationBar.isHidden, setHidden:",
      files: app(
        (
          "Home.swift",
          """
          class HomeViewController: UIViewController {
            override func viewWillAppear(_ animated: Bool) {
              navigationController?.setNavigationBarHidden(true, animated: animated)
              navigationController?.isNavigationBarHidden = false
              navigationController?.navigationBar.isHidden = true
            }
          }
          """
        ),
        (
          "Other.m",
          """
          @interface OtherViewController : UIViewController
          @end
          @implementation OtherViewController
          - (void)viewWillDisappear:(BOOL)animated {
            [self.navigationController.navigationBar setHidden:NO];
            [self.navigationController setNavigationBarHidden:YES animated:animated];
          }
          @end
          """
        )),
      has: [
        "screen HomeViewController {", "navigationBar hidden", "navigationBar visible",
        "navigationBar hidden", "screen OtherViewController {", "navigationBar visible",
        "navigationBar hidden",
      ]),
    Case(
      name:
        "title attributes: known literals read exactly, two writes of one literal are one style",
      files: app(
        (
          "Home.swift",
          """
          class HomeViewController: UIViewController {
            override func viewWillAppear(_ animated: Bool) {
              navigationController?.navigationBar.titleTextAttributes = [NSAttributedString.Key.foregroundColor: UIColor.red, .font: UIFont.boldSystemFont(ofSize: 18)]
              navigationController?.navigationBar.titleTextAttributes = [.foregroundColor: brand]
            }
            override func viewWillDisappear(_ animated: Bool) {
              navigationController?.navigationBar.titleTextAttributes = [.foregroundColor:   brand]
            }
          }
          """
        ),
        (
          "Other.m",
          """
          @interface OtherViewController : UIViewController
          @end
          @implementation OtherViewController
          - (void)viewDidAppear:(BOOL)animated {
            [self.navigationController.navigationBar setTitleTextAttributes:@{NSFontAttributeName: [UIFont fontWithName:@"Avenir-Heavy" size:20]}];
          }
          @end
          """
        )),
      has: [
        "titleStyle { color #FF0000FF; font system 18 bold }",
        "titleStyle { font \"navrc-scan: [.foregroundColor: brand]\" 1 }",
        "titleStyle { font \"navrc-scan: [.foregroundColor: brand]\" 1 }",
        "titleStyle { font \"Avenir-Heavy\" 20 }",
      ]),
    Case(
      name: "a custom left bar button set in viewDidLoad or init, not when it is nil",
      files: app(
        (
          "Home.swift",
          """
          class HomeViewController: UIViewController {
            override func viewDidLoad() {
              super.viewDidLoad()
              navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Close", style: .plain, target: nil, action: nil)
            }
          }
          class PlainViewController: UIViewController {
            override func viewDidLoad() { navigationItem.leftBarButtonItem = nil }
          }
          class InitViewController: UIViewController {
            init() {
              super.init(nibName: nil, bundle: nil)
              self.navigationItem.leftBarButtonItems = [UIBarButtonItem()]
            }
          }
          """
        )),
      has: [
        "screen HomeViewController {", "leftBarButton custom", "screen PlainViewController {",
        "}", "screen InitViewController {", "leftBarButton custom",
      ]),
    Case(
      name: "navigationBar(_:shouldPop:) asking the top view controller: back intercept taps",
      files: app(
        (
          "Nav.swift",
          """
          protocol BackHandler { func shouldPopOnBack() -> Bool }
          extension UINavigationController: UINavigationBarDelegate {
            public func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool {
              if let handler = topViewController as? BackHandler { return handler.shouldPopOnBack() }
              return true
            }
          }
          class HomeViewController: UIViewController {
            func form() { navigationController?.pushViewController(FormViewController(), animated: true) }
            func legacy() { navigationController?.pushViewController(LegacyViewController(), animated: true) }
          }
          class FormViewController: UIViewController, BackHandler {
            func shouldPopOnBack() -> Bool { false }
          }
          """
        ),
        (
          "Nav.m",
          """
          @implementation UINavigationController (Back)
          - (BOOL)navigationBar:(UINavigationBar *)bar shouldPopItem:(UINavigationItem *)item {
            UIViewController *vc = self.topViewController;
            if ([vc respondsToSelector:@selector(navigationShouldPopOnBackButton)]) { return [(id)vc navigationShouldPopOnBackButton]; }
            return YES;
          }
          @end
          @interface LegacyViewController : UIViewController
          @end
          @implementation LegacyViewController
          - (BOOL)navigationShouldPopOnBackButton { return NO; }
          @end
          """
        )),
      has: [
        "screen LegacyViewController {", "back intercept taps", "screen FormViewController {",
        "back intercept taps",
      ],
      hasNot: ["screen HomeViewController {\nback intercept"]),
    Case(
      name: "pushes in every spelling, from the screen whose code does it",
      files: app(
        (
          "Home.swift",
          """
          class HomeViewController: UIViewController {
            lazy var detail = DetailViewController()
            func a() { navigationController?.pushViewController(AViewController(), animated: true) }
            func b() { let vc = BViewController(); vc.title = "B"; navigationController?.pushViewController(vc, animated: true) }
            func c() { navigationController?.pushViewController(CViewController.init(nibName: nil, bundle: nil), animated: true) }
            func d() { navigationController?.pushViewController(DViewController.make(), animated: true) }
            func e() { let vc = storyboard!.instantiateViewController(withIdentifier: "E") as! EViewController; show(vc, sender: self) }
            func f() { navigationController?.pushViewController(detail, animated: false) }
            func g() { DispatchQueue.main.async { self.navigationController?.pushViewController(GViewController(), animated: true) } }
          }
          class AViewController: UIViewController {}
          class BViewController: UIViewController {}
          class CViewController: UIViewController {}
          class DViewController: UIViewController { static func make() -> DViewController { DViewController() } }
          class EViewController: UIViewController {}
          class DetailViewController: UIViewController {}
          class GViewController: UIViewController {}
          """
        ),
        (
          "Objc.m",
          """
          @interface ObjcViewController : UIViewController
          @end
          @implementation ObjcViewController
          - (void)open {
            [self.navigationController pushViewController:[[HViewController alloc] initWithNibName:nil bundle:nil] animated:YES];
            [self.navigationController pushViewController:[IViewController new] animated:YES];
          }
          @end
          @interface HViewController : UIViewController
          @end
          @interface IViewController : UIViewController
          @end
          """
        )),
      has: [
        "screen HomeViewController {", "push AViewController", "push BViewController",
        "push CViewController", "push DViewController", "push EViewController",
        "push DetailViewController", "push GViewController", "screen ObjcViewController {",
        "push HViewController", "push IViewController",
      ]),
    Case(
      name: "navigators: in code, Objective-C, a subclass whose viewDidLoad runs first",
      files: [
        (
          "Scene.swift",
          """
          class SceneDelegate: UIResponder {
            func start() {
              let nav = MainNavigationController(rootViewController: HomeViewController())
              window?.rootViewController = nav
            }
          }
          class MainNavigationController: UINavigationController, UIGestureRecognizerDelegate {
            override func viewDidLoad() {
              super.viewDidLoad()
              interactivePopGestureRecognizer?.delegate = self
            }
            func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool { viewControllers.count > 1 }
          }
          class HomeViewController: UIViewController {}
          """
        ),
        (
          "Other.m",
          """
          @implementation Starter
          - (void)start {
            UINavigationController *nav = [[UINavigationController alloc] initWithRootViewController:[[OtherViewController alloc] init]];
          }
          @end
          @interface OtherViewController : UIViewController
          @end
          """
        ),
      ],
      has: [
        "navigator UINavigationController {", "root OtherViewController", "}",
        "navigator MainNavigationController {", "root HomeViewController",
        "on viewDidLoad {", "popGestureDelegate guarded", "}", "}",
      ]),
    Case(
      name:
        "an extension of UINavigationController overriding viewDidLoad applies to every navigator",
      files: app(
        (
          "Nav.swift",
          """
          extension UINavigationController {
            open override func viewDidLoad() {
              super.viewDidLoad()
              interactivePopGestureRecognizer?.delegate = nil
            }
          }
          class HomeViewController: UIViewController {}
          """
        )),
      has: [
        "navigator UINavigationController {", "root HomeViewController", "on viewDidLoad {",
        "popGestureDelegate none",
      ]),
    Case(
      name: "present of a navigation controller made in the same method",
      files: app(
        (
          "Home.swift",
          """
          class HomeViewController: UIViewController {
            func compose() {
              let nav = UINavigationController(rootViewController: ComposeViewController())
              present(nav, animated: true)
            }
          }
          class ComposeViewController: UIViewController {}
          """
        )),
      has: [
        "navigator UINavigationController_HomeViewController {",
        "navigator UINavigationController_ComposeViewController {",
        "screen HomeViewController {", "present UINavigationController_ComposeViewController",
      ]),
    Case(
      name: "conditions count as true, depth tests become if pushed",
      files: app(
        (
          "Home.swift",
          """
          class HomeViewController: UIViewController {
            override func viewDidAppear(_ animated: Bool) {
              if animated { navigationController?.setNavigationBarHidden(true, animated: true) }
              if navigationController?.viewControllers.count ?? 0 > 1 {
                navigationController?.interactivePopGestureRecognizer?.delegate = nil
              }
              switch 1 { default: navigationController?.isNavigationBarHidden = false }
            }
            override func viewWillDisappear(_ animated: Bool) {
              guard navigationController!.viewControllers.count >= 2 else { return }
              navigationController?.interactivePopGestureRecognizer?.isEnabled = true
            }
            override func viewWillAppear(_ animated: Bool) {
              if navigationController?.viewControllers.first == self { return }
              navigationController?.interactivePopGestureRecognizer?.isEnabled = false
            }
          }
          """
        )),
      has: [
        "on viewWillAppear if pushed {", "popGesture disabled",
        "on viewDidAppear {", "navigationBar hidden", "on viewDidAppear if pushed {",
        "popGestureDelegate none", "on viewDidAppear {", "navigationBar visible",
        "on viewWillDisappear if pushed {", "popGesture enabled",
      ]),
    Case(
      name: "a ternary's branches are statements; under a depth test, if pushed",
      files: app(
        (
          "Home.swift",
          """
          class HomeViewController: UIViewController {
            override func viewDidAppear(_ animated: Bool) {
              animated ? (navigationController?.interactivePopGestureRecognizer?.isEnabled = false) : ()
              navigationController!.viewControllers.count > 1 ? navigationController?.setNavigationBarHidden(true, animated: true) : navigationController?.setNavigationBarHidden(false, animated: true)
            }
          }
          """
        ),
        (
          "Other.m",
          """
          @interface OtherViewController : UIViewController
          @end
          @implementation OtherViewController
          - (void)viewWillAppear:(BOOL)animated {
            animated ? [self.navigationController.interactivePopGestureRecognizer setEnabled:NO] : (void)0;
            self.navigationController.viewControllers.count == 1 ? (void)0 : (animated ? (self.navigationController.interactivePopGestureRecognizer.delegate = nil) : [self.navigationController setNavigationBarHidden:YES animated:NO]);
          }
          @end
          """
        )),
      has: [
        "screen HomeViewController {", "on viewDidAppear {", "popGesture disabled",
        "on viewDidAppear if pushed {", "navigationBar hidden", "on viewDidAppear {",
        "navigationBar visible", "screen OtherViewController {", "on viewWillAppear {",
        "popGesture disabled", "on viewWillAppear if pushed {", "popGestureDelegate none",
        "navigationBar hidden",
      ]),
    Case(
      name: "a storyboard: navigation controller, root, show segues, a hidden bar, performSegue",
      files: [
        (
          "Main.storyboard",
          """
          <?xml version="1.0" encoding="UTF-8"?>
          <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="n1">
            <scenes>
              <scene sceneID="s1"><objects>
                <navigationController id="n1" navigationBarHidden="YES" sceneMemberID="viewController">
                  <connections><segue destination="a" kind="relationship" relationship="rootViewController" id="r1"/></connections>
                </navigationController>
              </objects></scene>
              <scene sceneID="s2"><objects>
                <viewController id="a" customClass="ListViewController" sceneMemberID="viewController">
                  <connections><segue destination="b" kind="show" identifier="open" id="g1"/></connections>
                </viewController>
              </objects></scene>
              <scene sceneID="s3"><objects>
                <viewController id="b" sceneMemberID="viewController"/>
              </objects></scene>
            </scenes>
          </document>
          """
        ),
        (
          "List.swift",
          """
          class ListViewController: UIViewController {
            func open() { performSegue(withIdentifier: "open", sender: nil) }
          }
          """
        ),
      ],
      has: [
        "navigator UINavigationController {", "root ListViewController",
        "screen ListViewController {", "navigationBar hidden", "push UIViewController_b",
        "screen UIViewController_b {", "class UIViewController", "navigationBar hidden",
      ]),
    Case(
      name: "--root for a root the code does not show",
      files: [("Home.swift", "class HomeViewController: UIViewController {}")],
      has: ["navigator HomeViewControllerNavigation {", "root HomeViewController"],
      roots: ["HomeViewController"]),
  ]

  @Test(arguments: cases)
  func extractsTheModel(_ testCase: Case) {
    let scan = Self.scan(testCase.files, roots: testCase.roots)
    let lines = Self.model(scan)
    var position = 0
    for expected in testCase.has {
      guard let found = lines[position...].firstIndex(of: expected) else {
        Issue.record(
          "missing '\(expected)' after line \(position):\n\(lines.joined(separator: "\n"))")
        return
      }
      position = found + 1
    }
    let text = lines.joined(separator: "\n")
    for unexpected in testCase.hasNot {
      #expect(!text.contains(unexpected), "\(text)")
    }
  }

  /// An action in a ternary's branch is reported at the statement's first token, as every
  /// action is, and quoted as the whole statement.
  @Test func anActionInATernaryIsReportedAtItsStatement() throws {
    let scan = Self.scan(
      Self.app(
        (
          "Home.swift",
          """
          class HomeViewController: UIViewController {
            func next() { navigationController?.pushViewController(Form(), animated: true) }
          }
          class Form: UIViewController {
            override func viewWillAppear(_ animated: Bool) {
              super.viewWillAppear(animated)
              animated ? (navigationController?.interactivePopGestureRecognizer?.isEnabled = false) : ()
            }
            override func viewWillDisappear(_ animated: Bool) {
              super.viewWillDisappear(animated)
              navigationController?.interactivePopGestureRecognizer?.isEnabled = true
            }
            func next() { navigationController?.pushViewController(Leaf(), animated: true) }
          }
          class Leaf: UIViewController {}
          """
        )))
    let deadlock = try #require(scan.diagnostics.first { $0.id == .gestureDeadlock })
    #expect(deadlock.range.file.path == "Home.swift")
    #expect(deadlock.range.start.line == 7)
    #expect(deadlock.range.start.column == 5)
    #expect(
      deadlock.message.hasPrefix(
        "'animated ? (navigationController?.interactivePopGestureRecognizer?.isEnabled = false) "
          + ": ()' in 'viewWillAppear(_:)' of 'Form'"))
  }

  /// A storyboard navigation controller with the bar hidden hides it on every screen its
  /// pushes reach: segues, pushes in code, a segue of the class's scene in another storyboard.
  /// A screen a navigator showing its bar also reaches keeps it visible.
  @Test func aHiddenStoryboardBarHidesItOnEveryScreenItsPushesReach() {
    let scene = { (id: String, className: String, segues: String) in
      """
      <scene sceneID="s\(id)"><objects>
        <viewController id="\(id)" customClass="\(className)" sceneMemberID="viewController">
          <connections>\(segues)</connections>
        </viewController>
      </objects></scene>
      """
    }
    let document = { (initial: String, scenes: String) in
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="\(initial)">
        <scenes>\(scenes)</scenes>
      </document>
      """
    }
    let scan = Self.scan([
      (
        "Main.storyboard",
        document(
          "n1",
          """
          <scene sceneID="s1"><objects>
            <navigationController id="n1" navigationBarHidden="YES" sceneMemberID="viewController">
              <connections><segue destination="a" kind="relationship" relationship="rootViewController" id="r1"/></connections>
            </navigationController>
          </objects></scene>
          """ + scene("a", "ListViewController", #"<segue destination="b" kind="show" id="g1"/>"#)
            + scene("b", "DetailViewController", "")
        )
      ),
      (
        "Other.storyboard",
        document(
          "c",
          scene(
            "c", "DetailViewController",
            #"<segue destination="d" kind="show" identifier="more" id="g2"/>"#)
            + scene("d", "MoreViewController", ""))
      ),
      (
        "Code.swift",
        """
        class ListViewController: UIViewController {}
        class DetailViewController: UIViewController {
          func open() { navigationController?.pushViewController(PushedViewController(), animated: true) }
          func share() { navigationController?.pushViewController(SharedViewController(), animated: true) }
          func more() { performSegue(withIdentifier: "more", sender: nil) }
        }
        class PushedViewController: UIViewController {}
        class MoreViewController: UIViewController {}
        class SharedViewController: UIViewController {}
        class Launcher: NSObject {
          func start() { _ = UINavigationController(rootViewController: SharedViewController()) }
        }
        """
      ),
    ])
    let module = scan.model.module
    let hidden = module.screens.filter { $0.navigationBar?.value == .hidden }.map(\.name)
    #expect(
      hidden == [
        "ListViewController", "DetailViewController", "PushedViewController", "MoreViewController",
      ])
    #expect(module.screens.contains { $0.name == "SharedViewController" })
    // Where each comes from: the navigation controller's scene.
    let at = module.screens.compactMap { $0.navigationBar?.range }
    #expect(at.allSatisfy { $0.file.path == "Main.storyboard" && $0.start.line == 4 })
  }

  /// `performSegue(withIdentifier:)` follows the segues of the scenes of the class that runs
  /// it (the class whose code holds it, or a subclass), never another scene's, even the only
  /// one with that identifier; a call no such scene answers is left out and counted.
  @Test func performSegueFindsOnlyTheScenesOfTheClassThatRunsIt() {
    let storyboard = """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="nav">
        <scenes>
          <scene sceneID="s1"><objects>
            <navigationController id="nav" sceneMemberID="viewController">
              <connections><segue destination="home" kind="relationship" relationship="rootViewController" id="r1"/></connections>
            </navigationController>
          </objects></scene>
          <scene sceneID="s2"><objects>
            <viewController id="home" customClass="Home" sceneMemberID="viewController">
              <connections>
                <segue destination="a" kind="show" id="g1"/>
                <segue destination="list" kind="show" id="g2"/>
              </connections>
            </viewController>
          </objects></scene>
          <scene sceneID="s3"><objects><viewController id="a" customClass="A" sceneMemberID="viewController"/></objects></scene>
          <scene sceneID="s4"><objects>
            <viewController id="u" customClass="Unrelated" sceneMemberID="viewController">
              <connections><segue destination="b" kind="show" identifier="showB" id="g3"/></connections>
            </viewController>
          </objects></scene>
          <scene sceneID="s5"><objects><viewController id="b" customClass="B" sceneMemberID="viewController"/></objects></scene>
          <scene sceneID="s6"><objects>
            <viewController id="list" customClass="List" sceneMemberID="viewController">
              <connections><segue destination="d" kind="show" identifier="open" id="g4"/></connections>
            </viewController>
          </objects></scene>
          <scene sceneID="s7"><objects><viewController id="d" customClass="Detail" sceneMemberID="viewController"/></objects></scene>
        </scenes>
      </document>
      """
    let scan = Self.scan([
      ("Main.storyboard", storyboard),
      (
        "Code.swift",
        """
        class Home: UIViewController {}
        class A: UIViewController {
          func go() { performSegue(withIdentifier: "showB", sender: nil) }
        }
        class Unrelated: UIViewController {}
        class B: UIViewController {}
        class Base: UIViewController {
          func open() { performSegue(withIdentifier: "open", sender: nil) }
          func more() { performSegue(withIdentifier: "more", sender: nil) }
        }
        class List: Base {}
        class Detail: UIViewController {}
        """
      ),
    ])
    let lines = Self.model(scan)
    // A's call is not Unrelated's segue; Base's is List's, from List (whose instance runs it).
    let a = lines.firstIndex(of: "screen A {")
    #expect(a.map { lines[$0 + 1] } == "}", "\(lines)")
    let list = lines.firstIndex(of: "screen List {")
    #expect(list.map { lines[$0...].prefix(while: { $0 != "}" }).contains("push Detail") } == true)
    let base = lines.firstIndex(of: "screen Base {")
    #expect(base.map { lines[$0 + 1] } == "}", "\(lines)")
    #expect(
      scan.model.unresolved.map { "\($0.range.start.line):\($0.range.start.column) \($0.what)" }
        == [
          "3:15 segue 'showB' not found in the scenes of 'A'",
          "9:17 segue 'more' not found in the scenes of 'Base' or its subclasses",
        ])
  }

  /// Issue 33 (found by fuzzing): unused suppressions of several files, whose screens come
  /// in the rule file in another order than their files, were inserted one by one at offsets
  /// the earlier insertions had moved, splitting a line; `check` rejected the file.
  @Test func unusedSuppressionsOfSeveralFilesKeepTheRulesFileWhole() {
    let hook = """
        override func viewDidAppear(_ animated: Bool) {
          // navrc:disable-next-line root-pop
          print("appeared")
        }
      """
    // The last file's suppression is in the first screen, declared in the first file.
    let scan = Self.scan(
      Self.app(
        ("0Mid.swift", "class MidViewController: UIViewController {}\n"),
        ("1Alpha.swift", "class AlphaViewController: UIViewController {\n\(hook)\n}\n"),
        ("2Extension.swift", "extension MidViewController {\n\(hook)\n}\n")))
    let text = RulesFileWriter.text(of: scan.model)
    let compilation = Compilation(files: [SourceFile(path: "scan.navrules", text: text)])
    #expect(!compilation.hasFrontEndErrors, "\(text)")
    #expect(
      text.contains(
        "(1Alpha.swift:1)\n"
          + "    // navrc:disable-line root-pop (1Alpha.swift:3), unused there too\n"),
      "\(text)")
    #expect(
      text.contains(
        "(0Mid.swift:1)\n"
          + "    // navrc:disable-line root-pop (2Extension.swift:3), unused there too\n"),
      "\(text)")
    #expect(compilation.diagnostics.count { $0.id == .unusedSuppression } == 2)
  }

  /// A suppression that suppresses nothing on a line the rule file has no declaration for
  /// is written on a line of its own there, in the screen whose code holds it (else after the
  /// header), so that `navrc check` reports `unused-suppression` for it as the scan does.
  @Test func unusedSuppressionsOnLinesWithoutDeclarationsReachTheRulesFile() {
    let scan = Self.scan(
      Self.app(
        (
          "Home.swift",
          """
          class HomeViewController: UIViewController {
            override func viewDidAppear(_ animated: Bool) {
              super.viewDidAppear(animated)
              // navrc:disable-next-line root-pop
              print("appeared")
              navigationController?.setNavigationBarHidden(false, animated: animated) // navrc:disable-line state-leak, bogus-id
            }
          }
          """
        ),
        (
          "Helper.m",
          """
          @implementation Helper
          - (void)run {
            [self go]; // navrc:disable-line gesture-deadlock
          }
          @end
          """
        )))
    let text = RulesFileWriter.text(of: scan.model)
    #expect(
      text.contains(
        "screen HomeViewController {  // Home.swift:1\n"
          + "    // navrc:disable-line root-pop (Home.swift:4), unused there too\n"),
      "\(text)")
    #expect(
      text.contains(
        "(docs/scan.md).\n\n// navrc:disable-line gesture-deadlock (Helper.m:3), unused there too\n\n"
      ),
      "\(text)")
    let rules = SourceFile(path: "scan.navrules", text: text)
    let compilation = Compilation(files: [rules])
    #expect(!compilation.hasFrontEndErrors, "\(compilation.diagnostics)")
    let fromRules = compilation.diagnostics.map { diagnostic in
      "\(diagnostic.id.rawValue) at \(ScanExamplesTests.place(commentedOn: diagnostic, in: rules))"
    }
    let fromApp = scan.diagnostics.map { diagnostic in
      "\(diagnostic.id.rawValue) at \(diagnostic.range.file.path):\(diagnostic.range.start.line)"
    }
    #expect(fromApp.count == 4)
    #expect(fromRules.sorted() == fromApp.sorted(), "\(text)")
  }

  /// What cannot be resolved is left out and listed, with where and why.
  @Test func unresolvedPushesRootsAndValuesAreCounted() {
    let scan = Self.scan(
      Self.app(
        (
          "Home.swift",
          """
          class HomeViewController: UIViewController {
            func open(_ vc: UIViewController) { navigationController?.pushViewController(vc, animated: true) }
            override func viewDidAppear(_ animated: Bool) {
              navigationController?.interactivePopGestureRecognizer?.delegate = coordinator
              navigationController?.interactivePopGestureRecognizer?.isEnabled = flag
            }
          }
          final class Coordinator {
            func start(_ nav: UINavigationController) { nav.pushViewController(HomeViewController(), animated: true) }
            func root(_ vc: UIViewController) -> UINavigationController { UINavigationController(rootViewController: vc) }
          }
          """
        )))
    let what = scan.model.unresolved.map { "\($0.range.start.line): \($0.what)" }
    #expect(what.count == 5, "\(what)")
    #expect(what.contains { $0.hasPrefix("2: push of a view controller") })
    #expect(what.contains { $0.hasPrefix("4: gesture delegate") })
    #expect(what.contains { $0.hasPrefix("5: 'isEnabled'") })
    #expect(what.contains { $0.hasPrefix("9: push from 'Coordinator'") })
    #expect(what.contains { $0.hasPrefix("10: navigation controller whose root") })
    // Left out, never guessed: no action was made of them.
    #expect(!Self.model(scan).contains("popGestureDelegate none"))
  }

  /// A storyboard scene's class is a screen whatever it inherits: its pushes are in the model,
  /// and not listed as left out.
  @Test func aSceneWhoseSuperclassIsNotScannedPushesFromItsScreen() {
    let scan = Self.scan([
      (
        "Login.m",
        """
        @interface LoginViewController : XLFormViewController
        @end
        @interface NextViewController : UIViewController
        @end
        @implementation LoginViewController
        - (void)next { [self.navigationController pushViewController:[NextViewController new] animated:YES]; }
        @end
        """
      ),
      (
        "Main.storyboard",
        """
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="nav">
          <scenes>
            <scene sceneID="s1"><objects>
              <navigationController id="nav" sceneMemberID="viewController">
                <connections><segue destination="login" kind="relationship" relationship="rootViewController" id="r1"/></connections>
              </navigationController>
            </objects></scene>
            <scene sceneID="s2"><objects>
              <viewController id="login" customClass="LoginViewController" sceneMemberID="viewController"/>
            </objects></scene>
          </scenes>
        </document>
        """
      ),
    ])
    #expect(Self.model(scan).contains("push NextViewController"))
    #expect(scan.model.unresolved.isEmpty, "\(scan.model.unresolved)")
  }

  /// A class whose superclass is not in the scanned files may well be a view controller: the
  /// reason a push from it is left out says so.
  @Test(arguments: [
    (
      "Chat.swift",
      "class Chat: JSQMessagesViewController { func open() { navigationController?.pushViewController(Detail(), animated: true) } }\nclass Detail: UIViewController {}"
    ),
    (
      "Chat.m",
      "@interface Chat : JSQMessagesViewController <UITextFieldDelegate>\n@end\n@interface Detail : UIViewController\n@end\n@implementation Chat\n- (void)open { [self.navigationController pushViewController:[Detail new] animated:YES]; }\n@end"
    ),
  ])
  func aPushFromAClassWhoseSuperclassIsNotScannedNamesIt(_ file: (String, String)) {
    let scan = Self.scan([(path: file.0, text: file.1)])
    #expect(
      scan.model.unresolved.map(\.what) == [
        "push from 'Chat', whose superclass 'JSQMessagesViewController' is not in the scanned "
          + "files: the screen that pushes is not known"
      ])
  }

  /// A navigation controller scene whose root is a storyboard reference is rooted at the scene
  /// it refers to (by `referencedIdentifier`, else the initial scene of `storyboardName`), as
  /// barbados88/skeleton's tab storyboards are; a reference to a storyboard not scanned is
  /// still left out and counted.
  @Test func aStoryboardReferenceAsRootIsFollowed() {
    func document(_ initial: String?, _ scenes: String) -> String {
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"\(initial.map { " initialViewController=\"\($0)\"" } ?? "")>
        <scenes>\(scenes)</scenes>
      </document>
      """
    }
    func navigation(_ id: String, root: String) -> String {
      """
      <scene sceneID="s\(id)"><objects>
        <navigationController id="\(id)" sceneMemberID="viewController">
          <connections><segue destination="\(root)" kind="relationship" relationship="rootViewController" id="r\(id)"/></connections>
        </navigationController>
      </objects></scene>
      """
    }
    let scan = Self.scan([
      (
        "Main.storyboard",
        document(
          "n1",
          navigation("n1", root: "p1") + navigation("n2", root: "p2") + navigation("n3", root: "p3")
            + """
            <scene sceneID="sp"><objects>
              <viewControllerPlaceholder storyboardName="Tab" referencedIdentifier="root" id="p1" sceneMemberID="viewController"/>
              <viewControllerPlaceholder storyboardName="Tab2" id="p2" sceneMemberID="viewController"/>
              <viewControllerPlaceholder storyboardName="Missing" id="p3" sceneMemberID="viewController"/>
            </objects></scene>
            """)
      ),
      (
        "Tab.storyboard",
        document(
          nil,
          #"<scene sceneID="t"><objects><viewController storyboardIdentifier="root" id="x" customClass="TabRoot" sceneMemberID="viewController"/></objects></scene>"#
        )
      ),
      (
        "Tab2.storyboard",
        document(
          "y",
          #"<scene sceneID="t"><objects><viewController id="y" customClass="SecondRoot" sceneMemberID="viewController"/></objects></scene>"#
        )
      ),
    ])
    let module = scan.model.module
    let roots = module.navigators.compactMap { $0.root.map { module.screens[$0.value.index].name } }
    #expect(roots.sorted() == ["SecondRoot", "TabRoot"], "\(Self.model(scan))")
    #expect(
      scan.model.unresolved.map(\.what) == [
        "navigation controller scene whose root view controller is not in this storyboard"
      ])
  }

  /// A system superclass that is never a view controller (`UIResponder`, `XCTestCase`, a
  /// UIKit delegate protocol) is not blamed: the pusher is simply not a view controller.
  @Test(arguments: ["UIResponder", "XCTestCase", "UISplitViewControllerDelegate"])
  func aPushFromASystemNonViewControllerSaysSo(_ superclass: String) {
    let scan = Self.scan([
      (
        path: "App.swift",
        text:
          "class App: \(superclass) { func open() { navigationController.pushViewController(Detail(), animated: true) } }\nclass Detail: UIViewController {}"
      )
    ])
    #expect(
      scan.model.unresolved.map(\.what) == [
        "push from 'App', which is not a view controller: the screen that pushes is not known"
      ])
  }

  /// Title attributes that are not a dictionary literal (an expression, a local changed after
  /// it is bound) are left out and listed, never written as a style of their text.
  @Test(arguments: [
    (
      "Home.swift",
      """
      class HomeViewController: UIViewController {
        override func viewWillAppear(_ animated: Bool) {
          var attrs = navigationController?.navigationBar.titleTextAttributes ?? [:]
          attrs[.foregroundColor] = UIColor.red
          navigationController?.navigationBar.titleTextAttributes = attrs
          navigationController?.navigationBar.titleTextAttributes = Theme.titleAttributes()
        }
      }
      """
    ),
    (
      "Home.m",
      """
      @interface HomeViewController : UIViewController
      @end
      @implementation HomeViewController
      - (void)viewWillAppear:(BOOL)animated {
        NSMutableDictionary *attrs = [@{NSForegroundColorAttributeName: [UIColor redColor]} mutableCopy];
        self.navigationController.navigationBar.titleTextAttributes = attrs;
        [self.navigationController.navigationBar setTitleTextAttributes:[Theme titleAttributes]];
      }
      @end
      """
    ),
  ])
  func titleAttributesThatAreNotLiteralsAreLeftOut(_ file: (String, String)) {
    let scan = Self.scan(Self.app(file))
    #expect(
      scan.model.unresolved.map(\.what)
        == Array(
          repeating: "title attributes set to a value that is not a dictionary literal", count: 2))
    #expect(!Self.model(scan).contains { $0.contains("titleStyle") })
  }

  /// An Objective-C property or instance variable typed with a screen class holds one, for
  /// roots and pushes alike.
  @Test(arguments: [
    (
      "@interface AppDelegate : UIResponder\n@property (strong, nonatomic) Home *home;\n@end",
      "self.home = [Home new];", "self.home",
      "@property (nonatomic, strong) IBOutlet Detail *detail;",
      "self.detail"
    ),
    (
      "@interface AppDelegate : UIResponder {\n  @private\n  Home *_home;\n}\n@end",
      "_home = [Home new];",
      "_home", "", "[Detail new]"
    ),
    (
      "@interface AppDelegate : UIResponder\n@property (strong) Home *home;\n@end", "", "_home",
      "{ __weak Detail *_detail; }", "self->_detail"
    ),
  ])
  func typedObjectiveCPropertiesResolve(
    _ spelling: (String, String, String, String, String)
  ) {
    let (appDelegate, assignment, root, detailDeclaration, detail) = spelling
    let text = """
      @interface Home : UIViewController
      \(detailDeclaration.hasPrefix("@") ? detailDeclaration : "")
      @end
      @interface Detail : UIViewController
      @end
      \(appDelegate)
      @implementation AppDelegate
      - (void)setUp {
        \(assignment)
        self.window.rootViewController = [[UINavigationController alloc] initWithRootViewController:\(root)];
      }
      @end
      @implementation Home \(detailDeclaration.hasPrefix("{") ? detailDeclaration : "")
      - (void)next { [self.navigationController pushViewController:\(detail) animated:YES]; }
      @end
      """
    let scan = Self.scan([(path: "App.m", text: text)])
    let model = Self.model(scan)
    #expect(model.contains("root Home"), "\(model)")
    #expect(model.contains("push Detail"), "\(model)")
    #expect(scan.model.unresolved.isEmpty, "\(scan.model.unresolved)")
  }
}
