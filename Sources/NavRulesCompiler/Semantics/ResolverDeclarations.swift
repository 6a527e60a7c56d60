import NavRulesModel

/// The bodies of `screen` and `navigator` declarations and their hooks.
extension Resolver {
  mutating func resolveScreenBody(_ block: BlockSyntax?, into screen: inout Screen) {
    forEachDirective(in: block, context: .screen) { resolver, directive, keyword in
      // The directive's range is made where a value is kept (`push` keeps its names' ranges).
      switch keyword {
      case .class:
        // Kept as bytes, as is the title: `check` never reads them (`DeclaredText`).
        if let name = resolver.identifierRange(directive, expected: "a class name") {
          screen.classNameText = DeclaredText(bytes: name, at: resolver.range(directive.range))
        }
      case .title:
        if let text = resolver.declaredString(directive, expected: "a title string") {
          screen.titleText = text
        }
      case .titleStyle:
        if let style = resolver.titleStyle(directive) {
          screen.titleStyle = Located(style, at: resolver.range(directive.range))
        }
      case .push:
        // Sized by the first `push`'s arguments (growing again by doubling after it, so many
        // `push` directives cannot cost a copy each).
        if screen.pushes.isEmpty { screen.pushes.reserveCapacity(directive.arguments.count) }
        // The targets' name-table slots are asked for together, so their misses overlap.
        if resolver.screenNames.outgrowsCaches {
          let arguments = directive.arguments
          for position in arguments.indices where arguments.kind(at: position) == .identifier {
            resolver.screenNames.prefetch(arguments.range(at: position), in: resolver.file)
          }
        }
        resolver.forEachName(directive, expected: "a screen name", plural: "screen names") {
          resolver, name in
          if let id = resolver.lookUpScreen(at: name) {
            screen.pushes.append(Located(id, at: resolver.range(name)))
          }
        }
      case .present:
        resolver.forEachName(
          directive, expected: "a navigator name", plural: "navigator names"
        ) { resolver, name in
          if let id = resolver.lookUpNavigator(at: name) {
            screen.presents.append(Located(id, at: resolver.range(name)))
          }
        }
      case .back:
        if let policy = resolver.backPolicy(directive) {
          screen.back = Located(policy, at: resolver.range(directive.range))
        }
      case .popGesture:
        if let policy = resolver.keyword(
          directive, as: PopGesturePolicy.self, what: "a popGesture policy")
        {
          screen.popGesture = Located(policy, at: resolver.range(directive.range))
        }
      case .navigationBar:
        if let visibility = resolver.keyword(
          directive, as: BarVisibility.self, what: "a navigationBar visibility")
        {
          screen.navigationBar = Located(visibility, at: resolver.range(directive.range))
        }
      case .leftBarButton:
        if let button = resolver.keyword(
          directive, as: LeftBarButton.self, what: "a leftBarButton kind")
        {
          screen.leftBarButton = Located(button, at: resolver.range(directive.range))
        }
      case .barAppearance:
        resolver.addBarAppearance(directive, to: &screen.barAppearances)
      case .on:
        if let hook = resolver.hook(directive) { screen.hooks.append(hook) }
      default:
        break
      }
    }
  }

  /// Reads a navigator body; returns whether a `root` directive was written (valid or not).
  mutating func resolveNavigatorBody(_ block: BlockSyntax?, into navigator: inout Navigator) -> Bool
  {
    // A misspelt `root` is reported as an unknown directive; `missing-root` would repeat it.
    var sawRoot =
      block?.directives.contains {
        $0.nameText != "root"
          && ($0.nameText.hasPrefix("root")
            || Suggestions.closest(to: $0.nameText, among: DirectiveContext.navigator.directives)
              == "root")
      } ?? false
    forEachDirective(in: block, context: .navigator) { resolver, directive, keyword in
      let whole = resolver.range(directive.range)
      switch keyword {
      case .root:
        sawRoot = true
        if let name = resolver.identifierRange(directive, expected: "a screen name"),
          let id = resolver.lookUpScreen(at: name)
        {
          navigator.root = Located(id, at: whole)
        }
      case .titleStyle:
        if let style = resolver.titleStyle(directive) {
          navigator.titleStyle = Located(style, at: whole)
        }
      case .popGesture:
        if let policy = resolver.keyword(
          directive, as: PopGesturePolicy.self, what: "a popGesture policy")
        {
          navigator.popGesture = Located(policy, at: whole)
        }
      case .barAppearance:
        resolver.addBarAppearance(directive, to: &navigator.barAppearances)
      case .backDebounce:
        if let milliseconds = resolver.duration(directive) {
          navigator.backDebounce = Located(milliseconds, at: whole)
        }
      case .on:
        if let hook = resolver.hook(directive, ofNavigator: true) { navigator.hooks.append(hook) }
      default:
        break
      }
    }
    return sawRoot
  }

