import NavRulesCompiler

/// Finds where any of a set of names occurs as a whole word in a file's bytes, in one pass:
/// a quick test that lets the extraction skip code that cannot name what it looks for before
/// walking its tree. Comments and strings are not told apart (a name in a string literal is a
/// word too), so a search may find more than the tree holds, never less.
struct WordOccurrences {
  private var words: [[UInt8]] = []
  /// Open addressing by FNV-1a hash: slot → index + 1 in `words` (0 for empty), probed
  /// linearly; the same hash as the one computed while passing a word, with no second
  /// hashing of it as a dictionary key would need.
  private var slots: [Int32] = []
  private var hashes: [UInt64] = []
  /// The words' first bytes, and their lengths (bit `n` for length `n`, bit 63 for 63 and
  /// more): most words of a file are passed on these, before any hashing.
  private var firstBytes = ByteSet()
  private var lengths: UInt64 = 0
  /// Each word's hash, for the files' `WordFilter`s.
  private var wordHashes: [UInt64] = []

  init<Names: Sequence<String>>(_ names: Names) {
    for name in Set(names) {
      let bytes = Array(name.utf8)
      guard let first = bytes.first, bytes.allSatisfy(Self.isWordByte) else { continue }
      firstBytes.insert(first)
      lengths |= Self.lengthBit(bytes.count)
      words.append(bytes)
    }
    var size = 16
    while size < words.count * 4 { size *= 2 }
    slots = [Int32](repeating: 0, count: size)
    hashes = [UInt64](repeating: 0, count: size)
    for (index, word) in words.enumerated() {
      let hash = Self.hash(word)
      wordHashes.append(hash)
      var slot = Int(truncatingIfNeeded: hash) & (size - 1)
      while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
      slots[slot] = Int32(index + 1)
      hashes[slot] = hash
    }
  }

  private func contains(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
    let hash = Self.hash(word)
    var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
    while slots[slot] != 0 {
      if hashes[slot] == hash, words[Int(slots[slot]) - 1].elementsEqual(word) { return true }
      slot = (slot + 1) & (slots.count - 1)
    }
    return false
  }

  var isEmpty: Bool { words.isEmpty }

  /// Whether `name` can be searched for: a name with a byte that is not a word byte (a
  /// storyboard identifier with a space) cannot.
  static func isSearchable(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.allSatisfy(isWordByte)
  }

  /// Where the words occur in a code file, in order; nothing, without a pass over its bytes,
  /// when its `WordFilter` says it holds none of them.
  func occurrences(in file: ScannedFile) -> [Range<Int>] {
    guard wordHashes.contains(where: file.facts.words.mayContain) else { return [] }
    return occurrences(in: file.file)
  }

  /// The hashes of the distinct words of `bytes`, for its `WordFilter`.
  static func wordHashes(in bytes: [UInt8]) -> Set<UInt64> {
    var hashes = Set<UInt64>(minimumCapacity: bytes.count / 16)
    bytes.withUnsafeBufferPointer { bytes in
      wordByteTable.withUnsafeBufferPointer { isWord in
        var index = 0
        let count = bytes.count
        while index < count {
          guard isWord[Int(bytes[index])] else {
            index += 1
            continue
          }
          let start = index
          index += 1
          while index < count, isWord[Int(bytes[index])] { index += 1 }
          hashes.insert(hash(UnsafeBufferPointer(rebasing: bytes[start..<index])))
        }
      }
    }
    return hashes
  }

  /// Where the words occur, in order.
  func occurrences(in file: SourceFile) -> [Range<Int>] {
    guard !words.isEmpty else { return [] }
    var found: [Range<Int>] = []
    file.bytes.withUnsafeBufferPointer { bytes in
      Self.wordByteTable.withUnsafeBufferPointer { isWord in
        var index = 0
        let count = bytes.count
        while index < count {
          let byte = bytes[index]
          guard isWord[Int(byte)] else {
            index += 1
            continue
          }
          let start = index
          index += 1
          while index < count, isWord[Int(bytes[index])] { index += 1 }
          guard firstBytes.contains(byte), lengths & Self.lengthBit(index - start) != 0 else {
            continue
          }
          if contains(UnsafeBufferPointer(rebasing: bytes[start..<index])) {
            found.append(start..<index)
          }
        }
      }
    }
    return found
  }

  /// `isWordByte` of each byte value: one load per byte of the file.
  private static let wordByteTable: [Bool] = (0...255).map { isWordByte(UInt8($0)) }

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

/// Whether a method or another range of a file names one of a set of names (class names, a
/// helper's method names), asked for many ranges of each file: each file is searched once,
/// each range is then a binary search. Names that are not words are searched for in the
/// range's bytes, as before.
struct NameMentions {
  private let search: WordOccurrences
  private let unsearchable: [[UInt8]]

  init<Names: Sequence<String>>(_ names: Names) {
    let names = Array(names)
    search = WordOccurrences(names)
    unsearchable = names.filter { !WordOccurrences.isSearchable($0) }.map { Array($0.utf8) }
  }

  /// The names' occurrences in one file.
  struct InFile {
    fileprivate let file: SourceFile
    fileprivate let found: [Range<Int>]
    fileprivate let unsearchable: [[UInt8]]

    /// Whether a name may occur anywhere in the file: false when none does.
    var mayOccur: Bool { !found.isEmpty || !unsearchable.isEmpty }

    /// Whether any name lies whole in `range`.
    func occur(in range: Range<Int>) -> Bool {
      var low = 0
      var high = found.count
      while low < high {
        let middle = (low + high) / 2
        if found[middle].lowerBound < range.lowerBound { low = middle + 1 } else { high = middle }
      }
      if low < found.count, found[low].upperBound <= range.upperBound { return true }
      return !unsearchable.isEmpty && file.mentions(unsearchable, in: range)
    }
  }

  func inFile(_ file: ScannedFile) -> InFile {
    InFile(file: file.file, found: search.occurrences(in: file), unsearchable: unsearchable)
  }
}
