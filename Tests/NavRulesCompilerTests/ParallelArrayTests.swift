import Testing

@testable import NavRulesCompiler

/// Arrays filled in place by several threads hold what one thread would have made.
@Suite struct ParallelArrayTests {
  @Test(arguments: [1, 2, 3, 7])
  func mapMatchesTheSerialMap(parts: Int) {
    for count in [0, 1, 5, 1_000] {
      let mapped = ParallelArray.map(count: count, parts: parts) { $0 * $0 + 1 }
      #expect(mapped == (0..<count).map { $0 * $0 + 1 }, "count \(count)")
    }
  }

  /// Parts of unequal sizes, one of them empty, each filling its own range.
  @Test func eachPartFillsItsOwnRange() {
    let parts = [0..<3, 3..<3, 3..<10, 10..<11]
    let made: [Int] = ParallelArray.make(count: 11, parts: parts.count) { part, buffer in
      for index in parts[part] { (buffer.baseAddress! + index).initialize(to: part * 100 + index) }
    }
    #expect(made == [0, 1, 2, 203, 204, 205, 206, 207, 208, 209, 310])
  }
}
