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
  /// Slots with the same target and the same effects (push, pop, cancel, in-flight writes)
  /// form a class: a frame behaves identically under any of them, so the exploration keeps one
  /// frame per class and entry state, not one per slot. Screens without state-changing hooks
  /// and with the same declared bar all push a given screen with the same effects, so most
  /// slots of a real module share a class.
  private(set) var slotClass: [Int32] = []
  /// The first slot of each class, whose effects stand for the class's.
  private(set) var classRepresentative: [Int32] = []

  private let hooks: HookTable
  private let declaredBarHidden: [Bool]
  /// `Transition.steps` builds its array on each call; the table walks each transition tens of
  /// thousands of times.
  private let steps: [Transition: [TransitionStep]] = Dictionary(
    uniqueKeysWithValues: Transition.allCases.map { ($0, $0.steps) })

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
        for state in ValueState.all {
          pushed.append(push[push.count - 1].applied(to: state))
          popped.append(pop[pop.count - 1].applied(to: state))
          cancelled.append(swipe.write.applied(to: state))
        }
      }
    }
    firstSlot.append(Int32(slotSource.count))
    fieldEffects.reserveCapacity(slotSource.count * StateField.allCases.count * 3)
    for slot in 0..<slotSource.count {
      for field in StateField.allCases {
        fieldEffects.append(field.effect(of: push[slot]))
        fieldEffects.append(field.effect(of: pop[slot]))
        fieldEffects.append(field.effect(of: cancel[slot]))
      }
    }
    var classes: [ClassKey: Int32] = [:]
    for slot in 0..<slotSource.count {
      let key = ClassKey(
        target: slotTarget[slot], push: push[slot], pop: pop[slot], cancel: cancel[slot],
        disabledInFlight: disabledInFlight[slot])
      if let existing = classes[key] {
        slotClass.append(existing)
      } else {
        let id = Int32(classRepresentative.count)
        classes[key] = id
        classRepresentative.append(Int32(slot))
        slotClass.append(id)
      }
    }
  }

  private struct ClassKey: Hashable {
    var target: ScreenID
    var push: StateWrite
    var pop: StateWrite
    var cancel: StateWrite
    var disabledInFlight: [ActionID]
  }

  var classCount: Int { classRepresentative.count }

  /// Whether `slot` is the one that stands for its class.
  func isRepresentative(_ slot: Int) -> Bool {
    classRepresentative[Int(slotClass[slot])] == Int32(slot)
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
    for step in steps[transition] ?? [] {
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
