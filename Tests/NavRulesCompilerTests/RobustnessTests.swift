import Foundation
import NavRulesCompiler
import NavRulesTestSupport
import Testing

/// Bad input never crashes, and every diagnostic points into its file.
@Suite struct RobustnessTests {
  /// Pieces that exercise every path of the lexer and the parser when strung together.
  static let pieces: [[UInt8]] =
    [
      "screen", "navigator", "style", "platform", "on", "root", "push", "titleStyle", "back",
      "confirm", "A", "Home", " ", "  ", "\t", "\n", "\r\n", "\r", "{", "}", ",", ";", "\"", "\\",
      "\\u{", "1F600", "}", "#", "#7B2FF7", "17", "17.5", "12.0.1", "200ms", "0.3s", ".", "/*",
      "*/", "//", "'", "@", "é", "😀", "首页", "\u{0}", "\u{1B}",
    ].map { Array($0.utf8) } + [
      [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xEF, 0xBB, 0xBF],
    ]

  static func randomBytes(_ generator: inout SeededGenerator) -> [UInt8] {
    let length = Int.random(in: 0...600, using: &generator)
    var bytes: [UInt8] = []
    while bytes.count < length {
      if Bool.random(using: &generator) {
        bytes += pieces.randomElement(using: &generator)!
      } else {
        bytes.append(UInt8.random(in: 0...255, using: &generator))
      }
    }
    return bytes
  }

  static func mutate(_ original: [UInt8], _ generator: inout SeededGenerator) -> [UInt8] {
    var bytes = original
    for _ in 0..<Int.random(in: 1...6, using: &generator) {
      let position = Int.random(in: 0...bytes.count, using: &generator)
      switch Int.random(in: 0..<4, using: &generator) {
      case 0:
        let end = min(bytes.count, position + Int.random(in: 1...20, using: &generator))
        bytes.removeSubrange(position..<end)
      case 1:
        bytes.insert(contentsOf: pieces.randomElement(using: &generator)!, at: position)
      case 2:
        bytes.insert(UInt8.random(in: 0...255, using: &generator), at: position)
      default:
        let end = min(bytes.count, position + Int.random(in: 1...40, using: &generator))
        bytes.insert(contentsOf: bytes[position..<end], at: min(bytes.count, end))
      }
    }
    return bytes
  }

  /// Whether `range` lies in its file and its start and end are valid 1-based positions.
  static func isValid(_ range: SourceRange) -> Bool {
    let file = range.file
    guard range.bytes.lowerBound >= 0, range.bytes.upperBound <= file.bytes.count else {
      return false
    }
    for position in [range.start, range.end] {
      guard (1...file.lineStarts.count).contains(position.line) else { return false }
      let lineStart = file.lineStarts[position.line - 1]
      let lineEnd =
        position.line < file.lineStarts.count ? file.lineStarts[position.line] : file.bytes.count
      let width = file.text(lineStart..<lineEnd).unicodeScalars.count
      guard (1...width + 1).contains(position.column) else { return false }
    }
    return range.start <= range.end
  }

  static func checkEverything(_ bytes: [UInt8], seed: UInt64) throws {
    let file = SourceFile(path: "fuzz.navrules", bytes: bytes)
    let compilation = Compilation(files: [file])
    for diagnostic in compilation.diagnostics {
      let ranges =
        [diagnostic.range] + diagnostic.notes.map(\.range)
        + diagnostic.fixIts.flatMap { $0.edits.map(\.range) }
      #expect(ranges.allSatisfy(isValid), "seed \(seed): \(summary(diagnostic))")
      let text = TextRenderer(isTerminal: true).render(diagnostic)
      let lineCount = text.unicodeScalars.count { $0 == "\n" }
      #expect(lineCount == 1 + diagnostic.notes.count + 2, "seed \(seed): \(text)")
    }
    let json = JSONRenderer.render(compilation.diagnostics)
    #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "seed \(seed)")
    if bytes.contains(where: { $0 >= 0x80 }) && !compilation.diagnostics.isEmpty {
      #expect(compilation.errorCount > 0 || compilation.warningCount > 0)
    }
  }

  @Test(arguments: 0..<8)
  func randomBuffersNeverCrashAndPointIntoTheFile(batch: Int) throws {
    for index in 0..<50 {
      let seed = UInt64(batch * 1000 + index)
      var generator = SeededGenerator(seed: seed)
      try Self.checkEverything(Self.randomBytes(&generator), seed: seed)
    }
  }

  /// Forty of the front end's golden fixtures, each mutated by its own seed of `batch`.
  static func mutatedFixtures(batch: Int) throws -> [(seed: UInt64, bytes: [UInt8])] {
    let originals = FrontEndGoldenTests.fixtures.flatMap(FrontEndGoldenTests.files(of:)).map(
      \.bytes)
    try #require(!originals.isEmpty)
    return (0..<40).map { index in
      let seed = UInt64(batch * 1000 + index)
      var generator = SeededGenerator(seed: seed)
      return (seed, mutate(originals[Int(seed) % originals.count], &generator))
    }
  }

  @Test(arguments: 0..<8)
  func mutatedValidFilesNeverCrashAndPointIntoTheFile(batch: Int) throws {
    for (seed, bytes) in try Self.mutatedFixtures(batch: batch) {
      try Self.checkEverything(bytes, seed: seed)
    }
  }

  @Test func invalidUTF8IsAlwaysReported() {
    var generator = SeededGenerator(seed: 42)
    for _ in 0..<200 {
      var bytes = Self.randomBytes(&generator)
      bytes.append(0xFF)
      let compilation = Compilation(files: [SourceFile(path: "f", bytes: bytes)])
      #expect(compilation.diagnostics.contains { $0.id == .syntax })
    }
  }
}
