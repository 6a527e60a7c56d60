import Testing

@testable import NavRulesCompiler

@Suite struct StageTimesTests {
  @Test(arguments: [
    (Duration.zero, "0.0"),
    (.microseconds(12_340), "12.3"),
    (.microseconds(12_350), "12.4"),
    (.microseconds(49), "0.0"),
    (.seconds(2) + .microseconds(100), "2000.1"),
  ])
  func millisecondsHaveOneDecimal(_ duration: Duration, _ expected: String) {
    #expect(StageTimes.milliseconds(duration) == expected)
  }

  /// A compilation times each of its stages, in the order they run.
  @Test func aCompilationTimesItsStagesInOrder() {
    let compilation = Compilation(
      files: [SourceFile(path: "a.navrules", text: "navigator Main { root A }\nscreen A { }\n")])
    #expect(compilation.stageTimes.stages.map(\.name) == ["parse", "resolve", "check", "order"])
  }

  /// Appended records keep their stages; the summary ends with their sum.
  @Test func theSummaryListsEveryStageAndTheTotal() {
    var times = StageTimes()
    times.end("read")
    var later = StageTimes()
    later.end("parse")
    times.append(later)
    times.end("report")
    #expect(times.stages.map(\.name) == ["read", "parse", "report"])
    let total = times.stages.reduce(Duration.zero) { $0 + $1.duration }
    #expect(times.summary.hasPrefix("read "))
    #expect(times.summary.hasSuffix(", total \(StageTimes.milliseconds(total)) ms"))
  }
}
