import NavRules

/// What the lifecycle model says the bar shows: `NavigatorState` walked through `Transition.steps`
/// for every transition that happened, with the declared values of
/// docs/runtime.md#what-the-runtime-guarantees.
///
/// The simulation compares this with what the simulated UIKit shows whenever it is idle.
struct ReferenceModel {
  let book: RuleBook
  let navigator: NavRules.NavigatorID
  private(set) var state: NavigatorState<Int>

  init(book: RuleBook, navigator: NavRules.NavigatorID) {
    self.book = book
    self.navigator = navigator
    state = NavigatorState(title: book[navigator].titleStyle?.attributes)
  }

  mutating func walk(
    _ kind: Transition, outgoing: NavRules.ScreenID?, incoming: NavRules.ScreenID?,
    lowerIsRoot: Bool
  ) {
    func screen(_ role: TransitionRole) -> NavRules.ScreenID? {
      role == .incoming ? incoming : outgoing
    }
    for step in kind.steps {
      switch step {
      case .navigatorHooks:
        for hook in book[navigator].hooks {
          for action in hook.actions { state.apply(action, origin: -1) }
        }
      case .resetToDeclared(let role):
        let rule = screen(role).map { book[$0] }
        state.resetToDeclared(
          barHidden: rule?.navigationBar == .hidden,
          title: rule?.titleStyle?.attributes ?? book[navigator].titleStyle?.attributes)
      case .hooks(let role, let event, let titleTakesEffect, _):
        guard let screen = screen(role) else { continue }
        let isRoot = kind.isRootAtDepthOne(role, lowerScreenIsRoot: lowerIsRoot)
        for action in book[screen].actions(at: event, isRootAtDepthOne: isRoot) {
          if case .setTitleStyle = action, !titleTakesEffect { continue }
          state.apply(action, origin: screen.index)
        }
      case .swipeBegins, .swipeReleased:
        continue
      }
    }
  }
}
