/// Many lists of numbers laid out one after another, with where each starts: what the
/// exploration's growing `PairLists` and `NumberLists` become once nothing is added to them.
///
/// A growing list takes a 32-byte chunk however short it is, and most lists of a large
/// module hold one or two entries; laid out end to end they take four bytes an entry and four
/// a list, which is what an exploration keeps for the rules and the origin searches.
struct FrozenLists<Element: PackedNumber>: Sendable {
  /// List `i` is `items[starts[i]..<starts[i + 1]]`.
  private let starts: [Int32]
  private let items: [Element]

  /// The first number of each entry of the lists whose ends are `ends` (the pairs' first
  /// numbers of a `PairLists`, the numbers of a `NumberLists`), list by list, each in
  /// insertion order.
  private init(firstsOf lists: borrowing ChunkedLists, width: Int, ends: [ChunkedLists.Ends]) {
    var starts: [Int32] = []
    starts.reserveCapacity(ends.count + 1)
    var items: [Element] = []
    // Counted first, so that `items` is exactly as large as it needs to be (it would grow by
    // doubling): from the ends alone for lists of one chunk, where walking each list's
    // chunks read every list twice.
    items.reserveCapacity(ends.reduce(0) { $0 + lists.count(of: $1) })
    for (index, end) in ends.enumerated() {
      // The lists' chunks lie in the order they were made, not list by list: each list's
      // first chunk is a read at random, asked for ahead.
      if index + Self.prefetchDistance < ends.count {
        lists.prefetch(from: ends[index + Self.prefetchDistance].head)
      }
      starts.append(Int32(items.count))
      var cursor = lists.cursor(from: end.head)
      while let offset = lists.nextEntry(width: width, &cursor) {
        items.append(Element(raw: lists[offset]))
      }
    }
    starts.append(Int32(items.count))
    self.starts = starts
    self.items = items
  }

  /// How many lists ahead of the one laid out the first chunk is asked for.
  private static var prefetchDistance: Int { 8 }

  init<Second>(firstsOf lists: borrowing PairLists<Element, Second>, ends: [ChunkedLists.Ends]) {
    self.init(firstsOf: lists.chunks, width: 2, ends: ends)
  }

  init(_ lists: borrowing NumberLists<Element>, ends: [ChunkedLists.Ends]) {
    self.init(firstsOf: lists.chunks, width: 1, ends: ends)
  }

  @inline(__always)
  subscript(list: Int) -> ArraySlice<Element> {
    items[Int(starts[list])..<Int(starts[list + 1])]
  }
}

/// For each of many keys, the values a few of its 20 states have, stored without room for
/// the other states: a bit set of the states present and the values in state order.
///
/// The exploration's tables by frame and state, and by site class and entry state, have one
/// or two values per key and grow while it runs (`GrowingStateSlots`); this keeps 8 bytes a
/// key and 4 a value, with no room to grow.
struct StateSlots<Value: PackedNumber>: Sendable {
  /// A key's states as a bit set and where its values start, in one record: the searches look
  /// keys up at random, and in two arrays each look-up was two cache misses on large modules.
  private struct Key {
    var mask: UInt32
    var start: Int32
  }

  private let keys: [Key]
  /// Key `k`'s values are `values[keys[k].start...]`, one per bit of its mask.
  private let values: [Value]

  /// Keeps every value of `table`, the fixpoint's form of the same slots.
  init(_ table: borrowing GrowingStateSlots<Value>) {
    var keys: [Key] = []
    keys.reserveCapacity(table.keyCount)
    var valueCount = 0
    for key in 0..<table.keyCount {
      let mask = table.states(key)
      keys.append(Key(mask: mask, start: Int32(valueCount)))
      valueCount += mask.nonzeroBitCount
    }
    var values: [Value] = []
    values.reserveCapacity(valueCount)
    for key in 0..<table.keyCount {
      // A key with several values has them in a block made when it got its second, read at
      // random: asked for ahead.
      if key + Self.prefetchDistance < table.keyCount {
        table.prefetchValues(key + Self.prefetchDistance)
      }
      table.forEachValue(key) { values.append($0) }
    }
    self.keys = keys
    self.values = values
  }

  /// How many keys ahead of the one laid out a block of values is asked for.
  private static var prefetchDistance: Int { 8 }

  /// The value of `key` at `state`, if it has one.
  @inline(__always)
  func value(_ key: Int, _ state: ValueState) -> Value? {
    let entry = keys[key]
    let bit = UInt32(1) << UInt32(state.raw)
    guard entry.mask & bit != 0 else { return nil }
    return values[Int(entry.start) + (entry.mask & (bit &- 1)).nonzeroBitCount]
  }

  /// The values of `key`, in state order.
  @inline(__always)
  func values(_ key: Int) -> ArraySlice<Value> {
    values[slots(key)]
  }

  /// The states `key` has values for, as a bit set.
  @inline(__always)
  func states(_ key: Int) -> UInt32 { keys[key].mask }

  /// Where `key`'s values are, for `value(atSlot:)`, in state order: a range rather than a
  /// slice, which the hot loops would retain and release around each walk.
  @inline(__always)
  func slots(_ key: Int) -> Range<Int> {
    let entry = keys[key]
    let start = Int(entry.start)
    return start..<start + entry.mask.nonzeroBitCount
  }

  @inline(__always)
  func value(atSlot slot: Int) -> Value { values[slot] }
}
