import NavRulesModel

@testable import NavRulesCompiler

/// A deliberately naive checker for the property test: it enumerates concrete navigation
/// stacks up to a depth bound, walks `Transition.steps` itself and evaluates the rules as the
/// contract words them. It shares nothing with the analysis but the module and the model.
struct BruteForceExplorer {
  /// A finding as (id, byte offset of its location).
  struct Finding: Hashable, CustomStringConvertible {
    var id: DiagnosticID
    var offset: Int

    var description: String { "\(id.rawValue)@\(offset)" }
  }

  private struct Action {
    var action: HookAction
    /// nil for a navigator's own hook.
    var screen: ScreenID?
    var range: SourceRange
    var condition: HookCondition
  }

  struct Configuration: Hashable {
    var stack: [ScreenID]
    var state: NavigatorState<Int>
  }

  let module: Module
  let maximumDepth: Int
  private var actions: [Action] = []
  /// `table[screen][event]`: indices into `actions`.
  private var table: [ScreenID: [LifecycleEvent: [Int]]] = [:]
  /// `navigatorTable[navigator]`: the navigator's own hook actions, indices into `actions`.
  private var navigatorTable: [NavigatorID: [Int]] = [:]

  init(module: Module, maximumDepth: Int) {
    self.module = module
    self.maximumDepth = maximumDepth
    for id in module.navigatorIDs {
      for hook in module[id].hooks {
        for declaration in hook.actions {
          navigatorTable[id, default: []].append(actions.count)
          actions.append(
            Action(
              action: declaration.action, screen: nil, range: declaration.range,
              condition: .always))
        }
      }
    }
    for id in module.screenIDs {
      for hook in module[id].hooks {
        for declaration in hook.actions {
          table[id, default: [:]][hook.event.value, default: []].append(actions.count)
          actions.append(
            Action(
              action: declaration.action, screen: id, range: declaration.range,
              condition: hook.condition))
        }
      }
    }
  }

  func findings() -> Set<Finding> {
    var found = Set<Finding>()
    for navigator in module.navigatorIDs {
      explore(navigator, into: &found)
    }
    return found
  }

  private func explore(_ navigatorID: NavigatorID, into found: inout Set<Finding>) {
    let navigator = module[navigatorID]
    guard let root = navigator.root?.value else { return }
    var start = NavigatorState<Int>()
    _ = perform(
      .launch, outgoing: nil, incoming: root, depth: 1, state: &start, navigator: navigatorID)
    var seen: Set<Configuration> = []
    var queue = [Configuration(stack: [root], state: start)]
    while let configuration = queue.popLast() {
      guard seen.insert(configuration).inserted else { continue }
      checkIdle(configuration, navigator: navigator, into: &found)
      let stack = configuration.stack
      let top = stack[stack.count - 1]
      if stack.count < maximumDepth {
        for edge in module[top].pushes {
          var state = configuration.state
          _ = perform(.push, outgoing: top, incoming: edge.value, depth: stack.count, state: &state)
          queue.append(Configuration(stack: stack + [edge.value], state: state))
        }
      }
      guard stack.count >= 2 else { continue }
      let below = stack[stack.count - 2]
      var popped = configuration.state
      _ = perform(.backTap, outgoing: top, incoming: below, depth: stack.count, state: &popped)
      queue.append(Configuration(stack: Array(stack.dropLast()), state: popped))
      guard swipeCanBegin(configuration, navigator: navigator) else { continue }
      var completed = configuration.state
      let frozen = perform(
        .swipeCompleted, outgoing: top, incoming: below, depth: stack.count, state: &completed)
      if !frozen.isEmpty {
        for index in frozen {
          found.insert(Finding(id: .gestureDeadlock, offset: actions[index].range.bytes.lowerBound))
        }
        continue
      }
      queue.append(Configuration(stack: Array(stack.dropLast()), state: completed))
      var cancelled = configuration.state
      _ = perform(
        .swipeCancelled, outgoing: top, incoming: below, depth: stack.count, state: &cancelled)
      queue.append(Configuration(stack: stack, state: cancelled))
    }
  }

