import NavRulesCompiler
import Testing

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
}
