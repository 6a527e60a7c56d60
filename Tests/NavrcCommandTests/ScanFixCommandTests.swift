import Foundation
import NavrcCommand
import Testing

/// `navrc scan --fix` on the copied allow-all gesture delegate (docs/adopting.md#fixes): the
/// fixed code is scanned clean and still parses as Swift.
@Suite struct ScanFixCommandTests {
  static let root = """
    import UIKit

    class HomeViewController: UIViewController {}
    let nav = UINavigationController(rootViewController: HomeViewController())

    """

  static func extensionSnippet(_ conformance: String, _ value: String) -> String {
    """
    import UIKit

    extension UINavigationController\(conformance) {
        override open func viewDidLoad() {
            super.viewDidLoad()
            interactivePopGestureRecognizer?.delegate = \(value)
        }
    }

    """
  }

  static let guarded = """
        public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
            viewControllers.count > 1
        }
    """

  @Test(arguments: [
    (": UIGestureRecognizerDelegate", "self", ": UIGestureRecognizerDelegate", "self"),
    (
      ": @retroactive UIGestureRecognizerDelegate", "self",
      ": @retroactive UIGestureRecognizerDelegate", "self"
    ),
    ("", "nil", ": UIGestureRecognizerDelegate", "self"),
    (": UIGestureRecognizerDelegate", "nil", ": UIGestureRecognizerDelegate", "self"),
  ])
  func theCopiedExtensionIsFixedAndScansClean(
    conformance: String, value: String, fixedConformance: String, fixedValue: String
  ) throws {
    let tree = try TemporaryTree([
      "App/Root.swift": Self.root, "App/SwipeBack.swift": Self.extensionSnippet(conformance, value),
    ])
    defer { tree.remove() }
    let before = navrc(["scan", tree.path("App")])
    #expect(before.status == 1)
    #expect(before.error.contains("[root-pop]"))
    let fixed = navrc(["scan", "--fix", tree.path("App")])
    #expect(fixed.status == 0, "\(fixed.error)")
    #expect(fixed.errorLines.first == "navrc scan: fixed 1 finding in 1 file")
    let text = try String(contentsOfFile: tree.path("App/SwipeBack.swift"), encoding: .utf8)
    let expected = Self.extensionSnippet(fixedConformance, fixedValue)
      .replacingOccurrences(of: "    }\n}\n", with: "    }\n\n\(Self.guarded)\n}\n")
    #expect(text == expected)
    let after = navrc(["scan", tree.path("App")])
    #expect(after.status == 0)
    #expect(after.error.contains("0 errors, 0 warnings"))
    #expect(try Self.parsesAsSwift(tree.path("App/SwipeBack.swift")))
    // Nothing left to fix: a second --fix writes nothing.
    let again = navrc(["scan", "--fix", tree.path("App")])
    #expect(again.status == 0)
    #expect(try String(contentsOfFile: tree.path("App/SwipeBack.swift"), encoding: .utf8) == text)
  }

