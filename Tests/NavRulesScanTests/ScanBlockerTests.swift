import Foundation
import NavRulesTestSupport
import Testing

@testable import NavRulesCompiler
@testable import NavRulesScan

/// Each screen the scan does not analyse names the first place that keeps it out, from what
/// the scan read (docs/scan.md#blockers); base classes analysed through their subclasses are
/// counted apart. Swift and Objective-C, and the JSON golden of a fixture app with both.
@Suite struct ScanBlockerTests {
  static let fixture = "Tests/NavRulesScanTests/Fixtures/Blockers"

  static func scan(_ files: [(String, String)]) -> AppScan {
    AppScan(files: files.map { SourceFile(path: $0.0, text: $0.1) })
  }

  /// `screen: blocker [through …]` for each unreached screen.
  static func blockers(_ scan: AppScan) -> [String] {
    scan.model.unreachedScreens.map { screen in
      let through =
        screen.blocker.through.isEmpty
        ? "" : " [through \(screen.blocker.through.joined(separator: ", "))]"
      return "\(screen.name): \(screen.blocker.what)\(through)"
    }
  }

  static func baseClasses(_ scan: AppScan) -> [String] {
    scan.model.baseClassScreens.keys.sorted { $0.index < $1.index }.map {
      scan.model.module.displayName($0)
    }
  }

  @Test func theFixtureAppsJSONMatchesItsGolden() throws {
    let folder = Repository.url(Self.fixture).path
    let files = try ScanInputs.sourceFiles(under: folder).map { path in
      let data = try #require(FileManager.default.contents(atPath: path))
      return SourceFile(
        path: Self.fixture + path.dropFirst(folder.count), bytes: [UInt8](data))
    }
    let scan = AppScan(files: files)
    Golden.assertMatches(
      JSONRenderer.render(scan.diagnostics, extraMembers: scan.model.jsonMembers),
      file: Self.fixture + ".json")
  }

