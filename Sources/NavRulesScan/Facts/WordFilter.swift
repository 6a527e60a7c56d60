/// Which words a file may hold, in about two bytes per distinct word (a Bloom filter of the
/// words `WordOccurrences` finds): a search for a set of names (unreached screens' classes,
/// helpers, injected coordinators) passes over only the files that may hold one of them,
/// instead of every byte of the app at each search. A file it lets through may still hold
/// none; one it keeps out holds none.
struct WordFilter: Sendable, Equatable {
  /// The filter's bits; its count is a power of two (of 64-bit words), at least one.
  private(set) var bits: [UInt64]

  /// The filter of the words with these hashes (`WordOccurrences.hash`), about 16 bits each.
  init(hashes: Set<UInt64>) {
    var count = 1
    while count * 64 < hashes.count * 16 { count *= 2 }
    bits = [UInt64](repeating: 0, count: count)
    for hash in hashes { insert(hash) }
  }

  /// A filter as the cache kept it; nil when its size is not a power of two.
  init?(bits: [UInt64]) {
    guard !bits.isEmpty, bits.count & (bits.count - 1) == 0 else { return nil }
    self.bits = bits
  }

  private mutating func insert(_ hash: UInt64) {
    let (first, second) = probes(hash)
    bits[first >> 6] |= 1 << UInt64(first & 63)
    bits[second >> 6] |= 1 << UInt64(second & 63)
  }

  /// Whether the word with this hash may be in the file.
  func mayContain(_ hash: UInt64) -> Bool {
    let (first, second) = probes(hash)
    return bits[first >> 6] & (1 << UInt64(first & 63)) != 0
      && bits[second >> 6] & (1 << UInt64(second & 63)) != 0
  }

  /// Two bits, from the two halves of the hash.
  private func probes(_ hash: UInt64) -> (Int, Int) {
    let mask = UInt64(bits.count * 64 - 1)
    return (Int(hash & mask), Int((hash >> 32) & mask))
  }
}
