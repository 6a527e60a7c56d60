/// Where a directive is written, which decides the directives allowed there.
enum DirectiveContext: CaseIterable {
  case topLevel
  case screen
  case navigator
  case style
  case hook

  /// The directives allowed in this context, in the order the documentation lists them.
  var directives: [String] {
    switch self {
    case .topLevel: Self.topLevelDirectives
    case .screen: Self.screenDirectives
    case .navigator: Self.navigatorDirectives
    case .style: Self.styleDirectives
    case .hook: Self.hookDirectives
    }
  }

  // Built once: the resolver asks for every block.
  private static let topLevelDirectives = computedDirectives(.topLevel)
  private static let screenDirectives = computedDirectives(.screen)
  private static let navigatorDirectives = computedDirectives(.navigator)
  private static let styleDirectives = computedDirectives(.style)
  private static let hookDirectives = computedDirectives(.hook)
  private static let screenRepeatable = computedRepeatable(.screen)
  private static let navigatorRepeatable = computedRepeatable(.navigator)
  private static let hookRepeatable = computedRepeatable(.hook)
  private static let topLevelKeywords = DirectiveKeywordSet(topLevelDirectives)
  private static let screenKeywords = DirectiveKeywordSet(screenDirectives)
  private static let navigatorKeywords = DirectiveKeywordSet(navigatorDirectives)
  private static let styleKeywords = DirectiveKeywordSet(styleDirectives)
  private static let hookKeywords = DirectiveKeywordSet(hookDirectives)
  private static let screenRepeatableKeywords = DirectiveKeywordSet(screenRepeatable)
  private static let navigatorRepeatableKeywords = DirectiveKeywordSet(navigatorRepeatable)
  private static let hookRepeatableKeywords = DirectiveKeywordSet(hookRepeatable)
  private static let noKeywords = DirectiveKeywordSet([])

  /// `directives` as a set of bits, tested for every directive of a block.
  var allowedKeywords: DirectiveKeywordSet {
    switch self {
    case .topLevel: Self.topLevelKeywords
    case .screen: Self.screenKeywords
    case .navigator: Self.navigatorKeywords
    case .style: Self.styleKeywords
    case .hook: Self.hookKeywords
    }
  }

  /// Directives that may appear more than once in one declaration.
  var repeatableKeywords: DirectiveKeywordSet {
    switch self {
    case .screen: Self.screenRepeatableKeywords
    case .navigator: Self.navigatorRepeatableKeywords
    case .hook: Self.hookRepeatableKeywords
    case .topLevel, .style: Self.noKeywords
    }
  }

  private static func computedDirectives(_ context: Self) -> [String] {
    switch context {
    case .topLevel: ["platform", "style", "navigator", "screen"]
    case .screen:
      [
        "class", "title", "titleStyle", "push", "present", "back", "popGesture", "navigationBar",
        "leftBarButton", "barAppearance", "on",
      ]
    case .navigator: ["root", "titleStyle", "barAppearance", "popGesture", "backDebounce", "on"]
    case .style: ["color", "font", "background", "backgroundColor"]
    case .hook:
      ["popGesture", "popGestureDelegate", "navigationBar", "titleStyle", "barAppearance"]
    }
  }

  /// How messages name the context.
  var description: String {
    switch self {
    case .topLevel: "at the top level"
    case .screen: "in a screen"
    case .navigator: "in a navigator"
    case .style: "in a style"
    case .hook: "in a hook"
    }
  }

  private static func computedRepeatable(_ context: Self) -> [String] {
    switch context {
    // `barAppearance` once per slot, which the resolver checks.
    case .screen: ["push", "present", "barAppearance", "on"]
    case .navigator: ["barAppearance", "on"]
    case .hook: computedDirectives(.hook)
    case .topLevel, .style: []
    }
  }
}
