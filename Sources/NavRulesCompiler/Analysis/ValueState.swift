import NavRulesModel

/// The navigator state the exploration tracks, packed in one byte: whether the gesture is
/// enabled, whether the bar is hidden, and the delegate. Who wrote a value does not change
/// what can happen next, so origins are tracked separately (`OriginSearch`) and the
/// exploration stays small: at most 20 states.
struct ValueState: Hashable {
  static let count = 20
  static let initial = ValueState(gestureEnabled: true, barHidden: false, delegate: .system)

  var raw: UInt8

  init(raw: UInt8) {
    self.raw = raw
  }

  init(gestureEnabled: Bool, barHidden: Bool, delegate: GestureDelegate) {
    let code: UInt8 =
      switch delegate {
      case .none: 0
      case .viewController: 1
      case .guarded: 2
      case .block: 3
      case .system: 4
      }
    raw = (gestureEnabled ? 1 : 0) | (barHidden ? 2 : 0) | code << 2
  }

  var gestureEnabled: Bool { raw & 1 != 0 }
  var barHidden: Bool { raw & 2 != 0 }

  var delegate: GestureDelegate {
    switch raw >> 2 {
    case 0: .none
    case 1: .viewController
    case 2: .guarded
    case 3: .block
    default: .system
    }
  }

  /// Every state, in `raw` order.
  static let all = (0..<UInt8(count)).map(ValueState.init(raw:))

  var index: Int { Int(raw) }
}

/// What a hook event, or a whole transition, writes: a value per field it writes, and for the
/// gesture and the delegate the action that wrote it last.
struct StateWrite: Hashable, Sendable {
  struct Write<Value: Hashable & Sendable>: Hashable, Sendable {
    var value: Value
    var writer: ActionID
  }

  var gesture: Write<Bool>?
  var delegate: Write<GestureDelegate>?
  var barHidden: Bool?

  init(gesture: Write<Bool>? = nil, delegate: Write<GestureDelegate>? = nil, barHidden: Bool? = nil)
  {
    self.gesture = gesture
    self.delegate = delegate
    self.barHidden = barHidden
  }

  /// The bar's value, for a write of the bar and nothing else; nil for any other write.
  var barOnly: Bool? {
    gesture == nil && delegate == nil ? barHidden : nil
  }

  /// `self` followed by `later`.
  mutating func then(_ later: StateWrite) {
    gesture = later.gesture ?? gesture
    delegate = later.delegate ?? delegate
    barHidden = later.barHidden ?? barHidden
  }

  mutating func apply(_ action: HookAction, writer: ActionID) {
    switch action {
    case .setGestureEnabled(let enabled): gesture = Write(value: enabled, writer: writer)
    case .setGestureDelegate(let value): delegate = Write(value: value, writer: writer)
    case .setNavigationBar(let visibility): barHidden = visibility.isHidden
    case .setTitleStyle: break
    // Kept apart (`AppearanceWriters`), in the few modules that write them.
    case .setBarAppearance: break
    }
  }

  /// Which fields the write writes, and with which values: all a transition table needs to
  /// say where a state goes.
  var kind: WriteKind {
    let gesture = gesture.map { $0.value ? 2 : 1 } ?? 0
    let bar = barHidden.map { $0 ? 2 : 1 } ?? 0
    let delegate =
      delegate.map {
        Int(ValueState(gestureEnabled: false, barHidden: false, delegate: $0.value).raw >> 2) + 1
      } ?? 0
    return WriteKind(raw: UInt8((gesture * 3 + bar) * 6 + delegate))
  }

  /// Hashes what `==` compares, the delegate by its code (a `GestureDelegate` hashes its
  /// `String` raw value).
  func hash(into hasher: inout Hasher) {
    hasher.combine(kind.raw)
    hasher.combine(gesture?.writer.rawValue ?? -1)
    hasher.combine(delegate?.writer.rawValue ?? -1)
  }

  func applied(to state: ValueState) -> ValueState {
    ValueState(
      gestureEnabled: gesture?.value ?? state.gestureEnabled,
      barHidden: barHidden ?? state.barHidden,
      delegate: delegate?.value ?? state.delegate)
  }
}

/// A `StateWrite` with its writers left out, in one byte: one of the 54 ways to leave each field
/// unwritten or write it with one of its values.
///
/// A transition table keeps a kind per transition instead of the 20 states it leads to: 3
/// bytes per push site instead of 60, and the same one look-up in `applied(to:)`.
struct WriteKind: Hashable {
  var raw: UInt8

  /// The state after a write of this kind from `state`, read from `table`: `appliedByKind`,
  /// or a copy of it kept where an inner loop reads it.
  @inline(__always)
  func applied(to state: ValueState, in table: [ValueState] = Self.appliedByKind) -> ValueState {
    table[Int(raw) &* ValueState.count &+ state.index]
  }

  /// The bar's value, for a kind that writes the bar and nothing else (`StateWrite.barOnly`);
  /// nil for any other kind.
  var barOnly: Bool? {
    switch raw {
    case Self.barOnlyShown: false
    case Self.barOnlyHidden: true
    default: nil
    }
  }
  /// `StateWrite.kind`'s codes for a write of the bar alone, shown and hidden.
  private static let barOnlyShown: UInt8 = 1 * 6
  private static let barOnlyHidden: UInt8 = 2 * 6

