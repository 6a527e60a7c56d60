/// The classes of the push sites that write more than the bar, found by a hash of a site's
/// writes and compared with each candidate class's representative (`TransitionTable`).
///
/// An open-addressing table of class numbers with a multiplicative hash: the
/// `Dictionary<ClassKey, Int32>` it replaces hashed each key (a target, three writes and a list
/// of actions) with SipHash and grew by rehashing, most of the table's cost on a rule set where
/// most screens have hooks. Which class a site gets does not depend on the table: classes
/// are numbered in site order either way.
///
/// Each slot keeps the high half of its class's hash beside the class number: a probe that
/// meets another class is then told apart by the slot alone, without two more loads at random
/// (the class's representative, then that site's target) in arrays of a site per element.
struct SiteClassIndex {
  /// A class number in the low half of each slot and the high half of its hash in the high
  /// half, or `empty`.
  private var slots: [UInt64]
  private let mask: Int
  private static let empty = UInt64.max

  /// Room for `capacity` classes, at most half full.
  init(capacity: Int) {
    var size = 16
    while size < capacity * 2 { size *= 2 }
    slots = [UInt64](repeating: Self.empty, count: size)
    mask = size - 1
  }

  /// Where probing for a key of hash `hash` starts.
  func firstSlot(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash) & mask }

  /// Where probing goes on when `slot` held another class.
  func nextSlot(after slot: Int) -> Int { (slot + 1) & mask }

  /// Starts bringing `slot` into the cache (`Array.prefetch`).
  func prefetch(_ slot: Int) { slots.prefetch(slot) }

  /// What probing for a key of hash `hash` finds in `slot`.
  enum Probe {
    /// No class: the key's class is new and goes here.
    case empty
    /// A class whose hash differs: not the key's.
    case other
    /// A class with the same high half of the hash, which may be the key's.
    case candidate(Int32)
  }

  func probe(_ slot: Int, hash: UInt64) -> Probe {
    let value = slots[slot]
    if value == Self.empty { return .empty }
    guard value >> 32 == hash >> 32 else { return .other }
    return .candidate(Int32(truncatingIfNeeded: value))
  }

  /// Puts class `id`, of hash `hash`, in the empty `slot`.
  mutating func insert(_ id: Int32, at slot: Int, hash: UInt64) {
    slots[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(UInt32(bitPattern: id))
  }

  /// A hash of a few small integers: each is mixed in with a multiply, and the result's high
  /// bits, which the multiplies spread best, are folded into the low ones that pick a slot.
  struct Hash {
    private var state: UInt64

    init(_ seed: Int) {
      state = UInt64(bitPattern: Int64(seed)) &* 0x9E37_79B9_7F4A_7C15
    }

    mutating func combine(_ value: Int) {
      state = (state ^ UInt64(bitPattern: Int64(value))) &* 0xBF58_476D_1CE4_E5B9
      state ^= state >> 31
    }

    var value: UInt64 { state ^ state >> 29 }
  }
}
