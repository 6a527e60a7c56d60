import NavRulesCompiler
import Testing

@testable import NavRulesCompiler
@testable import NavRulesScan

/// `navrc explain ID` has a section for scanned code, with a before and an after in Swift, in
/// Objective-C and, where the rule reaches SwiftUI views, in SwiftUI, for every rule scan can
/// report; each before gets the finding from `navrc scan` and each after does not.
@Suite struct ScanExplanationTests {
  /// Rules scan cannot report: they are about a declarative `popGesture`, which no app code
  /// becomes (docs/scan.md#what-becomes-what).
  static let notFromScan: Set<DiagnosticID> = [.gestureBlockedBySystem, .conflictingPolicy]

  /// Every rule scan can report, from the registry of checker rules, and the suppressions'.
  static let scanReportable: [DiagnosticID] =
    (CheckerRules.all.map(\.id) + [.unusedSuppression]).filter { !notFromScan.contains($0) }

  /// The rules whose findings §8 maps onto SwiftUI code.
  static let swiftUIRules: Set<DiagnosticID> = [.rootPop, .backBypass]

  @Test(arguments: scanReportable)
  func everyScanReportableRuleHasAScannedCodeSection(_ id: DiagnosticID) throws {
    let scanned = try #require(Explanation.of(id).scanned, "\(id.rawValue)")
    #expect(!scanned.fix.isEmpty)
    #expect(Explanation.of(id).markdown.contains("```objc"))
    if Self.swiftUIRules.contains(id) {
      #expect(scanned.swiftUIBefore != nil && scanned.swiftUIAfter != nil, "\(id.rawValue)")
    }
  }

  @Test(arguments: scanReportable)
  func theBeforeGetsTheFindingAndTheAfterDoesNot(_ id: DiagnosticID) throws {
    let scanned = try #require(Explanation.of(id).scanned)
    var cases = [
      ("Example.swift", "import UIKit\n\n", scanned.swiftBefore, scanned.swiftAfter),
      (
        "Example.m", "#import <UIKit/UIKit.h>\n\n", scanned.objectiveCBefore,
        scanned.objectiveCAfter
      ),
    ]
    if let before = scanned.swiftUIBefore, let after = scanned.swiftUIAfter {
      cases.append(("ExampleView.swift", "import SwiftUI\n\n", before, after))
    }
    for (path, header, before, after) in cases {
      let found = AppScan(files: [SourceFile(path: path, text: header + before)]).diagnostics
      #expect(
        found.contains { $0.id == id },
        "\(id.rawValue) before, \(path): \(found.map { "\($0.id.rawValue): \($0.message)" })")
      let fixed = AppScan(files: [SourceFile(path: path, text: header + after)]).diagnostics
      #expect(
        !fixed.contains { $0.id == id },
        "\(id.rawValue) after, \(path): \(fixed.map { "\($0.id.rawValue): \($0.message)" })")
    }
  }
}
