import NavRulesTestSupport
import Testing

@testable import NavRulesCompiler

/// "Did you mean": the banded, bounded edit distance (issue 11, finding 2).
@Suite(.timeLimit(.minutes(1))) struct SuggestionTests {
  /// The full table, for comparison.
  static func referenceDistance(_ lhs: String, _ rhs: String) -> Int {
    let a = Array(lhs.utf8)
    let b = Array(rhs.utf8)
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
      for j in stride(from: 1, through: b.count, by: 1) {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }

  @Test func bandedDistanceAgreesWithTheFullTable() {
    var generator = SeededGenerator(seed: 2)
    let alphabet = Array("abAB_1")
    func word() -> String {
      String(
        (0..<Int.random(in: 0...12, using: &generator)).map { _ in
          alphabet.randomElement(using: &generator)!
        })
    }
    for _ in 0..<3_000 {
      let (lhs, rhs) = (word(), word())
      let limit = Int.random(in: 1...6, using: &generator)
      let expected = Self.referenceDistance(lhs, rhs)
      let distance = Suggestions.editDistance(lhs, rhs, limit: limit)
      #expect(distance == min(expected, limit + 1), "\(lhs) \(rhs) limit \(limit)")
    }
  }

  @Test func suggestionsAreUnchanged() {
    #expect(Suggestions.closest(to: "Detial", among: ["Detail", "Home"]) == "Detail")
    #expect(Suggestions.closest(to: "titel", among: ["title", "titleStyle"]) == "title")
    #expect(Suggestions.closest(to: "A", among: ["W", "B"]) == nil)
    #expect(Suggestions.closest(to: "Hme", among: ["Home", "Hmm", "Me"]) == "Home")
    #expect(Suggestions.closest(to: "Home", among: ["Home"]) == nil)
  }

  /// A 1 MB undefined name: the old table had 10¹² cells.
  @Test func aHugeNameGetsNoSuggestion() {
    let name = String(repeating: "X", count: 1_000_000)
    let compilation = compile(
      "navigator M { root \(name) }\nscreen \(name.dropLast())Y {}\n")
    let undefined = compilation.diagnostics.filter { $0.id == .undefinedReference }
    #expect(undefined.count == 1)
    #expect(undefined.first?.notes == [])
  }

  /// Many misses among many long, similar names: each look-up is cheap only when the names
  /// differ early, so the run's budget bounds the rest.
  @Test func manyMissesAmongSimilarNamesAreBounded() {
    let stem = String(repeating: "Screen", count: 20)
    var text = "navigator M { root \(stem)0 }\n"
    for index in 0..<1_000 {
      text += "screen \(stem)\(index) { push \(stem)\(index + 1), \(stem)x\(index) }\n"
    }
    let compilation = compile(text)
    let undefined = compilation.diagnostics.filter { $0.id == .undefinedReference }
    #expect(undefined.count == 1_001)
    // The first misses still get their suggestion.
    #expect(undefined.first?.notes.first?.message == "did you mean '\(stem)0'?")
  }

  @Test func theBudgetStopsSuggestions() {
    var budget = Suggestions.Budget(10)
    let candidates = (0..<100).map { "Name\($0)" }
    #expect(Suggestions.closest(to: "Nam99", among: candidates, budget: &budget) == nil)
    #expect(budget.remaining <= 0)
    var ample = Suggestions.Budget()
    #expect(Suggestions.closest(to: "Nam99", among: candidates, budget: &ample) == "Name9")
  }
}