  /// Runs a transition on a stack that is `depth` deep before it begins (after a launch, 1);
  /// returns the actions that disabled the gesture during the swipe.
  private func perform(
    _ transition: Transition, outgoing: ScreenID?, incoming: ScreenID, depth: Int,
    state: inout NavigatorState<Int>, navigator: NavigatorID? = nil
  ) -> [Int] {
    // Stack indices, counted on the concrete stack: the outgoing screen is the top at
    // `depth - 1`; a push adds the incoming one at `depth`, a pop or swipe reveals `depth - 2`.
    let outgoingIndex = depth - 1
    let incomingIndex =
      switch transition {
      case .launch: 0
      case .push: depth
      default: depth - 2
      }
    var frozen: [Int] = []
    for step in transition.steps {
      switch step {
      case .navigatorHooks:
        for index in navigator.flatMap({ navigatorTable[$0] }) ?? [] {
          let action = actions[index].action
          if case .setTitleStyle = action { continue }
          state.apply(action, origin: index)
        }
      case .resetToDeclared(let role):
        guard let screen = role == .incoming ? incoming : outgoing else { continue }
        state.barHidden = module[screen].navigationBar?.value == .hidden
      case .hooks(let role, let event, _, let duringSwipe):
        guard let screen = role == .incoming ? incoming : outgoing else { continue }
        let stackIndex = role == .incoming ? incomingIndex : outgoingIndex
        for index in table[screen]?[event] ?? []
        where actions[index].condition.holds(isRootAtDepthOne: stackIndex == 0) {
          let action = actions[index].action
          if case .setTitleStyle = action { continue }
          if duringSwipe, action == .setGestureEnabled(false) { frozen.append(index) }
          state.apply(action, origin: index)
        }
      case .swipeBegins, .swipeReleased:
        break
      }
    }
    return frozen
  }

  private func swipeCanBegin(_ configuration: Configuration, navigator: Navigator) -> Bool {
    let state = configuration.state
    guard state.gestureEnabled else { return false }
    switch state.delegate {
    case .none, .viewController, .guarded: return true
    case .block: return false
    case .system: return declaredPolicyAllows(configuration, navigator: navigator)
    }
  }

  /// docs/runtime.md#what-the-runtime-guarantees and docs/model.md#when-a-swipe-can-begin: whether
  /// the top screen's `back` and `popGesture` (else its navigator's) let a swipe begin, with the
  /// bar as the state has it.
  private func declaredPolicyAllows(_ configuration: Configuration, navigator: Navigator) -> Bool {
    let screen = module[configuration.stack[configuration.stack.count - 1]]
    switch screen.back?.value ?? .allow {
    case .block, .confirm: return false
    case .allow, .intercept, .interceptTaps: break
    }
    switch screen.popGesture?.value ?? navigator.popGesture?.value ?? .system {
    case .disabled: return false
    case .forced: return true
    case .system, .enabled:
      return !configuration.state.barHidden && screen.leftBarButton?.value != .custom
    }
  }

  private func checkIdle(
    _ configuration: Configuration, navigator: Navigator, into found: inout Set<Finding>
  ) {
    let state = configuration.state
    let stack = configuration.stack
    let top = stack[stack.count - 1]
    func insert(_ id: DiagnosticID, action index: Int?) {
      guard let index else { return }
      found.insert(Finding(id: id, offset: actions[index].range.bytes.lowerBound))
    }
    let allowAll = [GestureDelegate.none, .viewController, .guarded].contains(state.delegate)
    if stack.count == 1, state.delegate == .none || state.delegate == .viewController {
      insert(.rootPop, action: state.delegateOrigin)
    }
    if stack.count >= 2, allowAll, let origin = state.delegateOrigin,
      let owner = actions[origin].screen, owner != top
    {
      insert(.delegateLeak, action: origin)
    }
    if !state.gestureEnabled, let origin = state.gestureOrigin,
      let owner = actions[origin].screen, owner != top
    {
      insert(.stateLeak, action: origin)
    }
    if state.delegate == .block, let origin = state.delegateOrigin,
      let owner = actions[origin].screen, owner != top
    {
      insert(.stateLeak, action: origin)
    }
    // iOS 26: the content swipe ignores the gesture switch and the delegate hooks write, so
    // whichever of them stops a swipe the declared policy allows is blamed, own screen or not.
    if stack.count >= 2, declaredPolicyAllows(configuration, navigator: navigator) {
      if !state.gestureEnabled { insert(.contentSwipeBypass, action: state.gestureOrigin) }
      if state.delegate == .block { insert(.contentSwipeBypass, action: state.delegateOrigin) }
    }
    // An interceptor asked on taps only is walked around by any swipe that can begin.
    if stack.count >= 2, let back = module[top].back, back.value != .allow, state.gestureEnabled,
      allowAll
        || (back.value == .interceptTaps && swipeCanBegin(configuration, navigator: navigator))
    {
      found.insert(Finding(id: .backBypass, offset: back.range.bytes.lowerBound))
    }
    if stack.count >= 2 {
      let revealed = stack[stack.count - 2]
      let declared =
        module[revealed].titleStyle?.value.attributes ?? navigator.titleStyle?.value.attributes
        ?? TitleAttributes()
      for index in table[revealed]?[.viewWillAppear] ?? []
      where actions[index].condition.holds(isRootAtDepthOne: stack.count == 2) {
        if case .setTitleStyle(let attributes) = actions[index].action, attributes != declared {
          insert(.titleLostOnBack, action: index)
        }
      }
    }
  }

