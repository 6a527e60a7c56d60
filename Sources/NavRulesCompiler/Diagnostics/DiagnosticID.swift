/// The stable id of every diagnostic navrc can report: what users pass to `--disable`, name in
/// suppression comments and look up with `navrc explain`.
///
/// A case names the id; what it means (severity, summary, explanation) is its entry in
/// `Explanation.all`.
public enum DiagnosticID: String, CaseIterable, Hashable, Sendable, Comparable {
  // Front end (docs/language.md#diagnostics-of-the-front-end): the file cannot be understood as
  // written.
  case syntax
  case unknownDirective = "unknown-directive"
  case invalidValue = "invalid-value"
  case duplicateDeclaration = "duplicate-declaration"
  case duplicateDirective = "duplicate-directive"
  case undefinedReference = "undefined-reference"
  case missingRoot = "missing-root"
  case unreachableScreen = "unreachable-screen"
  case unusedStyle = "unused-style"

  // Checker rules (docs/checker.md, one page each in docs/rules/): the rules are understood but
  // UIKit would misbehave.
  case rootPop = "root-pop"
  case gestureDeadlock = "gesture-deadlock"
  case delegateLeak = "delegate-leak"
  case stateLeak = "state-leak"
  case contentSwipeBypass = "content-swipe-bypass"
  case titleLostOnBack = "title-lost-on-back"
  case backBypass = "back-bypass"
  case gestureBlockedBySystem = "gesture-blocked-by-system"
  case conflictingPolicy = "conflicting-policy"
  case ineffectiveAtRoot = "ineffective-at-root"

  // Suppression comments.
  case unusedSuppression = "unused-suppression"

  /// The severity a diagnostic with this id is reported at.
  public var defaultSeverity: Severity { Self.registry[self]!.severity }

  /// Whether the id belongs to the front end, whose errors mean the file was not understood;
  /// such errors cannot be disabled or suppressed, and they stop the analysis.
  public var isFrontEnd: Bool { Self.registry[self]!.isFrontEnd }

  /// One line saying what the diagnostic means: the `explain` title and SARIF's short
  /// description.
  public var summary: String { Self.registry[self]!.summary }

  /// What `Explanation.all`, the one registry, says of each id, without its long text.
  private static let registry:
    [DiagnosticID: (severity: Severity, summary: String, isFrontEnd: Bool)] =
      Dictionary(
        uniqueKeysWithValues: Explanation.all.map { explanation in
          let isFrontEnd = FrontEndExplanations.all.contains { $0.id == explanation.id }
          return (explanation.id, (explanation.severity, explanation.summary, isFrontEnd))
        })

  /// Where the rule's documentation lives, relative to the repository root.
  public var documentationPath: String { "docs/rules/\(rawValue).md" }

  public static func < (lhs: DiagnosticID, rhs: DiagnosticID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

/// How serious a diagnostic is.
public enum Severity: String, Hashable, Sendable, Comparable {
  case warning
  case error

  public static func < (lhs: Severity, rhs: Severity) -> Bool {
    lhs == .warning && rhs == .error
  }
}
