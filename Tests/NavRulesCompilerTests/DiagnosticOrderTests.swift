import NavRulesTestSupport
import Testing

@testable import NavRulesCompiler

@Suite struct DiagnosticOrderTests {
  /// Diagnostics over `files`, at offsets with many ties, with ids and messages that tie too,
  /// in a scrambled order.
  private func scrambled(_ count: Int, files: [SourceFile], seed: UInt64) -> [Diagnostic] {
    var state = seed
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let ids: [DiagnosticID] = [.contentSwipeBypass, .stateLeak, .rootPop, .unusedStyle]
    return (0..<count).map { _ in
      let offset = next(12)
      return Diagnostic(
        ids[next(ids.count)], "message \(next(3))",
        at: SourceRange(files[next(files.count)], offset..<offset + 1))
    }
  }

  private func files(_ paths: [String]) -> [SourceFile] {
    paths.map { SourceFile(path: $0, text: String(repeating: "x", count: 16)) }
  }

  @Test(arguments: [1, 63, 64, 500], [UInt64(1), 2, 3])
  func keyedSortIsTheStableSortByReportOrder(count: Int, seed: UInt64) {
    let list = scrambled(
      count, files: files(["b.navrules", "a.navrules", "ab.navrules", "a"]), seed: seed)
    var keyed = list
    Diagnostic.sortInReportOrder(&keyed)
    #expect(keyed == list.sorted(by: Diagnostic.reportOrder))
    #expect(count < Diagnostic.minimumKeyedSort || keyed != list)
  }

  /// `permute` moves each element to its place, in random permutations, with objects whose
  /// reference counts say that none was copied (a copy left behind would hold a second
  /// reference) and that each is where `order` says.
  @Test(arguments: [0, 1, 2, 7, 64, 1000])
  func permuteMovesEachElementToItsPlace(count: Int) {
    final class Box {
      let value: Int
      init(_ value: Int) { self.value = value }
    }
    var random = SeededGenerator(seed: UInt64(count))
    let order = Array(0..<count).shuffled(using: &random)
    var boxes = (0..<count).map(Box.init)
    Diagnostic.permute(&boxes, by: order)
    #expect(boxes.map(\.value) == order)
    for index in boxes.indices { #expect(isKnownUniquelyReferenced(&boxes[index])) }
  }

  @Test func twoFilesWithOnePathAreLeftAsReportOrderLeavesThem() {
    let list = scrambled(200, files: files(["same.navrules", "same.navrules", "other"]), seed: 7)
    var keyed = list
    Diagnostic.sortInReportOrder(&keyed)
    #expect(keyed == list.sorted(by: Diagnostic.reportOrder))
  }
}
