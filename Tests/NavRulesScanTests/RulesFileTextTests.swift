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
}
