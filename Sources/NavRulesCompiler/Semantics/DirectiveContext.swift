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

  /// Directives that may appear more than once in one declaration.
  var repeatable: Set<String> {
    switch self {
    case .screen: ["push", "present", "on"]
    case .navigator: ["on"]
    case .hook: Set(directives)
    case .topLevel, .style: []
    }
  }
}
