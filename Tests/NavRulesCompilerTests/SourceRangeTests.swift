import Testing

@testable import NavRulesCompiler

/// A range made through a thread's `SourceFileReference` is the same range as one made from
/// the file: the same file, equal, hashed alike, and it keeps the file alive.
@Suite struct SourceRangeTests {
  @Test func aRangeThroughAReferenceIsTheRangeInItsFile() {
    let file = SourceFile(path: "a.navrules", text: "screen Home {\n}\n")
    let direct = SourceRange(file, 7..<11)
    let throughReference = SourceRange(SourceFileReference(file), 7..<11)
    #expect(throughReference.file === file)
    #expect(throughReference.bytes == 7..<11)
    #expect(throughReference == direct)
    #expect(throughReference.hashValue == direct.hashValue)
    #expect(throughReference.description == direct.description)
    #expect(SourceRange(SourceFileReference(file), 7..<12) != direct)
    let other = SourceFile(path: "a.navrules", text: "screen Home {\n}\n")
    #expect(SourceRange(SourceFileReference(other), 7..<11) != direct)
  }

  @Test func aRangeKeepsItsFileAlive() {
    let range = SourceRange(
      SourceFileReference(SourceFile(path: "gone.navrules", text: "screen Home {\n}\n")), 7..<11)
    #expect(range.file.path == "gone.navrules")
    #expect(range.file.text(range.bytes) == "Home")
  }

  @Test func aRangeIsSixteenBytes() {
    #expect(MemoryLayout<SourceRange>.size == 16)
  }
}
