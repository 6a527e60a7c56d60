import NavRulesModel
import Testing

@testable import NavRulesCompiler

/// The witness builder's shortcuts give what the plain forms they replace give: a path joined
/// from many parts at once is the one joined two at a time, and the memo of paths finds what
/// was remembered in its current generation and nothing else.
@Suite struct WitnessMemoTests {
  /// Parts of every length around `WitnessPath.kept`, single steps and empty paths among them.
  @Test(arguments: 0..<40)
  func aPathJoinedAtOnceIsThePathJoinedTwoAtATime(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var parts: [WitnessPath.Part] = []
    var steps: [Witness.Step] = []
    for index in 0..<Int(random.next() % 6) {
      let step: Witness.Step = index % 2 == 0 ? .push(ScreenID(index)) : .back(to: ScreenID(index))
      if random.next() % 3 == 0 {
        parts.append(.step(PackedStep(step)))
        steps.append(step)
      } else {
        let partSteps = (0..<Int(random.next() % 50)).map { Witness.Step.push(ScreenID($0)) }
        parts.append(.path(partSteps.isEmpty ? .empty : WitnessPath(partSteps)))
        steps += partSteps
      }
    }
    let joined = WitnessPath(joining: parts[...])
    var folded = WitnessPath.empty
    for part in parts {
      switch part {
      case .step(let step): folded += WitnessPath(step.step)
      case .path(let path): folded += path
      }
    }
    #expect(joined.count == steps.count)
    #expect(joined.count == folded.count)
    #expect(joined.head == folded.head)
    #expect(joined.tail == folded.tail)
    #expect(joined.steps == folded.steps)
  }

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
