/// The declared names of one kind, each with its index (the id of its declaration), found by
/// the bytes of a name as written in the source.
///
/// Every `push`, `root`, `present` and `titleStyle` looks a name up. Keyed by `String`, each
/// look-up made the name's `String` from the source and hashed it with the standard library's
/// seeded hasher; here the bytes are hashed and compared where they lie, and a name's
/// `String` is made once, when it is declared. Names are identifiers, so ASCII: their bytes
/// are their text.
struct NameTable: Sendable {
  /// The names, by index: the declarations' ids are given in the same order.
  private(set) var names: [String] = []
  /// Every name's bytes, one after another: `bytes[starts[i]..<starts[i + 1]]` is name `i`.
  private var bytes: [UInt8] = []
  private var starts: [Int] = [0]
  /// Open addressing with linear probing, at most half full.
  private var slots: [Slot] = Array(repeating: Slot(), count: 16)

  /// What a look-up compares, in one 16-byte slot: a look-up reads the slot and, only for a
  /// name longer than 8 bytes, the name's bytes. Keeping the index, the hash and the bytes in
  /// three more arrays cost a cache miss in each: with 200,000 screens the table outgrows
  /// the caches, and every `push` paid them.
  fileprivate struct Slot {
    /// The name's index plus one; 0 for an empty slot.
    var entry: UInt32 = 0
    /// The hash's top 24 bits, then the name's length (255 for any longer name).
    var tag: UInt32 = 0
    /// The name's first 8 bytes, little-endian, zero after its end.
    var prefix: UInt64 = 0
  }

  var count: Int { names.count }

  /// Where a look-up ended: the name's index, or the empty slot where it would go, with what
  /// that slot would hold. A declaration looks its name up, then adds it at that slot: with
  /// 200,000 screens the slots outgrow the caches, and hashing and probing again for the add
  /// waited for the same slot twice.
  struct Probe {
    /// The name's index, or nil if it is not in the table.
    var index: Int?
    fileprivate var slot: Int
    fileprivate var stored: Slot
  }

  /// The index of the name whose bytes are `name`.
  func index(of name: UnsafeBufferPointer<UInt8>) -> Int? {
    probe(name).index
  }

  /// Looks `name` up.
  func probe(_ name: UnsafeBufferPointer<UInt8>) -> Probe {
    probe(name, hash: Self.hash(name))
  }

