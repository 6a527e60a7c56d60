import NavRulesModel

/// What each possible transition of the module writes, computed once by walking
/// `Transition.steps` (the model's lifecycle orders) over each screen's hooks.
///
/// Every transition but launch moves between a screen and one it pushes, so transitions are
/// indexed by *push slot*: the `k`-th target of screen `B`'s `push` list is one slot, and its
/// push, pop and swipes are precomputed for it.
struct TransitionTable {
  /// A transition's writes and, for swipes, the actions that disable the gesture mid-flight.
  struct Effect {
    var write = StateWrite()
    var disabledInFlight: [ActionID] = []
  }

  /// `slotSource[s]` pushes `slotTarget[s]`.
  private(set) var slotSource: [ScreenID] = []
  private(set) var slotTarget: [ScreenID] = []
  /// The slots of screen `i` are `firstSlot[i]..<firstSlot[i + 1]`.
  private(set) var firstSlot: [Int32] = []
  private(set) var push: [StateWrite] = []
  /// A back tap or programmatic pop of the slot's target, back to its source; a completed
  /// swipe writes the same (its hooks run in the same order).
  private(set) var pop: [StateWrite] = []
  private(set) var cancel: [StateWrite] = []
  /// `pushed[slot * 20 + state]`: the state after the push (likewise `popped`, `cancelled`);
  /// the exploration's inner loop reads these tables.
  private(set) var pushed: [ValueState] = []
  private(set) var popped: [ValueState] = []
  private(set) var cancelled: [ValueState] = []
  /// Actions that disable the gesture while a swipe from the target to the source is in flight.
  private(set) var disabledInFlight: [[ActionID]] = []
  /// What each slot's push, pop and cancelled swipe do to each blamed field's origin,
  /// precomputed: the origin searches ask for every edge they visit.
  private var fieldEffects: [FieldEffect] = []

  private let hooks: HookTable
  private let declaredBarHidden: [Bool]

  init(module: Module, hooks: HookTable) {
    self.hooks = hooks
    declaredBarHidden = module.screens.map { $0.effectiveNavigationBar.isHidden }
    for source in module.screenIDs {
      firstSlot.append(Int32(slotSource.count))
      var seen = Set<ScreenID>()
      for edge in module[source].pushes where seen.insert(edge.value).inserted {
        let target = edge.value
        slotSource.append(source)
        slotTarget.append(target)
        push.append(effect(.push, outgoing: source, incoming: target).write)
        pop.append(effect(.programmaticPop, outgoing: target, incoming: source).write)
        let swipe = effect(.swipeCancelled, outgoing: target, incoming: source)
        cancel.append(swipe.write)
        disabledInFlight.append(swipe.disabledInFlight)
        pushed += ValueState.all.map(push[push.count - 1].applied)
        popped += ValueState.all.map(pop[pop.count - 1].applied)
        cancelled += ValueState.all.map(swipe.write.applied)
      }
    }
    firstSlot.append(Int32(slotSource.count))
    for slot in 0..<slotSource.count {
      for field in StateField.allCases {
        fieldEffects += [push[slot], pop[slot], cancel[slot]].map(field.effect(of:))
      }
    }
  }

  /// The kinds of transition a slot has.
  enum Kind: Int {
    case push = 0
    case pop = 1
    case cancel = 2
  }

  /// What the slot's transition of `kind` does to `field`'s origin.
  @inline(__always)
  func effect(on field: StateField, _ kind: Kind, slot: Int) -> FieldEffect {
    fieldEffects[(slot * StateField.allCases.count + field.index) * 3 + kind.rawValue]
  }

  var slotCount: Int { slotSource.count }

  func slots(of screen: ScreenID) -> Range<Int> {
    Int(firstSlot[screen.index])..<Int(firstSlot[screen.index + 1])
  }

  /// The root screen appearing at launch.
  func launch(_ root: ScreenID) -> StateWrite {
    effect(.launch, outgoing: nil, incoming: root).write
  }

  /// Walks the model's steps for one transition.
  func effect(_ transition: Transition, outgoing: ScreenID?, incoming: ScreenID) -> Effect {
    var effect = Effect()
    for step in transition.steps {
      switch step {
      case .resetToDeclared(let role):
        guard let screen = role == .incoming ? incoming : outgoing else { continue }
        effect.write.barHidden = declaredBarHidden[screen.index]
      case .hooks(let role, let event, _, let duringSwipe):
        guard let screen = role == .incoming ? incoming : outgoing else { continue }
        for entry in hooks.actions(of: screen, at: event) {
          if duringSwipe, entry.action == .setGestureEnabled(false) {
            effect.disabledInFlight.append(entry.id)
          }
          effect.write.apply(entry.action, writer: entry.id)
        }
      case .swipeBegins, .swipeReleased:
        continue
      }
    }
    return effect
  }
}
