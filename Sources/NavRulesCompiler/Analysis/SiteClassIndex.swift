/// The classes of the push sites that write more than the bar, found by a hash of a site's
/// writes and compared with each candidate class's representative (`TransitionTable`).
///
/// An open-addressing table of class numbers with a multiplicative hash: the
/// `Dictionary<ClassKey, Int32>` it replaces hashed each key (a target, three writes and a list
/// of actions) with SipHash and grew by rehashing: 31 of the table's 65 M instructions on a
/// 1.7 MB rule set where most screens have hooks. Which class a site gets does not depend on the table: classes
/// are numbered in site order either way.
struct SiteClassIndex {
  /// A class number per slot, or -1 where none.
  private var slots: [Int32]
  private let mask: Int

  /// Room for `capacity` classes, at most half full.
  init(capacity: Int) {
    var size = 16
    while size < capacity * 2 { size *= 2 }
    slots = [Int32](repeating: -1, count: size)
    mask = size - 1
  }

  /// Where probing for a key of hash `hash` starts.
  func firstSlot(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash) & mask }

  /// Where probing goes on when `slot` held another class.
  func nextSlot(after slot: Int) -> Int { (slot + 1) & mask }

  subscript(slot: Int) -> Int32 {
    get { slots[slot] }
    set { slots[slot] = newValue }
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
