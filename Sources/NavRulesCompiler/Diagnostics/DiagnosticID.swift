/// The stable id of every diagnostic navrc can report: what users pass to `--disable`, name in
/// suppression comments and look up with `navrc explain`.
public enum DiagnosticID: String, CaseIterable, Hashable, Sendable, Comparable {
  // Front end (§5): the file cannot be understood as written.
  case syntax
  case unknownDirective = "unknown-directive"
  case invalidValue = "invalid-value"
  case duplicateDeclaration = "duplicate-declaration"
  case duplicateDirective = "duplicate-directive"
  case undefinedReference = "undefined-reference"
  case missingRoot = "missing-root"
  case unreachableScreen = "unreachable-screen"
  case unusedStyle = "unused-style"

  // Checker rules (§5): the rules are understood but UIKit would misbehave.
  case rootPop = "root-pop"
  case gestureDeadlock = "gesture-deadlock"
  case delegateLeak = "delegate-leak"
  case stateLeak = "state-leak"
  case titleLostOnBack = "title-lost-on-back"
  case backBypass = "back-bypass"
  case gestureBlockedBySystem = "gesture-blocked-by-system"
  case conflictingPolicy = "conflicting-policy"
  case ineffectiveAtRoot = "ineffective-at-root"

  // Suppression comments.
  case unusedSuppression = "unused-suppression"

  /// The severity a diagnostic with this id is reported at.
  public var defaultSeverity: Severity {
    switch self {
    case .syntax, .unknownDirective, .invalidValue, .duplicateDeclaration, .duplicateDirective,
      .undefinedReference, .missingRoot, .rootPop, .gestureDeadlock, .delegateLeak, .backBypass:
      .error
    case .unreachableScreen, .unusedStyle, .stateLeak, .titleLostOnBack, .gestureBlockedBySystem,
      .conflictingPolicy, .ineffectiveAtRoot, .unusedSuppression:
      .warning
    }
  }

  /// Whether the id belongs to the front end, whose errors mean the file was not understood;
  /// such errors cannot be disabled or suppressed, and they stop the analysis.
  public var isFrontEnd: Bool {
    switch self {
    case .syntax, .unknownDirective, .invalidValue, .duplicateDeclaration, .duplicateDirective,
      .undefinedReference, .missingRoot, .unreachableScreen, .unusedStyle:
      true
    default: false
    }
  }

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
