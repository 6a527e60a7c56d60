import NavRulesCompiler
import Testing

/// Every fix-it the checker offers does what it says: applied alone to its file, the file
/// still parses and resolves, the diagnostic it was offered for is gone, and no error of a new
/// kind appears.
@Suite struct FixItTests {
  struct Offer: Sendable, CustomTestStringConvertible {
    var fixture: String
    var diagnostic: Int
    var fixIt: Int
    var testDescription: String { "\(fixture) #\(diagnostic).\(fixIt)" }
  }

  static let folder = CheckerGoldenTests.folder

  static let offers: [Offer] = folder.fixtures.flatMap { fixture in
    let diagnostics = Compilation(files: folder.files(of: fixture)).diagnostics
    return diagnostics.indices.flatMap { index in
      diagnostics[index].fixIts.indices.map {
        Offer(fixture: fixture, diagnostic: index, fixIt: $0)
      }
    }
  }

  /// `source` with the edits applied (they must not overlap).
  static func applying(_ fixIt: Diagnostic.FixIt, to file: SourceFile) -> String {
    var bytes = file.bytes
    for edit in fixIt.edits.sorted(by: { $0.range.bytes.lowerBound > $1.range.bytes.lowerBound }) {
      bytes.replaceSubrange(edit.range.bytes, with: Array(edit.replacement.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func theCheckerOffersFixIts() {
    let ids = Set(
      Self.offers.map { offer in
        Compilation(files: Self.folder.files(of: offer.fixture)).diagnostics[offer.diagnostic].id
      })
    #expect(
      ids.isSuperset(of: [.rootPop, .gestureDeadlock, .titleLostOnBack, .gestureBlockedBySystem]))
  }

  @Test(arguments: offers)
  func applyingAFixItResolvesItsDiagnostic(_ offer: Offer) throws {
    let files = Self.folder.files(of: offer.fixture)
    let before = Compilation(files: files)
    let diagnostic = before.diagnostics[offer.diagnostic]
    let fixIt = diagnostic.fixIts[offer.fixIt]
    let file = try #require(files.first)
    #expect(fixIt.edits.allSatisfy { $0.range.file === file })
    for (earlier, later) in zip(
      fixIt.edits.sorted { $0.range.bytes.lowerBound < $1.range.bytes.lowerBound },
      fixIt.edits.sorted { $0.range.bytes.lowerBound < $1.range.bytes.lowerBound }.dropFirst())
    {
      #expect(earlier.range.bytes.upperBound <= later.range.bytes.lowerBound, "edits overlap")
    }
    let fixed = Self.applying(fixIt, to: file)
    let after = Compilation(files: [SourceFile(path: file.path, text: fixed)])
    #expect(!after.hasFrontEndErrors, "\(fixIt.message) broke the file:\n\(fixed)")
    // Where the diagnostic's location moved to, if the edits kept it: a fix-it may unmask the
    // same trap elsewhere (a hook it disables no longer overwrites an earlier write), but the
    // finding it was offered for must go.
    let start = diagnostic.range.bytes.lowerBound
    // An edit that replaces the location moves it to the edit's start.
    let anchor =
      fixIt.edits.first { $0.range.bytes.contains(start) }?.range.bytes.lowerBound
      ?? start
    let moved = fixIt.edits.reduce(anchor) { offset, edit in
      edit.range.bytes.upperBound <= anchor
        ? offset + edit.replacement.utf8.count - edit.range.bytes.count : offset
    }
    #expect(
      !after.diagnostics.contains { $0.id == diagnostic.id && $0.range.bytes.lowerBound == moved },
      "\(fixIt.message) left \(diagnostic.id):\n\(fixed)")
    let newErrors = Set(after.diagnostics.filter { $0.severity == .error }.map(\.id))
      .subtracting(before.diagnostics.filter { $0.severity == .error }.map(\.id))
    #expect(newErrors.isEmpty, "\(fixIt.message) introduced \(newErrors):\n\(fixed)")
  }
}
