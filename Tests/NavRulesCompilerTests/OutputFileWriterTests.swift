import Foundation
import NavRulesTestSupport
import Testing

@testable import NavRulesCompiler

/// What `OutputFileWriter` leaves alone and what it replaces: a build system rebuilds
/// whatever it touches, and must never see a file that is not exactly the generated one.
@Suite struct OutputFileWriterTests {
  static func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("navrc-writer-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func theSameBytesAreLeftAloneAndAnyOtherBytesReplaced() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("Rules.swift").path
    let content = "let a = 1\n// é 😀\n"
    #expect(try OutputFileWriter.write(content, to: path) == .written)
    #expect(try OutputFileWriter.write(content, to: path) == .unchanged)
    // The same size with one byte changed, a longer file and a shorter one are all replaced.
    for existing in ["let a = 2\n// é 😀\n", content + "\n", "let a = 1\n"] {
      try Data(existing.utf8).write(to: URL(fileURLWithPath: path))
      #expect(try OutputFileWriter.write(content, to: path) == .written, "\(existing)")
      #expect(try String(contentsOfFile: path, encoding: .utf8) == content)
    }
  }

  @Test func aFolderInTheWayIsAnErrorNotAMatch() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("Rules.swift").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    #expect(!OutputFileWriter.holds("", at: path))
    #expect(throws: OutputFileWriter.Failure.self) {
      try OutputFileWriter.write("", to: path)
    }
  }

  @Test func anEmptyFileHoldsEmptyContentOnly() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("Empty.swift").path
    #expect(!OutputFileWriter.holds("", at: path), "a missing file holds nothing")
    try Data().write(to: URL(fileURLWithPath: path))
    #expect(OutputFileWriter.holds("", at: path))
    #expect(!OutputFileWriter.holds("x", at: path))
  }

  /// Missing folders are made, the new file gets the umask's permissions, and no temporary
  /// file is left behind.
  @Test func missingFoldersAreMadeAndNoTemporaryFileIsLeft() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.path + "/a/b/c/Rules.swift"
    #expect(try OutputFileWriter.write("let x = 1\n", to: path) == .written)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "let x = 1\n")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path + "/a/b/c") == ["Rules.swift"]
    )
    let mask = umask(0)
    umask(mask)
    let permissions = try #require(
      try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    #expect(permissions == 0o666 & ~Int(mask))
  }

  /// A file where a folder must go is reported with the folder's absolute path, and nothing
  /// is written.
  @Test func aFileWhereAFolderMustGoIsReported() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("x".utf8).write(to: URL(fileURLWithPath: folder.path + "/blocker"))
    #expect(
      throws: OutputFileWriter.Failure(
        description: "cannot create folder '\(folder.path)/blocker/sub'")
    ) {
      try OutputFileWriter.write("", to: folder.path + "/blocker/sub/Rules.swift")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["blocker"])
  }

  /// `..` after a symbolic link is the link target's parent, as the system resolves it: the
  /// folder is made there, not where the path's text would put it.
  @Test func dotDotAfterALinkIsTheTargetsParent() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      atPath: folder.path + "/real/inner", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/link", withDestinationPath: "real/inner")
    let path = folder.path + "/link/../out/Rules.swift"
    #expect(try OutputFileWriter.write("let x = 1\n", to: path) == .written)
    #expect(FileManager.default.fileExists(atPath: folder.path + "/real/out/Rules.swift"))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/out"))
  }

  static func fileType(_ path: String) throws -> FileAttributeType? {
    try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
  }

  /// A symbolic link stays a link: the file it leads to is replaced (in its own folder, where
  /// no temporary file is left), and left alone, modification time and all, when it already
  /// holds the content.
  @Test func aSymbolicLinkStaysALinkAndItsTargetIsWritten() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      atPath: folder.path + "/real", withIntermediateDirectories: true)
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: folder.path + "/real/Rules.swift"))
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/Rules.swift", withDestinationPath: "real/Rules.swift")
    let link = folder.path + "/Rules.swift"
    let target = folder.path + "/real/Rules.swift"
    #expect(try OutputFileWriter.write("let x = 1\n", to: link) == .written)
    #expect(try Self.fileType(link) == .typeSymbolicLink)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real/Rules.swift")
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "let x = 1\n")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path + "/real") == [
        "Rules.swift"
      ])
    let past = Date(timeIntervalSince1970: 1_000_000)
    try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: target)
    #expect(try OutputFileWriter.write("let x = 1\n", to: link) == .unchanged)
    let attributes = try FileManager.default.attributesOfItem(atPath: target)
    #expect(attributes[.modificationDate] as? Date == past)
  }

  /// A chain of links whose end is missing: the end is created (with its folder), as a
  /// shell's `>` would; a chain that loops is an error, and nothing is written.
  @Test func aLinkToAMissingFileCreatesItAndALoopIsAnError() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/first.swift", withDestinationPath: folder.path + "/second.swift")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/second.swift", withDestinationPath: "out/Rules.swift")
    #expect(
      try OutputFileWriter.write("let x = 1\n", to: folder.path + "/first.swift") == .written)
    #expect(try Self.fileType(folder.path + "/first.swift") == .typeSymbolicLink)
    #expect(try Self.fileType(folder.path + "/second.swift") == .typeSymbolicLink)
    #expect(
      try String(contentsOfFile: folder.path + "/out/Rules.swift", encoding: .utf8)
        == "let x = 1\n")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/loop.swift", withDestinationPath: "loop.swift")
    #expect(
      throws: OutputFileWriter.Failure(
        description: "symbolic link loop or a chain over 40 links: '\(folder.path)/loop.swift'")
    ) {
      try OutputFileWriter.write("", to: folder.path + "/loop.swift")
    }
    #expect(try Self.fileType(folder.path + "/loop.swift") == .typeSymbolicLink)
  }

  /// A chain of `length` links in `folder`, `chain-0` first, the last one leading to `target`.
  static func linkChain(_ length: Int, in folder: String, to target: String) throws -> String {
    for index in 0..<length {
      try FileManager.default.createSymbolicLink(
        atPath: "\(folder)/chain-\(index)",
        withDestinationPath: index + 1 < length ? "chain-\(index + 1)" : target)
    }
    return "\(folder)/chain-0"
  }

  /// The input check is made on the file the write reaches: a chain of 40 links (the most the
  /// system follows) to an input is refused as the input, a longer one refused as a chain,
  /// and the input is never replaced (issue 33: over 40 links, the check gave up and the write
  /// went on).
  @Test(arguments: [1, 40, 41, 60])
  func aLinkChainToAnInputIsRefused(_ length: Int) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.path + "/App.swift"
    try Data("class A {}\n".utf8).write(to: URL(fileURLWithPath: input))
    let output = try Self.linkChain(length, in: folder.path, to: "App.swift")
    do {
      _ = try OutputFileWriter.write("screen A {}\n", to: output, inputs: [input])
      Issue.record("written through \(length) links")
    } catch {
      if length <= OutputFileWriter.linkLimit {
        #expect(error.kind == .isInput(path: input))
      } else {
        #expect(error.kind == .system)
      }
    }
    #expect(try String(contentsOfFile: input, encoding: .utf8) == "class A {}\n")
  }

  /// `emit -o out.swift` where `out.swift` leads to a rule file: refused by the extension of
  /// the file reached, which is left as it was.
  @Test func aLinkToAFileOfTheRefusedExtensionIsRefused() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let rules = folder.path + "/Other.navrules"
    try Data("screen A {}\n".utf8).write(to: URL(fileURLWithPath: rules))
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/Out.swift", withDestinationPath: "Other.navrules")
    #expect(
      throws: OutputFileWriter.Failure(
        description: "'\(folder.path)/Out.swift' leads to '\(folder.path)/Other.navrules', a"
          + " .navrules file", kind: .refusedExtension(resolved: folder.path + "/Other.navrules"))
    ) {
      try OutputFileWriter.write(
        "let x = 1\n", to: folder.path + "/Out.swift", refusedExtension: "NAVRULES")
    }
    #expect(try String(contentsOfFile: rules, encoding: .utf8) == "screen A {}\n")
  }

  /// Links planted under every name the temporary could once have had (`.NAME.PID.navrc-tmp`,
  /// fmt's `.NAME.navrc-fmt-PID-N`) redirect nothing: the temporary is a new file under a name
  /// nobody knows in advance, opened without following a link.
  @Test func aPlantedLinkAtATemporaryNameRedirectsNothing() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let victim = folder.path + "/Victim.swift"
    try Data("mine\n".utf8).write(to: URL(fileURLWithPath: victim))
    let planted = [
      ".Rules.swift.\(getpid()).navrc-tmp", ".Rules.swift.navrc-fmt-\(getpid())-0",
    ]
    for name in planted {
      try FileManager.default.createSymbolicLink(
        atPath: folder.path + "/" + name, withDestinationPath: "Victim.swift")
    }
    #expect(try OutputFileWriter.write("let x = 1\n", to: folder.path + "/Rules.swift") == .written)
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "mine\n")
    #expect(
      try String(contentsOfFile: folder.path + "/Rules.swift", encoding: .utf8) == "let x = 1\n")
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        == Set(planted + ["Victim.swift", "Rules.swift"]))
  }

  /// A rename that fails (a folder in the way) removes the temporary; a replaced file keeps
  /// its permissions.
  @Test func aFailedRenameLeavesNoTemporaryAndPermissionsAreKept() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      atPath: folder.path + "/Rules.swift/inside", withIntermediateDirectories: true)
    #expect(throws: OutputFileWriter.Failure.self) {
      try OutputFileWriter.write("let x = 1\n", to: folder.path + "/Rules.swift")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Rules.swift"])
    let kept = folder.path + "/Kept.swift"
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: kept))
    #expect(chmod(kept, 0o640) == 0)
    #expect(try OutputFileWriter.write("new\n", to: kept) == .written)
    let permissions = try FileManager.default.attributesOfItem(atPath: kept)[.posixPermissions]
    #expect(permissions as? Int == 0o640)
  }

  /// A FIFO, and a link to one, are written into, as they are: its reader gets the bytes,
  /// and it is still a FIFO.
  @Test(arguments: ["fifo", "link"])
  func aFIFOIsWrittenIntoNotReplaced(_ name: String) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.path + "/fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/link", withDestinationPath: "fifo")
    let content = "let x = 1\n" + String(repeating: "// filler\n", count: 20_000)
    let outcome = Box<OutputFileWriter.Outcome>()
    let read = FIFO.read(fifo) {
      outcome.value = try? OutputFileWriter.write(content, to: folder.path + "/" + name)
    }
    #expect(outcome.value == .written)
    #expect(read == Data(content.utf8))
    #expect(isFIFO(fifo))
    #expect(try Self.fileType(folder.path + "/link") == .typeSymbolicLink)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
        "fifo", "link",
      ])
  }

  /// A link to a character device (`/dev/null`) stays a link to it.
  @Test func aLinkToADeviceIsWrittenIntoNotReplaced() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let link = folder.path + "/null.swift"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/null")
    #expect(try OutputFileWriter.write("let x = 1\n", to: link) == .written)
    #expect(try Self.fileType(link) == .typeSymbolicLink)
    #expect(try Self.fileType("/dev/null") == .typeCharacterSpecial)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["null.swift"])
  }

  /// `/dev/stdout` and `/dev/fd/N` lead (on Linux) to a process's descriptor link, whose
  /// target is written into, never renamed over; elsewhere they are devices, written into too.
  @Test func descriptorPathsAreStreams() throws {
    for path in ["/dev/stdout", "/dev/fd/2", "/proc/self/fd/1"]
    where FileManager.default.fileExists(atPath: path) {
      guard case .stream = try OutputFileWriter.destination(of: path) else {
        Issue.record("\(path) is not written into")
        continue
      }
    }
    #expect(!OutputFileWriter.isDescriptorLink("/dev/stdout"))
  }
}

/// Whether `path` is a FIFO (`lstat`).
private func isFIFO(_ path: String) -> Bool {
  var info = stat()
  return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
}

/// A value set on another thread.
final class Box<Value>: @unchecked Sendable {
  var value: Value?
}
