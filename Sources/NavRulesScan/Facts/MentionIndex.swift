import NavRulesCompiler

/// Where each word of `MentionWords.registry` starts in one file, found in one pass when the
/// file is read: whether a method mentions a word is then a binary search, where a search of
/// its bytes ran for every method in every stage (docs/performance.md).
struct MentionIndex: Sendable, Equatable {
  /// The offsets of every registered word, word after word, each word's ascending.
  private(set) var offsets: [UInt32]
  /// Where each word's offsets start in `offsets`; one more entry than the registry has
  /// words, the last `offsets.count`.
  private(set) var starts: [UInt32]

  /// The index of `bytes`.
  init(_ bytes: [UInt8]) {
    let words = MentionWords.registry
    var found = [[UInt32]](repeating: [], count: words.count)
    let table = Self.table
    bytes.withUnsafeBufferPointer { buffer in
      guard buffer.count >= 2 else { return }
      for index in 0..<buffer.count - 1 {
        let pair = Int(buffer[index]) << 8 | Int(buffer[index + 1])
        let slot = Int(table.slotOfPair[pair])
        guard slot != 0 else { continue }
        for word in table.wordsOfSlot[slot - 1] {
          let needle = words[word]
          guard needle.count <= buffer.count - index else { continue }
          var matched = 2
          while matched < needle.count, buffer[index + matched] == needle[matched] {
            matched += 1
          }
          if matched == needle.count { found[word].append(UInt32(index)) }
        }
      }
    }
    offsets = found.flatMap { $0 }
    starts = [0]
    starts.reserveCapacity(words.count + 1)
    for list in found { starts.append(starts[starts.count - 1] + UInt32(list.count)) }
  }

  /// An index as the cache kept it; nil when its shape does not fit the registry or the file
  /// (offsets out of order or past `byteCount`).
  init?(offsets: [UInt32], starts: [UInt32], byteCount: Int) {
    guard starts.count == MentionWords.registry.count + 1, starts.first == 0,
      starts.last == UInt32(offsets.count)
    else { return nil }
    for (word, needle) in MentionWords.registry.enumerated() {
      let lower = Int(starts[word])
      let upper = Int(starts[word + 1])
      guard lower <= upper else { return nil }
      var previous = -1
      for offset in offsets[lower..<upper] {
        guard Int(offset) > previous, Int(offset) + needle.count <= byteCount else { return nil }
        previous = Int(offset)
      }
    }
    self.offsets = offsets
    self.starts = starts
  }

  /// Whether any of `words` lies whole in `range` of `file` (whose bytes this indexes).
  func mentions(_ words: MentionWords, in range: Range<Int>, of file: SourceFile) -> Bool {
    let range = max(0, range.lowerBound)..<min(file.bytes.count, range.upperBound)
    for word in words.registered {
      let length = MentionWords.registry[word].count
      // The first offset at or after the range's start.
      var low = Int(starts[word])
      var high = Int(starts[word + 1])
      while low < high {
        let middle = (low + high) / 2
        if Int(offsets[middle]) < range.lowerBound { low = middle + 1 } else { high = middle }
      }
      if low < Int(starts[word + 1]), Int(offsets[low]) + length <= range.upperBound {
        return true
      }
    }
    return !words.unregistered.isEmpty && file.mentions(words.unregistered, in: range)
  }

  /// For each pair of first bytes, 1 + the slot of the words that start with it (0: none).
  private struct PairTable: Sendable {
    var slotOfPair: [UInt8]
    var wordsOfSlot: [[Int]]
  }

  private static let table: PairTable = {
    var slotOfPair = [UInt8](repeating: 0, count: 1 << 16)
    var wordsOfSlot: [[Int]] = []
    for (number, word) in MentionWords.registry.enumerated() {
      precondition(word.count >= 2, "a registered mention word has at least two bytes")
      let pair = Int(word[0]) << 8 | Int(word[1])
      if slotOfPair[pair] == 0 {
        wordsOfSlot.append([])
        slotOfPair[pair] = UInt8(wordsOfSlot.count)
      }
      wordsOfSlot[Int(slotOfPair[pair]) - 1].append(number)
    }
    return PairTable(slotOfPair: slotOfPair, wordsOfSlot: wordsOfSlot)
  }()
}
