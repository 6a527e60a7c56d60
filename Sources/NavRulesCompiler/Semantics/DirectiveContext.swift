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

  private static func computedDirectives(_ context: Self) -> [String] {
    switch context {
    case .topLevel: ["platform", "style", "navigator", "screen"]
    case .screen:
      [
        "class", "title", "titleStyle", "push", "present", "back", "popGesture", "navigationBar",
        "leftBarButton", "on",
      ]
    case .navigator: ["root", "titleStyle", "popGesture", "backDebounce", "on"]
    case .style: ["color", "font"]
    case .hook: ["popGesture", "popGestureDelegate", "navigationBar", "titleStyle"]
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

  /// Directives that may appear more than once in one declaration: a list of at most four,
  /// searched in order, which costs less than hashing the name of every directive.
  var repeatable: [String] {
    switch self {
    case .screen: Self.screenRepeatable
    case .navigator: Self.navigatorRepeatable
    case .hook: Self.hookRepeatable
    case .topLevel, .style: []
    }
  }

  private static func computedRepeatable(_ context: Self) -> [String] {
    switch context {
    case .screen: ["push", "present", "on"]
    case .navigator: ["on"]
    case .hook: computedDirectives(.hook)
    case .topLevel, .style: []
    }
  }
}
