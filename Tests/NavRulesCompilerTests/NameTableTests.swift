import NavRulesTestSupport
import Testing

@testable import NavRulesCompiler

/// `NameTable` answers as a dictionary from names to their indices would, whatever the names'
/// lengths: a name of up to 8 bytes is matched on its slot alone, a longer one on its bytes.
@Suite struct NameTableTests {
  /// Names around the 8-byte boundary, names sharing their first 8 bytes, and prefixes of
  /// one another.
  static func names(count: Int, seed: UInt64) -> [String] {
    var generator = SeededGenerator(seed: seed)
    let alphabet = Array("ab_Z09")
    var names: [String] = []
    var seen: Set<String> = []
    while names.count < count {
      let length = Int.random(in: 0...20, using: &generator)
      let stem = length > 8 && Bool.random(using: &generator) ? "Shared08" : ""
      let name =
        stem
        + String(
          (0..<max(0, length - stem.count)).map { _ in
            alphabet.randomElement(using: &generator)!
          })
      if seen.insert(name).inserted { names.append(name) }
    }
    return names
  }

  /// Names added directly, or as a declaration adds them: looked up in a file's text, then
  /// added at the slot the look-up ended on (which must not find them, and must find a name
  /// added before, as a duplicate declaration would).
  @Test(arguments: [
    (1, false, false), (40, false, false), (3_000, false, false), (3_000, true, false),
    (40, false, true), (3_000, false, true), (3_000, true, true),
  ])
  func looksUpEveryNameAndNothingElse(count: Int, reserved: Bool, viaProbe: Bool) {
    let names = Self.names(count: count, seed: UInt64(count))
    var table = NameTable()
    if reserved { table.reserveCapacity(count) }
    if viaProbe {
      let file = SourceFile(path: "names.navrules", text: names.joined(separator: "\n"))
      var start = 0
      for (index, name) in names.enumerated() {
        let range = start..<start + name.utf8.count
        start = range.upperBound + 1
        let probe = table.probe(range, in: file)
        #expect(probe.index == nil, "\(name)")
        table.append(name, at: range, in: file, probe: probe)
        #expect(table.probe(range, in: file).index == index, "\(name)")
      }
    } else {
      for name in names {
        var bytes = name
        bytes.withUTF8 { table.append(name, bytes: $0) }
      }
    }
    #expect(table.count == names.count)
    #expect(table.names == names)
    for (index, name) in names.enumerated() {
      #expect(table.index(of: name) == index, "\(name)")
    }
    let known = Set(names)
    for name in names {
      for other in [name + "x", String(name.dropLast()), "x" + name, name + "\0"]
      where !known.contains(other) {
        #expect(table.index(of: other) == nil, "\(other)")
      }
    }
  }

  /// A table of more slots than the caches hold asks for slots ahead (`prefetch`), and that
  /// changes no answer; a small one does not.
  @Test func prefetchingSlotsChangesNoLookUp() {
    let names = (0..<40_000).map { "Screen\($0)" }
    let file = SourceFile(path: "names.navrules", text: names.joined(separator: "\n"))
    var ranges: [Range<Int>] = []
    var start = 0
    for name in names {
      ranges.append(start..<start + name.utf8.count)
      start = ranges[ranges.count - 1].upperBound + 1
    }
    var table = NameTable()
    #expect(!table.outgrowsCaches)
    table.reserveCapacity(names.count)
    #expect(table.outgrowsCaches)
    for (index, range) in ranges.enumerated() {
      table.prefetch(range, in: file)
      let probe = table.probe(range, in: file)
      #expect(probe.index == nil)
      table.append(names[index], at: range, in: file, probe: probe)
    }
    for (index, range) in ranges.enumerated() {
      table.prefetch(range, in: file)
      #expect(table.index(of: range, in: file) == index)
    }
  }
}
