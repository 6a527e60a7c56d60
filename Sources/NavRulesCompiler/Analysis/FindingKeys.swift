/// The (id, location) pairs of the findings a `FindingSet` kept, and of the diagnostics a
/// `DiagnosticsEngine` kept.
///
/// Open addressing with a multiplicative hash of the range's bytes, where `Set` hashed each
/// key with SipHash and rehashed every key as it grew.
/// The id is not hashed, as before: one range seldom has two findings, and `==` still compares
/// both, the file by identity as `SourceRange` does.
struct FindingKeys: Sendable {
  private var keys: [(id: DiagnosticID, range: SourceRange)] = []
  /// Indices into `keys`, or -1 for a free slot; at most half full.
  private var slots = [Int32](repeating: -1, count: 16)
  private var shift: UInt64 = 64 - 4

  var count: Int { keys.count }

  func contains(_ id: DiagnosticID, at range: SourceRange) -> Bool {
    find(id, at: range).isKnown
  }

  /// Adds the pair unless it is known; returns whether it was new.
  mutating func insert(_ id: DiagnosticID, at range: SourceRange) -> Bool {
    let (slot, isKnown) = find(id, at: range)
    guard !isKnown else { return false }
    slots[slot] = Int32(keys.count)
    keys.append((id, range))
    if keys.count * 2 > slots.count { grow() }
    return true
  }

  /// The slot that holds the pair, or the free slot where it would go.
  private func find(_ id: DiagnosticID, at range: SourceRange) -> (slot: Int, isKnown: Bool) {
    var slot = home(range)
    while slots[slot] >= 0 {
      let key = keys[Int(slots[slot])]
      if key.id == id, key.range == range { return (slot, true) }
      slot = (slot + 1) & (slots.count - 1)
    }
    return (slot, false)
  }

  private func home(_ range: SourceRange) -> Int {
    let bytes = range.bytes
    let key =
      UInt64(truncatingIfNeeded: bytes.lowerBound) << 32
      ^ UInt64(truncatingIfNeeded: bytes.upperBound)
    return Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  /// Room for `count` pairs, added without growing.
  mutating func reserveCapacity(_ count: Int) {
    keys.reserveCapacity(count)
    var slotCount = slots.count
    while count * 2 > slotCount { slotCount *= 2 }
    if slotCount > slots.count { place(inSlots: slotCount) }
  }

  /// Twice the slots, every key placed again.
  private mutating func grow() {
    place(inSlots: slots.count * 2)
  }

  /// Every key placed again in `slotCount` slots (a power of two).
  private mutating func place(inSlots slotCount: Int) {
    slots = [Int32](repeating: -1, count: slotCount)
    shift = UInt64(64 - slotCount.trailingZeroBitCount)
    for index in keys.indices {
      var slot = home(keys[index].range)
      while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
      slots[slot] = Int32(index)
    }
  }
}