  /// A blank line above the closing `}` (barbados88/skeleton's navigation controller) is
  /// the one separating the new method: the fix adds no second one.
  @Test func aBlankLineAboveTheClosingBraceIsNotDoubled() throws {
    let snippet = Self.extensionSnippet(": UIGestureRecognizerDelegate", "self")
      .replacingOccurrences(of: "    }\n}\n", with: "    }\n\n}\n")
    let tree = try TemporaryTree(["App/Root.swift": Self.root, "App/SwipeBack.swift": snippet])
    defer { tree.remove() }
    let fixed = navrc(["scan", "--fix", tree.path("App")])
    #expect(fixed.status == 0, "\(fixed.error)")
    let text = try String(contentsOfFile: tree.path("App/SwipeBack.swift"), encoding: .utf8)
    #expect(
      text
        == snippet.replacingOccurrences(of: "    }\n\n}\n", with: "    }\n\n\(Self.guarded)\n}\n"))
    #expect(try Self.parsesAsSwift(tree.path("App/SwipeBack.swift")))
  }

  @Test func anAnswerThatAllowsEverythingIsMended() throws {
    let snippet = Self.extensionSnippet(": UIGestureRecognizerDelegate", "self")
      .replacingOccurrences(
        of: "    }\n}\n",
        with: """
              }
              public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
                  return true
              }
          }

          """)
    let tree = try TemporaryTree(["App/Root.swift": Self.root, "App/SwipeBack.swift": snippet])
    defer { tree.remove() }
    let fixed = navrc(["scan", "--fix", tree.path("App")])
    #expect(fixed.status == 0, "\(fixed.error)")
    let text = try String(contentsOfFile: tree.path("App/SwipeBack.swift"), encoding: .utf8)
    #expect(
      text
        == snippet.replacingOccurrences(of: "return true", with: "return viewControllers.count > 1")
    )
    #expect(try Self.parsesAsSwift(tree.path("App/SwipeBack.swift")))
  }

  @Test func anObjectiveCBaseClassIsFixed() throws {
    let tree = try TemporaryTree([
      "App/BaseNavigationController.h": """
      @interface BaseNavigationController : UINavigationController <UIGestureRecognizerDelegate>
      @end

      """,
      "App/BaseNavigationController.m": """
      #import "BaseNavigationController.h"

      @implementation BaseNavigationController

      - (void)viewDidLoad {
          [super viewDidLoad];
          self.interactivePopGestureRecognizer.delegate = self;
      }

      @end

      """,
      "App/AppDelegate.m": """
      @interface HomeViewController : UIViewController
      @end
      @implementation HomeViewController
      @end
      @implementation AppDelegate
      - (void)start {
          self.window.rootViewController = [[BaseNavigationController alloc] initWithRootViewController:[[HomeViewController alloc] init]];
      }
      @end

      """,
    ])
    defer { tree.remove() }
    #expect(navrc(["scan", tree.path("App")]).status == 1)
    let fixed = navrc(["scan", "--fix", tree.path("App")])
    #expect(fixed.status == 0, "\(fixed.error)")
    let text = try String(
      contentsOfFile: tree.path("App/BaseNavigationController.m"), encoding: .utf8)
    #expect(
      text == """
        #import "BaseNavigationController.h"

        @implementation BaseNavigationController

        - (void)viewDidLoad {
            [super viewDidLoad];
            self.interactivePopGestureRecognizer.delegate = self;
        }

        - (BOOL)gestureRecognizerShouldBegin:(UIGestureRecognizer *)gestureRecognizer {
            return self.viewControllers.count > 1;
        }

        @end

        """)
    #expect(navrc(["scan", tree.path("App")]).status == 0)
  }

  /// No fix where the edit would not be the whole fix: a screen's write (the navigation
  /// controller is not its own), an answer that says more than "allow".
  @Test func noFixWhereItIsNotSafe() throws {
    let screen = """
      import UIKit
      class HomeViewController: UIViewController, UIGestureRecognizerDelegate {
          override func viewDidLoad() {
              super.viewDidLoad()
              navigationController?.interactivePopGestureRecognizer?.delegate = self
          }
      }
      let nav = UINavigationController(rootViewController: HomeViewController())

      """
    let elaborate = Self.extensionSnippet(": UIGestureRecognizerDelegate", "self")
      .replacingOccurrences(
        of: "    }\n}\n",
        with: """
              }
              public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
                  log("asked")
                  return true
              }
          }

          """)
    for (name, text) in [("Screen.swift", screen), ("SwipeBack.swift", elaborate)] {
      let files = name == "Screen.swift" ? [name: text] : ["Root.swift": Self.root, name: text]
      let tree = try TemporaryTree(files)
      defer { tree.remove() }
      let json = navrc(["scan", "--format", "json", tree.path()])
      #expect(json.output.contains("\"root-pop\""), "\(name)")
      #expect(json.output.contains("\"fixIts\": []"), "\(name)")
      let fixed = navrc(["scan", "--fix", tree.path()])
      #expect(fixed.status == 1)
      #expect(fixed.error.contains("--fix: no finding has a fix"))
      #expect(try String(contentsOfFile: tree.path(name), encoding: .utf8) == text)
    }
  }

  @Test func aFileThatIsNotUTF8IsNeverRewritten() throws {
    let tree = try TemporaryTree(["App/Root.swift": Self.root])
    defer { tree.remove() }
    var bytes = Array(Self.extensionSnippet(": UIGestureRecognizerDelegate", "self").utf8)
    bytes.insert(contentsOf: Array("// caf".utf8) + [0xE9] + [0x0A], at: 0)
    let path = tree.path("App/SwipeBack.swift")
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let fixed = navrc(["scan", "--fix", tree.path("App")])
    #expect(fixed.status == 1)
    #expect(fixed.error.contains("--fix left '\(path)' as it is: it is not UTF-8 text"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes))
  }

  @Test func theFixItIsACodeActionInTheJSON() throws {
    let tree = try TemporaryTree([
      "App/Root.swift": Self.root,
      "App/SwipeBack.swift": Self.extensionSnippet(": UIGestureRecognizerDelegate", "self"),
    ])
    defer { tree.remove() }
    let sarif = navrc(["scan", "--format", "sarif", tree.path("App")])
    #expect(sarif.output.contains("\"fixes\""))
    #expect(sarif.output.contains("viewControllers.count > 1"))
  }

  /// `navrc explain root-pop` speaks to scanned code too: a before and after in Swift and in
  /// Objective-C, the Swift before scanned with the finding and the after without.
  @Test func explainHasASectionForScannedCode() throws {
    let page = navrc(["explain", "root-pop"]).output
    #expect(page.contains("IN SWIFT, OBJECTIVE-C AND SWIFTUI CODE (NAVRC SCAN)"))
    #expect(page.contains("- (BOOL)gestureRecognizerShouldBegin:(UIGestureRecognizer *)"))
    let blocks = page.components(separatedBy: "\n\n").filter {
      $0.hasPrefix("    extension UINavigationController: UIGestureRecognizerDelegate")
    }
    #expect(blocks.count == 2)
    for (index, block) in blocks.enumerated() {
      let code = block.split(separator: "\n").map { $0.dropFirst(4) }.joined(separator: "\n")
      let tree = try TemporaryTree([
        "App/Root.swift": Self.root, "App/SwipeBack.swift": code + "\n",
      ])
      defer { tree.remove() }
      let result = navrc(["scan", tree.path("App")])
      #expect(result.status == (index == 0 ? 1 : 0), "\(code)\n\(result.error)")
    }
  }

  /// `swiftc -parse` of a file when swiftc is on this machine (true when it is not).
  static func parsesAsSwift(_ path: String) throws -> Bool {
    let candidates =
      ["/usr/bin/swiftc", "/opt/swift/usr/bin/swiftc"]
      + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map {
        "\($0)/swiftc"
      }
    guard let swiftc = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    else { return true }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: swiftc)
    process.arguments = ["-parse", path]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
}
