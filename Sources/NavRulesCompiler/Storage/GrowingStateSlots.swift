/// For each of many keys, the values some of its 20 states have, while the exploration is
/// still finding them: a frame's path edges by state, a site class's frames by entry state.
///
/// Most keys of a large module get one value (a frame has one path edge), so a 20-slot row per key was 80 bytes for 4 useful, zeroed in fresh pages and read at
/// random: the only value is kept inline instead, and a key moves to a 20-slot block of its
/// own when it gets a second. `StateSlots(_:)` lays the table out for good.
///
/// Noncopyable, so its slots are a `GrowingBuffer`: it is written for each path edge.
struct GrowingStateSlots<Value: PackedNumber>: ~Copyable {
  /// Per key, in one 8-byte slot read with one load: the states that have a value as a bit
  /// set (low half), and with one state set its value, with more the block of `blocks` that
  /// holds them (high half). In two arrays, reading a key's only value cost two misses.
  private var slots = GrowingBuffer<UInt64>()
  /// `blocks[block * 20 + state]`: the value at that state, or -1; room for the next
  /// blocks follows.
  private var blocks: [Int32] = []
  /// How many blocks are in use.
  private var blockCount = 0

  /// No keys yet (`appendKey` adds them).
  init() {}

  /// `count` keys with no values.
  init(keyCount count: Int) {
    slots = GrowingBuffer(repeating: 0, count: count)
  }

  var keyCount: Int { slots.count }

  /// Room for `count` keys in all, so adding them never grows the table.
  mutating func reserveKeys(_ count: Int) {
    slots.reserveCapacity(count)
  }

  /// A new key, with no values.
  @inline(__always)
  mutating func appendKey() {
    slots.append(0)
  }

  /// The states `key` has values for, as a bit set.
  @inline(__always)
  func states(_ key: Int) -> UInt32 { UInt32(truncatingIfNeeded: slots[key]) }

  /// Starts bringing `key`'s slot into the cache (`Array.prefetch`).
  @inline(__always)
  func prefetch(_ key: Int) { slots.prefetch(key) }

  /// The value of `key` at `state`, if it has one.
  @inline(__always)
  func value(_ key: Int, _ state: ValueState) -> Value? {
    let slot = slots[key]
    let mask = UInt32(truncatingIfNeeded: slot)
    guard mask & (UInt32(1) << UInt32(state.raw)) != 0 else { return nil }
    return Value(raw: Self.value(in: slot, mask: mask, state, blocks))
  }

  /// The value of `key` at `state`, which has one; `mask` is `states(key)`.
  @inline(__always)
  func present(_ key: Int, _ state: ValueState, mask: UInt32) -> Value {
    Value(raw: Self.value(in: slots[key], mask: mask, state, blocks))
  }

  @inline(__always)
  private static func value(in slot: UInt64, mask: UInt32, _ state: ValueState, _ blocks: [Int32])
    -> Int32
  {
    let stored = Int32(truncatingIfNeeded: slot >> 32)
    return mask & (mask &- 1) == 0 ? stored : blocks[Int(stored) &* ValueState.count &+ state.index]
  }

  @inline(__always)
  private static func slot(mask: UInt32, stored: Int32) -> UInt64 {
    UInt64(UInt32(bitPattern: stored)) << 32 | UInt64(mask)
  }

  /// Gives `key` the value `value` at `state`, which has none yet.
  @inline(__always)
  mutating func insert(_ value: Value, at key: Int, _ state: ValueState) {
    let value = value.raw
    let slot = slots[key]
    let mask = UInt32(truncatingIfNeeded: slot)
    let bit = UInt32(1) << UInt32(state.raw)
    assert(mask & bit == 0 && value >= 0)
    if mask == 0 {
      slots[key] = Self.slot(mask: bit, stored: value)
    } else if mask & (mask &- 1) == 0 {
      moveToBlock(
        key, first: Int32(truncatingIfNeeded: slot >> 32), at: mask.trailingZeroBitCount,
        then: value, state)
    } else {
      slots[key] = slot | UInt64(bit)
      blocks[Int(Int32(truncatingIfNeeded: slot >> 32)) &* ValueState.count &+ state.index] = value
    }
  }

  /// `key` gets its second value: a block of its own for both.
  @inline(never)
  private mutating func moveToBlock(
    _ key: Int, first: Int32, at firstState: Int, then value: Int32, _ state: ValueState
  ) {
    let block = blockCount
    blockCount += 1
    if blockCount * ValueState.count > blocks.count { blocks.append(contentsOf: emptyStateBlocks) }
    blocks[block * ValueState.count + firstState] = first
    blocks[block * ValueState.count + state.index] = value
    let mask = UInt32(1) << UInt32(firstState) | UInt32(1) << UInt32(state.raw)
    slots[key] = Self.slot(mask: mask, stored: Int32(block))
  }

  /// Starts bringing `key`'s values into the cache, when they are in a block of its own.
  @inline(__always)
  func prefetchValues(_ key: Int) {
    let slot = slots[key]
    let mask = UInt32(truncatingIfNeeded: slot)
    if mask & (mask &- 1) != 0 {
      blocks.prefetch(Int(Int32(truncatingIfNeeded: slot >> 32)) &* ValueState.count)
    }
  }

  /// The values of `key`, in state order, to `body`.
  @inline(__always)
  func forEachValue(_ key: Int, _ body: (Value) -> Void) {
    let slot = slots[key]
    let mask = UInt32(truncatingIfNeeded: slot)
    let stored = Int32(truncatingIfNeeded: slot >> 32)
    if mask & (mask &- 1) == 0 {
      if mask != 0 { body(Value(raw: stored)) }
      return
    }
    let base = Int(stored) * ValueState.count
    var remaining = mask
    while remaining != 0 {
      body(Value(raw: blocks[base + remaining.trailingZeroBitCount]))
      remaining &= remaining - 1
    }
  }
}

/// Room for 64 blocks of `GrowingStateSlots`, added at once: a block appended on its own cost
/// more than the rest of moving a key to it. Appended from an array, a copy of contiguous
/// memory (`repeatElement` is appended one element at a time). A global: a generic type has no
/// stored static properties.
private let emptyStateBlocks = [Int32](repeating: -1, count: 64 * ValueState.count)
