import NavRulesModel

extension RootPopRule {
  /// The finding in the scanned code's terms: what the statement makes the delegate, and the
  /// guard to add where the code can take it.
  static func codeMessage(
    writer origin: ActionID, root: ScreenID, _ context: RuleContext, _ terms: CodeTerms
  ) -> String {
    let statement = context.text(origin)
    let rootName =
      context.module.isSwiftUIView(root)
      ? "the stack's first view '\(context.name(root))'"
      : "the root screen '\(context.name(root))'"
    let hang = "UIKit then ignores the next push and the app appears frozen"
    let byNavigationController = context.owner(origin) == nil
    let depthGuard = terms.depthGuard(inNavigationController: byNavigationController)
    if context.hooks[origin].declaration.action == .setGestureDelegate(.none) {
      let fix =
        byNavigationController
        ? "make the navigation controller the delegate instead of nil and return \(depthGuard) "
          + "from its \(terms.shouldBegin)"
        : "restore the delegate it replaced before \(rootName) is alone on the stack, or use a "
          + "delegate whose \(terms.shouldBegin) returns \(depthGuard)"
      return
        "'\(statement)' leaves the swipe-back gesture without a delegate, so nothing refuses a "
        + "swipe on \(rootName); \(hang): \(fix)"
    }
    let delegate =
      byNavigationController ? "the navigation controller" : context.codeOwnerName(origin)
    return
      "'\(statement)' makes \(delegate) the swipe-back gesture's delegate, and it allows the "
      + "swipe on \(rootName), which UIKit's own delegate refuses; \(hang): return "
      + "\(depthGuard) from its \(terms.shouldBegin)"
  }
}

extension RootPopRule {
  /// `navrc explain root-pop`'s scanned code: the copied extension, a base class, a stack.
  static let scannedCode = Explanation.ScannedCode(
    swiftBefore: """
      let navigation = UINavigationController(rootViewController: HomeViewController())

      class HomeViewController: UIViewController {}

      extension UINavigationController: UIGestureRecognizerDelegate {
          override open func viewDidLoad() {
              super.viewDidLoad()
              interactivePopGestureRecognizer?.delegate = self   // every swipe, the root's too
          }
      }
      """,
    swiftAfter: """
      let navigation = UINavigationController(rootViewController: HomeViewController())

      class HomeViewController: UIViewController {}

      extension UINavigationController: UIGestureRecognizerDelegate {
          override open func viewDidLoad() {
              super.viewDidLoad()
              interactivePopGestureRecognizer?.delegate = self
          }
          public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
              viewControllers.count > 1   // never on the root screen
          }
      }
      """,
    objectiveCBefore: """
      @interface HomeViewController : UIViewController
      @end

      @interface BaseNavigationController : UINavigationController <UIGestureRecognizerDelegate>
      @end

      @implementation BaseNavigationController

      + (instancetype)make {
          return [[BaseNavigationController alloc] initWithRootViewController:[[HomeViewController alloc] init]];
      }

      - (void)viewDidLoad {
          [super viewDidLoad];
          self.interactivePopGestureRecognizer.delegate = self;
      }

      @end
      """,
    objectiveCAfter: """
      @interface HomeViewController : UIViewController
      @end

      @interface BaseNavigationController : UINavigationController <UIGestureRecognizerDelegate>
      @end

      @implementation BaseNavigationController

      + (instancetype)make {
          return [[BaseNavigationController alloc] initWithRootViewController:[[HomeViewController alloc] init]];
      }

      - (void)viewDidLoad {
          [super viewDidLoad];
          self.interactivePopGestureRecognizer.delegate = self;
      }

      - (BOOL)gestureRecognizerShouldBegin:(UIGestureRecognizer *)gestureRecognizer {
          return self.viewControllers.count > 1;
      }

      @end
      """,
    fix: """
      The navigation controller made itself (or nothing) the swipe-back gesture's delegate, \
      and nothing refuses the swipe on the root screen any more. Keep the delegate, and \
      have it answer `viewControllers.count > 1` in `gestureRecognizerShouldBegin`; or \
      set the delegate only while a pushed screen is on top and restore the saved one \
      afterwards. `navrc scan --fix` makes the first change when the code is the usual \
      snippet (docs/adopting.md). A SwiftUI `NavigationStack` is a navigation controller: \
      the extension applies to it, and its first view is the root.
      """,
    swiftUIBefore: """
      @main struct NotesApp: App {
          var body: some Scene {
              WindowGroup { NavigationStack { ContentView() } }
          }
      }

      struct ContentView: View {
          var body: some View {
              NavigationLink("Open") { NoteView() }
          }
      }

      struct NoteView: View {
          var body: some View { Text("Note").navigationBarBackButtonHidden(true) }
      }

      // Brings the swipe back where the back button is hidden, and to the first view too.
      extension UINavigationController: @retroactive UIGestureRecognizerDelegate {
          override open func viewDidLoad() {
              super.viewDidLoad()
              interactivePopGestureRecognizer?.delegate = self
          }
      }
      """,
    swiftUIAfter: """
      @main struct NotesApp: App {
          var body: some Scene {
              WindowGroup { NavigationStack { ContentView() } }
          }
      }

      struct ContentView: View {
          var body: some View {
              NavigationLink("Open") { NoteView() }
          }
      }

      struct NoteView: View {
          var body: some View { Text("Note").navigationBarBackButtonHidden(true) }
      }

      extension UINavigationController: @retroactive UIGestureRecognizerDelegate {
          override open func viewDidLoad() {
              super.viewDidLoad()
              interactivePopGestureRecognizer?.delegate = self
          }
          public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
              viewControllers.count > 1   // never on the stack's first view
          }
      }
      """)
}
