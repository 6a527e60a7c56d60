/// The messages of the resolver's diagnostics, in one place.
enum SemanticMessages {
  // MARK: unknown-directive

  static func unknownDirective(_ name: String, _ context: DirectiveContext) -> String {
    if context == .hook {
      return
        "unknown hook action '\(name)'; a hook may use popGesture, popGestureDelegate, navigationBar, titleStyle or barAppearance"
    }
    if let home = DirectiveContext.allCases.first(where: {
      $0 != context && $0 != .hook && $0.directives.contains(name)
    }) {
      return "'\(name)' is not allowed \(context.description); it belongs \(home.description)"
    }
    return "unknown directive '\(name)' \(context.description)"
  }

  static func didYouMean(_ name: String) -> String { "did you mean '\(name)'?" }

  // MARK: syntax (shapes the generic parser accepts but a declaration does not)

  static func expectedName(after keyword: String) -> String { "expected a name after '\(keyword)'" }
  static func expectedBlock(after head: String) -> String { "expected '{' after '\(head)'" }
  static func unexpectedBlock(_ name: String) -> String { "'\(name)' does not take a block" }
  static func unexpectedArgument(_ text: String, after head: String) -> String {
    "unexpected '\(text)' after '\(head)'"
  }
  static func expectedCommaBetween(_ what: String) -> String { "expected ',' between \(what)" }

  // MARK: invalid-value

  static func missingValue(_ directive: String, expected: String) -> String {
    "'\(directive)' expects \(expected)"
  }
  static func extraValue(_ text: String, directive: String) -> String {
    "unexpected extra value '\(text)' for '\(directive)'"
  }
  static func wrongKind(expected: String, found: String) -> String {
    "expected \(expected), found \(found)"
  }
  static func notOneOf(_ text: String, what: String, choices: [String]) -> String {
    "'\(text)' is not \(what); expected \(list(choices))"
  }
  static func unexpectedComma(_ directive: String) -> String {
    "'\(directive)' takes a single value, not a list"
  }
  static func invalidColor(_ text: String) -> String {
    "invalid color '\(text)': expected #RRGGBB or #RRGGBBAA in hex digits, or a color name"
  }
  static func invalidFontSize(_ text: String) -> String {
    "invalid font size '\(text)': expected a number of points from 1 to 1000"
  }
  static let fontForm = "'font' expects 'system SIZE [WEIGHT]' or '\"PostScriptName\" SIZE'"
  static func unknownPlatform(_ text: String) -> String {
    "unknown platform '\(text)'; only iOS is supported"
  }
  static func invalidVersion(_ text: String) -> String {
    "invalid version '\(text)': expected MAJOR.MINOR or MAJOR.MINOR.PATCH"
  }
  static func versionTooOld(_ text: String) -> String {
    "iOS \(text) is older than iOS 12.0, the oldest supported deployment target"
  }
  static func invalidDuration(_ text: String) -> String {
    "invalid duration '\(text)': expected a duration such as 300ms or 0.3s"
  }
  static func unexpectedAfterHookEvent(_ text: String, event: String) -> String {
    "unexpected '\(text)' after 'on \(event)'; expected '{' or a condition such as 'if pushed'"
  }
  static func navigatorHookEvent(_ event: String) -> String {
    "a navigator's hook runs once, when the navigation controller loads; write 'on viewDidLoad', not 'on \(event)'"
  }
  static let navigatorHookCondition =
    "a navigator's hook runs at launch, with the root alone on the stack; 'if pushed' never holds there"
  static let missingHookCondition = "'if' expects a condition: 'if pushed'"
  static let commaInHookHead =
    "unexpected ',' in a hook's head; write 'on EVENT { … }' or 'on EVENT if pushed { … }'"
  static func durationTooLong(_ text: String, directive: String, maximum: String) -> String {
    "'\(directive)' of '\(text)' is too long: expected at most \(maximum)"
  }
  static func hookGesturePolicy(_ text: String) -> String {
    "'popGesture \(text)' is a declarative policy; in a hook, popGesture is 'enabled' or 'disabled'"
  }
  static func interceptScope(_ text: String) -> String {
    "unexpected '\(text)' after 'back intercept'; 'back intercept taps' asks on back taps only"
  }
  static func confirmClause(_ text: String) -> String {
    "unexpected '\(text)' in 'back confirm'; expected 'leave \"…\"' or 'stay \"…\"'"
  }
  static func confirmClauseValue(_ clause: String) -> String {
    "'\(clause)' expects a button title string"
  }
  static let emptyInlineStyle =
    "'titleStyle' expects a style name or an inline '{ color …; font … }'"
  static let titleStyleBothForms = "'titleStyle' takes a style name or an inline block, not both"
  static let barAppearanceBothForms =
    "'barAppearance' takes a style name or an inline block, not both"
  static let barAppearanceForm =
    "'barAppearance' expects [standard|compact|scrollEdge|compactScrollEdge] and a style name or an inline '{ background …; backgroundColor …; color …; font … }'"
  static let hookBarAppearanceSlot =
    "'barAppearance' in a hook writes one of the bar's properties: name it (standard, compact, scrollEdge or compactScrollEdge)"
  static func backgroundInTitleStyle(_ name: String) -> String {
    "'\(name)' styles the bar's background: use it in a style or a 'barAppearance' block, not in 'titleStyle'"
  }
  static func duplicateBarAppearance(_ slot: String) -> String {
    "'barAppearance' for \(slot) is already declared here"
  }

  // MARK: duplicates

  static func duplicateDeclaration(_ kind: String, _ name: String) -> String {
    "duplicate declaration of \(kind) '\(name)'"
  }
  static let duplicatePlatform = "duplicate 'platform' declaration; a module has at most one"
  static func duplicateDirective(_ name: String) -> String {
    "duplicate '\(name)' directive; it may appear only once here"
  }
  static let firstDeclaredHere = "first declared here"
  static let firstWrittenHere = "first written here"
  static func duplicateConfirmClause(_ clause: String) -> String {
    "duplicate '\(clause)' clause in 'back confirm'"
  }

  // MARK: references

  static func undefinedReference(_ kind: String, _ name: String) -> String {
    "no \(kind) named '\(name)'"
  }
  static func wrongKindOfName(_ name: String, isA actual: String, use: String) -> String {
    "'\(name)' is a \(actual); \(use)"
  }

  // MARK: module-wide

  static func missingRoot(_ name: String) -> String {
    "navigator '\(name)' has no 'root' screen"
  }
  static func unreachableScreen(_ name: String) -> String {
    "screen '\(name)' is not reachable from any navigator's root"
  }
  static func unusedStyle(_ name: String) -> String { "style '\(name)' is never used" }

  static func list(_ words: [String]) -> String {
    switch words.count {
    case 0: return ""
    case 1: return words[0]
    default: return words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
    }
  }
}