  // MARK: - Replaying a witness

  enum Step: Equatable {
    case launch(String)
    case push(String)
    case back(to: String)
    case swipeCancelled
  }

  /// The steps of a note such as `in navigator 'Main': Home → List, back to Home, then …`,
  /// with its navigator and ending.
  static func parse(note: String) -> (navigator: String, steps: [Step], ending: String)? {
    guard note.hasPrefix("in navigator '"), let colon = note.range(of: "': ") else { return nil }
    let navigator = String(note[note.index(note.startIndex, offsetBy: 14)..<colon.lowerBound])
    var steps: [Step] = []
    var ending = ""
    let parts = note[colon.upperBound...].components(separatedBy: ", ")
    for (index, part) in parts.enumerated() {
      if part.hasPrefix("then ") || part.hasPrefix("'") {
        ending = parts[index...].joined(separator: ", ")
        break
      }
      let pieces = part.components(separatedBy: " → ")
      if pieces[0] == "swipe back cancelled" {
        steps.append(.swipeCancelled)
      } else if pieces[0].hasPrefix("back to ") {
        steps.append(.back(to: String(pieces[0].dropFirst("back to ".count))))
      } else {
        steps.append(.launch(pieces[0]))
      }
      steps += pieces.dropFirst().map { .push($0) }
    }
    return (navigator, steps, ending)
  }

  /// The configuration the steps lead to, or `nil` if some step is impossible.
  func replay(_ steps: [Step], in navigatorID: NavigatorID) -> Configuration? {
    let navigator = module[navigatorID]
    var configuration: Configuration?
    for step in steps {
      switch step {
      case .launch(let name):
        guard configuration == nil, let root = navigator.root?.value, module[root].name == name
        else { return nil }
        var state = NavigatorState<Int>()
        _ = perform(
          .launch, outgoing: nil, incoming: root, depth: 1, state: &state,
          navigator: navigatorID)
        configuration = Configuration(stack: [root], state: state)
      case .push(let name):
        guard var current = configuration, let top = current.stack.last,
          let target = module[top].pushes.first(where: { module[$0.value].name == name })?.value
        else { return nil }
        _ = perform(
          .push, outgoing: top, incoming: target, depth: current.stack.count,
          state: &current.state)
        current.stack.append(target)
        configuration = current
      case .back(let name):
        guard var current = configuration, current.stack.count >= 2,
          module[current.stack[current.stack.count - 2]].name == name
        else { return nil }
        let depth = current.stack.count
        let top = current.stack.removeLast()
        _ = perform(
          .backTap, outgoing: top, incoming: current.stack[current.stack.count - 1],
          depth: depth, state: &current.state)
        configuration = current
      case .swipeCancelled:
        guard var current = configuration, current.stack.count >= 2,
          swipeCanBegin(current, navigator: navigator)
        else { return nil }
        let top = current.stack[current.stack.count - 1]
        let below = current.stack[current.stack.count - 2]
        let frozen = perform(
          .swipeCancelled, outgoing: top, incoming: below, depth: current.stack.count,
          state: &current.state)
        guard frozen.isEmpty else { return nil }
        configuration = current
      }
    }
    return configuration
  }

  /// Whether the finding holds at the end of its witness: the rule's condition, blaming the
  /// very action it is reported at.
  func holds(_ finding: Finding, at configuration: Configuration, in navigatorID: NavigatorID)
    -> Bool
  {
    let navigator = module[navigatorID]
    var found = Set<Finding>()
    checkIdle(configuration, navigator: navigator, into: &found)
    if finding.id == .gestureDeadlock {
      guard configuration.stack.count >= 2, swipeCanBegin(configuration, navigator: navigator)
      else { return false }
      var state = configuration.state
      let frozen = perform(
        .swipeCompleted, outgoing: configuration.stack[configuration.stack.count - 1],
        incoming: configuration.stack[configuration.stack.count - 2],
        depth: configuration.stack.count, state: &state)
      return frozen.contains { actions[$0].range.bytes.lowerBound == finding.offset }
    }
    return found.contains(finding)
  }
}
