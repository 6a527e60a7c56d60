import NavRulesModel

/// Executes one transition of the UIKit model on the analysis's state by walking
/// `Transition.steps`, the same table the runtime's tests walk.
struct TransitionRunner {
  let hooks: HookTable
  /// Each screen's declared `navigationBar`, which the runtime restores before it appears.
  let declaredBarHidden: [Bool]

  init(module: Module, hooks: HookTable) {
    self.hooks = hooks
    self.declaredBarHidden = module.screens.map { $0.effectiveNavigationBar.isHidden }
  }

  /// The state after `transition` from `outgoing` to `incoming`.
  ///
  /// - Parameter disabledInFlight: receives every action that sets `gestureEnabled = false`
  ///   while the swipe gesture is in flight: each freezes the screen (`gesture-deadlock`).
  func run(
    _ transition: Transition, outgoing: ScreenID?, incoming: ScreenID,
    from state: AnalysisState, disabledInFlight: inout [ActionID]
  ) -> AnalysisState {
    var state = state
    for step in transition.steps {
      switch step {
      case .resetToDeclared(let role):
        guard let screen = role == .incoming ? incoming : outgoing else { continue }
        state.resetToDeclared(barHidden: declaredBarHidden[screen.index], title: nil)
      case .hooks(let role, let event, _, let duringSwipe):
        guard let screen = role == .incoming ? incoming : outgoing else { continue }
        for entry in hooks.actions(of: screen, at: event) {
          if duringSwipe, entry.action == .setGestureEnabled(false) {
            disabledInFlight.append(entry.id)
          }
          state.apply(entry.action, origin: entry.id)
        }
      case .swipeBegins, .swipeReleased:
        continue
      }
    }
    return state.canonical
  }
}

/// The navigator state the analysis tracks: the model's `NavigatorState`, with the action
/// that last wrote each field as the origin, and no title (no rule reads it).
typealias AnalysisState = NavigatorState<ActionID>

extension NavigatorState where Origin == ActionID {
  /// The state with origins dropped where no rule can blame them: an enabled gesture and the
  /// system delegate are harmless whoever set them. Fewer distinct states, same verdicts.
  var canonical: Self {
    var copy = self
    if copy.gestureEnabled { copy.gestureOrigin = nil }
    if copy.delegate == .system { copy.delegateOrigin = nil }
    return copy
  }
}