  /// Looks `name` up, its `hash(_:)` worked out already.
  func probe(_ name: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Probe {
    let tag = Self.tag(hash, count: name.count)
    let prefix = Self.prefix(name)
    let mask = slots.count - 1
    var slot = firstSlot(hash)
    return slots.withUnsafeBufferPointer { slots in
      while true {
        let candidate = slots[slot]
        if candidate.entry == 0 {
          return Probe(
            index: nil, slot: slot, stored: Slot(entry: 0, tag: tag, prefix: prefix))
        }
        // The same length and first 8 bytes: the same name, when it has 8 bytes or fewer.
        if candidate.tag == tag, candidate.prefix == prefix {
          let index = Int(candidate.entry) - 1
          if name.count <= 8 || hasBytes(index, name) {
            return Probe(index: index, slot: slot, stored: candidate)
          }
        }
        slot = (slot + 1) & mask
      }
    }
  }

  /// Whether the slots take 1 MB or more, more than a core's own caches hold: a look-up then
  /// mostly waits for its first slot, and `prefetch` pays. (A smaller table's slots stay
  /// cached, and hashing each name twice would only cost.)
  var outgrowsCaches: Bool { slots.count >= 1 << 16 }

  /// Starts bringing into the cache the slot where a look-up of the name written at `range`
  /// in `file` begins, without waiting for it.
  ///
  /// A look-up of a table larger than the caches waited for its first slot, nearly all of its
  /// time. A reader that knows which names it will look up next asks for their slots
  /// first, so the misses overlap.
  func prefetch(_ range: Range<Int>, in file: SourceFile) {
    let hash = file.bytes.withUnsafeBufferPointer {
      Self.hash(UnsafeBufferPointer(rebasing: $0[range]))
    }
    prefetch(hash: hash)
  }

  /// Starts bringing into the cache the slot where a look-up of a name of hash `hash` begins.
  func prefetch(hash: UInt64) {
    slots.prefetch(firstSlot(hash))
  }

  /// The index of the name written at `range` in `file`.
  func index(of range: Range<Int>, in file: SourceFile) -> Int? {
    probe(range, in: file).index
  }

  /// Looks up the name written at `range` in `file`.
  func probe(_ range: Range<Int>, in file: SourceFile) -> Probe {
    file.bytes.withUnsafeBufferPointer { probe(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  /// Adds `name`, written at `range` in `file`, at index `count`; `probe` is the look-up
  /// that did not find it, with nothing added since.
  mutating func append(_ name: String, at range: Range<Int>, in file: SourceFile, probe: Probe) {
    file.bytes.withUnsafeBufferPointer {
      append(name, bytes: UnsafeBufferPointer(rebasing: $0[range]), probe: probe)
    }
  }

  /// `append(_:at:in:probe:)` with the name's bytes read from the `String`: where it was
  /// written may have left the caches long ago (`ScreenHeads`).
  mutating func append(_ name: String, probe: Probe) {
    var utf8 = name
    utf8.withUTF8 { append(name, bytes: $0, probe: probe) }
  }

  /// Adds `name`, whose bytes are `bytes`, at the slot `probe` found empty.
  private mutating func append(
    _ name: String, bytes: UnsafeBufferPointer<UInt8>, probe: Probe
  ) {
    precondition(probe.index == nil, "the name is in the table already")
    guard (names.count + 1) * 2 <= slots.count else {
      append(name, bytes: bytes)
      return
    }
    keep(name, bytes)
    var stored = probe.stored
    stored.entry = UInt32(names.count)
    slots[probe.slot] = stored
  }

  /// The index of `name`.
  func index(of name: String) -> Int? {
    var name = name
    return name.withUTF8 { index(of: $0) }
  }

  /// Adds `name` (its bytes `utf8`, not in the table yet) at index `count`.
  mutating func append(_ name: String, bytes utf8: UnsafeBufferPointer<UInt8>) {
    if (names.count + 1) * 2 > slots.count { rebuild(slotCount: slots.count * 2) }
    keep(name, utf8)
    place(names.count - 1, utf8)
  }

  /// Keeps `name` and its bytes as name `count`, not yet in a slot.
  private mutating func keep(_ name: String, _ utf8: UnsafeBufferPointer<UInt8>) {
    names.append(name)
    bytes.append(contentsOf: utf8)
    starts.append(bytes.count)
  }

  /// Makes room for `count` names, so adding them neither grows the arrays nor places the
  /// names again in a larger table.
  mutating func reserveCapacity(_ count: Int) {
    names.reserveCapacity(count)
    starts.reserveCapacity(count + 1)
    var slotCount = slots.count
    while count * 2 > slotCount { slotCount *= 2 }
    guard slotCount > slots.count else { return }
    rebuild(slotCount: slotCount)
  }

  private func hasBytes(_ index: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.withUnsafeBufferPointer {
      UnsafeBufferPointer(rebasing: $0[starts[index]..<starts[index + 1]]).hasSameBytes(as: name)
    }
  }

  private mutating func place(_ index: Int, _ name: UnsafeBufferPointer<UInt8>) {
    let hash = Self.hash(name)
    let mask = slots.count - 1
    var slot = firstSlot(hash)
    while slots[slot].entry != 0 { slot = (slot + 1) & mask }
    slots[slot] = Slot(
      entry: UInt32(index + 1), tag: Self.tag(hash, count: name.count),
      prefix: Self.prefix(name))
  }

  /// Places every name again in `slotCount` slots (hashing its bytes again: this happens a
  /// few times per table, so no hash is kept per name).
  private mutating func rebuild(slotCount: Int) {
    slots = Array(repeating: Slot(), count: slotCount)
    let all = bytes
    all.withUnsafeBufferPointer { all in
      for index in names.indices {
        place(index, UnsafeBufferPointer(rebasing: all[starts[index]..<starts[index + 1]]))
      }
    }
  }

  /// Where probing for a name of hash `hash` starts.
  private func firstSlot(_ hash: UInt64) -> Int {
    Int(truncatingIfNeeded: hash) & (slots.count - 1)
  }

  private static func tag(_ hash: UInt64, count: Int) -> UInt32 {
    UInt32(truncatingIfNeeded: hash >> 40) << 8 | UInt32(min(count, 255))
  }

  private static func prefix(_ name: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var prefix: UInt64 = 0
    for index in 0..<min(8, name.count) {
      prefix |= UInt64(name[index]) << UInt64(8 * index)
    }
    return prefix
  }

  /// FNV-1a, then a multiply-xorshift so the low bits (the slot) depend on every byte.
  static func hash(_ name: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in name { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    hash ^= hash >> 29
    hash = hash &* 0xbf58_476d_1ce4_e5b9
    return hash ^ (hash >> 32)
  }
}
