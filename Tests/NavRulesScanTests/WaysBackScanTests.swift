import Foundation
import NavRulesTestSupport
import Testing

@testable import NavRulesCompiler
@testable import NavRulesScan

/// `navrc scan --ways-back`: what each way back does in a hand-written app, where UIKit alone
/// decides (docs/scan.md#every-way-back).
@Suite struct WaysBackScanTests {
  static func audit(_ app: AppScan) -> WaysBackReport {
    WaysBackAudit.audit(
      app.model.module,
      enforcer: .handWritten(contentGestureAlsoDisabledBy: app.model.contentGestureAlsoDisabled))
  }

  static let app = """
    import UIKit
    protocol BackHandler { func shouldPopOnBack() -> Bool }
    extension UINavigationController: UINavigationBarDelegate {
      public func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool {
        if let handler = topViewController as? BackHandler { return handler.shouldPopOnBack() }
        return true
      }
    }
    class AppDelegate {
      func start() { _ = UINavigationController(rootViewController: HomeViewController()) }
    }
    class HomeViewController: UIViewController {
      func form() { navigationController?.pushViewController(FormViewController(), animated: true) }
      func pad() { navigationController?.pushViewController(PadViewController(), animated: true) }
      func both() { navigationController?.pushViewController(BothViewController(), animated: true) }
    }
    class FormViewController: UIViewController, BackHandler {
      func shouldPopOnBack() -> Bool { false }
    }
    class PadViewController: UIViewController {
      override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        navigationController?.interactivePopGestureRecognizer?.isEnabled = false
      }
      override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        navigationController?.interactivePopGestureRecognizer?.isEnabled = true
      }
    }
    class BothViewController: UIViewController {
      override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        navigationController?.interactivePopGestureRecognizer?.isEnabled = false
        if #available(iOS 26, *) {
          navigationController?.interactiveContentPopGestureRecognizer?.isEnabled = false
        }
      }
      override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        navigationController?.interactivePopGestureRecognizer?.isEnabled = true
      }
    }
    """

  static func ways(_ screen: String) throws -> [String: String] {
    let scan = AppScan(files: [SourceFile(path: "App.swift", text: app)])
    let report = audit(scan)
    let ways = try #require(report.screens.first { $0.screen == screen }, "\(report.text)").ways
    var result: [String: String] = [:]
    for way in ways {
      let at = way.outcome.at.map { "@\($0.start.line)" } ?? ""
      result["\(way.way.rawValue)@\(way.ios.rawValue)"] = way.outcome.verdict.rawValue + at
    }
    return result
  }

