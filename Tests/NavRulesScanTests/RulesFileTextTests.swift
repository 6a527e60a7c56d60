import Testing

@testable import NavRulesCompiler
@testable import NavRulesScan

/// `scan --rules` through the rule-file escaper (`RuleFileText`), end to end: what it writes,
/// `navrc check` reads back.
@Suite struct RulesFileTextTests {
  /// `scan --rules` wrote a font name holding U+2028 as it is, and `navrc check` rejected the
  /// rule file; a path with a bidirectional control in a comment was rejected too.
  @Test func scanRulesWritesWhatCheckReadsBack() throws {
    let app = [
      SourceFile(
        path: "App/\u{202E}AppDelegate.swift",
        text: """
          import UIKit
          final class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            func start() { window?.rootViewController = UINavigationController(rootViewController: Home()) }
          }
          """),
      SourceFile(
        path: "App/Home.swift",
        text: """
          import UIKit
          final class Home: UIViewController {
            override func viewWillAppear(_ animated: Bool) {
              super.viewWillAppear(animated)
              navigationController?.navigationBar.titleTextAttributes = [.font: UIFont(name: "Brand\u{2028}Bold\u{85}", size: 17)]
            }
          }
          """),
    ]
    let rules = RulesFileWriter.text(of: AppScan(files: app, roots: []).model)
    #expect(rules.contains(#"Brand\u{2028}Bold\u{85}"#), "\(rules)")
    let check = Compilation(files: [SourceFile(path: "scan.navrules", text: rules)])
    #expect(!check.hasFrontEndErrors, "\(check.diagnostics.map(\.message))\n\(rules)")
  }

  /// A navigation controller created both in the app delegate and in the scene delegate (an
  /// iOS 13 app that keeps both paths): two navigators, and `check` of the rule file reports
  /// each finding once, as `scan` does (issue 33 saw it twice; not reproduced since, in
  /// Swift or Objective-C: this pins it).
  @Test(arguments: [
    [
      (
        "App.swift",
        """
        import UIKit
        @main
        class AppDelegate: UIResponder, UIApplicationDelegate {
          var window: UIWindow?
          func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            window = UIWindow()
            window?.rootViewController = UINavigationController(rootViewController: HomeViewController())
            window?.makeKeyAndVisible()
            return true
          }
        }
        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
          var window: UIWindow?
          func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
            guard let windowScene = scene as? UIWindowScene else { return }
            window = UIWindow(windowScene: windowScene)
            window?.rootViewController = UINavigationController(rootViewController: HomeViewController())
            window?.makeKeyAndVisible()
          }
        }
        class HomeViewController: UIViewController {
          override func viewDidLoad() {
            super.viewDidLoad()
            navigationItem.hidesBackButton = true
            navigationController?.interactivePopGestureRecognizer?.isEnabled = false
          }
          func next() { navigationController?.pushViewController(DetailViewController(), animated: true) }
        }
        class DetailViewController: UIViewController {
          override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            navigationController?.interactivePopGestureRecognizer?.isEnabled = false
            navigationController?.popToRootViewController(animated: true)
          }
          override func viewWillDisappear(_ animated: Bool) {
            super.viewWillDisappear(animated)
          }
        }
        """
      )
    ],
    [
      (
        "AppDelegate.m",
        """
        #import <UIKit/UIKit.h>
        #import "HomeViewController.h"
        @interface AppDelegate : UIResponder <UIApplicationDelegate>
        @property (strong, nonatomic) UIWindow *window;
        @end
        @implementation AppDelegate
        - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
          self.window = [[UIWindow alloc] init];
          self.window.rootViewController = [[UINavigationController alloc] initWithRootViewController:[[HomeViewController alloc] init]];
          [self.window makeKeyAndVisible];
          return YES;
        }
        @end
        @interface SceneDelegate : UIResponder <UIWindowSceneDelegate>
        @property (strong, nonatomic) UIWindow *window;
        @end
        @implementation SceneDelegate
        - (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
          self.window = [[UIWindow alloc] initWithWindowScene:(UIWindowScene *)scene];
          UINavigationController *nav = [[UINavigationController alloc] initWithRootViewController:[[HomeViewController alloc] init]];
          self.window.rootViewController = nav;
          [self.window makeKeyAndVisible];
        }
        @end
        """
      ),
      (
        "HomeViewController.m",
        """
        #import <UIKit/UIKit.h>
        @interface HomeViewController : UIViewController
        @end
        @interface DetailViewController : UIViewController
        @end
        @implementation HomeViewController
        - (void)viewDidLoad {
          [super viewDidLoad];
          self.navigationItem.hidesBackButton = YES;
        }
        - (void)next { [self.navigationController pushViewController:[[DetailViewController alloc] init] animated:YES]; }
        @end
        @implementation DetailViewController
        - (void)viewDidAppear:(BOOL)animated {
          [super viewDidAppear:animated];
          self.navigationController.interactivePopGestureRecognizer.enabled = NO;
        }
        @end
        """
      ),
    ],
  ])
  func appAndSceneDelegatesFindingsAreReportedOnceEach(_ files: [(String, String)]) {
    let scan = AppScan(files: files.map { SourceFile(path: $0.0, text: $0.1) }, roots: [])
    #expect(scan.model.module.navigators.count == 2)
    let rules = RulesFileWriter.text(of: scan.model)
    let check = Compilation(files: [SourceFile(path: "scan.navrules", text: rules)])
    let fromApp = scan.diagnostics.map(\.id.rawValue).sorted()
    #expect(fromApp == ["content-swipe-bypass", "state-leak"])
    #expect(check.diagnostics.map(\.id.rawValue).sorted() == fromApp, "\(rules)")
  }
}
