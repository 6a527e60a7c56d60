import NavRulesModel

/// Every hook action of the module, numbered, with the screen and event it belongs to: the
/// analysis tracks actions by number, and rules turn a number back into a source location.
struct HookTable {
  /// An action that writes navigator state, as the analysis executes it.
  struct Entry {
    var action: HookAction
    var id: ActionID
    /// `if pushed` or not: whether it runs depends on where the screen stands.
    var condition: HookCondition
  }

  /// Where an action is written.
  struct Origin {
    var declaration: ActionDeclaration
    var owner: HookOwner
    var event: LifecycleEvent
    /// The `on …` hook that holds it.
    var hook: Hook

    /// The screen whose hook it is; nil for a navigator's own hook.
    var screen: ScreenID? {
      if case .screen(let screen) = owner { screen } else { nil }
    }
  }

  private(set) var origins: [Origin] = []
  /// `entries[screen][event]`: the state-changing actions in execution order. Title actions
  /// are left out: no rule depends on the title state, and leaving them out keeps the
  /// analysis's state space small.
  private var entries: [[[Entry]]]
  /// Per screen: whether some state-changing action of it runs only when it is pushed, so
  /// its transitions differ with the depth it stands at.
  private(set) var hasConditionalActions: [Bool]
  /// Per screen: a bit per event (`LifecycleEvent.index`) with state-changing actions.
  private var eventMask: [UInt8]
  /// Per navigator: the state-changing actions of its own `on viewDidLoad` hooks.
  private var navigatorEntries: [[Entry]]

  init(_ module: Module) {
    let eventCount = LifecycleEvent.allCases.count
    entries = Array(repeating: Array(repeating: [], count: eventCount), count: module.screens.count)
    hasConditionalActions = [Bool](repeating: false, count: module.screens.count)
    eventMask = [UInt8](repeating: 0, count: module.screens.count)
    navigatorEntries = Array(repeating: [], count: module.navigators.count)
    for id in module.navigatorIDs {
      for hook in module[id].hooks {
        for declaration in hook.actions {
          let actionID = ActionID(Int32(origins.count))
          origins.append(
            Origin(
              declaration: declaration, owner: .navigator(id), event: hook.event.value,
              hook: hook))
          if case .setTitleStyle = declaration.action { continue }
          navigatorEntries[id.index].append(
            Entry(action: declaration.action, id: actionID, condition: .always))
        }
      }
    }
    for id in module.screenIDs {
      for hook in module[id].hooks {
        for declaration in hook.actions {
          let actionID = ActionID(Int32(origins.count))
          origins.append(
            Origin(
              declaration: declaration, owner: .screen(id), event: hook.event.value, hook: hook))
          if case .setTitleStyle = declaration.action { continue }
          entries[id.index][hook.event.value.index].append(
            Entry(action: declaration.action, id: actionID, condition: hook.condition))
          eventMask[id.index] |= 1 << hook.event.value.index
          if hook.condition != .always { hasConditionalActions[id.index] = true }
        }
      }
    }
  }

  /// The state-changing actions of `screen`'s hooks for `event`, each with its condition.
  @inline(__always)
  func actions(of screen: ScreenID, at event: LifecycleEvent) -> [Entry] {
    entries[screen.index][event.index]
  }

  /// Whether `screen` has state-changing actions for `event`: one byte read, where
  /// `actions(of:at:)` retains and releases two arrays. Most screens have no hooks.
  @inline(__always)
  func hasActions(of screen: ScreenID, at event: LifecycleEvent) -> Bool {
    eventMask[screen.index] & 1 << event.index != 0
  }

  /// Whether `screen` has state-changing actions for any event: most screens have none, and
  /// their transitions write only the declared bar.
  @inline(__always)
  func hasActions(of screen: ScreenID) -> Bool {
    eventMask[screen.index] != 0
  }

  /// The state-changing actions of the navigator's own hooks, run as it loads.
  func actions(of navigator: NavigatorID) -> [Entry] {
    navigatorEntries[navigator.index]
  }

  subscript(id: ActionID) -> Origin { origins[Int(id.rawValue)] }
}

/// Whose code a hook is: a screen's view controller, or a navigator's navigation controller.
enum HookOwner: Hashable {
  case screen(ScreenID)
  case navigator(NavigatorID)
}

/// The number of a hook action in the `HookTable`.
struct ActionID: Hashable, Sendable {
  var rawValue: Int32

  init(_ rawValue: Int32) {
    self.rawValue = rawValue
  }
}

extension LifecycleEvent {
  /// A dense index for tables keyed by event.
  var index: Int {
    switch self {
    case .viewDidLoad: 0
    case .viewWillAppear: 1
    case .viewDidAppear: 2
    case .viewWillDisappear: 3
    case .viewDidDisappear: 4
    }
  }
}
