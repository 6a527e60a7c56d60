import NavRulesCompiler

/// Finds where any of a set of names occurs as a whole word in a file's bytes, in one pass:
/// a quick test that lets the extraction skip code that cannot name what it looks for before
/// walking its tree. Comments and strings are not told apart (a name in a string literal is a
/// word too), so a search may find more than the tree holds, never less.
struct WordOccurrences {
  /// The words, by FNV-1a hash of their bytes.
  private var words: [UInt64: [[UInt8]]] = [:]
  /// The words' first bytes, and their lengths (bit `n` for length `n`, bit 63 for 63 and
  /// more): most words of a file are passed on these, before any hashing.
  private var firstBytes = ByteSet()
  private var lengths: UInt64 = 0

  init<Names: Sequence<String>>(_ names: Names) {
    for name in names {
      let bytes = Array(name.utf8)
      guard let first = bytes.first, bytes.allSatisfy(Self.isWordByte) else { continue }
      firstBytes.insert(first)
      lengths |= Self.lengthBit(bytes.count)
      words[Self.hash(bytes[...]), default: []].append(bytes)
    }
  }

  var isEmpty: Bool { words.isEmpty }

  /// Whether `name` can be searched for: a name with a byte that is not a word byte (a
  /// storyboard identifier with a space) cannot.
  static func isSearchable(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.allSatisfy(isWordByte)
  }

  /// Where the words occur, in order.
  func occurrences(in file: SourceFile) -> [Range<Int>] {
    guard !words.isEmpty else { return [] }
    var found: [Range<Int>] = []
    file.bytes.withUnsafeBufferPointer { bytes in
      var index = 0
      let count = bytes.count
      while index < count {
        let byte = bytes[index]
        guard Self.isWordByte(byte) else {
          index += 1
          continue
        }
        let start = index
        index += 1
        while index < count, Self.isWordByte(bytes[index]) { index += 1 }
        guard firstBytes.contains(byte), lengths & Self.lengthBit(index - start) != 0 else {
          continue
        }
        let word = UnsafeBufferPointer(rebasing: bytes[start..<index])
        if let candidates = words[Self.hash(word)],
          candidates.contains(where: { $0.elementsEqual(word) })
        {
          found.append(start..<index)
        }
      }
    }
    return found
  }

  /// Letters, digits, `_`, and every byte of a non-ASCII character (identifiers may hold
  /// them; splitting one would make a word of its tail).
  private static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...:
      true
    default: false
    }
  }

  private static func lengthBit(_ length: Int) -> UInt64 { 1 << UInt64(min(length, 63)) }

  private static func hash<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }
}
