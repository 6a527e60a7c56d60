import Dispatch
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

  /// Where each action is written: its owner and its place in the owner's hooks. `Origin`s
  /// are made from it on demand, for the few actions a finding names; a stored `Origin` per
  /// action would be a copy of its hook for each action.
  private var locations: [Location] = []
  private let module: Module

  private struct Location {
    var owner: HookOwner
    var hook: Int32
    var action: Int32
  }

  /// The state-changing actions in execution order, by screen and event: those of `screen` at
  /// `event` are `entries[firstEntry[screen * 5 + event]..<firstEntry[screen * 5 + event + 1]]`
  /// (one array for the module instead of six per screen). Title actions are left out: no
  /// rule depends on the title state, and leaving them out keeps the analysis's state space
  /// small.
  private var entries: [Entry] = []
  private var firstEntry: [Int32] = []
  /// Per screen: whether some state-changing action of it runs only when it is pushed, so
  /// its transitions differ with the depth it stands at.
  private(set) var hasConditionalActions: [Bool]
  /// Per screen: whether a `viewWillAppear` hook of it sets title attributes, the question
  /// `title-lost-on-back` asks of every screen on top, answered here from the hooks this
  /// table reads anyway: asked of the screen's hooks in the rule, it read a screen and its
  /// hooks at random for each (a third of the configuration rules' misses on 44 MB of rules).
  private(set) var setsTitleOnAppear: [Bool]
  /// Per screen: a bit per event (`LifecycleEvent.index`) with state-changing actions.
  private var eventMask: [UInt8]
  /// Per navigator: the state-changing actions of its own `on viewDidLoad` hooks.
  private var navigatorEntries: [[Entry]]

  /// `LifecycleEvent.allCases.count`, which builds the array of cases on each call.
  private static let eventCount = LifecycleEvent.allCases.count

  /// Builds the table, reading the screens' hooks in consecutive parts on up to `threads`
  /// threads when there are at least `minimumParallelScreens` screens.
  ///
  /// Each part numbers its screens' actions and lays out their entries from zero (the first
  /// part numbers its actions after the navigators'); the parts are then joined in order, the
  /// others' numbers and entry offsets moved past the parts before them.
  /// Reading every screen's hooks (a jump to each screen's list, then to each hook's) is the
  /// table's cost, and on one thread it left the other idle. Joining is a sequential copy of
  /// a few small records per screen.
  init(
    _ module: Module, threads: Int = 1,
    minimumParallelScreens: Int = Tuning.minimumParallelHookScreens
  ) {
    self.module = module
    var locations: [Location] = []
    var navigatorEntries = Array(repeating: [Entry](), count: module.navigators.count)
    // Navigators' actions are numbered first: there are few.
    for id in module.navigatorIDs {
      let hooks = module[id].hooks
      for hookIndex in hooks.indices {
        let actions = hooks[hookIndex].actions
        for index in actions.indices {
          let actionID = ActionID(Int32(locations.count))
          locations.append(
            Location(owner: .navigator(id), hook: Int32(hookIndex), action: Int32(index)))
          if case .setTitleStyle = actions[index].action { continue }
          navigatorEntries[id.index].append(
            Entry(action: actions[index].action, id: actionID, condition: .always))
        }
      }
    }
    self.navigatorEntries = navigatorEntries
    let screenCount = module.screens.count
    let partCount = screenCount >= minimumParallelScreens ? max(1, threads) : 1
    // The first part numbers its actions after the navigators' and is taken as it is; the
    // others are moved past the parts before them as they are joined.
    let navigatorActions = locations.count
    // One part (any small module) is read without an array of parts: its first use makes
    // the runtime instantiate the array's type, a cost every small `emit` would pay.
    var first: ScreenPart
    var rest: [ScreenPart] = []
    if partCount == 1 {
      first = ScreenPart(module.screens, 0..<screenCount, firstAction: navigatorActions)
    } else {
      let slots = ResultSlots<ScreenPart>(count: partCount)
      DispatchQueue.concurrentPerform(iterations: partCount) { part in
        let range = screenCount * part / partCount..<screenCount * (part + 1) / partCount
        slots.set(
          part,
          ScreenPart(module.screens, range, firstAction: part == 0 ? navigatorActions : 0))
      }
      rest = slots.take()
      first = rest.removeFirst()
    }
    locations.reserveCapacity(
      locations.count + first.locations.count + rest.reduce(0) { $0 + $1.locations.count })
    locations.append(contentsOf: first.locations)
    var entries = first.entries
    var firstEntry = first.firstEntry
    var hasConditionalActions = first.hasConditionalActions
    var setsTitleOnAppear = first.setsTitleOnAppear
    var eventMask = first.eventMask
    let firstWritesBarAppearance = first.writesBarAppearance
    // Let go, so the arrays just taken are not shared and grow in place.
    first = ScreenPart()
    if !rest.isEmpty {
      entries.reserveCapacity(entries.count + rest.reduce(0) { $0 + $1.entries.count })
      firstEntry.reserveCapacity(screenCount * Self.eventCount + 1)
      hasConditionalActions.reserveCapacity(screenCount)
      setsTitleOnAppear.reserveCapacity(screenCount)
      eventMask.reserveCapacity(screenCount)
    }
    for part in rest {
      let actionBase = Int32(locations.count)
      let entryBase = Int32(entries.count)
      locations.append(contentsOf: part.locations)
      for index in part.entries.indices {
        var entry = part.entries[index]
        entry.id = ActionID(entry.id.rawValue + actionBase)
        entries.append(entry)
      }
      for offset in part.firstEntry { firstEntry.append(offset + entryBase) }
      hasConditionalActions.append(contentsOf: part.hasConditionalActions)
      setsTitleOnAppear.append(contentsOf: part.setsTitleOnAppear)
      eventMask.append(contentsOf: part.eventMask)
    }
    firstEntry.append(Int32(entries.count))
    self.locations = locations
    self.entries = entries
    self.firstEntry = firstEntry
    self.hasConditionalActions = hasConditionalActions
    self.setsTitleOnAppear = setsTitleOnAppear
    self.eventMask = eventMask
    self.writesBarAppearance =
      firstWritesBarAppearance || rest.contains { $0.writesBarAppearance }
      || navigatorEntries.contains {
        $0.contains { if case .setBarAppearance = $0.action { true } else { false } }
      }
  }

  /// Whether some hook writes one of the bar's appearance slots: only then do the checker's
  /// tables and searches have those fields.
  let writesBarAppearance: Bool

  /// The table's rows for consecutive screens: their actions' locations, their entries (ids
  /// counted from `firstAction`) and, per screen, where each event's entries start (counted
  /// from the part's first entry) and its flags.
  private struct ScreenPart: Sendable {
    var locations: [Location] = []
    var entries: [Entry] = []
    var firstEntry: [Int32] = []
    var hasConditionalActions: [Bool] = []
    var setsTitleOnAppear: [Bool] = []
    var eventMask: [UInt8] = []
    var writesBarAppearance = false

    init() {}

    init(_ screens: [Screen], _ range: Range<Int>, firstAction: Int) {
      let eventCount = HookTable.eventCount
      // An action each, counted first: grown by doubling, the two lists were copied into fresh
      // memory at each step. Here and below, hooks are read in place, by index: a loop
      // variable (or `enumerated()`) copies each `Hook` and destroys it through its value
      // witnesses.
      var actionCount = 0
      for index in range {
        let hooks = screens[index].hooks
        for hook in hooks.indices { actionCount += hooks[hook].actions.count }
      }
      locations.reserveCapacity(actionCount)
      entries.reserveCapacity(actionCount)
      firstEntry.reserveCapacity(range.count * eventCount)
      hasConditionalActions = [Bool](repeating: false, count: range.count)
      setsTitleOnAppear = [Bool](repeating: false, count: range.count)
      eventMask = [UInt8](repeating: 0, count: range.count)
      // Actions are numbered hook by hook in source order; the entries are laid out event by
      // event, each event's in that order. The hooks are read once to number the actions,
      // then once for each event the screen has entries for: a few hooks each, where
      // gathering each event's entries in a list of its own copied every entry twice,
      // retaining its action's payload each time.
      for index in range {
        let row = index - range.lowerBound
        let id = ScreenID(index)
        let hooks = screens[index].hooks
        let screenFirstAction = firstAction + locations.count
        for hookIndex in hooks.indices {
          let event = hooks[hookIndex].event.value.index
          let condition = hooks[hookIndex].condition
          let actions = hooks[hookIndex].actions
          for actionIndex in actions.indices {
            locations.append(
              Location(owner: .screen(id), hook: Int32(hookIndex), action: Int32(actionIndex)))
            if case .setTitleStyle = actions[actionIndex].action {
              if event == LifecycleEvent.viewWillAppear.index { setsTitleOnAppear[row] = true }
              continue
            }
            eventMask[row] |= 1 << event
            if condition != .always { hasConditionalActions[row] = true }
            if case .setBarAppearance = actions[actionIndex].action { writesBarAppearance = true }
          }
        }
        for event in 0..<eventCount {
          firstEntry.append(Int32(entries.count))
          guard eventMask[row] & 1 << event != 0 else { continue }
          var actionID = screenFirstAction
          for hookIndex in hooks.indices {
            let actions = hooks[hookIndex].actions
            guard hooks[hookIndex].event.value.index == event else {
              actionID += actions.count
              continue
            }
            let condition = hooks[hookIndex].condition
            for actionIndex in actions.indices {
              defer { actionID += 1 }
              if case .setTitleStyle = actions[actionIndex].action { continue }
              entries.append(
                Entry(
                  action: actions[actionIndex].action, id: ActionID(Int32(actionID)),
                  condition: condition))
            }
          }
        }
      }
    }
  }

  /// How many actions the module's hooks hold: their ids are `0..<actionCount`.
  var actionCount: Int { locations.count }

  /// The state-changing actions of `screen`'s hooks for `event`, each with its condition.
  @inline(__always)
  func actions(of screen: ScreenID, at event: LifecycleEvent) -> ArraySlice<Entry> {
    let slot = screen.index * Self.eventCount + event.index
    return entries[Int(firstEntry[slot])..<Int(firstEntry[slot + 1])]
  }

  /// Whether `screen` has state-changing actions for `event`: one byte read, where
  /// `actions(of:at:)` retains and releases an array. Most screens have no hooks.
  @inline(__always)
  func hasActions(of screen: ScreenID, at event: LifecycleEvent) -> Bool {
    eventMask[screen.index] & 1 << event.index != 0
  }

  /// A bit per event (`LifecycleEvent.index`) for which `screen` has state-changing actions.
  @inline(__always)
  func eventsWithActions(of screen: ScreenID) -> UInt8 { eventMask[screen.index] }

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

  subscript(id: ActionID) -> Origin {
    let location = locations[Int(id.rawValue)]
    let hook = hook(at: location)
    return Origin(
      declaration: hook.actions[Int(location.action)], owner: location.owner,
      event: hook.event.value, hook: hook)
  }

  /// Whose hook holds the action: the part of its `Origin` most rules ask for, without copying
  /// the hook.
  func owner(of id: ActionID) -> HookOwner { locations[Int(id.rawValue)].owner }

  /// The action as declared, read in place: through `hook(at:)`, the whole hook was copied
  /// (and destroyed) for one action, on every question a rule asks about a writer.
  func declaration(of id: ActionID) -> ActionDeclaration {
    let location = locations[Int(id.rawValue)]
    let hook = Int(location.hook)
    let action = Int(location.action)
    return switch location.owner {
    case .screen(let screen): module.screens[screen.index].hooks[hook].actions[action]
    case .navigator(let navigator): module.navigators[navigator.index].hooks[hook].actions[action]
    }
  }

  private func hook(at location: Location) -> Hook {
    switch location.owner {
    case .screen(let screen): module[screen].hooks[Int(location.hook)]
    case .navigator(let navigator): module[navigator].hooks[Int(location.hook)]
    }
  }
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
