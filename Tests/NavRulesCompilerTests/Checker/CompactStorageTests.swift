import NavRulesModel
import Testing

@testable import NavRulesCompiler

/// The checker's compact storage reads back what the plain form it replaces would: each packed
/// value against its unpacked original, each frozen table against the growing one it was made
/// from, and a witness path joined from parts against the path made in one piece.
@Suite struct CompactStorageTests {
  /// Every kind of write: each field unwritten or written with each of its values.
  static func everyWrite() -> [StateWrite] {
    let delegates: [GestureDelegate?] = [
      nil, GestureDelegate.none, .viewController, .guarded, .block, .system,
    ]
    var writes: [StateWrite] = []
    for gesture in [nil, false, true] as [Bool?] {
      for bar in [nil, false, true] as [Bool?] {
        for delegate in delegates {
          writes.append(
            StateWrite(
              gesture: gesture.map { .init(value: $0, writer: ActionID(7)) },
              delegate: delegate.map { .init(value: $0, writer: ActionID(9)) }, barHidden: bar))
        }
      }
    }
    return writes
  }

  @Test func aWriteKindLeadsWhereItsWriteDoes() {
    let writes = Self.everyWrite()
    #expect(Set(writes.map(\.kind)).count == writes.count)
    for write in writes {
      for state in ValueState.all {
        #expect(write.kind.applied(to: state) == write.applied(to: state))
      }
    }
  }

  @Test(arguments: [FieldEffect.keep, .kill, .generate(ActionID(0)), .generate(ActionID(123_456))])
  func aPackedFieldEffectUnpacksToItself(_ effect: FieldEffect) {
    #expect(PackedFieldEffect(effect).effect == effect)
  }

  @Test func aPackedStepUnpacksToItself() {
    let largest = ScreenID((1 << 30) - 1)
    let steps: [Witness.Step] = [
      .launch(ScreenID(0)), .push(ScreenID(5)), .back(to: ScreenID(3)), .swipeCancelled,
      .launch(largest), .push(largest), .back(to: largest),
    ]
    for step in steps {
      #expect(PackedStep(step).step == step)
    }
  }

  /// Paths of every length around `kept`, cut into parts at random (single steps, paths, and
  /// empty paths between them) and joined in order.
  @Test(arguments: 0..<40)
  func aJoinedPathShowsWhatTheWholeOneDoes(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let count = Int(random.next() % 90)
    let steps: [Witness.Step] = (0..<count).map { index in
      switch random.next() % 4 {
      case 0: .launch(ScreenID(index))
      case 1: .push(ScreenID(index))
      case 2: .back(to: ScreenID(index))
      default: .swipeCancelled
      }
    }
    var parts: [WitnessPath.Part] = []
    var start = 0
    while start < steps.count {
      let end = min(steps.count, start + 1 + Int(random.next() % 25))
      parts.append(
        end - start == 1 && random.next() % 2 == 0
          ? .step(PackedStep(steps[start])) : .path(WitnessPath(Array(steps[start..<end]))))
      if random.next() % 4 == 0 { parts.append(.path(.empty)) }
      start = end
    }
    let joined = WitnessPath(joining: parts[...])
    let whole = WitnessPath(steps)
    #expect(joined.count == steps.count)
    #expect(joined.head == Array(steps.prefix(WitnessPath.kept)))
    #expect(joined.tail == Array(steps.suffix(WitnessPath.kept)))
    #expect(whole.head == joined.head)
    #expect(whole.tail == joined.tail)
    #expect(joined.steps == (steps.count <= 2 * WitnessPath.kept ? steps : nil))
  }

  @Test(arguments: 0..<20)
  func stateSlotsReadWhatTheTableHeld(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let keys = 1 + Int(random.next() % 30)
    var table = [Int32](repeating: -1, count: keys * ValueState.count)
    var masks = [UInt32](repeating: 0, count: keys)
    for _ in 0..<Int(random.next() % 200) {
      let key = Int(random.next() % UInt64(keys))
      let state = Int(random.next() % UInt64(ValueState.count))
      table[key * ValueState.count + state] = Int32(random.next() % 1000)
      masks[key] |= 1 << UInt32(state)
    }
    let slots = StateSlots(table: table, masks: masks)
    let derived = StateSlots(table: table)
    for key in 0..<keys {
      let present = ValueState.all.filter { table[key * ValueState.count + $0.index] >= 0 }
      for state in ValueState.all {
        let value = table[key * ValueState.count + state.index]
        #expect(slots.value(key, state) == (value >= 0 ? value : nil))
        #expect(derived.value(key, state) == slots.value(key, state))
      }
      #expect(Array(slots.values(key)) == present.map { table[key * ValueState.count + $0.index] })
    }
  }

  /// Lists of pairs (three to a chunk) and of single numbers (six to a chunk), grown in a
  /// random interleaving, then frozen: each list reads back as it was written.
  @Test(arguments: 0..<20)
  func frozenListsReadWhatTheGrowingOnesHeld(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var pairs = PairLists()
    var numbers = NumberLists()
    let listCount = 1 + Int(random.next() % 50)
    var pairEnds = [PairLists.Ends](repeating: PairLists.Ends(), count: listCount)
    var numberEnds = [NumberLists.Ends](repeating: NumberLists.Ends(), count: listCount)
    var expected = [[Int32]](repeating: [], count: listCount)
    for _ in 0..<Int(random.next() % 400) {
      let list = Int(random.next() % UInt64(listCount))
      let value = Int32(truncatingIfNeeded: random.next())
      pairs.append(value, ~value, to: &pairEnds[list])
      numbers.append(value, to: &numberEnds[list])
      expected[list].append(value)
    }
    let frozenPairs = FrozenLists(firstsOf: pairs, ends: pairEnds)
    let frozenNumbers = FrozenLists(numbers, ends: numberEnds)
    for list in 0..<listCount {
      #expect(Array(frozenPairs[list]) == expected[list])
      #expect(Array(frozenNumbers[list]) == expected[list])
      #expect(pairs.count(from: pairEnds[list].head) == expected[list].count)
      var cursor = pairs.cursor(from: pairEnds[list].head)
      var read: [(Int32, Int32)] = []
      while let pair = pairs.next(&cursor) { read.append(pair) }
      #expect(read.map(\.0) == expected[list])
      #expect(read.map(\.1) == expected[list].map { ~$0 })
      var numberCursor = numbers.cursor(from: numberEnds[list].head)
      var readNumbers: [Int32] = []
      while let number = numbers.next(&numberCursor) { readNumbers.append(number) }
      #expect(readNumbers == expected[list])
    }
  }
}
