import Testing

@testable import NavRulesCompiler
@testable import NavRulesScan

/// docs/scan.md: a scan's messages and notes name screens and navigators by class, whatever
/// identifiers the model gives them for the rule file `--rules` writes.
@Suite struct ScanNamingTests {
  static func scan(_ files: [(path: String, text: String)]) -> AppScan {
    AppScan(files: files.map { SourceFile(path: $0.path, text: $0.text) })
  }

  /// Every message and note of the scan, one line each.
  static func lines(_ scan: AppScan) -> [String] {
    scan.diagnostics.flatMap { [$0.message] + $0.notes.map(\.message) }
  }

  /// `Café` is the identifier `Caf_`, which a real class `Caf_` then shares (its screen
  /// becomes `Caf__2`, or the other way round): the messages name both by class.
  static let accented = [
    (
      path: "App.swift",
      text: """
      class AppDelegate: UIResponder {
          func start() { _ = UINavigationController(rootViewController: Home()) }
      }
      class Home: UIViewController {
          func go() {
              navigationController?.pushViewController(Café(), animated: true)
              navigationController?.pushViewController(Caf_(), animated: true)
          }
      }
      class Café: UIViewController {
          override func viewDidAppear(_ animated: Bool) {
              super.viewDidAppear(animated)
              navigationController?.interactivePopGestureRecognizer?.delegate = nil
          }
      }
      class Caf_: UIViewController {}
      class Cafè: UIViewController {}

      """
    )
  ]

  @Test func classNamesThatAreNotIdentifiersAreNamedAsWritten() {
    let scan = Self.scan(Self.accented)
    let expected: [String] = [
      """
      'navigationController?.interactivePopGestureRecognizer?.delegate = nil' in 'Café' leaves \
      the swipe-back gesture without a delegate, which allows every swipe, and nothing puts the \
      previous delegate back: it is still in effect when 'Caf_' is on top, where a swipe-back \
      begins whatever 'Caf_' needs: keep the delegate it replaces and restore it in \
      'viewWillDisappear(_:)' of 'Café'
      """,
      """
      in navigation controller 'UINavigationController': Home → Café, back to Home → Caf_, \
      'Caf_' is on top with the delegate of 'Café'
      """,
      """
      'navigationController?.interactivePopGestureRecognizer?.delegate = nil' leaves the \
      swipe-back gesture without a delegate, so nothing refuses a swipe on the root screen \
      'Home'; UIKit then ignores the next push and the app appears frozen: restore the delegate \
      it replaced before the root screen 'Home' is alone on the stack, or use a delegate whose \
      'gestureRecognizerShouldBegin(_:)' returns '(navigationController?.viewControllers.count \
      ?? 0) > 1'
      """,
      """
      in navigation controller 'UINavigationController': Home → Café, back to Home, then swipe \
      on Home
      """,
    ]
    #expect(Self.lines(scan) == expected)
    // The screens not analysed are named by class too.
    #expect(scan.model.unreachedScreens.map(\.name) == ["Cafè"])
  }

  @Test func theRulesFileKeepsUniqueIdentifiersAndCheckReportsTheSameIDs() {
    let scan = Self.scan(Self.accented)
    let text = RulesFileWriter.text(of: scan.model)
    #expect(text.contains("screen Caf_ {"))
    #expect(text.contains("screen Caf__2 {"))
    #expect(text.contains("// class Café"))
    let compilation = Compilation(files: [SourceFile(path: "scan.navrules", text: text)])
    #expect(!compilation.hasFrontEndErrors, "\(compilation.diagnostics)")
    let fromRules: [String] = compilation.diagnostics.map(\.id.rawValue).sorted()
    let fromApp: [String] = scan.diagnostics.map(\.id.rawValue).sorted()
    #expect(fromRules == fromApp)
    // The rule file's own diagnostics name its identifiers, as before.
    #expect(compilation.diagnostics.contains { $0.message.contains("set by 'Caf_'") })
  }

  @Test func twoPlainNavigationControllersAreEachNamedByTheirClass() {
    let scan = Self.scan([
      (
        path: "Code.swift",
        text: """
        class AppDelegate: UIResponder {
            func start() { _ = UINavigationController(rootViewController: A()) }
        }
        class A: UIViewController {
            func showModal() {
                present(UINavigationController(rootViewController: B()), animated: true)
            }
        }
        class B: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                navigationController?.interactivePopGestureRecognizer?.delegate = nil
            }
        }

        """
      )
    ])
    #expect(
      scan.diagnostics.flatMap { $0.notes.map(\.message) } == [
        "in navigation controller 'UINavigationController': B, then swipe on B"
      ])
    #expect(RulesFileWriter.text(of: scan.model).contains("navigator UINavigationController_B {"))
  }

  @Test func aStoryboardSceneWithoutACustomClassIsNamedByItsUIKitClass() {
    let scan = Self.scan([
      (
        path: "Code.swift",
        text: """
        class Home: UIViewController {}
        class Leaf: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                navigationController?.interactivePopGestureRecognizer?.delegate = nil
            }
        }

        """
      ),
      (
        path: "Main.storyboard",
        text: """
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
                <connections><segue destination="p1" kind="show" id="g1"/></connections>
              </viewController>
            </objects></scene>
            <scene sceneID="s3"><objects>
              <viewController id="p1" sceneMemberID="viewController">
                <connections><segue destination="leaf" kind="show" id="g2"/></connections>
              </viewController>
            </objects></scene>
            <scene sceneID="s4"><objects><viewController id="leaf" customClass="Leaf" sceneMemberID="viewController"/></objects></scene>
          </scenes>
        </document>

        """
      ),
    ])
    let lines = Self.lines(scan)
    #expect(lines.contains { $0.contains("when 'UIViewController' is on top") })
    let note = """
      in navigation controller 'UINavigationController': Home → UIViewController → Leaf, back \
      to UIViewController, 'UIViewController' is on top with the delegate of 'Leaf'
      """
    #expect(lines.contains(note))
    #expect(!lines.contains { $0.contains("_p1") || $0.contains("_Home") })
    #expect(RulesFileWriter.text(of: scan.model).contains("screen UIViewController_p1 {"))
  }
}
