import Foundation
import NavrcCommand
import Testing

/// `// navrc:disable ID` … `// navrc:enable ID`, `// navrc:disable-file ID`, and SwiftLint's
/// `disable:next` / `disable:this` / `disable:previous` (docs/adopting.md#4-suppressions), in
/// rule files and in app code.
@Suite struct SuppressionRegionCommandTests {
  /// A screen whose `popGestureDelegate self` (line 5) lets a swipe begin at the root.
  static func rules(_ lines: [String]) -> String {
    lines.joined(separator: "\n") + "\n"
  }

  static let body = [
    "navigator Main { root Home }",
    "screen Home { push A }",
    "screen A {",
    "    push B",
    "    on viewDidAppear { popGestureDelegate self }",
    "}",
    "screen B {",
    "}",
  ]

  func check(_ text: String) throws -> RunResult {
    let tree = try TemporaryTree(["a.navrules": text])
    defer { tree.remove() }
    return navrc(["check", tree.path("a.navrules")])
  }

  /// The 1-based lines of the diagnostics with `id` in `result`'s text output.
  func lines(_ result: RunResult, _ id: String) -> [Int] {
    result.errorLines.filter { $0.hasSuffix("[\(id)]") }.compactMap { line in
      line.split(separator: ":").dropFirst().first.flatMap { Int($0) }
    }
  }

  @Test func aRegionCoversItsLinesOnly() throws {
    #expect(try lines(check(Self.rules(Self.body)), "root-pop") == [5])
    var text = Self.body
    text.insert("// navrc:disable root-pop", at: 2)
    text.insert("// navrc:enable root-pop", at: 7)
    let result = try check(Self.rules(text))
    #expect(lines(result, "root-pop").isEmpty, "\(result.error)")
    #expect(lines(result, "unused-suppression").isEmpty, "\(result.error)")
    // Around B only: A's finding is outside, and the region hides nothing.
    var elsewhere = Self.body
    elsewhere.insert("// navrc:disable root-pop", at: 6)
    elsewhere.append("// navrc:enable root-pop")
    let outside = try check(Self.rules(elsewhere))
    #expect(lines(outside, "root-pop") == [5], "\(outside.error)")
    #expect(outside.error.contains("suppression of 'root-pop' suppresses nothing in its region"))
  }

  @Test func aRegionWithoutEnableRunsToTheEndAndTheFileFormCoversAll() throws {
    var open = Self.body
    open.insert("// navrc:disable root-pop, state-leak", at: 2)
    let result = try check(Self.rules(open))
    #expect(lines(result, "root-pop").isEmpty, "\(result.error)")
    #expect(result.error.contains("suppression of 'state-leak' suppresses nothing in its region"))
    var file = Self.body
    file.append("// navrc:disable-file root-pop")
    let whole = try check(Self.rules(file))
    #expect(lines(whole, "root-pop").isEmpty, "\(whole.error)")
    #expect(lines(whole, "unused-suppression").isEmpty, "\(whole.error)")
  }

  @Test func anEnableThatEndsNothingIsReported() throws {
    var text = Self.body
    text.append("// navrc:enable root-pop")
    let result = try check(Self.rules(text))
    #expect(
      result.error.contains(
        ":9:17: warning: 'navrc:enable root-pop' ends no 'navrc:disable root-pop' region"
          + " [unused-suppression]"), "\(result.error)")
  }

  @Test func swiftLintNextIsReadAndPreviousIsReported() throws {
    var text = Self.body
    text.insert("    // navrc:disable:next root-pop", at: 4)
    let result = try check(Self.rules(text))
    #expect(lines(result, "root-pop").isEmpty, "\(result.error)")
    #expect(lines(result, "unused-suppression").isEmpty, "\(result.error)")
    var previous = Self.body
    previous.insert("    // navrc:disable:previous root-pop", at: 5)
    let reported = try check(Self.rules(previous))
    #expect(lines(reported, "root-pop") == [5])
    #expect(
      reported.error.contains(
        ":6:31: warning: 'navrc:disable:previous' is not supported; write 'navrc:disable-line"
          + " root-pop' at the end of the line, or 'navrc:disable-next-line root-pop' above it"),
      "\(reported.error)")
  }

  @Test func swiftLintThisIsRead() throws {
    var text = Self.body
    text[4] += "  // navrc:disable:this root-pop"
    let result = try check(Self.rules(text))
    #expect(lines(result, "root-pop").isEmpty, "\(result.error)")
    #expect(lines(result, "unused-suppression").isEmpty, "\(result.error)")
  }

  @Test func regionsWorkInSwiftAndObjectiveC() throws {
    let swift = """
      import UIKit
      // navrc:disable root-pop
      extension UINavigationController: UIGestureRecognizerDelegate {
          override open func viewDidLoad() {
              super.viewDidLoad()
              interactivePopGestureRecognizer?.delegate = self
          }
      }
      // navrc:enable root-pop
      class Home: UIViewController {}
      let nav = UINavigationController(rootViewController: Home())

      """
    let tree = try TemporaryTree(["App/Nav.swift": swift])
    defer { tree.remove() }
    let result = navrc(["scan", tree.path("App")])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.error.contains("0 errors, 0 warnings"))
    let unscoped = swift.replacingOccurrences(of: "// navrc:disable root-pop\n", with: "")
    try Data(unscoped.utf8).write(to: URL(fileURLWithPath: tree.path("App/Nav.swift")))
    let stray = navrc(["scan", tree.path("App")])
    #expect(stray.status == 1)
    #expect(stray.error.contains("ends no 'navrc:disable root-pop' region"))
    let objc = """
      // navrc:disable-file root-pop
      @interface Base : UINavigationController <UIGestureRecognizerDelegate>
      @end
      @implementation Base
      - (void)viewDidLoad {
          [super viewDidLoad];
          self.interactivePopGestureRecognizer.delegate = self;
      }
      @end
      @interface Home : UIViewController
      @end
      @implementation Home
      - (void)start {
          Base *nav = [[Base alloc] initWithRootViewController:[[Home alloc] init]];
      }
      @end

      """
    let objcTree = try TemporaryTree(["App/Base.m": objc])
    defer { objcTree.remove() }
    let unsuppressed = navrc(["scan", "--format", "json", objcTree.path("App")])
    _ = unsuppressed
    let suppressed = navrc(["scan", objcTree.path("App")])
    #expect(suppressed.error.contains("0 errors"), "\(suppressed.error)")
    #expect(!suppressed.error.contains("unused-suppression"), "\(suppressed.error)")
  }
}
