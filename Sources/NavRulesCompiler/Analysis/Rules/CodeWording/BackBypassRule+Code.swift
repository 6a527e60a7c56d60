import NavRulesModel

extension BackBypassRule {
  /// The finding in the scanned code's terms: a SwiftUI view's leading button that asks, or a
  /// view controller's `navigationBar(_:shouldPop:)` question, which a swipe never reaches.
  static func codeMessage(
    top: ScreenID, back range: SourceRange, delegateAllowsAll: Bool, _ context: RuleContext,
    _ terms: CodeTerms
  ) -> String {
    let name = context.name(top)
    let shouldPop =
      terms.isObjectiveC ? "'navigationBar:shouldPopItem:'" : "'navigationBar(_:shouldPop:)'"
    let swipe =
      delegateAllowsAll
      ? "the swipe-back gesture's delegate allows every swipe"
      : "the swipe-back gesture can still begin"
    if terms.isSwiftUIView {
      return
        "a swipe-back can leave '\(name)' without the question its leading toolbar button asks: "
        + "'.\(context.text(of: range))' hides the back button, but \(swipe): leave the "
        + "navigation controller its own delegate, which refuses the swipe where the back button "
        + "is hidden, or refuse it while '\(name)' is on top (the delegate's "
        + "\(terms.shouldBegin) returning \(terms.no))"
    }
    return
      "a swipe-back can leave '\(name)' without asking '\(context.text(of: range))': UIKit asks "
      + "\(shouldPop) on back taps only, and \(swipe): refuse the swipe while '\(name)' must not "
      + "be left (the delegate's \(terms.shouldBegin) returning \(terms.no))"
  }
}