  /// `back allow | block | intercept [taps] | confirm "message" [leave "…"] [stay "…"]`.
  ///
  /// Read from the argument nodes and the source bytes: a `String` is made only for the
  /// strings kept and for what is reported (tens of thousands of screens each have a `back`).
  mutating func backPolicy(_ directive: DirectiveSyntax) -> BackPolicy? {
    rejectBlock(directive)
    let arguments = directive.arguments
    guard !arguments.isEmpty else {
      report(
        .invalidValue,
        SemanticMessages.missingValue("back", expected: "allow, block, intercept or confirm \"…\""),
        at: directive.name.range)
      return nil
    }
    if arguments.containsInvalid { return nil }
    let count = arguments.count
    let file = self.file
    func isWord(_ position: Int, _ word: StaticString) -> Bool {
      arguments.kind(at: position) == .identifier
        && file.hasText(word, in: arguments.range(at: position))
    }
    // The first word, matched once: `confirm`, or a policy named by a word of its own.
    let isConfirm = isWord(0, "confirm")
    let single: BackPolicy? =
      if isConfirm {
        nil
      } else if isWord(0, "allow") {
        .allow
      } else if isWord(0, "block") {
        .block
      } else if isWord(0, "intercept") {
        .intercept
      } else {
        nil
      }
    guard isConfirm || single != nil else {
      let first = arguments[0].value
      let choices = BackPolicy.keywords
      if first.kind == .identifier {
        report(
          .invalidValue,
          SemanticMessages.notOneOf(first.text, what: "a back policy", choices: choices),
          at: first, suggesting: choices)
      } else {
        report(
          .invalidValue,
          SemanticMessages.wrongKind(expected: "a back policy", found: describe(first)),
          at: first.range)
      }
      return nil
    }
    if count == 2, single == .intercept {
      guard isWord(1, "taps") else {
        let scope = arguments[1].value
        report(
          .invalidValue, SemanticMessages.interceptScope(spelling(scope)), at: scope,
          suggesting: [Self.interceptTapsKeyword])
        return nil
      }
      return .interceptTaps
    }
    guard isConfirm else {
      if count > 1 {
        report(
          .invalidValue,
          SemanticMessages.extraValue(spelling(arguments[1].value), directive: "back"),
          at: arguments.range(at: 1))
        return nil
      }
      return single
    }
    guard count >= 2, arguments.kind(at: 1) == .string else {
      report(
        .invalidValue, SemanticMessages.missingValue("back confirm", expected: "a message string"),
        at: arguments.range(at: count >= 2 ? 1 : 0))
      return nil
    }
    var confirmation = BackConfirmation(message: arguments[1].value.text)
    // Where each clause was first written: at most two, so no table.
    var leave: Range<Int>?
    var stay: Range<Int>?
    // A repeated clause is reported, with nothing more about it (removing it fixes its value
    // too), and the reading goes on after it, so that each repeated clause is reported
    // (`stay "a" stay "b" leave "c" leave "d"`); a clause that cannot be read ends it.
    var hasDuplicate = false
    var index = 2
    while index < count {
      let isLeave = isWord(index, "leave")
      guard isLeave || isWord(index, "stay") else {
        let clause = arguments[index].value
        report(
          .invalidValue, SemanticMessages.confirmClause(spelling(clause)), at: clause,
          suggesting: ["leave", "stay"])
        return nil
      }
      let name = isLeave ? "leave" : "stay"
      let clause = arguments.range(at: index)
      if let first = isLeave ? leave : stay {
        diagnostics.append(
          Diagnostic(
            .duplicateDirective, SemanticMessages.duplicateConfirmClause(name),
            at: range(clause),
            notes: [Diagnostic.Note(SemanticMessages.firstWrittenHere, at: range(first))]))
        hasDuplicate = true
        index += index + 1 < count && arguments.kind(at: index + 1) == .string ? 2 : 1
        continue
      }
      if isLeave { leave = clause } else { stay = clause }
      guard index + 1 < count, arguments.kind(at: index + 1) == .string else {
        report(
          .invalidValue, SemanticMessages.confirmClauseValue(name),
          at: index + 1 < count ? arguments.range(at: index + 1) : clause)
        return nil
      }
      let title = arguments[index + 1].value.text
      if isLeave { confirmation.leaveTitle = title } else { confirmation.stayTitle = title }
      index += 2
    }
    return hasDuplicate ? nil : .confirm(confirmation)
  }

