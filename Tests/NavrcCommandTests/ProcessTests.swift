import Foundation
import NavRulesTestSupport
import Testing

/// The built `navrc` executable, run as a real process: what users and build systems see.
@Suite struct ProcessTests {
  /// `navrc` next to the test bundle (or in `.build/debug`).
  static let executable: URL? = {
    var candidates: [URL] = []
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<5 {
      candidates.append(folder.appendingPathComponent("navrc"))
      folder.deleteLastPathComponent()
    }
    candidates.append(Repository.url(".build/debug/navrc"))
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  /// Runs navrc with its output and error streams sent to files (no pipe to fill up).
  static func run(_ arguments: [String]) throws -> RunResult {
    let executable = try #require(Self.executable, "navrc was not built next to the tests")
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("navrc-process-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outputURL = folder.appendingPathComponent("stdout")
    let errorURL = folder.appendingPathComponent("stderr")
    try Data().write(to: outputURL)
    try Data().write(to: errorURL)
    let output = try FileHandle(forWritingTo: outputURL)
    let error = try FileHandle(forWritingTo: errorURL)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = Repository.root
    process.standardOutput = output
    process.standardError = error
    try process.run()
    process.waitUntilExit()
    try output.close()
    try error.close()
    #expect(process.terminationReason == .exit, "navrc was killed by a signal")
    return RunResult(
      status: process.terminationStatus,
      output: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
      error: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
  }

  @Test func aCleanFileExitsZero() throws {
    let tree = try TemporaryTree(["r.navrules": cleanRules])
    defer { tree.remove() }
    let result = try Self.run(["check", tree.path("r.navrules")])
    #expect(result.status == 0)
    #expect(result.error == "0 errors, 0 warnings\n")
  }

  @Test func errorsExitOneAndJSONIsOnStandardOutput() throws {
    let tree = try TemporaryTree(["r.navrules": "screen Home { push Nowhere }\n"])
    defer { tree.remove() }
    let text = try Self.run(["check", tree.path("r.navrules")])
    #expect(text.status == 1)
    #expect(text.error.hasPrefix(tree.path("r.navrules") + ":1:20: error: no screen named"))
    let json = try Self.run(["check", "--format", "json", tree.path("r.navrules")])
    #expect(json.status == 1)
    #expect(json.error == "")
    let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
    #expect(object?["version"] as? Int == 1)
  }

  @Test func usageErrorsExitTwoWithOneLine() throws {
    for arguments in [["check", "--nope", "x"], ["check", "/no/such.navrules"]] {
      let result = try Self.run(arguments)
      #expect(result.status == 2)
      #expect(result.errorLines.count == 1)
    }
    #expect(try Self.run(["--version"]).output.hasPrefix("navrc "))
  }

  @Test func randomBytesExitOneWithoutCrashing() throws {
    // A fixed linear congruential sequence: the same "random" bytes on every run.
    var state: UInt32 = 2_463_534_242
    var bytes = (0..<100_000).map { _ -> UInt8 in
      state = state &* 1_664_525 &+ 1_013_904_223
      return UInt8(truncatingIfNeeded: state >> 24)
    }
    bytes[0] = 0xFF
    let tree = try TemporaryTree([:])
    defer { tree.remove() }
    try FileManager.default.createDirectory(at: tree.root, withIntermediateDirectories: true)
    let url = tree.root.appendingPathComponent("random.navrules")
    try Data(bytes).write(to: url)
    let result = try Self.run(["check", url.path])
    #expect(result.status == 1)
    #expect(result.errorLines.last?.hasSuffix("warnings") == true)
  }

  /// `-o /dev/stdout` writes into the process's standard output, whatever it is: a pipe, or a
  /// file that already holds text (appended to, as by `>>`; the file is not replaced, so the
  /// shell's descriptor and what it wrote stay). Through a link of the test's own to
  /// `/dev/stdout`, which stays a link: were it replaced, as before, the run (often as root)
  /// must not replace the system's `/dev/stdout`.
  @Test func emitToDevStdoutWritesIntoTheDescriptor() throws {
    let executable = try #require(Self.executable, "navrc was not built next to the tests")
    let tree = try TemporaryTree(["r.navrules": cleanRules])
    defer { tree.remove() }
    let link = tree.path("stdout.swift")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/stdout")
    let expected = try Self.run(["emit", "-o", "-", tree.path("r.navrules")])
    #expect(expected.status == 0)
    #expect(expected.output.hasPrefix("// Code generated by navrc. DO NOT EDIT.\n"))

    let pipe = Pipe()
    let piped = Process()
    piped.executableURL = executable
    piped.arguments = ["emit", "-o", link, tree.path("r.navrules")]
    piped.standardOutput = pipe
    try piped.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    piped.waitUntilExit()
    #expect(piped.terminationStatus == 0)
    #expect(String(decoding: data, as: UTF8.self) == expected.output)

    let outputURL = tree.root.appendingPathComponent("stdout")
    try Data("// before\n".utf8).write(to: outputURL)
    let output = try FileHandle(forWritingTo: outputURL)
    try output.seekToEnd()
    let redirected = Process()
    redirected.executableURL = executable
    redirected.arguments = ["emit", "-o", link, tree.path("r.navrules")]
    redirected.standardOutput = output
    try redirected.run()
    redirected.waitUntilExit()
    try output.close()
    #expect(redirected.terminationStatus == 0)
    #expect(
      String(decoding: try Data(contentsOf: outputURL), as: UTF8.self)
        == "// before\n" + expected.output)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: tree.path()).sorted() == [
        "r.navrules", "stdout", "stdout.swift",
      ])
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "/dev/stdout")
  }
}
