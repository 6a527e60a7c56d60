import Foundation
import NavRulesTestSupport
import Testing

/// Every input the fuzzers ever found (`scripts/fuzz` copies them to
/// `Fixtures/fuzz/TARGET/`), run again through its target on every test run.
@Suite struct FuzzRegressionTests {
  struct Input: CustomTestStringConvertible, Sendable {
    var target: String
    var path: String
    var testDescription: String { "\(target)/\((path as NSString).lastPathComponent)" }
  }

  static let folder = "Tests/NavRulesCompilerTests/Fixtures/fuzz"

  static let inputs: [Input] = FuzzTargets.all.flatMap { target in
    let directory = Repository.url("\(folder)/\(target.name)").path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map {
      Input(target: target.name, path: directory + "/" + $0)
    }
  }

  @Test func everyTargetHasRegressionInputs() {
    for target in FuzzTargets.all {
      #expect(Self.inputs.contains { $0.target == target.name }, "no inputs for \(target.name)")
    }
  }

  @Test(.timeLimit(.minutes(1)), arguments: inputs)
  func replays(_ input: Input) throws {
    let bytes = try #require(FileManager.default.contents(atPath: input.path))
    let run = try #require(FuzzTargets.all.first { $0.name == input.target }?.run)
    let record: @Sendable (String) -> Void = { Issue.record(Comment(rawValue: $0)) }
    FuzzTargets.$onFailure.withValue(record) { run([UInt8](bytes)) }
  }
}
