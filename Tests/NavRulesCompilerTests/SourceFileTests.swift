import NavRulesTestSupport
import Testing

@testable import NavRulesCompiler

@Suite struct SourceFileTests {
  @Test func columnsCountUnicodeScalars() {
    let file = SourceFile(path: "p", text: "é😀x\n  y")
    let x = Array("é😀".utf8).count
    #expect(file.position(of: x) == SourcePosition(line: 1, column: 3))
    #expect(file.position(of: x, encoding: .utf16) == SourcePosition(line: 1, column: 4))
    #expect(file.position(of: x, encoding: .utf8) == SourcePosition(line: 1, column: 7))
    #expect(file.position(of: x + 4) == SourcePosition(line: 2, column: 3))
  }

  @Test func eachInvalidByteIsOneColumnAndOneReplacementCharacter() {
    let file = SourceFile(path: "p", bytes: [0x61, 0xE2, 0x82, 0x62])
    #expect(file.position(of: 3).column == 4)
    #expect(file.text(0..<4) == "a\u{FFFD}\u{FFFD}b")
  }

  @Test func offsetIsTheInverseOfPosition() {
    let file = SourceFile(path: "p", text: "a\n😀b\r\nc")
    let b = 2 + 4
    #expect(file.offset(line: 1, column: 2, encoding: .utf16) == b)
    #expect(file.offset(line: 1, column: 1, encoding: .unicodeScalars) == b)
    #expect(file.offset(line: 1, column: 99, encoding: .utf16) == b + 1)
    #expect(file.offset(line: 9, column: 0, encoding: .utf16) == file.bytes.count)
  }

  @Test func lineRangesExcludeTheirTerminators() {
    let file = SourceFile(path: "p", text: "ab\r\ncd\n")
    #expect(file.lineStarts == [0, 4, 7])
    #expect(file.text(file.lineRange(at: 0)) == "ab")
    #expect(file.text(file.lineRange(at: 1)) == "cd")
    #expect(file.lineRange(at: 2) == 7..<7)
  }

  @Test func byteOrderMarkIsNotAColumn() {
    let file = SourceFile(path: "p", bytes: [0xEF, 0xBB, 0xBF, 0x61, 0x62])
    #expect(file.contentStart == 3)
    #expect(file.position(of: 4) == SourcePosition(line: 1, column: 2))
    #expect(file.position(of: 0) == SourcePosition(line: 1, column: 1))
  }

  @Test func positionsBeyondTheEndAreClamped() {
    let file = SourceFile(path: "p", text: "ab\n")
    #expect(file.position(of: 99) == SourcePosition(line: 2, column: 1))
  }

  /// The line table is built eight bytes at a time where it can, and a whole span between
  /// checkpoints at a time where the span is ASCII: it must agree, offset by offset, with a
  /// byte-by-byte reading, whatever the mix of line ends and non-ASCII bytes and wherever they
  /// fall against word, span and checkpoint boundaries (every other seed writes ASCII only),
  /// and whether the table is read on one thread or in parts on several.
  @Test(arguments: 0..<80, [1, 2, 3])
  func linesAndColumnsAgreeWithAByteByByteReading(seed: Int, threads: Int) {
    var random = SeededGenerator(seed: UInt64(seed))
    let pieces: [[UInt8]] = [
      Array("abcdefghijklmnopqrstuvwxyz0123".utf8), Array("ab".utf8), [0x0A], [0x0D],
      [0x0D, 0x0A], [0x09], Array("é".utf8), Array("😀".utf8), [0xE2, 0x82], [0xFF],
    ].filter { seed % 2 == 0 || $0.allSatisfy { $0 < 0x80 } }
    var bytes: [UInt8] = seed % 4 == 0 ? [0xEF, 0xBB, 0xBF] : []
    for _ in 0..<Int.random(in: 0..<400, using: &random) {
      bytes += pieces.randomElement(using: &random)!
    }
    let file = SourceFile(path: "p", bytes: bytes, threads: threads, minimumParallelBytes: 0)
    let start = file.contentStart
    var lineStarts = [start]
    var line = 1
    var column = 1
    var index = start
    var expected: [Int: SourcePosition] = [:]
    while index < bytes.count {
      expected[index] = SourcePosition(line: line, column: column)
      let byte = bytes[index]
      let isLineEnd =
        byte == 0x0A || (byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A))
      let length = byte < 0x80 ? 1 : (Self.sequenceLength(bytes, index) ?? 1)
      index += length
      if isLineEnd {
        lineStarts.append(index)
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    expected[bytes.count] = SourcePosition(line: line, column: column)
    #expect(file.lineStarts == lineStarts)
    for (offset, position) in expected {
      #expect(file.position(of: offset) == position, "offset \(offset)")
    }
  }

  /// The length of a well-formed UTF-8 sequence at `index`, if one starts there.
  private static func sequenceLength(_ bytes: [UInt8], _ index: Int) -> Int? {
    for length in 2...4 where index + length <= bytes.count {
      if String(validating: bytes[index..<index + length], as: UTF8.self)?.unicodeScalars.count
        == 1
      {
        return length
      }
    }
    return nil
  }
}
