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
}
