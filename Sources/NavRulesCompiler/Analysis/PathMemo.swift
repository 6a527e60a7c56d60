/// The witness paths of replayed segments, by segment (`Segment.memoKey`), for a
/// `WitnessBuilder`.
///
/// An open-addressing table with a multiplicative hash, where the `Dictionary<Segment,
/// WitnessPath>` it replaces hashed every key with SipHash (about 300 instructions a look-up,
/// two or three look-ups per segment replayed). Entries carry the number of the generation that made them, so `removeAll`
/// (between origin searches) forgets every path at once, however large the table grew, and
/// the slots of older generations count as free.
struct PathMemo {
  private var keys: [UInt64]
  private var generations: [UInt32]
  /// An index into `paths` per slot.
  private var indices: [Int32]
  private var paths: [WitnessPath] = []
  private var generation: UInt32 = 1
  private var shift: UInt64

  init() {
    let size = 64
    keys = [UInt64](repeating: 0, count: size)
    generations = [UInt32](repeating: 0, count: size)
    indices = [Int32](repeating: 0, count: size)
    shift = UInt64(64 - size.trailingZeroBitCount)
  }

  /// Forgets every path.
  mutating func removeAll() {
    generation &+= 1
    if generation == 0 {
      // After 2^32 generations, slots of generation 0 would count as current.
      generations = [UInt32](repeating: 0, count: generations.count)
      generation = 1
    }
    paths.removeAll(keepingCapacity: true)
  }

  subscript(key: UInt64) -> WitnessPath? {
    var slot = home(key)
    while generations[slot] == generation {
      if keys[slot] == key { return paths[Int(indices[slot])] }
      slot = (slot + 1) & (keys.count - 1)
    }
    return nil
  }

  /// Remembers `path` for `key`, which must not be known.
  mutating func insert(_ path: WitnessPath, for key: UInt64) {
    if (paths.count + 1) * 2 > keys.count { grow() }
    place(key, index: Int32(paths.count))
    paths.append(path)
  }

  private func home(_ key: UInt64) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  private mutating func place(_ key: UInt64, index: Int32) {
    var slot = home(key)
    while generations[slot] == generation { slot = (slot + 1) & (keys.count - 1) }
    keys[slot] = key
    generations[slot] = generation
    indices[slot] = index
  }

  /// Twice the slots, with the current generation's entries placed again.
  private mutating func grow() {
    let oldKeys = keys
    let oldGenerations = generations
    let oldIndices = indices
    let size = keys.count * 2
    keys = [UInt64](repeating: 0, count: size)
    generations = [UInt32](repeating: 0, count: size)
    indices = [Int32](repeating: 0, count: size)
    shift -= 1
    for slot in oldKeys.indices where oldGenerations[slot] == generation {
      place(oldKeys[slot], index: oldIndices[slot])
    }
  }
}
