import Testing

@testable import NavRulesCompiler
@testable import NavRulesScan

/// One test per row of the SwiftUI table of docs/scan.md (contract §8), positive and
/// negative: a small SwiftUI app, and the model navrc extracts from it, read as the rule file
/// `--rules` writes (comments dropped, one declaration per line).
@Suite struct ScanSwiftUITests {
  typealias Case = ScanExtractionTests.Case

  static func swiftUI(_ name: String, _ code: String, has: [String], hasNot: [String] = [])
    -> Case
  {
    Case(name: name, files: [("App.swift", "import SwiftUI\n" + code)], has: has, hasNot: hasNot)
  }

  static let detail = """
    struct DetailView: View { var body: some View { Text("detail") } }
    """

  static let cases: [Case] = [
    swiftUI(
      "NavigationStack with its root built in the closure",
      """
      struct ContentView: View { var body: some View { NavigationStack { HomeView().navigationTitle("Home") } } }
      struct HomeView: View { var body: some View { NavigationLink("Go") { DetailView() } } }
      """ + detail,
      has: [
        "navigator ContentViewNavigationStack {", "root HomeView", "screen HomeView {",
        "push DetailView", "screen DetailView {",
      ],
      hasNot: ["screen ContentView {"]),
    swiftUI(
      "NavigationView, inline content: the holder is the root",
      """
      struct ContentView: View {
        var body: some View {
          NavigationView { List { NavigationLink(destination: DetailView()) { Text("Go") } } }
        }
      }
      """ + detail,
      has: [
        "navigator ContentViewNavigationView {", "root ContentView", "screen ContentView {",
        "push DetailView",
      ]),
    swiftUI(
      "a stack in an App's scene",
      """
      @main struct NotesApp: App { var body: some Scene { WindowGroup { NavigationStack { HomeView() } } } }
      struct HomeView: View { var body: some View { Text("home") } }
      """,
      has: ["navigator NotesAppNavigationStack {", "root HomeView"]),
    swiftUI(
      "no stack: no navigator, and a view with links is not analysed",
      """
      struct HomeView: View { var body: some View { NavigationLink("Go") { DetailView() } } }
      """ + detail,
      has: ["screen HomeView {"],
      hasNot: ["navigator", "push DetailView"]),
    swiftUI(
      "NavigationLink { D() } label: and .navigationDestination(isPresented:) and (item:)",
      """
      struct HomeView: View {
        @State var shown = false
        @State var item: Int?
        var body: some View {
          NavigationStack {
            VStack {
              NavigationLink { AView() } label: { Text("A") }
              Text("x").navigationDestination(isPresented: $shown) { BView() }
            }
            .navigationDestination(item: $item) { value in CView(value: value) }
          }
        }
      }
      struct AView: View { var body: some View { Text("a") } }
      struct BView: View { var body: some View { Text("b") } }
      struct CView: View { let value: Int; var body: some View { Text("c") } }
      """,
      has: ["screen HomeView {", "push AView", "push BView", "push CView"]),
    swiftUI(
      "the label of a link is not its destination",
      """
      struct HomeView: View {
        var body: some View { NavigationStack { NavigationLink(destination: DetailView()) { LabelView() } } }
      }
      struct LabelView: View { var body: some View { Text("label") } }
      """ + detail,
      has: ["push DetailView"], hasNot: ["push LabelView"]),
    swiftUI(
      "value links and path appends through the stack's navigationDestination(for:)",
      """
      enum Route: Hashable { case cart, product(Int) }
      struct Item: Hashable, Identifiable { let id: Int }
      struct HomeView: View {
        @State private var path: [Route] = []
        let items: [Item]
        var body: some View {
          NavigationStack(path: $path) {
            List {
              ForEach(items) { item in NavigationLink(value: item) { Text("item") } }
              Button("Cart") { path.append(.cart) }
            }
            .navigationDestination(for: Item.self) { item in ItemView(item: item) }
            .navigationDestination(for: Route.self) { route in
              switch route {
              case .cart: CartView()
              case .product(let id): ProductView(id: id)
              }
            }
          }
        }
      }
      struct ItemView: View { let item: Item; var body: some View { Text("item") } }
      struct CartView: View { var body: some View { Text("cart") } }
      struct ProductView: View { let id: Int; var body: some View { Text("product") } }
      """,
      has: ["screen HomeView {", "push ItemView", "push CartView"],
      hasNot: ["push ProductView"]),
    swiftUI(
      "what a destination case writes around its view is that view's; a nested route type",
      """
      struct Model { enum Route: Hashable { case a, b } }
      struct HomeView: View {
        @State private var path = NavigationPath()
        var body: some View {
          NavigationStack(path: $path) {
            Button("a") { path.append(Model.Route.a) }
              .navigationDestination(for: Model.Route.self) { route in
                switch route {
                case .a: AView().navigationBarBackButtonHidden()
                case .b: BView()
                }
              }
          }
        }
      }
      struct AView: View { var body: some View { Text("a") } }
      struct BView: View { var body: some View { Text("b") } }
      """,
      has: ["screen HomeView {", "push AView", "}", "screen AView {", "leftBarButton custom"],
      hasNot: ["push BView"]),
    swiftUI(
      "a helper named only inside a destination is not the view's code",
      """
      struct HomeView: View {
        @State private var shown = false
        @State private var asking = false
        var body: some View {
          NavigationStack {
            Text("x").navigationDestination(isPresented: $shown) { editor }
          }
        }
        var editor: some View {
          Form {}
            .navigationBarBackButtonHidden(true)
            .toolbar { ToolbarItem(placement: .cancellationAction) { Button("Back") { asking = true } } }
            .alert("Leave?", isPresented: $asking) { Button("Leave") {} }
        }
      }
      """,
      has: ["screen HomeView {"], hasNot: ["back intercept taps", "leftBarButton custom"]),
    swiftUI(
      "a value whose type has no destination in its stack pushes nothing",
      """
      struct Other: Hashable {}
      struct HomeView: View {
        var body: some View {
          NavigationStack {
            NavigationLink(value: Other()) { Text("x") }
              .navigationDestination(for: Int.self) { _ in DetailView() }
          }
        }
      }
      """ + detail,
      has: ["screen HomeView {"], hasNot: ["push DetailView"]),
    swiftUI(
      "links in nested subviews, a @ViewBuilder helper, if and switch in builders",
      """
      struct HomeView: View {
        @State var mode = 0
        var body: some View {
          NavigationStack {
            Group {
              if mode == 0 { SectionView() } else { EmptyView() }
              switch mode {
              case 1: helper
              default: Text("none")
              }
            }
          }
        }
        @ViewBuilder var helper: some View { NavigationLink("B") { BView() } }
      }
      struct SectionView: View { var body: some View { RowView() } }
      struct RowView: View { var body: some View { NavigationLink("A") { AView() } } }
      struct AView: View { var body: some View { Text("a") } }
      struct BView: View { var body: some View { Text("b") } }
      """,
      has: ["screen HomeView {", "push BView", "push AView"],
      hasNot: ["screen RowView {", "screen SectionView {"]),
    swiftUI(
      "wrappers that only delay building push what they wrap",
      """
      struct HomeView: View {
        var body: some View {
          NavigationStack {
            NavigationLink(destination: NavigationLazyView(AView())) { Text("a") }
            NavigationLink(destination: AnyView(BView())) { Text("b") }
          }
        }
      }
      struct AView: View { var body: some View { Text("a") } }
      struct BView: View { var body: some View { Text("b") } }
      """,
      has: ["push AView", "push BView"]),
    swiftUI(
      "a sheet's content is another hierarchy",
      """
      struct HomeView: View {
        @State var shown = false
        var body: some View {
          NavigationStack { Text("x").sheet(isPresented: $shown) { SheetView() } }
        }
      }
      struct SheetView: View { var body: some View { NavigationLink("a") { DetailView() } } }
      """ + detail,
      has: ["screen HomeView {"], hasNot: ["push DetailView"]),
    swiftUI(
      "navigationBarBackButtonHidden(true) and no argument: leftBarButton custom",
      """
      struct HomeView: View {
        var body: some View { NavigationStack { NavigationLink("a") { AView() }; NavigationLink("b") { BView() } } }
      }
      struct AView: View { var body: some View { Text("a").navigationBarBackButtonHidden(true) } }
      struct BView: View { var body: some View { Text("b").navigationBarBackButtonHidden() } }
      """,
      has: ["screen AView {", "leftBarButton custom", "screen BView {", "leftBarButton custom"]),
    swiftUI(
      "navigationBarBackButtonHidden(false) and a condition are not a hidden back button",
      """
      struct HomeView: View {
        var body: some View { NavigationStack { NavigationLink("a") { AView() } } }
      }
      struct AView: View {
        @State var editing = false
        var body: some View { Text("a").navigationBarBackButtonHidden(false).navigationBarBackButtonHidden(editing) }
      }
      """,
      has: ["screen AView {"], hasNot: ["leftBarButton custom"]),
    swiftUI(
      "leading toolbar items and navigationBarItems(leading:) beside the back button: nothing",
      """
      struct HomeView: View {
        var body: some View { NavigationStack { NavigationLink("a") { AView() }; NavigationLink("b") { BView() }; NavigationLink("c") { CView() } } }
      }
      struct AView: View {
        var body: some View { Text("a").toolbar { ToolbarItem(placement: .navigationBarLeading) { Text("x") } } }
      }
      struct BView: View { var body: some View { Text("b").navigationBarItems(leading: Text("x")) } }
      struct CView: View {
        var body: some View { Text("c").toolbar { ToolbarItem(placement: .navigationBarTrailing) { Text("x") } } }
      }
      """,
      has: ["screen AView {", "screen BView {", "screen CView {"],
      hasNot: ["leftBarButton custom"]),
    swiftUI(
      "hidden bars in each spelling",
      """
      struct HomeView: View {
        var body: some View { NavigationStack { NavigationLink("a") { AView() }; NavigationLink("b") { BView() }; NavigationLink("c") { CView() }; NavigationLink("d") { DView() } } }
      }
      struct AView: View { var body: some View { Text("a").navigationBarHidden(true) } }
      struct BView: View { var body: some View { Text("b").toolbar(.hidden, for: .navigationBar) } }
      struct CView: View { var body: some View { Text("c").toolbarVisibility(.hidden, for: .navigationBar) } }
      struct DView: View { var body: some View { Text("d").toolbar(.hidden) } }
      """,
      has: [
        "screen AView {", "navigationBar hidden", "screen BView {", "navigationBar hidden",
        "screen CView {", "navigationBar hidden", "screen DView {", "navigationBar hidden",
      ]),
    swiftUI(
      "bars shown, or another bar hidden, are not a hidden navigation bar",
      """
      struct HomeView: View {
        var body: some View { NavigationStack { NavigationLink("a") { AView() } } }
      }
      struct AView: View {
        var body: some View { Text("a").navigationBarHidden(false).toolbar(.hidden, for: .tabBar).toolbar(.visible, for: .navigationBar) }
      }
      """,
      has: ["screen AView {"], hasNot: ["navigationBar hidden"]),
    swiftUI(
      "a leading button that asks before leaving: back intercept taps",
      """
      struct HomeView: View {
        var body: some View { NavigationStack { NavigationLink("a") { FormView() } } }
      }
      struct FormView: View {
        @State private var asking = false
        @Environment(\\.dismiss) private var dismiss
        var body: some View {
          Form {}
            .navigationBarBackButtonHidden(true)
            .toolbar { ToolbarItem(placement: .cancellationAction) { Button("Back") { asking = true } } }
            .alert("Leave?", isPresented: $asking) { Button("Leave") { dismiss() } }
        }
      }
      """,
      has: ["screen FormView {", "back intercept taps", "leftBarButton custom"]),
    swiftUI(
      "a leading button that always dismisses is a plain custom back button",
      """
      struct HomeView: View {
        var body: some View { NavigationStack { NavigationLink("a") { FormView() } } }
      }
      struct FormView: View {
        @Environment(\\.dismiss) private var dismiss
        var body: some View {
          Form {}
            .navigationBarBackButtonHidden(true)
            .toolbar { ToolbarItem(placement: .topBarLeading) { Button(action: { dismiss() }) { Text("Back") } } }
        }
      }
      """,
      has: ["screen FormView {", "leftBarButton custom"], hasNot: ["back intercept taps"]),
    swiftUI(
      "a leading button that dismisses under a condition, through a method",
      """
      struct HomeView: View {
        var body: some View { NavigationStack { NavigationLink("a") { FormView() } } }
      }
      struct FormView: View {
        @Environment(\\.presentationMode) var presentationMode
        @State var saved = false
        var body: some View {
          Form {}
            .navigationBarBackButtonHidden(true)
            .navigationBarItems(leading: Button(action: goBack) { Text("Back") })
        }
        func goBack() { if saved { presentationMode.wrappedValue.dismiss() } }
      }
      """,
      has: ["screen FormView {", "back intercept taps", "leftBarButton custom"]),
    swiftUI(
      "UIHostingController pushed and used as a root in UIKit code",
      """
      final class AppDelegate: UIResponder {
        func start() { window?.rootViewController = UINavigationController(rootViewController: UIHostingController(rootView: HomeView())) }
      }
      final class HostController: UIHostingController<DetailView> {}
      struct HomeView: View { var body: some View { Text("home").navigationBarHidden(true) } }
      final class ListViewController: UIViewController {
        func open() {
          let host = UIHostingController(rootView: DetailView())
          navigationController?.pushViewController(host, animated: true)
          navigationController?.pushViewController(HostController(rootView: OtherView()), animated: true)
        }
      }
      struct OtherView: View { var body: some View { Text("other") } }
      """ + detail,
      has: [
        "navigator UINavigationController {", "root HomeView", "screen ListViewController {",
        "push DetailView", "push OtherView", "screen HomeView {", "navigationBar hidden",
      ],
      hasNot: ["screen UIHostingController {"]),
    swiftUI(
      "a UIViewControllerRepresentable pushed shows its view controller",
      """
      struct HomeView: View { var body: some View { NavigationStack { NavigationLink("map") { MapScreen() } } } }
      struct MapScreen: UIViewControllerRepresentable {
        func makeUIViewController(context: Context) -> MapViewController { MapViewController() }
        func updateUIViewController(_ controller: MapViewController, context: Context) {}
      }
      final class MapViewController: UIViewController {}
      """,
      has: ["screen HomeView {", "push MapViewController"], hasNot: ["screen MapScreen {"]),
  ]