  @Test func aShouldPopInterceptorAsksOnTapsOnly() throws {
    #expect(
      try Self.ways("FormViewController") == [
        // UIKit's back menu does not call navigationBar(_:shouldPop:).
        "tap@13-26": "asks@18", "backMenu@13-26": "pops@18", "edgeSwipe@13-26": "pops@18",
        "contentSwipe@26": "pops@18",
      ])
  }

  @Test func aDisableInViewDidAppearStopsTheEdgeSwipeNotTheContentSwipe() throws {
    #expect(
      try Self.ways("PadViewController") == [
        "tap@13-26": "pops", "backMenu@13-26": "pops", "edgeSwipe@13-26": "blocked@23",
        "contentSwipe@26": "pops",
      ])
  }

  @Test func theContentGestureDisabledBesideTheEdgeOneBlocksBoth() throws {
    #expect(
      try Self.ways("BothViewController") == [
        "tap@13-26": "pops", "backMenu@13-26": "pops", "edgeSwipe@13-26": "blocked@33",
        "contentSwipe@26": "blocked@33",
      ])
  }

  @Test func theRootHasNoWayBack() throws {
    let root = try Self.ways("HomeViewController")
    #expect(Set(root.values.map { $0.split(separator: "@")[0] }) == ["blocked"])
  }

  /// UIKit's `navigationItem.hidesBackButton = true` blocks both swipes, and the reason says
  /// the back button is hidden, not that a left button replaced it.
  @Test func aHiddenBackButtonBlocksTheSwipesAndSaysSo() throws {
    let scan = AppScan(files: [
      SourceFile(
        path: "App.swift",
        text: """
          class AppDelegate {
            func start() { _ = UINavigationController(rootViewController: Home()) }
          }
          class Home: UIViewController {
            func next() { navigationController?.pushViewController(Done(), animated: true) }
          }
          class Done: UIViewController {
            override func viewWillAppear(_ animated: Bool) {
              super.viewWillAppear(animated)
              navigationItem.setHidesBackButton(true, animated: false)
            }
          }
          """)
    ])
    let ways = try #require(Self.audit(scan).screens.first { $0.screen == "Done" }).ways
    for way in ways where [.edgeSwipe, .contentSwipe].contains(way.way) {
      #expect(way.outcome.verdict == .blocked)
      #expect(way.outcome.reason.contains("the back button is hidden"), "\(way.outcome.reason)")
      #expect(way.outcome.at?.start.line == 10)
    }
  }

  /// A left button set only under a condition (`if showsClose { … }`, after a `guard`) may be
  /// absent when the screen is on top: what UIKit does is not known, never "blocked".
  @Test(arguments: [
    (
      "App.swift",
      """
      class AppDelegate {
        func start() { _ = UINavigationController(rootViewController: Home()) }
      }
      class Home: UIViewController {
        func next() { navigationController?.pushViewController(Done(), animated: true) }
      }
      class Done: UIViewController {
        var showsClose = false
        override func viewDidLoad() {
          super.viewDidLoad()
          if showsClose { navigationItem.leftBarButtonItem = UIBarButtonItem() }
        }
      }
      """
    ),
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
      @interface Done : UIViewController
      @property (nonatomic) BOOL showsClose;
      @end
      @implementation Home
      - (void)next { [self.navigationController pushViewController:[Done new] animated:YES]; }
      @end
      @implementation Done
      - (void)viewWillAppear:(BOOL)animated {
        [super viewWillAppear:animated];
        if (!self.showsClose) { return; }
        self.navigationItem.leftBarButtonItem = [UIBarButtonItem new];
      }
      @end
      """
    ),
  ])
  func aLeftButtonSetUnderAConditionIsNotKnownToBlock(path: String, text: String) throws {
    let scan = AppScan(files: [SourceFile(path: path, text: text)])
    let ways = try #require(Self.audit(scan).screens.first { $0.screen == "Done" }).ways
    for way in ways where [.edgeSwipe, .contentSwipe].contains(way.way) {
      #expect(way.outcome.verdict == .unknown, "\(way.way): \(way.outcome.reason)")
      #expect(way.outcome.reason.contains("only under a condition"), "\(way.outcome.reason)")
    }
  }

  /// A SwiftUI view whose hidden back button is replaced by a leading button that confirms
  /// before leaving: its tap asks, at that button; a plain leading button that dismisses pops,
  /// at its `Button`.
  @Test func aSwiftUILeadingButtonThatConfirmsAsksOnTap() throws {
    let scan = AppScan(files: try ScanExamplesTests.files(of: "examples/scan/SwiftUIApp"))
    let report = Self.audit(scan)
    func tap(_ screen: String) -> String? {
      guard
        let way = report.screens.first(where: { $0.screen == screen })?.ways.first(where: {
          $0.way == .tap
        })
      else { return nil }
      return way.outcome.verdict.rawValue + (way.outcome.at.map { "@\($0.start.line)" } ?? "")
    }
    #expect(tap("EditorView") == "asks@14", "\(report.text)")
    #expect(tap("NoteView") == "pops@14", "\(report.text)")
  }

  /// A plain custom back button pops on a tap, at the button, whichever of SwiftUI's ways it
  /// dismisses by (`DismissAction` pops the view from its `NavigationStack`); there is no back
  /// button, so no back menu, and UIKit still refuses the edge swipe. A leading button whose
  /// action navrc cannot read stays "no back button".
  @Test func aSwiftUIPlainCustomBackButtonPopsOnTap() throws {
    let scan = ScanSwiftUITests.scan(
      """
      struct HomeView: View {
        var body: some View {
          NavigationStack {
            List {
              NavigationLink("a") { DismissView() }
              NavigationLink("b") { ModeView() }
              NavigationLink("c") { OpaqueView() }
            }
          }
        }
      }
      struct DismissView: View {
        @Environment(\\.dismiss) private var dismiss
        var body: some View {
          Text("a")
            .navigationBarBackButtonHidden(true)
            .toolbar {
              ToolbarItem(placement: .topBarLeading) {
                Button("Back") {
                  print("leaving")
                  dismiss()
                }
              }
            }
        }
      }
      struct ModeView: View {
        @Environment(\\.presentationMode) var presentationMode
        var body: some View {
          Text("b")
            .navigationBarBackButtonHidden()
            .navigationBarItems(leading: Button(action: goBack) { Text("Back") })
        }
        func goBack() { presentationMode.wrappedValue.dismiss() }
      }
      struct OpaqueView: View {
        let model: Model
        var body: some View {
          Text("c")
            .navigationBarBackButtonHidden(true)
            .toolbar {
              ToolbarItem(placement: .navigationBarLeading) { Button("Back", action: model.close) }
            }
        }
      }
      """)
    let report = Self.audit(scan)
    func ways(_ screen: String) -> [String: String] {
      var result: [String: String] = [:]
      for way in report.screens.first(where: { $0.screen == screen })?.ways ?? [] {
        let at = way.outcome.at.map { "@\($0.start.line)" } ?? ""
        result["\(way.way.rawValue)@\(way.ios.rawValue)"] = way.outcome.verdict.rawValue + at
      }
      return result
    }
    #expect(
      ways("DismissView") == [
        "tap@13-26": "pops@20", "backMenu@13-26": "blocked@19", "edgeSwipe@13-26": "blocked@19",
        "contentSwipe@26": "blocked@19",
      ], "\(report.text)")
    #expect(ways("ModeView")["tap@13-26"] == "pops@33", "\(report.text)")
    #expect(ways("OpaqueView")["tap@13-26"] == "blocked@43", "\(report.text)")
  }

  /// A leading item supplements SwiftUI's back button (Apple's `navigationBarItems(leading:)`
  /// documentation: "the leading item supplements a visible back button, instead of replacing
  /// it"): the back button, its menu and the swipe stay, and pop.
  @Test func aSwiftUILeadingItemBesideTheBackButtonBlocksNothing() throws {
    let scan = ScanSwiftUITests.scan(
      """
      struct HomeView: View {
        var body: some View {
          NavigationStack {
            List {
              NavigationLink("a") { FilterView() }
              NavigationLink("b") { ShareView() }
            }
          }
        }
      }
      struct FilterView: View {
        @State private var filtering = false
        var body: some View {
          Text("a")
            .toolbar {
              ToolbarItem(placement: .topBarLeading) { Button("Filter") { filtering = true } }
            }
        }
      }
      struct ShareView: View {
        @Environment(\\.dismiss) private var dismiss
        var body: some View {
          Text("b").navigationBarItems(leading: Button("Done") { dismiss() })
        }
      }
      """)
    let report = Self.audit(scan)
    for screen in ["FilterView", "ShareView"] {
      let ways = report.screens.first { $0.screen == screen }?.ways ?? []
      #expect(!ways.isEmpty, "\(report.text)")
      for way in ways {
        #expect(way.outcome.verdict == .pops, "\(screen) \(way.way): \(report.text)")
      }
    }
  }

  /// The example apps' audits, as text and JSON.
  @Test(arguments: ScanExamplesTests.apps)
  func theExampleAppsAuditMatchesItsGolden(_ app: String) throws {
    let scan = AppScan(files: try ScanExamplesTests.files(of: app))
    let report = Self.audit(scan)
    let name = app.split(separator: "/").last.map(String.init) ?? app
    Golden.assertMatches(
      report.text, file: "Tests/NavRulesScanTests/Fixtures/ways-back/\(name).txt")
    Golden.assertMatches(
      JSONRenderer.render(scan.diagnostics, extraMembers: [report.jsonMember]),
      file: "Tests/NavRulesScanTests/Fixtures/ways-back/\(name).json")
  }
}