  @Test func swiftBlockers() {
    let scan = Self.scan([
      (
        "App.swift",
        """
        let navigation = UINavigationController(rootViewController: Home())
        final class SceneDelegate: UIResponder {
          func start() { window?.rootViewController = Tabs() }
        }
        final class Tabs: UITabBarController {
          func open() { navigationController?.pushViewController(Settings(), animated: true) }
        }
        final class Settings: UIViewController {
          func open() { navigationController?.pushViewController(About(), animated: true) }
        }
        final class About: UIViewController {}
        final class Coordinator {
          let nav: UINavigationController
          func showForm() { let form = Form(); nav.pushViewController(form, animated: true) }
        }
        final class Form: UIViewController {}
        final class Home: UIViewController {
          func help() { present(Help(), animated: true) }
        }
        final class Help: UIViewController {}
        enum Screens { static func makeDetail() -> UIViewController { Detail() } }
        final class Detail: UIViewController {}
        final class Used: UIViewController {}
        final class Holder { func make() { _ = Used() } }
        final class Dead: UIViewController {}
        """
      )
    ])
    #expect(
      Self.blockers(scan) == [
        "Tabs: `Tabs` is made the window's root in `SceneDelegate.start()`, never put in a "
          + "navigation controller",
        "Settings: `Tabs` is made the window's root in `SceneDelegate.start()`, never put in a "
          + "navigation controller [through Tabs]",
        "About: `Tabs` is made the window's root in `SceneDelegate.start()`, never put in a "
          + "navigation controller [through Tabs, Settings]",
        "Form: left out at `Coordinator.showForm()`: push from 'Coordinator', which is not a view "
          + "controller: the screen that pushes is not known",
        "Help: presented by `Home.help()` without a navigation controller",
        "Detail: returned by `Screens.makeDetail()`, which no code navrc reads calls",
        "Used: created in `Holder.make()`, where navrc finds no push or root",
        "Dead: not created by name in any code or storyboard navrc reads",
      ])
    let tabs = scan.model.unreachedScreens.first { $0.name == "Tabs" }
    #expect(tabs?.blocker.at?.start.line == 3)
  }

  @Test func objectiveCBlockers() {
    let scan = Self.scan([
      (
        "App.m",
        """
        @interface Inbox : UIViewController
        @end
        @interface Compose : UIViewController
        @end
        @interface Message : UIViewController
        @end
        @interface Router : NSObject
        @property (nonatomic, weak) UINavigationController *nav;
        @end
        @implementation Inbox
        - (void)compose {
          [self presentViewController:[[Compose alloc] init] animated:YES completion:nil];
        }
        @end
        @implementation Router
        - (void)openMessage {
          Message *message = [Message new];
          [self.nav pushViewController:message animated:YES];
        }
        - (UINavigationController *)root {
          return [[UINavigationController alloc] initWithRootViewController:[[Inbox alloc] init]];
        }
        @end
        """
      )
    ])
    #expect(
      Self.blockers(scan) == [
        "Compose: presented by `-[Inbox compose]` without a navigation controller",
        "Message: left out at `-[Router openMessage]`: push from 'Router', which is not a view "
          + "controller: the screen that pushes is not known",
      ])
  }

  /// Reaching the screen that pushes reaches them: each shares its blocker, in a cycle too.
  @Test func screensPushedOnlyByUnreachedScreensShareTheirBlocker() {
    let scan = Self.scan([
      (
        "App.swift",
        """
        final class A: UIViewController {
          func next() { navigationController?.pushViewController(B(), animated: true) }
        }
        final class B: UIViewController {
          func back() { navigationController?.pushViewController(A(), animated: true) }
        }
        """
      )
    ])
    #expect(
      Self.blockers(scan) == [
        "A: pushed only by `B`, which only screens that no navigation controller reaches push",
        "B: pushed only by `B`, which only screens that no navigation controller reaches push "
          + "[through A]",
      ])
    // In a cycle, a screen's own blocker comes first.
    let objc = Self.scan([
      (
        "App.m",
        """
        @interface A : UIViewController
        @end
        @interface B : UIViewController
        @end
        @interface Router : NSObject
        @end
        @implementation A
        - (void)next { [self.navigationController pushViewController:[[B alloc] init] animated:YES]; }
        @end
        @implementation B
        - (void)back { [self.navigationController pushViewController:[[A alloc] init] animated:YES]; }
        @end
        @implementation Router
        - (void)open { [self.nav pushViewController:[A new] animated:YES]; }
        @end
        """
      )
    ])
    #expect(
      Self.blockers(objc) == [
        "A: left out at `-[Router open]`: push from 'Router', which is not a view controller: "
          + "the screen that pushes is not known",
        "B: left out at `-[Router open]`: push from 'Router', which is not a view controller: "
          + "the screen that pushes is not known [through A]",
      ])
  }

  /// A test case's pushes drive the app from outside: not the app's navigation, so neither
  /// counted as unresolved nor a blocker; a plain object's push still is.
  @Test(arguments: [
    (
      "AppTests.swift",
      """
      let navigation = UINavigationController(rootViewController: Home())
      class Home: UIViewController {}
      class Detail: UIViewController {}
      class BaseTests: XCTestCase {}
      class DetailTests: BaseTests {
        func testPush() { navigation.pushViewController(Detail(), animated: false) }
      }
      """
    ),
    (
      "AppTests.m",
      """
      @interface Detail : UIViewController
      @end
      @interface DetailTests : XCTestCase
      @end
      @implementation Detail
      @end
      @implementation DetailTests
      - (void)testPush { [self.nav pushViewController:[Detail new] animated:NO]; }
      @end
      """
    ),
  ])
  func aTestCasesPushesAreNotTheApps(path: String, text: String) {
    let scan = Self.scan([(path, text)])
    #expect(scan.model.unresolved.isEmpty, "\(scan.model.unresolved)")
    let router = Self.scan([(path, text.replacingOccurrences(of: "XCTestCase", with: "NSObject"))])
    #expect(router.model.unresolved.count == 1, "\(router.model.unresolved)")
  }

  @Test func swiftBaseClassesAreCountedApart() {
    let scan = Self.scan([
      (
        "App.swift",
        """
        let navigation = UINavigationController(rootViewController: Home())
        class Base: UIViewController {}
        class Home: Base { func isBase(_ x: Any) -> Bool { x is Base } }
        class MadeBase: UIViewController {}
        class Child: MadeBase {}
        let made = MadeBase()
        class Lonely: UIViewController {}
        """
      )
    ])
    #expect(Self.baseClasses(scan) == ["Base"])
    #expect(scan.model.baseClassScreens.values.first == ["Home"])
    // Created itself (`MadeBase()`), or never subclassed: a screen like any other.
    #expect(scan.model.unreachedScreens.map(\.name) == ["MadeBase", "Child", "Lonely"])
    #expect(scan.model.countedScreens == 4)
  }

  @Test func objectiveCBaseClassesAreCountedApart() {
    let scan = Self.scan([
      (
        "App.m",
        """
        @interface Base : UIViewController
        @end
        @interface Home : Base
        @end
        @interface Named : UIViewController
        @end
        @interface Sub : Named
        @end
        @implementation Home
        - (BOOL)isBase:(id)x { return [x isKindOfClass:[Base class]]; }
        @end
        @implementation AppDelegate
        - (UIViewController *)make { return [[NSClassFromString(@"Named") alloc] init]; }
        - (UINavigationController *)root {
          return [[UINavigationController alloc] initWithRootViewController:[Home new]];
        }
        @end
        """
      )
    ])
    #expect(Self.baseClasses(scan) == ["Base"])
    #expect(scan.model.unreachedScreens.map(\.name) == ["Named", "Sub"])
  }
}
