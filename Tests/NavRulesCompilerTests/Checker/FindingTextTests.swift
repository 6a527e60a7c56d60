import Testing

@testable import NavRulesCompiler

/// The checker's own containers for findings: the set of (id, location) pairs kept, and the
/// UTF-8 text messages and notes are built in.
@Suite struct FindingTextTests {
  /// With the table grown as pairs come, or sized at once for more than all of them.
  @Test(arguments: [0, 4_000])
  func findingKeysKeepEachIdAndRangeOnce(reserved: Int) {
    let first = SourceFile(path: "a.navrules", text: String(repeating: "x", count: 4_000))
    let second = SourceFile(path: "b.navrules", text: String(repeating: "x", count: 4_000))
    var keys = FindingKeys()
    if reserved > 0 { keys.reserveCapacity(reserved) }
    var reference: Set<String> = []
    // Enough pairs to grow the table several times; ranges repeat across files and ids.
    for index in 0..<1_500 {
      let file = index % 3 == 0 ? second : first
      let range = SourceRange(file, (index % 700)..<(index % 700) + 1 + index % 5)
      let id: DiagnosticID = index % 2 == 0 ? .stateLeak : .contentSwipeBypass
      let name = "\(file.path) \(range.bytes) \(id.rawValue)"
      #expect(keys.contains(id, at: range) == reference.contains(name))
      #expect(keys.insert(id, at: range) == reference.insert(name).inserted)
      #expect(keys.contains(id, at: range))
    }
    #expect(keys.count == reference.count)
    #expect(!keys.contains(.rootPop, at: SourceRange(first, 0..<1)))
  }

  @Test func utf8TextAppendsStringsSourceAndItsOwnBytes() {
    let file = SourceFile(path: "a.navrules", text: "screen Home { push Détail }")
    var text = UTF8Text(capacity: 4)
    text.append("on '")
    text.append(SourceRange(file, 19..<26))
    text.append("' → ")
    let start = text.count
    text.append(String(repeating: "ü", count: 40))  // past the capacity: the buffer grows
    #expect(text.string == "on 'Détail' → " + String(repeating: "ü", count: 40))
    let end = text.count
    text.append(repeating: start..<start + 4)
    text.append(repeating: 0..<3)
    #expect(text.string(end..<text.count) == "üüon ")
    #expect(text.string(0..<3) == "on ")
    // Repeated bytes past the capacity: the buffer grows before they are copied.
    var small = UTF8Text(capacity: 0)
    small.append("abcdefghijklmnop")
    small.append(repeating: 0..<16)
    #expect(small.string == "abcdefghijklmnopabcdefghijklmnop")
  }
}
