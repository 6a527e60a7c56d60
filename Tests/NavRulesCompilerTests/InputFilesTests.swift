import Foundation
import Testing

@testable import NavRulesCompiler

/// Issue 11, finding 11: inputs that cannot be read are reported with their real reason, and
/// one of them does not stop the others from being checked.
@Suite struct InputFilesTests {
  /// A fresh folder holding `c.navrules`.
  static func folder() throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("navrc-inputs-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    try Data("screen C {}\n".utf8).write(to: URL(fileURLWithPath: path + "/c.navrules"))
    return path
  }

  @Test func aSymbolicLinkLoopIsNamedAsSuch() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let loop = folder + "/loop.navrules"
    try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
    let named = try InputFiles.gather([loop, folder + "/c.navrules"])
    #expect(named.failures.map(\.description) == ["symbolic link loop: '\(loop)'"])
    #expect(named.files.map(\.path) == [folder + "/c.navrules"])
    // Inside a folder it was skipped without a word; now it is reported too.
    let searched = try InputFiles.gather([folder])
    #expect(searched.failures.map(\.description) == ["symbolic link loop: '\(loop)'"])
    #expect(searched.files.map(\.path) == [folder + "/c.navrules"])
    #expect(throws: InputFiles.Failure(description: "symbolic link loop: '\(loop)'")) {
      try InputFiles.load([folder])
    }
  }

  @Test func aBrokenLinkAndAFIFOAreReportedNeverWaitedOn() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/broken.navrules", withDestinationPath: folder + "/gone.navrules")
    #expect(mkfifo(folder + "/pipe.navrules", 0o600) == 0)
    let gathered = try InputFiles.gather([folder, folder + "/pipe.navrules"])
    #expect(
      gathered.failures.map(\.description) == [
        "no such file or directory: '\(folder)/broken.navrules'",
        "not a regular file: '\(folder)/pipe.navrules'",
        "not a regular file: '\(folder)/pipe.navrules'",
      ])
    #expect(gathered.files.map(\.path) == [folder + "/c.navrules"])
  }

  @Test func aMissingPathStillStopsTheRun() throws {
    #expect(throws: InputFiles.Failure(description: "no such file or directory: '/no/such'")) {
      try InputFiles.gather(["/no/such"])
    }
  }

  @Test func reasonsNameTheSystemError() {
    #expect(InputFiles.reason(EACCES) == "permission denied")
    #expect(InputFiles.reason(ELOOP) == "symbolic link loop")
    #expect(InputFiles.reason(ENOENT) == "no such file or directory")
  }

  /// Root reads everything, so this needs another user.
  @Test(.enabled(if: getuid() != 0, "root is never denied permission"))
  func unreadableFilesAndFoldersAreReportedAndTheRestRead() throws {
    let folder = try Self.folder()
    defer {
      chmod(folder + "/closed", 0o700)
      try? FileManager.default.removeItem(atPath: folder)
    }
    try Data("screen E {}\n".utf8).write(to: URL(fileURLWithPath: folder + "/e.navrules"))
    #expect(chmod(folder + "/e.navrules", 0) == 0)
    try FileManager.default.createDirectory(
      atPath: folder + "/closed", withIntermediateDirectories: false)
    #expect(chmod(folder + "/closed", 0) == 0)
    let gathered = try InputFiles.gather([folder])
    #expect(
      Set(gathered.failures.map(\.description)) == [
        "permission denied: '\(folder)/closed'", "permission denied: '\(folder)/e.navrules'",
      ])
    #expect(gathered.files.map(\.path) == [folder + "/c.navrules"])
  }

  /// A file whose size says less than it holds is read to its end: `/proc/self/cmdline`
  /// says 0 bytes, so the byte that asks whether there is more finds the first, and the
  /// chunks the rest.
  @Test func aFileThatHoldsMoreThanItsSizeIsReadWhole() throws {
    let path = "/proc/self/cmdline"
    guard FileManager.default.fileExists(atPath: path) else { return }
    let expected = try #require(FileManager.default.contents(atPath: path))
    #expect(!expected.isEmpty)
    let file = try InputFiles.read(path)
    #expect(file.bytes == Array(expected))
  }

  /// A file read in parts side by side is the file read in one piece, whether it holds the
  /// bytes expected, fewer (it shrank since `fstat`) or more (it grew); the descriptor is
  /// left after the bytes read, where reading on finds the rest.
  @Test(arguments: [1, 2, 3, 7])
  func partsReadSideBySideAreTheFile(threads: Int) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let content = (0..<100_003).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) }
    let path = folder + "/large.navrules"
    try Data(content).write(to: URL(fileURLWithPath: path))
    for expected in [content.count, content.count + 50, content.count - 1_000, 5, 0] {
      let descriptor = open(path, O_RDONLY)
      #expect(descriptor >= 0)
      defer { close(descriptor) }
      let (bytes, error) = readBytes(
        descriptor, upTo: expected, threads: threads, minimumParallelBytes: 0)
      #expect(error == 0)
      #expect(bytes == Array(content.prefix(expected)), "\(expected) bytes expected")
      #expect(lseek(descriptor, 0, SEEK_CUR) == off_t(bytes.count), "\(expected) bytes expected")
    }
  }

  /// A name that is not UTF-8 is kept as bytes (to open it) and shown with each stray byte as
  /// an octal escape, as git shows it.
  @Test func aPathThatIsNotUTF8IsShownEscaped() {
    let path = InputPath(bytes: Array("dir/caf".utf8) + [0xE9] + Array("é.swift".utf8) + [0xFF])
    #expect(path.shown == "dir/caf\\351é.swift\\377")
    #expect(!path.isUTF8)
    #expect(InputPath("dir/café.swift").shown == "dir/café.swift")
  }
}
