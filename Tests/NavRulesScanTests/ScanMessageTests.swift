import NavRulesCompiler
import Testing

@testable import NavRulesScan

/// Scan findings say what the code does and what to change in it, in the language of the
/// file they point at (`CodeTerms`), never in rule-file syntax the app does not have.
@Suite struct ScanMessageTests {
  /// Rule-file words a message about scanned code must not use.
  static let ruleFileWords = [
    "popGestureDelegate", "popGesture ", "'back ", "leftBarButton", "navigationBar hidden",
    "titleStyle", "on viewWillAppear", "if pushed", "navigator '",
  ]

  static func diagnostics(of app: String) throws -> [Diagnostic] {
    AppScan(files: try ScanExamplesTests.files(of: app)).diagnostics
  }

  @Test(arguments: ScanExamplesTests.apps)
  func noMessageOrNoteSpeaksRuleFileTerms(_ app: String) throws {
    for diagnostic in try Self.diagnostics(of: app) {
      let texts = [diagnostic.message] + diagnostic.notes.map(\.message)
      for text in texts {
        for word in Self.ruleFileWords {
          #expect(!text.contains(word), "\(diagnostic.id.rawValue): \(text)")
        }
      }
    }
  }

  /// Objective-C files get selectors and `YES`/`NO`; Swift files get `(_:)` and `true`/`false`.
  @Test(arguments: ScanExamplesTests.apps)
  func eachMessageSpeaksItsFilesLanguage(_ app: String) throws {
    for diagnostic in try Self.diagnostics(of: app) {
      let message = diagnostic.message
      if diagnostic.range.file.path.hasSuffix(".m") {
        #expect(!message.contains("(_:)") && !message.contains("'false'"), "\(message)")
      } else {
        #expect(!message.contains("YES") && !message.contains("'NO'"), "\(message)")
        #expect(!message.contains("self.navigationController."), "\(message)")
      }
    }
  }

  @Test func eachRuleSaysWhatToChangeInTheCode() throws {
    let messages = try (ScanExamplesTests.apps.flatMap(Self.diagnostics)).map {
      "\($0.id.rawValue): \($0.message)"
    }
    let expected = [
      // The copied Swift extension (SwiftUIApp) and the Objective-C category set to nil.
      "root-pop: 'interactivePopGestureRecognizer?.delegate = self' makes the navigation "
        + "controller the swipe-back gesture's delegate, and it allows the swipe on the stack's "
        + "first view 'ContentView', which UIKit's own delegate refuses; UIKit then ignores the "
        + "next push and the app appears frozen: return 'viewControllers.count > 1' from its "
        + "'gestureRecognizerShouldBegin(_:)'",
      "root-pop: 'self.interactivePopGestureRecognizer.delegate = nil' leaves the swipe-back "
        + "gesture without a delegate, so nothing refuses a swipe on the root screen "
        + "'InboxViewController'; UIKit then ignores the next push and the app appears frozen: "
        + "make the navigation controller the delegate instead of nil and return "
        + "'self.viewControllers.count > 1' from its 'gestureRecognizerShouldBegin:'",
      "gesture-deadlock: 'navigationController?.interactivePopGestureRecognizer?.isEnabled = "
        + "false' in 'viewWillAppear(_:)' of 'GalleryViewController' runs while a swipe back "
        + "from 'PhotoViewController' to 'GalleryViewController' is in flight, and turning the "
        + "gesture off then freezes the screen: do it in 'viewDidAppear(_:)', after the swipe "
        + "has finished",
      "back-bypass: a swipe-back can leave 'EditorView' without the question its leading "
        + "toolbar button asks: '.navigationBarBackButtonHidden(true)' hides the back button, "
        + "but the swipe-back gesture's delegate allows every swipe: leave the navigation "
        + "controller its own delegate, which refuses the swipe where the back button is "
        + "hidden, or refuse it while 'EditorView' is on top (the delegate's "
        + "'gestureRecognizerShouldBegin(_:)' returning 'false')",
    ]
    for message in expected {
      #expect(messages.contains(message), "\(messages)")
    }
    let fixes = [
      (
        "state-leak",
        "set 'self.navigationController.interactivePopGestureRecognizer.enabled = "
          + "YES' in 'viewWillDisappear:' of 'AttachmentViewController'"
      ),
      (
        "content-swipe-bypass",
        "also set 'interactiveContentPopGestureRecognizer?.isEnabled = "
          + "false' (in 'if #available(iOS 26, *)')"
      ),
      (
        "content-swipe-bypass",
        "also set 'interactiveContentPopGestureRecognizer.enabled = NO' "
          + "(in 'if (@available(iOS 26, *))')"
      ),
      ("title-lost-on-back", "set them on 'navigationItem.standardAppearance'"),
      ("title-lost-on-back", "set them on 'self.navigationItem.standardAppearance'"),
      ("back-bypass", "UIKit asks 'navigationBar(_:shouldPop:)' on back taps only"),
    ]
    for (id, fix) in fixes {
      #expect(messages.contains { $0.hasPrefix(id + ":") && $0.contains(fix) }, "\(id): \(fix)")
    }
  }

