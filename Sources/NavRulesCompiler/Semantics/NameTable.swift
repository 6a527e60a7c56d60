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
  private var hashes: [UInt64] = []
  /// Open addressing with linear probing: a name's index plus one, or 0 for an empty slot;
  /// at most half full.
  private var slots: [Int32] = Array(repeating: 0, count: 16)

  var count: Int { names.count }

  /// The index of the name whose bytes are `name`.
  func index(of name: UnsafeBufferPointer<UInt8>) -> Int? {
    let hash = Self.hash(name)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    return bytes.withUnsafeBufferPointer { bytes in
      while true {
        let entry = Int(slots[slot])
        if entry == 0 { return nil }
        let index = entry - 1
        if hashes[index] == hash,
          UnsafeBufferPointer(rebasing: bytes[starts[index]..<starts[index + 1]]).hasSameBytes(
            as: name)
        {
          return index
        }
        slot = (slot + 1) & mask
      }
    }
  }

  /// The index of the name written at `range` in `file`.
  func index(of range: Range<Int>, in file: SourceFile) -> Int? {
    file.bytes.withUnsafeBufferPointer { index(of: UnsafeBufferPointer(rebasing: $0[range])) }
  }

  /// Adds `name`, written at `range` in `file` (not in the table yet), at index `count`.
  mutating func append(_ name: String, at range: Range<Int>, in file: SourceFile) {
    file.bytes.withUnsafeBufferPointer {
      append(name, bytes: UnsafeBufferPointer(rebasing: $0[range]))
    }
  }

  /// The index of `name`.
  func index(of name: String) -> Int? {
    var name = name
    return name.withUTF8 { index(of: $0) }
  }

  /// Adds `name` (its bytes `utf8`, not in the table yet) at index `count`.
  mutating func append(_ name: String, bytes utf8: UnsafeBufferPointer<UInt8>) {
    if (names.count + 1) * 2 > slots.count { grow() }
    let hash = Self.hash(utf8)
    names.append(name)
    bytes.append(contentsOf: utf8)
    starts.append(bytes.count)
    hashes.append(hash)
    place(names.count - 1, hash: hash)
  }

  /// Makes room for `count` names, so adding them neither grows the arrays nor places the
  /// names again in a larger table.
  mutating func reserveCapacity(_ count: Int) {
    names.reserveCapacity(count)
    starts.reserveCapacity(count + 1)
    hashes.reserveCapacity(count)
    var slotCount = slots.count
    while count * 2 > slotCount { slotCount *= 2 }
    guard slotCount > slots.count else { return }
    slots = Array(repeating: 0, count: slotCount)
    for index in hashes.indices { place(index, hash: hashes[index]) }
  }

  private mutating func place(_ index: Int, hash: UInt64) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 { slot = (slot + 1) & mask }
    slots[slot] = Int32(index + 1)
  }

  private mutating func grow() {
    slots = Array(repeating: 0, count: slots.count * 2)
    for index in hashes.indices { place(index, hash: hashes[index]) }
  }

  /// FNV-1a, then a multiply-xorshift so the low bits (the slot) depend on every byte.
  private static func hash(_ name: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in name { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    hash ^= hash >> 29
    hash = hash &* 0xbf58_476d_1ce4_e5b9
    return hash ^ (hash >> 32)
  }
}
