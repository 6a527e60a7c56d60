import Foundation
import NavRulesCompiler
import NavRulesTestSupport
import Testing

/// The emitted files the consumer test target compiles against the runtime: re-emitted from
/// their fixtures and compared (`NAVRC_RECORD=1` re-records them).
@Suite struct EmitGoldenTests {
  /// A fixture (file or folder), the generated type's name, and its access level.
  static let fixtures: [(String, String, EmitOptions.AccessLevel)] = [
    ("Tests/Fixtures/Emit/Contract.navrules", "ContractRules", .public),
    ("Tests/Fixtures/Emit/Escaping.navrules", "EscapingRules", .internal),
    ("Tests/Fixtures/Emit/Empty.navrules", "EmptyRules", .internal),
    ("Tests/Fixtures/Emit/Hashes.navrules", "HashesRules", .internal),
    ("Tests/Fixtures/Emit/MultiFile", "MultiFileRules", .public),
  ]

  static func emit(_ fixture: String, typeName: String, access: EmitOptions.AccessLevel) throws
    -> String
  {
    let files = try InputFiles.load([Repository.url(fixture).path])
    let compilation = Compilation(files: files)
    #expect(compilation.errorCount == 0, "\(compilation.diagnostics)")
    return try #require(
      SwiftEmitter.emit(
        compilation.module, options: EmitOptions(typeName: typeName, access: access)))
  }

  @Test(arguments: fixtures)
  func emittedFileMatchesTheCompiledGolden(
    fixture: String, typeName: String, access: EmitOptions.AccessLevel
  ) throws {
    let swift = try Self.emit(fixture, typeName: typeName, access: access)
    Golden.assertMatches(swift, file: "Tests/NavRulesConsumerTests/Generated/\(typeName).swift")
    // Nothing that differs between machines or runs.
    #expect(!swift.contains(Repository.root.path))
    #expect(!swift.contains(".navrules"))
    #expect(try Self.emit(fixture, typeName: typeName, access: access) == swift)
  }

  /// Every example that compiles without errors has a golden emitted file, compiled against
  /// the runtime by the consumer tests; one with errors has none (`navrc emit` refuses it, see
  /// `EmitCommandTests`).
  @Test(arguments: ExampleModule.all)
  func examplesWithoutErrorsHaveAGolden(_ example: ExampleModule) throws {
    let files = try InputFiles.load(example.paths.map { Repository.url($0).path })
    let compilation = Compilation(files: files)
    let golden = Repository.url(example.goldenPath).path
    guard compilation.errorCount == 0 else {
      #expect(!FileManager.default.fileExists(atPath: golden), "stale golden for \(example.name)")
      return
    }
    let swift = try #require(
      SwiftEmitter.emit(compilation.module, options: EmitOptions(typeName: example.typeName)))
    Golden.assertMatches(swift, file: example.goldenPath)
    #expect(!swift.contains(Repository.root.path))
  }

  /// No golden outlives its example.
  @Test func everyExampleGoldenHasItsExample() throws {
    let folder = Repository.url("Tests/NavRulesConsumerTests/Generated/Examples").path
    let goldens = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    let expected = ExampleModule.all.map { URL(fileURLWithPath: $0.goldenPath).lastPathComponent }
    #expect(Set(goldens).isSubset(of: expected))
    #expect(!goldens.isEmpty)
  }

  /// The example modules hold every file of the scenarios the diagnostics tests check, each
  /// once, and the versions of a trap are modules of their own.
  @Test func examplesAreTheFilesOfTheScenarios() {
    let files = ExampleModule.all.flatMap(\.paths)
    #expect(files.sorted() == ExampleModule.scenarios.flatMap(\.paths).sorted())
    #expect(Set(files).count == files.count)
    #expect(
      ExampleModule.all.map(\.name).contains("examples/swipe-freeze/swipe-freeze.fixed.navrules"))
    #expect(ExampleModule.all.map(\.name).contains("examples/title-styles"))
  }
}
