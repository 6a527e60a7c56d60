/// Which words a file may hold: the 32-bit hashes of its distinct words (`WordOccurrences`'s
/// words), sorted, about four bytes per distinct word. A search for a set of names (unreached
/// screens' classes, helpers, injected coordinators) passes over only the files that may hold
/// one of them, instead of every byte of the app at each search. A file it lets through may
/// still hold none (two words of one hash); one it keeps out holds none.
struct WordFilter: Sendable, Equatable {
  /// Ascending, each once.
  private(set) var hashes: [UInt32]

  /// The filter of the words with these hashes (`WordOccurrences.hash`).
  init<Hashes: Sequence<UInt64>>(hashes: Hashes) {
    self.hashes = Array(Set(hashes.map(Self.short))).sorted()
  }

  /// A filter as the cache kept it; nil when its hashes are not ascending.
  init?(hashes: [UInt32]) {
    for index in hashes.indices.dropFirst() where hashes[index - 1] >= hashes[index] {
      return nil
    }
    self.hashes = hashes
  }

  /// Whether the word with this hash may be in the file.
  func mayContain(_ hash: UInt64) -> Bool {
    let wanted = Self.short(hash)
    var low = 0
    var high = hashes.count
    while low < high {
      let middle = (low + high) / 2
      if hashes[middle] < wanted { low = middle + 1 } else { high = middle }
    }
    return low < hashes.count && hashes[low] == wanted
  }

  private static func short(_ hash: UInt64) -> UInt32 {
    UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
  }
}
