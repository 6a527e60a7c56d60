import NavRulesCompiler
import NavRulesTestSupport
import Testing

/// Inputs that used to take quadratic time (issue 11). Each is sized so that the quadratic
/// version takes minutes and the linear one well under a second; the time limit is only a
/// backstop, far above what the fixed code needs even in a debug build.
@Suite(.timeLimit(.minutes(1))) struct ScalingTests {
  /// Finding 1: 40,000 diagnostics on one 480 KB line, each column once counted from the
  /// start of the line.
  @Test func manyDiagnosticsOnOneLongLine() {
    let compilation = compile(String(repeating: "screen { } }", count: 40_000))
    #expect(compilation.diagnostics.count == 40_000)
    let last = compilation.diagnostics[compilation.diagnostics.count - 1]
    #expect(last.range.start == SourcePosition(line: 1, column: 480_000))
    var columns = 0
    for diagnostic in compilation.diagnostics { columns += diagnostic.range.end.column }
    #expect(columns > 0)
    // Snippets of a long line show a window around the range, not the whole line.
    let renderer = TextRenderer(isTerminal: true)
    for diagnostic in compilation.diagnostics.suffix(1_000) {
      #expect(renderer.render(diagnostic).utf8.count < 800)
    }
  }

  /// Unexpected characters on one long line: whether each was the first on its line was
  /// decided by scanning back to the previous one.
  @Test func manyUnexpectedCharactersOnOneLine() {
    let compilation = compile(String(repeating: "@ a ", count: 100_000))
    #expect(compilation.diagnostics.filter { $0.id == .syntax }.count == 1)
  }

  /// A line indented by 200,000 spaces holding 100,000 statements: the indentation was
  /// measured again for each statement.
  @Test func manyStatementsOnADeeplyIndentedLine() {
    let line = String(repeating: " ", count: 200_000) + String(repeating: "a;", count: 100_000)
    let compilation = compile("screen A {\n\(line)\n}\n")
    #expect(compilation.diagnostics.count { $0.id == .unknownDirective } == 100_000)
  }

  /// A 100,000-letter word after `screen`: every split of it was compared with the keywords.
  @Test func aHugeWordRunTogetherWithAKeyword() {
    let compilation = compile("screen\(String(repeating: "X", count: 100_000)) {}\n")
    #expect(compilation.diagnostics.map(\.id) == [.unknownDirective])
  }

  /// `navrc graph` of 60,000 duplicate declarations: each diagnostic searched the list of
  /// declarations for the one holding it.
  @Test func graphOfManyDeclarationsWithProblems() {
    let compilation = compile(String(repeating: "screen A {}\n", count: 60_000))
    let graph = NavigationGraph(compilation)
    #expect(graph.nodes.count == 1)
    #expect(graph.nodes[0].errors == 59_999)
  }

  /// Columns found through the checkpoints agree with counting from the start of the line, in
  /// every encoding, across multi-byte characters, invalid bytes and line ends.
  @Test func columnsFromCheckpointsMatchCountingFromTheLineStart() {
    var generator = SeededGenerator(seed: 11)
    let pieces: [[UInt8]] = [
      Array("a".utf8), Array("é".utf8), Array("😀".utf8), Array("首".utf8), [0xFF], [0xE2, 0x82],
      Array("\n".utf8), Array("\r\n".utf8), Array(String(repeating: "x", count: 700).utf8),
    ]
    var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
    while bytes.count < 20_000 { bytes += pieces.randomElement(using: &generator)! }
    let file = SourceFile(path: "p", bytes: bytes)
    for encoding in ColumnEncoding.allCases {
      for offset in stride(from: 0, through: bytes.count, by: 13) {
        let position = file.position(of: offset, encoding: encoding)
        let clamped = max(offset, file.contentStart)
        let lineStart = file.lineStarts[position.line - 1]
        #expect(lineStart <= clamped)
        let expected = Self.naiveUnits(bytes, from: lineStart, to: clamped, encoding)
        #expect(position.column == expected + 1, "offset \(offset), \(encoding)")
      }
    }
  }

  /// The units of `bytes[start..<end]`, decoding from `start` (invalid bytes one unit each).
  static func naiveUnits(_ bytes: [UInt8], from start: Int, to end: Int, _ encoding: ColumnEncoding)
    -> Int
  {
    if encoding == .utf8 { return end - start }
    var count = 0
    var index = start
    while index < end {
      var length = 1
      if let scalar = Self.prefixScalar(bytes, at: index) {
        length = String(scalar).utf8.count
        count += (encoding == .utf16 && length == 4) ? 2 : 1
      } else {
        count += 1
      }
      index += length
    }
    return count
  }

  /// The scalar at `index` if a well-formed sequence starts there.
  static func prefixScalar(_ bytes: [UInt8], at index: Int) -> Unicode.Scalar? {
    for length in 1...4 where index + length <= bytes.count {
      if let text = String(validating: bytes[index..<index + length], as: UTF8.self),
        let scalar = text.unicodeScalars.first
      {
        return scalar
      }
    }
    return nil
  }
}
