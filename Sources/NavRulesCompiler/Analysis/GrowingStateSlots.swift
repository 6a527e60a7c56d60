/// For each of many keys, the values some of its 20 states have, while the exploration is
/// still finding them: a frame's path edges by state, a site class's frames by entry state.
///
/// Most keys of a large module get one value (on 8.6 MB of rules a frame has one path edge),
/// so a 20-slot row per key was 80 bytes for 4 useful, zeroed in fresh pages and read at
/// random: the only value is kept inline instead, and a key moves to a 20-slot block of its
/// own when it gets a second. `StateSlots(_:)` lays the table out for good.
struct GrowingStateSlots {
  /// The states that have a value, as a bit set.
  private(set) var masks: [UInt32] = []
  /// With one state set: its value. With more: the block of `blocks` that holds them.
  private var inline: [Int32] = []
  /// `blocks[block * 20 + state]`: the value at that state, or -1.
  private var blocks: [Int32] = []

  /// No keys yet (`appendKey` adds them).
  init() {}

  /// `count` keys with no values.
  init(keyCount count: Int) {
    masks = [UInt32](repeating: 0, count: count)
    inline = [Int32](repeating: -1, count: count)
  }

  var keyCount: Int { masks.count }

  /// A new key, with no values.
  @inline(__always)
  mutating func appendKey() {
    masks.append(0)
    inline.append(-1)
  }

  /// The states `key` has values for, as a bit set.
  @inline(__always)
  func states(_ key: Int) -> UInt32 { masks[key] }

  /// The value of `key` at `state`, or -1 if it has none.
  @inline(__always)
  func value(_ key: Int, _ state: ValueState) -> Int32 {
    let mask = masks[key]
    guard mask & (UInt32(1) << UInt32(state.raw)) != 0 else { return -1 }
    return present(key, state, mask: mask)
  }

  /// The value of `key` at `state`, which has one; `mask` is `states(key)`.
  @inline(__always)
  func present(_ key: Int, _ state: ValueState, mask: UInt32) -> Int32 {
    let stored = inline[key]
    return mask & (mask &- 1) == 0 ? stored : blocks[Int(stored) &* ValueState.count &+ state.index]
  }

  /// Gives `key` the value `value` at `state`, which has none yet.
  @inline(__always)
  mutating func insert(_ value: Int32, at key: Int, _ state: ValueState) {
    let mask = masks[key]
    let bit = UInt32(1) << UInt32(state.raw)
    assert(mask & bit == 0 && value >= 0)
    masks[key] = mask | bit
    if mask == 0 {
      inline[key] = value
    } else if mask & (mask &- 1) == 0 {
      moveToBlock(key, first: inline[key], at: mask.trailingZeroBitCount, then: value, state)
    } else {
      blocks[Int(inline[key]) &* ValueState.count &+ state.index] = value
    }
  }

  /// `key` gets its second value: a block of its own for both.
  @inline(never)
  private mutating func moveToBlock(
    _ key: Int, first: Int32, at firstState: Int, then value: Int32, _ state: ValueState
  ) {
    let block = blocks.count / ValueState.count
    blocks.append(contentsOf: Self.emptyBlock)
    blocks[block * ValueState.count + firstState] = first
    blocks[block * ValueState.count + state.index] = value
    inline[key] = Int32(block)
  }

  /// Appended from an array, a copy of contiguous memory (`repeatElement` is appended one
  /// element at a time).
  private static let emptyBlock = [Int32](repeating: -1, count: ValueState.count)

  /// The values of `key`, in state order, to `body`.
  @inline(__always)
  func forEachValue(_ key: Int, _ body: (Int32) -> Void) {
    let mask = masks[key]
    if mask & (mask &- 1) == 0 {
      if mask != 0 { body(inline[key]) }
      return
    }
    let base = Int(inline[key]) * ValueState.count
    var remaining = mask
    while remaining != 0 {
      body(blocks[base + remaining.trailingZeroBitCount])
      remaining &= remaining - 1
    }
  }
}