  /// The bar's appearance leaks; the fix is the screen's own item's, in the file's language.
  @Test func aBarAppearanceLeakNamesTheItemsAppearanceAsTheFix() {
    let swift = """
      let navigation = UINavigationController(rootViewController: Home())
      class Home: UIViewController {
          override func viewDidLoad() {
              super.viewDidLoad()
              let appearance = UINavigationBarAppearance()
              appearance.configureWithOpaqueBackground()
              navigationController?.navigationBar.standardAppearance = appearance
          }
          func open() { navigationController?.pushViewController(Detail(), animated: true) }
      }
      class Detail: UIViewController {}
      """
    let objectiveC = """
      @implementation Home
      + (UINavigationController *)make {
          return [[UINavigationController alloc] initWithRootViewController:[[Home alloc] init]];
      }
      - (void)viewDidLoad {
          [super viewDidLoad];
          UINavigationBarAppearance *appearance = [[UINavigationBarAppearance alloc] init];
          [appearance configureWithOpaqueBackground];
          self.navigationController.navigationBar.standardAppearance = appearance;
      }
      - (void)open {
          [self.navigationController pushViewController:[[Detail alloc] init] animated:YES];
      }
      @end
      """
    let header = """
      @interface Home : UIViewController
      @end
      @interface Detail : UIViewController
      @end
      """
    let swiftScan = AppScan(files: [SourceFile(path: "App.swift", text: swift)])
    #expect(
      swiftScan.diagnostics.map(\.message) == [
        "'navigationController?.navigationBar.standardAppearance = appearance' in 'Home' sets "
          + "the navigation bar's standardAppearance, which every screen of the navigation "
          + "controller shares: it is still in effect when 'Detail' is on top: set "
          + "'navigationItem.standardAppearance' of 'Home' instead, which UIKit shows only "
          + "while 'Home' is on top"
      ])
    let objectiveCScan = AppScan(files: [
      SourceFile(path: "App.h", text: header), SourceFile(path: "App.m", text: objectiveC),
    ])
    #expect(
      objectiveCScan.diagnostics.map(\.message) == [
        "'self.navigationController.navigationBar.standardAppearance = appearance' in 'Home' "
          + "sets the navigation bar's standardAppearance, which every screen of the navigation "
          + "controller shares: it is still in effect when 'Detail' is on top: set "
          + "'self.navigationItem.standardAppearance' of 'Home' instead, which UIKit shows only "
          + "while 'Home' is on top"
      ])
  }

  /// A SwiftUI stack's first view that confirms before leaving: nothing to leave.
  @Test func aRootViewThatAsksBeforeLeavingGuardsNothing() {
    let app = """
      import SwiftUI
      @main struct RootApp: App {
          var body: some Scene { WindowGroup { NavigationStack { Editor() } } }
      }
      struct Editor: View {
          @State private var asking = false
          @Environment(\\.dismiss) private var dismiss
          var body: some View {
              Text("Draft")
                  .navigationBarBackButtonHidden(true)
                  .toolbar {
                      ToolbarItem(placement: .cancellationAction) {
                          Button("Cancel") { asking = true }
                      }
                  }
                  .confirmationDialog("Discard?", isPresented: $asking) {
                      Button("Discard") { dismiss() }
                  }
          }
      }
      """
    let scan = AppScan(files: [SourceFile(path: "RootApp.swift", text: app)])
    let messages = scan.diagnostics.map { "\($0.id.rawValue): \($0.message)" }
    #expect(
      messages == [
        "ineffective-at-root: the leading toolbar button of 'Editor' that asks before leaving "
          + "(the back button hidden by '.navigationBarBackButtonHidden(true)') guards nothing: "
          + "'Editor' is the first view of NavigationStack of 'RootApp' and no view pushes it, "
          + "so there is nothing to go back to"
      ])
  }
}