  /// `appliedByKind[kind * 20 + state]`: the state after a write of that kind. A static is
  /// initialised lazily, and each read checks that it was (`swift_once`): a table read in an
  /// inner loop keeps a copy of its own (`TransitionTable`).
  static let appliedByKind: [ValueState] = {
    typealias Write = StateWrite.Write
    // `GestureDelegate.none` spelt out: a bare `.none` here would be `Optional.none`.
    let delegates: [GestureDelegate?] = [
      nil, GestureDelegate.none, .viewController, .guarded, .block, .system,
    ]
    var table: [ValueState] = []
    table.reserveCapacity(3 * 3 * delegates.count * ValueState.count)
    for gesture in [nil, false, true] as [Bool?] {
      for bar in [nil, false, true] as [Bool?] {
        for delegate in delegates {
          let write = StateWrite(
            gesture: gesture.map { Write(value: $0, writer: ActionID(0)) },
            delegate: delegate.map { Write(value: $0, writer: ActionID(0)) }, barHidden: bar)
          precondition(table.count == Int(write.kind.raw) * ValueState.count)
          for state in ValueState.all { table.append(write.applied(to: state)) }
        }
      }
    }
    return table
  }()
}

/// A field whose writer the rules blame, and which of its values they blame it for.
enum StateField: CaseIterable {
  /// `gestureEnabled`; a write of `false` can leak.
  case gesture
  /// `delegate`; a write of anything but `system` can leak.
  case delegate
  /// One of the bar's appearance slots; every write can leak.
  case standardAppearance
  case compactAppearance
  case scrollEdgeAppearance
  case compactScrollEdgeAppearance

  var index: Int {
    switch self {
    case .gesture: 0
    case .delegate: 1
    case .standardAppearance: 2
    case .compactAppearance: 3
    case .scrollEdgeAppearance: 4
    case .compactScrollEdgeAppearance: 5
    }
  }

  /// `allCases.count`, which builds the array of cases on each call.
  static let count = 6
  /// The fields whose values are in `ValueState` (the others are the appearance slots).
  static let stateCount = 2

  /// The field of `index`, without an array of the cases.
  init(index: Int) {
    switch index {
    case 0: self = .gesture
    case 1: self = .delegate
    case 2: self = .standardAppearance
    case 3: self = .compactAppearance
    case 4: self = .scrollEdgeAppearance
    default: self = .compactScrollEdgeAppearance
    }
  }

  /// The appearance slot this field is, if it is one.
  var appearanceSlot: BarAppearanceSlot? {
    switch self {
    case .gesture, .delegate: nil
    case .standardAppearance: .standard
    case .compactAppearance: .compact
    case .scrollEdgeAppearance: .scrollEdge
    case .compactScrollEdgeAppearance: .compactScrollEdge
    }
  }

  /// Whether `state` holds a value some rule may blame on its writer. The appearances are not
  /// in the state: any of them may be.
  func isBlamable(_ state: ValueState) -> Bool {
    switch self {
    case .gesture: !state.gestureEnabled
    case .delegate: state.delegate != .system
    default: true
    }
  }

  /// What a write does to the field's origin; `appearances` are the appearance slots' writers
  /// of the same transition.
  func effect(of write: StateWrite, appearances: AppearanceWriters = AppearanceWriters())
    -> FieldEffect
  {
    switch self {
    case .gesture:
      guard let gesture = write.gesture else { return .keep }
      return gesture.value ? .kill : .generate(gesture.writer)
    case .delegate:
      guard let delegate = write.delegate else { return .keep }
      return delegate.value == .system ? .kill : .generate(delegate.writer)
    default:
      let writer = appearances[appearanceSlot!]
      return writer < 0 ? .keep : .generate(ActionID(writer))
    }
  }
}

/// The effect of a transition on one field's origin: unchanged, overwritten with a harmless
/// value, or overwritten by a blamable action.
enum FieldEffect: Equatable {
  case keep
  case kill
  case generate(ActionID)
}

/// A `FieldEffect` in four bytes instead of eight, for the transition table's per-site array:
/// -2 keeps, -1 kills, any other value generates with that writer.
struct PackedFieldEffect {
  private var raw: Int32

  init(_ effect: FieldEffect) {
    raw =
      switch effect {
      case .keep: -2
      case .kill: -1
      case .generate(let writer): writer.rawValue
      }
  }

  var effect: FieldEffect {
    switch raw {
    case -2: .keep
    case -1: .kill
    default: .generate(ActionID(raw))
    }
  }
}

/// The actions that last wrote each of the bar's appearance slots in one transition, -1 for a
/// slot not written. Appearances never change what can happen next: only their writers are
/// kept, for `state-leak`'s origin searches, and only in modules whose hooks write them (kept
/// out of `StateWrite`, every transition table's writes stay 16 bytes smaller each).
struct AppearanceWriters: Hashable, Sendable {
  var standard: Int32 = -1
  var compact: Int32 = -1
  var scrollEdge: Int32 = -1
  var compactScrollEdge: Int32 = -1

  subscript(slot: BarAppearanceSlot) -> Int32 {
    get {
      switch slot {
      case .standard: standard
      case .compact: compact
      case .scrollEdge: scrollEdge
      case .compactScrollEdge: compactScrollEdge
      }
    }
    set {
      switch slot {
      case .standard: standard = newValue
      case .compact: compact = newValue
      case .scrollEdge: scrollEdge = newValue
      case .compactScrollEdge: compactScrollEdge = newValue
      }
    }
  }

  /// `self` followed by `later`.
  mutating func then(_ later: AppearanceWriters) {
    for slot in BarAppearanceSlot.allCases where later[slot] >= 0 { self[slot] = later[slot] }
  }

  var isEmpty: Bool { self == AppearanceWriters() }
}
