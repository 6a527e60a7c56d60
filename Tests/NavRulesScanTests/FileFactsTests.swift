import NavRulesTestSupport
import Testing

@testable import NavRulesCompiler
@testable import NavRulesScan

/// The per-file facts (`FileFacts`) answer as the code they replace did, and survive the
/// scan cache whole or not at all.
@Suite struct FileFactsTests {
  static func codeFiles() throws -> [ScannedFile] {
    var files: [ScannedFile] = []
    for app in ScanExamplesTests.apps {
      for file in try ScanExamplesTests.files(of: app) {
        if case .code(let read)? = ScanReader.read(file) { files.append(read) }
      }
    }
    return files
  }

  /// Every registered word, alone and in twos, over every method, property and type range of
  /// the example apps and over sliding windows of their bytes: the index finds a word exactly
  /// where a search of the bytes does.
  @Test func theMentionIndexAgreesWithASearchOfTheBytes() throws {
    let files = try Self.codeFiles()
    #expect(!files.isEmpty)
    let words = MentionWords.registry.map { String(decoding: $0, as: UTF8.self) }
    var groups = words.map { [$0] }
    for (first, second) in zip(words, words.dropFirst()) { groups.append([first, second]) }
    // A word not registered is searched for byte by byte.
    groups.append(["pushViewController", "NotRegisteredAnywhere"])
    var compared = 0
    for file in files {
      var ranges: [Range<Int>] = [0..<file.file.bytes.count, -5..<file.file.bytes.count + 5]
      for type in file.allTypes {
        ranges.append(type.range)
        ranges += type.methods.map(\.range)
        ranges += type.properties.map(\.range)
      }
      let count = file.file.bytes.count
      for start in stride(from: 0, to: count, by: 97) {
        ranges.append(start..<min(count, start + 41))
      }
      for group in groups {
        let words = MentionWords(group)
        let needles = group.map { Array($0.utf8) }
        for range in ranges {
          let expected = file.file.mentions(needles, in: range)
          #expect(
            file.mentions(words, in: range) == expected, "\(file.file.path) \(group) \(range)")
          compared += 1
        }
      }
    }
    #expect(compared > 10_000)
  }

  /// A word at the very end of the file, one cut by it, and files too short for any word.
  @Test func wordsAtTheEdgesOfTheFile() {
    for (text, expected) in [
      ("push", true), ("x.push", true), ("pus", false), ("p", false), ("", false),
      ("showViewController", true), ("showViewControlle", true),
    ] {
      let read = ScanReader.read(SourceFile(path: "A.swift", text: text), language: .swift)
      #expect(read.mentions(MentionWords(["push", "show"])) == expected, "\(text)")
    }
    let read = ScanReader.read(SourceFile(path: "A.swift", text: "a.push"), language: .swift)
    #expect(!read.mentions(MentionWords(["push"]), in: 0..<5))
    #expect(read.mentions(MentionWords(["push"]), in: 2..<6))
  }

  /// The cache keeps the index as read; one out of order, past the file's end or of another
  /// registry's shape is refused, so the entry is read again.
  @Test func aDamagedIndexIsRefused() throws {
    let file = SourceFile(
      path: "A.swift", text: "class A: UIViewController { func f() { push(); present() } }\n")
    let read = ScanReader.read(file, language: .swift)
    let payload = ScanCacheFormat.encode(.code(read))
    guard
      case .code(let back) = try payload.withUnsafeBytes({
        try ScanCacheFormat.decode($0, file: file)
      })
    else {
      Issue.record("not code")
      return
    }
    #expect(back.facts == read.facts)
    let index = read.facts.mentions
    #expect(index.offsets.count >= 2)
    #expect(
      MentionIndex(offsets: index.offsets, starts: index.starts, byteCount: file.bytes.count)
        == index)
    #expect(MentionIndex(offsets: index.offsets, starts: index.starts, byteCount: 10) == nil)
    #expect(
      MentionIndex(
        offsets: index.offsets, starts: Array(index.starts.dropLast()),
        byteCount: file.bytes.count) == nil)
    let word = try #require(
      index.starts.indices.dropLast().first { index.starts[$0 + 1] - index.starts[$0] >= 1 })
    var swapped = index.offsets
    swapped.insert(swapped[Int(index.starts[word])], at: Int(index.starts[word]))
    var shifted = index.starts
    for later in (word + 1)..<shifted.count { shifted[later] += 1 }
    #expect(MentionIndex(offsets: swapped, starts: shifted, byteCount: file.bytes.count) == nil)
  }

  /// Names (a helper's, a coordinator class's) are found as whole words in a range, the file
  /// searched once; a name that is not a word is searched for in the range's bytes.
  @Test func namesAreFoundAsWholeWordsInARange() {
    let text = "a.wrap(x)\nwrapper(y)\nMy Scene\nrewrap\n"
    let file = ScanReader.read(SourceFile(path: "A.swift", text: text), language: .swift)
    let names = NameMentions(["wrap", "My Scene"]).inFile(file)
    func range(_ part: String) -> Range<Int> {
      let bytes = Array(text.utf8)
      let needle = Array(part.utf8)
      for offset in 0...(bytes.count - needle.count)
      where Array(bytes[offset..<offset + needle.count]) == needle {
        return offset..<offset + needle.count
      }
      return 0..<0
    }
    #expect(names.occur(in: range("a.wrap(x)")))
    #expect(!names.occur(in: range("wrapper(y)")))
    #expect(!names.occur(in: range("rewrap")))
    #expect(!names.occur(in: range("a.wra")))
    #expect(names.occur(in: range("My Scene")))
    #expect(names.occur(in: 0..<text.utf8.count))
  }

  /// A search for names through the files' word filters finds what a pass over every file
  /// finds: a filter never keeps out a file that holds a name.
  @Test func theWordFilterNeverKeepsOutAFileThatHoldsAName() throws {
    let files = try Self.codeFiles()
    var names: Set<String> = ["UINavigationController", "NotAWordOfAnyFile", "x"]
    for file in files {
      for type in file.allTypes {
        names.insert(type.name)
        for method in type.methods { names.insert(method.baseName) }
      }
    }
    var kept = 0
    for chunk in stride(from: 0, to: names.count, by: 7) {
      let group = Array(names.sorted()[chunk..<min(names.count, chunk + 7)])
      let search = WordOccurrences(group)
      for file in files {
        let filtered = search.occurrences(in: file)
        #expect(filtered == search.occurrences(in: file.file), "\(file.file.path) \(group)")
        if filtered.isEmpty { kept += 1 }
      }
    }
    #expect(kept > 0)
    for file in files {
      for hash in WordOccurrences.wordHashes(in: file.file.bytes) {
        #expect(file.facts.words.mayContain(hash))
      }
    }
    #expect(WordFilter(hashes: [UInt32]([3, 2])) == nil)
    #expect(WordFilter(hashes: [UInt32]([2, 2])) == nil)
    #expect(WordFilter(hashes: [UInt32]()) != nil)
  }
}
