import NavRulesModel
import NavRulesTestSupport
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

  @Test func aWriteKindWritesTheBarAloneWhereItsWriteDoes() {
    let writes = Self.everyWrite()
    #expect(writes.contains { $0.barOnly != nil })
    for write in writes {
      #expect(write.kind.barOnly == write.barOnly)
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

  /// A growing buffer, appended to past several doublings and written in place, reads back
  /// what an array given the same operations holds.
  @Test(arguments: [1, 3, 16, 1000])
  func aGrowingBufferHoldsWhatAnArrayWould(capacity: Int) {
    var buffer = GrowingBuffer<Int32>(capacity: capacity)
    var array: [Int32] = []
    let startsEmpty = buffer.isEmpty
    #expect(startsEmpty)
    for value in 0..<Int32(300) {
      buffer.append(value &* 7)
      array.append(value &* 7)
      if value % 5 == 0 {
        let index = Int(value) / 2
        buffer[index] += 1
        array[index] += 1
      }
    }
    // Read into values first: `#expect` copies what it is given.
    let count = buffer.count
    let elements = buffer.array()
    let doubled = buffer.map { Int($0) * 2 }
    let read = (0..<count).map { buffer[$0] }
    #expect(count == array.count)
    #expect(elements == array)
    #expect(doubled == array.map { Int($0) * 2 })
    #expect(read == array)
    let repeated = GrowingBuffer<UInt64>(repeating: 9, count: 40).array()
    #expect(repeated == [UInt64](repeating: 9, count: 40))
    let empty = GrowingBuffer<UInt8>().array()
    #expect(empty.isEmpty)
  }

  /// Room reserved in the middle of appending keeps the elements so far, and the elements
  /// appended after; room smaller than the buffer's changes nothing.
  @Test(arguments: [0, 5, 100, 10_000])
  func reservingRoomKeepsTheElements(room: Int) {
    var buffer = GrowingBuffer<Int32>(capacity: 4)
    for value in 0..<Int32(37) { buffer.append(value) }
    buffer.reserveCapacity(room)
    for value in 37..<Int32(300) { buffer.append(value) }
    let elements = buffer.array()
    #expect(elements == Array(0..<Int32(300)))
  }

  /// More keys with blocks than one batch of blocks holds (64): each batch added keeps the
  /// values of the blocks before it.
  @Test func blocksAddedInBatchesKeepEveryValue() {
    var growing = GrowingStateSlots<Int32>()
    let keys = 200
    for key in 0..<keys {
      growing.appendKey()
      for state in [3, 0, 19] {
        growing.insert(Int32(key * 100 + state), at: key, ValueState(raw: UInt8(state)))
      }
    }
    for key in 0..<keys {
      #expect(growing.states(key) == 1 << 0 | 1 << 3 | 1 << 19)
      var walked: [Int32] = []
      growing.forEachValue(key) { walked.append($0) }
      #expect(walked == [0, 3, 19].map { Int32(key * 100 + $0) })
      #expect(growing.value(key, ValueState(raw: 1)) == nil)
    }
  }

  /// Values put at random keys and states, most keys with none or one (inline), some with
  /// many (a block of their own): the growing table, and the `StateSlots` laid out from it,
  /// read back what a plain table of 20 slots per key holds.
  @Test(arguments: 0..<20)
  func stateSlotsReadWhatTheTableHeld(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var growing = GrowingStateSlots<Int32>(keyCount: 1 + Int(random.next() % 30))
    for _ in 0..<Int(random.next() % 20) { growing.appendKey() }
    let keys = growing.keyCount
    var table = [Int32](repeating: -1, count: keys * ValueState.count)
    for _ in 0..<Int(random.next() % 200) {
      // Half of the values go to the first three keys, which then get blocks.
      let key = Int(random.next() % UInt64(random.next() % 2 == 0 ? min(3, keys) : keys))
      let state = ValueState(raw: UInt8(random.next() % UInt64(ValueState.count)))
      guard table[key * ValueState.count + state.index] < 0 else { continue }
      let value = Int32(random.next() % 1000)
      table[key * ValueState.count + state.index] = value
      growing.insert(value, at: key, state)
    }
    let slots = StateSlots(growing)
    for key in 0..<keys {
      let present = ValueState.all.filter { table[key * ValueState.count + $0.index] >= 0 }
      var mask: UInt32 = 0
      for state in present { mask |= 1 << UInt32(state.raw) }
      #expect(growing.states(key) == mask)
      #expect(slots.states(key) == mask)
      for state in ValueState.all {
        let value = table[key * ValueState.count + state.index]
        let expected: Int32? = value >= 0 ? value : nil
        #expect(growing.value(key, state) == expected)
        #expect(slots.value(key, state) == expected)
      }
      let inOrder = present.map { table[key * ValueState.count + $0.index] }
      var walked: [Int32] = []
      growing.forEachValue(key) { walked.append($0) }
      #expect(walked == inOrder)
      #expect(Array(slots.values(key)) == inOrder)
      #expect(slots.slots(key).map { slots.value(atSlot: $0) } == inOrder)
    }
  }

  /// Lists of pairs (three to a chunk) and of single numbers (six to a chunk), grown in a
  /// random interleaving, then frozen: each list reads back as it was written, and counts its
  /// entries, from its ends alone when it has one chunk.
  @Test(arguments: 0..<20)
  func frozenListsReadWhatTheGrowingOnesHeld(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var pairs = PairLists<Int32, Int32>()
    var numbers = NumberLists<Int32>()
    let listCount = 1 + Int(random.next() % 50)
    var pairEnds = [ChunkedLists.Ends](repeating: ChunkedLists.Ends(), count: listCount)
    var numberEnds = [ChunkedLists.Ends](repeating: ChunkedLists.Ends(), count: listCount)
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
      #expect(pairs.chunks.count(of: pairEnds[list]) == expected[list].count)
      #expect(numbers.chunks.count(of: numberEnds[list]) == expected[list].count)
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
