import NavRulesModel
import Testing

@testable import NavRulesCompiler

/// The witness builder's memo of paths finds what was remembered in its current generation and
/// nothing else (joined paths are checked in `CompactStorageTests`).
@Suite struct WitnessMemoTests {
  @Test func aPathMemoFindsOnlyItsCurrentGeneration() {
    var memo = PathMemo()
    let keys = (0..<1_000).map { UInt64($0) << 32 | UInt64($0 % 7) }
    for (index, key) in keys.enumerated() {
      memo.insert(WitnessPath(Array(repeating: .swipeCancelled, count: index % 45)), for: key)
    }
    for (index, key) in keys.enumerated() {
      #expect(memo[key]?.count == index % 45)
    }
    #expect(memo[UInt64(5_000) << 32] == nil)
    memo.removeAll()
    #expect(keys.allSatisfy { memo[$0] == nil })
    // Remembered again after the table grew and was emptied: the new paths, none of the old.
    for key in keys.prefix(300) { memo.insert(WitnessPath(.swipeCancelled), for: key) }
    #expect(keys.prefix(300).allSatisfy { memo[$0]?.count == 1 })
    #expect(keys.dropFirst(300).allSatisfy { memo[$0] == nil })
  }
}