  @Test(arguments: cases)
  func extractsTheModel(_ testCase: Case) {
    ScanExtractionTests().extractsTheModel(testCase)
  }

  static func scan(_ code: String) -> AppScan {
    ScanExtractionTests.scan([("App.swift", "import SwiftUI\n" + code)])
  }

  static let unguarded = """
    extension UINavigationController: UIGestureRecognizerDelegate {
      override open func viewDidLoad() {
        super.viewDidLoad()
        interactivePopGestureRecognizer?.delegate = self
      }
    }
    """

  static let guarded = """
    extension UINavigationController: @retroactive UIGestureRecognizerDelegate {
      override open func viewDidLoad() {
        super.viewDidLoad()
        interactivePopGestureRecognizer?.delegate = self
      }
      public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        viewControllers.count > 1
      }
    }
    """

  /// The issue's app: a `NavigationStack` whose `List` pushes a detail view with a hidden back
  /// button, and the unguarded extension. It was `0 errors` and "nothing left out".
  static let issueApp = """
    @main
    struct NotesApp: App {
      var body: some Scene { WindowGroup { ContentView() } }
    }

    struct ContentView: View {
      let notes = ["One", "Two"]
      var body: some View {
        NavigationStack {
          List(notes, id: \\.self) { note in
            NavigationLink(note) { DetailView(note: note) }
          }
          .navigationTitle("Notes")
        }
      }
    }

    struct DetailView: View {
      let note: String
      @Environment(\\.dismiss) private var dismiss
      var body: some View {
        Text(note)
          .navigationBarBackButtonHidden(true)
          .toolbar {
            ToolbarItem(placement: .navigationBarLeading) { Button("Back") { dismiss() } }
          }
      }
    }

    """

