/// The stable id of every diagnostic navrc can report: what users pass to `--disable`, name in
/// suppression comments and look up with `navrc explain`.
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
  public var defaultSeverity: Severity {
    switch self {
    case .syntax, .unknownDirective, .invalidValue, .duplicateDeclaration, .duplicateDirective,
      .undefinedReference, .missingRoot, .rootPop, .gestureDeadlock, .delegateLeak, .backBypass:
      .error
    case .unreachableScreen, .unusedStyle, .stateLeak, .contentSwipeBypass, .titleLostOnBack,
      .gestureBlockedBySystem, .conflictingPolicy, .ineffectiveAtRoot, .unusedSuppression:
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

  /// One line saying what the diagnostic means: the `explain` title and SARIF's short
  /// description.
  public var summary: String {
    switch self {
    case .syntax: "The file is not well-formed .navrules text."
    case .unknownDirective:
      "A directive that does not exist, or is not allowed where it is written."
    case .invalidValue: "A directive's value is missing, malformed or not one of the allowed words."
    case .duplicateDeclaration: "Two declarations of the same kind share a name."
    case .duplicateDirective: "A directive allowed once is written twice in one declaration."
    case .undefinedReference: "A name refers to a screen, navigator or style that is not declared."
    case .missingRoot: "A navigator has no root screen."
    case .unreachableScreen: "No navigator's root reaches the screen through push edges."
    case .unusedStyle: "A style no titleStyle uses."
    case .rootPop: "The swipe-back gesture can begin on the root screen, which hangs the next push."
    case .gestureDeadlock:
      "The gesture is disabled while a swipe-back is in flight, which freezes the screen."
    case .delegateLeak:
      "An allow-all gesture delegate set by one screen stays in effect on other screens."
    case .stateLeak: "A disabled gesture or blocking delegate set by one screen leaks to others."
    case .contentSwipeBypass:
      "On iOS 26 the content swipe-back ignores a hook's disabled gesture or blocking delegate."
    case .titleLostOnBack: "Title attributes set in viewWillAppear are lost when Back is tapped."
    case .backBypass: "A swipe-back walks around the screen's back interceptor."
    case .gestureBlockedBySystem:
      "popGesture enabled cannot work with a hidden bar or a custom left button; use forced."
    case .conflictingPolicy: "The swipe policy contradicts the screen's back policy."
    case .ineffectiveAtRoot: "A back or swipe policy on a root screen that nothing pushes."
    case .unusedSuppression: "A suppression comment that suppresses nothing."
    }
  }

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