  /// `on EVENT { ACTION… }` or `on EVENT if pushed { ACTION… }`; in a navigator, only
  /// `on viewDidLoad { ACTION… }`: the navigation controller's own code, run once as it loads.
  mutating func hook(_ directive: DirectiveSyntax, ofNavigator: Bool = false) -> Hook? {
    let arguments = directive.arguments
    guard !arguments.isEmpty else {
      report(
        .invalidValue,
        SemanticMessages.missingValue("on", expected: "a lifecycle event such as viewDidAppear"),
        at: directive.name.range)
      return nil
    }
    // A malformed condition still lets the block be checked, so its mistakes are reported too.
    let guardClause = arguments.count > 1 ? hookCondition(arguments) : nil
    let conditionIsValid = arguments.count == 1 || guardClause != nil
    let eventRange = arguments.range(at: 0)
    let event = keyword(at: 0, of: arguments, as: LifecycleEvent.self, what: "a lifecycle event")
    guard let block = directive.block else {
      // Built only when reported.
      let head = (["on"] + directive.arguments.map { spelling($0.value) }).joined(separator: " ")
      report(.syntax, SemanticMessages.expectedBlock(after: head), at: directive.headRange)
      return nil
    }
    var actions: [ActionDeclaration] = []
    forEachDirective(in: block, context: .hook) { resolver, action, name in
      if let value = resolver.hookAction(action, name) {
        actions.append(ActionDeclaration(action: value, range: resolver.range(action.range)))
      }
    }
    guard let event, conditionIsValid else { return nil }
    if ofNavigator {
      guard event == .viewDidLoad else {
        report(
          .invalidValue, SemanticMessages.navigatorHookEvent(event.rawValue),
          at: eventRange)
        return nil
      }
      if let guardClause {
        report(.invalidValue, SemanticMessages.navigatorHookCondition, at: guardClause.range.bytes)
        return nil
      }
    }
    return Hook(
      event: Located(event, at: range(eventRange)), guardClause: guardClause,
      actions: actions, range: range(directive.range))
  }

  /// The word that introduces a hook's condition (`on EVENT if pushed`).
  static let hookConditionKeyword = "if"
  /// `back intercept taps`: an interceptor UIKit asks on back taps only.
  static let interceptTapsKeyword = "taps"

  /// `if pushed` after a hook's event (`arguments` is the whole head: the event, then the
  /// condition); the range covers both words.
  private mutating func hookCondition(_ arguments: ArgumentList) -> Located<HookCondition>? {
    if arguments.contains(where: \.value.isInvalid) { return nil }
    if let comma = arguments.lazy.compactMap(\.comma).first {
      report(.invalidValue, SemanticMessages.commaInHookHead, at: comma)
      return nil
    }
    let ifWord = arguments[1].value
    guard ifWord.kind == .identifier, ifWord.text == Self.hookConditionKeyword else {
      report(
        .invalidValue,
        SemanticMessages.unexpectedAfterHookEvent(
          spelling(ifWord), event: spelling(arguments[0].value)),
        at: ifWord, suggesting: [Self.hookConditionKeyword])
      return nil
    }
    guard arguments.count > 2 else {
      report(.invalidValue, SemanticMessages.missingHookCondition, at: ifWord.range)
      return nil
    }
    let word = arguments[2].value
    let conditions = HookCondition.allCases.filter { $0 != .always }.map(\.rawValue)
    guard word.kind == .identifier, let condition = HookCondition(rawValue: word.text),
      condition != .always
    else {
      report(
        .invalidValue,
        SemanticMessages.notOneOf(spelling(word), what: "a hook condition", choices: conditions),
        at: word, suggesting: conditions)
      return nil
    }
    if arguments.count > 3 {
      let extra = arguments[3].value
      report(
        .invalidValue, SemanticMessages.extraValue(spelling(extra), directive: "on"),
        at: extra.range)
      return nil
    }
    return Located(condition, at: range(ifWord.range.lowerBound..<word.range.upperBound))
  }

  /// One statement inside a hook, whose name is `action`.
  mutating func hookAction(_ directive: DirectiveSyntax, _ action: DirectiveKeyword)
    -> HookAction?
  {
    switch action {
    case .popGesture:
      // The two valid words matched on their bytes: no text made for them.
      guard hasSingleArgument(directive, expected: "enabled or disabled") else { return nil }
      let arguments = directive.arguments
      if arguments.kind(at: 0) == .identifier {
        let word = arguments.range(at: 0)
        if file.hasText("enabled", in: word) { return .setGestureEnabled(true) }
        if file.hasText("disabled", in: word) { return .setGestureEnabled(false) }
      }
      let value = arguments[0].value
      guard requireIdentifier(value, expected: "enabled or disabled") else { return nil }
      switch value.text {
      case "system", "forced":
        report(.invalidValue, SemanticMessages.hookGesturePolicy(value.text), at: value.range)
        return nil
      default:
        report(
          .invalidValue,
          SemanticMessages.notOneOf(
            value.text, what: "a hook gesture state", choices: ["enabled", "disabled"]),
          at: value, suggesting: ["enabled", "disabled"])
        return nil
      }
    case .popGestureDelegate:
      return keyword(directive, as: GestureDelegate.self, what: "a gesture delegate")
        .map(HookAction.setGestureDelegate)
    case .navigationBar:
      return keyword(directive, as: BarVisibility.self, what: "a navigationBar visibility")
        .map(HookAction.setNavigationBar)
    case .titleStyle:
      return titleStyle(directive).map { .setTitleStyle($0.attributes) }
    case .barAppearance:
      return barAppearance(directive, inHook: true).map {
        .setBarAppearance($0.slots[0], $0.appearance)
      }
    default:
      return nil
    }
  }
}
