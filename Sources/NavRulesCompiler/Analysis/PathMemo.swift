/// The witness paths of replayed segments, by segment (`Segment.memoKey`), for a
/// `WitnessBuilder`.
///
/// An open-addressing table with a multiplicative hash, where the `Dictionary<Segment,
/// WitnessPath>` it replaces hashed every key with SipHash (two or three look-ups per segment
/// replayed). Entries carry the number of the generation that made them, so `removeAll`
/// (between origin searches) forgets every path at once, however large the table grew, and
/// the slots of older generations count as free.
struct PathMemo {
  /// Open addressing, at most half full. A slot holds the key, its generation and the index
  /// into `paths` together: in three arrays, a probe cost a cache miss in each once the
  /// table outgrew the cache.
  private var slots: [Slot]
  private var paths: [WitnessPath] = []
  private var generation: UInt32 = 1
  private var shift: UInt64

  private struct Slot {
    var key: UInt64 = 0
    /// The generation that filled the slot; an older one counts as free.
    var generation: UInt32 = 0
    var index: Int32 = 0
  }

  init() {
    let size = 64
    slots = [Slot](repeating: Slot(), count: size)
    shift = UInt64(64 - size.trailingZeroBitCount)
  }

  /// Forgets every path.
  mutating func removeAll() {
    generation &+= 1
    if generation == 0 {
      // After 2^32 generations, slots of generation 0 would count as current.
      slots = [Slot](repeating: Slot(), count: slots.count)
      generation = 1
    }
    paths.removeAll(keepingCapacity: true)
  }

  subscript(key: UInt64) -> WitnessPath? {
    var slot = home(key)
    while slots[slot].generation == generation {
      if slots[slot].key == key { return paths[Int(slots[slot].index)] }
      slot = (slot + 1) & (slots.count - 1)
    }
    return nil
  }

  /// Remembers `path` for `key`, which must not be known.
  mutating func insert(_ path: WitnessPath, for key: UInt64) {
    if (paths.count + 1) * 2 > slots.count { grow() }
    place(key, index: Int32(paths.count))
    paths.append(path)
  }

  private func home(_ key: UInt64) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  private mutating func place(_ key: UInt64, index: Int32) {
    var slot = home(key)
    while slots[slot].generation == generation { slot = (slot + 1) & (slots.count - 1) }
    slots[slot] = Slot(key: key, generation: generation, index: index)
  }

  /// Twice the slots, with the current generation's entries placed again.
  private mutating func grow() {
    let old = slots
    slots = [Slot](repeating: Slot(), count: old.count * 2)
    shift -= 1
    for slot in old where slot.generation == generation {
      place(slot.key, index: slot.index)
    }
  }
}