extension BackBypassRule {
  /// `navrc explain back-bypass`'s scanned code: a question asked on back taps only.
  static let scannedCode = Explanation.ScannedCode(
    swiftBefore: """
      protocol BackHandler { func shouldPopOnBack() -> Bool }

      extension UINavigationController: UINavigationBarDelegate {
          public func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool {
              if let handler = topViewController as? BackHandler { return handler.shouldPopOnBack() }
              return true
          }
      }

      let navigation = UINavigationController(rootViewController: HomeViewController())

      class HomeViewController: UIViewController {
          func edit() { navigationController?.pushViewController(EditorViewController(), animated: true) }
      }

      class EditorViewController: UIViewController, BackHandler {
          func shouldPopOnBack() -> Bool { false }   // asked on back taps, never on a swipe
      }
      """,
    swiftAfter: """
      protocol BackHandler { func shouldPopOnBack() -> Bool }

      extension UINavigationController: UINavigationBarDelegate {
          public func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool {
              if let handler = topViewController as? BackHandler { return handler.shouldPopOnBack() }
              return true
          }
      }

      let navigation = UINavigationController(rootViewController: HomeViewController())

      class HomeViewController: UIViewController {
          func edit() { navigationController?.pushViewController(EditorViewController(), animated: true) }
      }

      class EditorViewController: UIViewController, BackHandler {
          func shouldPopOnBack() -> Bool { false }

          override func viewDidAppear(_ animated: Bool) {
              super.viewDidAppear(animated)
              // The back button asks; no swipe walks around it.
              navigationController?.interactivePopGestureRecognizer?.isEnabled = false
              if #available(iOS 26, *) {
                  navigationController?.interactiveContentPopGestureRecognizer?.isEnabled = false
              }
          }

          override func viewWillDisappear(_ animated: Bool) {
              super.viewWillDisappear(animated)
              navigationController?.interactivePopGestureRecognizer?.isEnabled = true
              if #available(iOS 26, *) {
                  navigationController?.interactiveContentPopGestureRecognizer?.isEnabled = true
              }
          }
      }
      """,
    objectiveCBefore: """
      @protocol BackHandler
      - (BOOL)shouldPopOnBack;
      @end

      @implementation UINavigationController (BackHandler)
      - (BOOL)navigationBar:(UINavigationBar *)navigationBar shouldPopItem:(UINavigationItem *)item {
          id top = self.topViewController;
          if ([top conformsToProtocol:@protocol(BackHandler)]) { return [top shouldPopOnBack]; }
          return YES;
      }
      @end

      @interface HomeViewController : UIViewController
      @end
      @interface EditorViewController : UIViewController <BackHandler>
      @end

      @implementation HomeViewController
      + (UINavigationController *)make {
          return [[UINavigationController alloc] initWithRootViewController:[[HomeViewController alloc] init]];
      }
      - (void)edit {
          [self.navigationController pushViewController:[[EditorViewController alloc] init] animated:YES];
      }
      @end

      @implementation EditorViewController
      - (BOOL)shouldPopOnBack { return NO; }
      @end
      """,
    objectiveCAfter: """
      @protocol BackHandler
      - (BOOL)shouldPopOnBack;
      @end

      @implementation UINavigationController (BackHandler)
      - (BOOL)navigationBar:(UINavigationBar *)navigationBar shouldPopItem:(UINavigationItem *)item {
          id top = self.topViewController;
          if ([top conformsToProtocol:@protocol(BackHandler)]) { return [top shouldPopOnBack]; }
          return YES;
      }
      @end

      @interface HomeViewController : UIViewController
      @end
      @interface EditorViewController : UIViewController <BackHandler>
      @end

      @implementation HomeViewController
      + (UINavigationController *)make {
          return [[UINavigationController alloc] initWithRootViewController:[[HomeViewController alloc] init]];
      }
      - (void)edit {
          [self.navigationController pushViewController:[[EditorViewController alloc] init] animated:YES];
      }
      @end

      @implementation EditorViewController
      - (BOOL)shouldPopOnBack { return NO; }
      - (void)viewDidAppear:(BOOL)animated {
          [super viewDidAppear:animated];
          self.navigationController.interactivePopGestureRecognizer.enabled = NO;
          if (@available(iOS 26, *)) {
              self.navigationController.interactiveContentPopGestureRecognizer.enabled = NO;
          }
      }
      - (void)viewWillDisappear:(BOOL)animated {
          [super viewWillDisappear:animated];
          self.navigationController.interactivePopGestureRecognizer.enabled = YES;
          if (@available(iOS 26, *)) {
              self.navigationController.interactiveContentPopGestureRecognizer.enabled = YES;
          }
      }
      @end
      """,
    fix: """
      UIKit asks `navigationBar(_:shouldPop:)` when the back button is tapped, never before a \
      swipe; a SwiftUI view's leading button that confirms is not asked by a swipe either. \
      While the screen must not be left, turn the swipe-back gestures off (the edge one, and \
      iOS 26's content one), or have the gesture's delegate refuse the swipe in \
      `gestureRecognizerShouldBegin`. In SwiftUI, an allow-all \
      `extension UINavigationController` is what lets the swipe begin where the back button \
      is hidden: without it UIKit refuses that swipe, and the confirmation is the only way out.
      """,
    swiftUIBefore: """
      @main struct NotesApp: App {
          var body: some Scene {
              WindowGroup { NavigationStack { ContentView() } }
          }
      }

      struct ContentView: View {
          var body: some View { NavigationLink("Edit") { EditorView() } }
      }

      struct EditorView: View {
          @State private var confirming = false
          @Environment(\\.dismiss) private var dismiss

          var body: some View {
              Text("Draft")
                  .navigationBarBackButtonHidden(true)
                  .toolbar {
                      ToolbarItem(placement: .cancellationAction) {
                          Button("Cancel") { confirming = true }
                      }
                  }
                  .confirmationDialog("Discard this draft?", isPresented: $confirming) {
                      Button("Discard", role: .destructive) { dismiss() }
                  }
          }
      }

      extension UINavigationController: @retroactive UIGestureRecognizerDelegate {
          override open func viewDidLoad() {
              super.viewDidLoad()
              interactivePopGestureRecognizer?.delegate = self   // the swipe skips "Discard?"
          }
          public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
              viewControllers.count > 1
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
          var body: some View { NavigationLink("Edit") { EditorView() } }
      }

      // No allow-all extension: UIKit refuses the swipe where the back button is hidden.
      struct EditorView: View {
          @State private var confirming = false
          @Environment(\\.dismiss) private var dismiss

          var body: some View {
              Text("Draft")
                  .navigationBarBackButtonHidden(true)
                  .toolbar {
                      ToolbarItem(placement: .cancellationAction) {
                          Button("Cancel") { confirming = true }
                      }
                  }
                  .confirmationDialog("Discard this draft?", isPresented: $confirming) {
                      Button("Discard", role: .destructive) { dismiss() }
                  }
          }
      }
      """)
}