  @Test func theIssuesAppIsARootPopInViewNames() throws {
    let scan = Self.scan(Self.issueApp + Self.unguarded)
    #expect(scan.diagnostics.map(\.id) == [.rootPop])
    let diagnostic = try #require(scan.diagnostics.first)
    #expect(diagnostic.range.start.line == 33)
    #expect(diagnostic.message.contains("'ContentView'"))
    #expect(
      diagnostic.notes.map(\.message) == [
        "in NavigationStack of 'ContentView': ContentView, then swipe on ContentView"
      ])
    #expect(diagnostic.notes.first?.range.start.line == 10)
  }

  @Test func theGuardedExtensionIsClean() {
    let scan = Self.scan(Self.issueApp + Self.guarded)
    #expect(scan.diagnostics.isEmpty, "\(scan.diagnostics)")
    #expect(scan.model.unresolved.isEmpty)
  }

  @Test func aSwipeWalksAroundAConfirmingBackButton() throws {
    let scan = Self.scan(
      """
      struct ContentView: View {
        var body: some View { NavigationStack { NavigationLink("Edit") { EditorView() } } }
      }
      struct EditorView: View {
        @State private var confirming = false
        var body: some View {
          TextEditor(text: .constant(""))
            .navigationBarBackButtonHidden(true)
            .toolbar {
              ToolbarItem(placement: .navigationBarLeading) { Button("Back") { confirming = true } }
            }
            .confirmationDialog("Discard?", isPresented: $confirming) { Button("Discard") {} }
        }
      }

      """ + Self.guarded)
    #expect(scan.diagnostics.map(\.id) == [.backBypass])
    let diagnostic = try #require(scan.diagnostics.first)
    #expect(diagnostic.range.start.line == 9)
    #expect(diagnostic.range.start.column == 8)
    #expect(
      diagnostic.notes.map(\.message) == [
        "in NavigationStack of 'ContentView': ContentView → EditorView, then swipe back"
      ])
  }

  /// `navigationBarBackButtonHidden(isEditing)` with a button that asks: read as its `true`
  /// case, the finding names the condition.
  @Test func aConditionalHiddenBackButtonIsReadWhileTrue() throws {
    let scan = Self.scan(
      """
      struct ContentView: View {
        var body: some View { NavigationStack { NavigationLink("Edit") { EditorView() } } }
      }
      struct EditorView: View {
        @State private var isEditing = false
        @State private var asking = false
        var body: some View {
          Form {}
            .navigationBarBackButtonHidden(isEditing)
            .toolbar { ToolbarItem(placement: .cancellationAction) { Button("Cancel") { asking = true } } }
            .alert("Discard?", isPresented: $asking) { Button("Discard") {} }
        }
      }

      """ + Self.guarded)
    let diagnostic = try #require(scan.diagnostics.first)
    #expect(scan.diagnostics.map(\.id) == [.backBypass])
    #expect(diagnostic.notes.map(\.message).last == "while 'isEditing' is true")
  }

  @Test func aValueOfUnknownTypeIsLeftOutAndCounted() {
    let scan = Self.scan(
      """
      struct ContentView: View {
        let model: Model
        var body: some View {
          NavigationStack {
            NavigationLink(value: model.selection) { Text("x") }
              .navigationDestination(for: Int.self) { _ in DetailView() }
          }
        }
      }
      """ + Self.detail)
    #expect(scan.model.unresolved.map(\.range.start.line) == [6])
  }

  /// Navigation in a `ViewModifier`, or in an `extension View` member other than a method
  /// (applied where it is called), is not applied to the views that use it: the scan says
  /// something was left out.
  @Test func navigationInAModifierIsCountedAsLeftOut() {
    let scan = Self.scan(
      """
      struct BackButtonModifier: ViewModifier {
        func body(content: Content) -> some View { content.navigationBarBackButtonHidden(true) }
      }
      extension View {
        func withRoutes() -> some View { navigationDestination(for: Int.self) { _ in Text("x") } }
      }
      extension View {
        func padded() -> some View { padding() }
      }
      extension View {
        var routed: some View { navigationDestination(for: Int.self) { _ in Text("x") } }
      }
      """)
    #expect(scan.model.unresolved.map(\.range.start.line) == [2, 11])
  }

  /// Two views of one name (an app and its watch app, or several sample apps in one folder):
  /// neither is read, and both are counted as left out. Reading the first alone dropped the
  /// second's stack and pushes while the scan said nothing was left out.
  @Test func aViewDeclaredTwiceIsLeftOutAndCounted() {
    let view = """
      import SwiftUI
      struct ContentView: View {
        var body: some View {
          NavigationStack { NavigationLink("x") { DetailView() } }
        }
      }
      """
    let scan = ScanExtractionTests.scan([
      ("Phone/ContentView.swift", view), ("Watch/ContentView.swift", view),
      ("Shared/DetailView.swift", "import SwiftUI\n" + Self.detail),
    ])
    #expect(
      scan.model.unresolved.map { "\($0.range.file.path):\($0.range.start.line)" } == [
        "Phone/ContentView.swift:2", "Watch/ContentView.swift:2",
      ])
    #expect(scan.model.unresolved.allSatisfy { $0.what.contains("declared 2 times") })
    #expect(scan.model.module.navigators.isEmpty)
  }

  /// An iOS app with its watch app: the watch app's stacks are not `UINavigationController`s.
  /// Its views (a watch app folder with an `App`, an old WatchKit extension, a
  /// `#if os(watchOS)` branch) are left out, each stack counted, and its `ContentView` is not
  /// the iOS one's twin.
  @Test func watchOSStacksAreLeftOutAndCounted() {
    let content = """
      import SwiftUI
      struct ContentView: View {
        var body: some View { NavigationStack { NavigationLink("x") { DetailView() } } }
      }
      """
    let scan = ScanExtractionTests.scan([
      (
        "Notes/NotesApp.swift",
        "import SwiftUI\n@main struct NotesApp: App { var body: some Scene { WindowGroup { ContentView() } } }"
      ),
      ("Notes/ContentView.swift", content),
      ("Notes/Nav.swift", "import UIKit\n" + Self.unguarded),
      (
        "Notes Watch App/NotesWatchApp.swift",
        "import SwiftUI\n@main struct NotesWatchApp: App { var body: some Scene { WindowGroup { ContentView() } } }"
      ),
      ("Notes Watch App/Views/ContentView.swift", content),
      (
        "NotesWatch Extension/ExtensionDelegate.swift",
        "import WatchKit\nclass ExtensionDelegate: NSObject, WKExtensionDelegate {}"
      ),
      (
        "NotesWatch Extension/ListView.swift",
        "import SwiftUI\nstruct ListView: View { var body: some View { NavigationView { Text(\"x\") } } }"
      ),
      (
        "Shared/DetailView.swift",
        "import SwiftUI\n" + Self.detail + """

          #if os(watchOS)
          struct WatchDetailView: View { var body: some View { NavigationStack { DetailView() } } }
          #endif
          """
      ),
    ])
    #expect(
      scan.model.unresolved.map { "\($0.range.file.path):\($0.range.start.line)" } == [
        "Notes Watch App/Views/ContentView.swift:2", "NotesWatch Extension/ListView.swift:2",
      ])
    #expect(scan.model.unresolved.allSatisfy { $0.what.contains("watchOS stacks are not UIKit") })
    #expect(scan.model.module.navigators.map(\.name) == ["ContentViewNavigationStack"])
    #expect(
      scan.diagnostics.map { "\($0.id.rawValue)@\($0.range.file.path)" } == [
        "root-pop@Notes/Nav.swift"
      ])
  }

  @Test func watchFoldersAreNamedWithTheWordWatch() {
    for name in ["Notes Watch App", "NotesWatch Extension", "WatchApp", "watchOS", "WATCH"] {
      #expect(WatchOSCode.namesWatch(name), "\(name)")
    }
    for name in ["Stopwatch", "Watchlist", "Watchers", "Notes"] {
      #expect(!WatchOSCode.namesWatch(name), "\(name)")
    }
  }

  /// Views of one name nested in different types are told apart by their qualified names:
  /// `Body()` inside `A` is `A.Body`, `B.Body()` names the other one; `Body()` elsewhere names
  /// neither.
  @Test func nestedViewsOfOneNameAreToldApartByTheirParents() {
    let scan = ScanExtractionTests.scan([
      (
        "App.swift",
        """
        import SwiftUI
        struct A: View {
          var body: some View { NavigationStack { Body() } }
          struct Body: View {
            var body: some View { NavigationLink("x") { B.Body() } }
          }
        }
        struct B {
          struct Body: View { var body: some View { Text("b").navigationBarBackButtonHidden(true) } }
        }
        extension B.Body { var more: some View { Text("more") } }
        struct C: View { var body: some View { NavigationStack { NavigationLink("y") { Body() } } } }
        """
      )
    ])
    // Outside `A` and `B`, `Body` names neither: left out, counted.
    #expect(
      scan.model.unresolved.map(\.what) == [
        "a destination that is not one app view type: { Body() }"
      ])
    let text = ScanExtractionTests.model(scan).joined(separator: "\n")
    #expect(text.contains("root A_Body"), "\(text)")
    #expect(text.contains("push B_Body"), "\(text)")
    #expect(text.contains("leftBarButton custom"), "\(text)")
  }

  /// Destinations registered in an `extension View` method (IceCubesApp's `withAppRouter()`)
  /// are the destinations of the content that calls it, at the method's lines.
  @Test func destinationsInAViewExtensionApplyWhereItIsCalled() {
    let scan = ScanExtractionTests.scan([
      (
        "Router.swift",
        """
        import SwiftUI
        enum Destination: Hashable { case detail, settings }
        extension View {
          func withAppRouter() -> some View {
            navigationDestination(for: Destination.self) { destination in
              switch destination {
              case .detail: DetailView()
              case .settings: SettingsView()
              }
            }
          }
        }
        """
      ),
      (
        "App.swift",
        """
        import SwiftUI
        struct HomeView: View {
          var body: some View {
            NavigationStack {
              ListView().withAppRouter()
            }
          }
        }
        struct ListView: View {
          var body: some View { NavigationLink("Go", value: Destination.detail) }
        }
        struct DetailView: View { var body: some View { Text("d").navigationBarBackButtonHidden() } }
        struct SettingsView: View { var body: some View { Text("s") } }
        """
      ),
    ])
    #expect(scan.model.unresolved.map(\.what) == [])
    let text = ScanExtractionTests.model(scan).joined(separator: "\n")
    #expect(text.contains("root ListView"), "\(text)")
    #expect(text.contains("push DetailView"), "\(text)")
    #expect(!text.contains("push SettingsView"), "\(text)")
  }

  /// A view nested in a `PreviewProvider` is Xcode's canvas: two of one name (`Preview`, as
  /// Apple's sample apps write them) are neither read nor counted as left out.
  @Test func viewsNestedInPreviewsAreNotTheApps() {
    func file(_ name: String) -> String {
      """
      import SwiftUI
      struct \(name): View { var body: some View { Text("x") } }
      struct \(name)_Previews: PreviewProvider {
        struct Preview: View { var body: some View { NavigationStack { \(name)() } } }
        static var previews: some View { Preview() }
      }
      """
    }
    let scan = ScanExtractionTests.scan([("A.swift", file("A")), ("B.swift", file("B"))])
    #expect(scan.model.unresolved.map(\.what) == [])
  }

  @Test func aViewNoStackReachesIsNotAnalysed() {
    let scan = Self.scan(
      """
      struct Lonely: View { var body: some View { NavigationLink("x") { DetailView() } } }
      """ + Self.detail)
    #expect(scan.model.unreachedScreens.map(\.name) == ["Lonely"])
    #expect(scan.model.module.navigators.isEmpty)
  }
}
