import Foundation
import Testing

@testable import NavRulesCompiler

/// What `GeneratedFileWriter` leaves alone and what it replaces: a build system rebuilds
/// whatever it touches, and must never see a file that is not exactly the generated one.
@Suite struct GeneratedFileWriterTests {
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
    #expect(try GeneratedFileWriter.write(content, to: path) == .written)
    #expect(try GeneratedFileWriter.write(content, to: path) == .unchanged)
    // The same size with one byte changed, a longer file and a shorter one are all replaced.
    for existing in ["let a = 2\n// é 😀\n", content + "\n", "let a = 1\n"] {
      try Data(existing.utf8).write(to: URL(fileURLWithPath: path))
      #expect(try GeneratedFileWriter.write(content, to: path) == .written, "\(existing)")
      #expect(try String(contentsOfFile: path, encoding: .utf8) == content)
    }
  }

  @Test func aFolderInTheWayIsAnErrorNotAMatch() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("Rules.swift").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    #expect(!GeneratedFileWriter.holds("", at: path))
    #expect(throws: GeneratedFileWriter.Failure.self) {
      try GeneratedFileWriter.write("", to: path)
    }
  }

  @Test func anEmptyFileHoldsEmptyContentOnly() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("Empty.swift").path
    #expect(!GeneratedFileWriter.holds("", at: path), "a missing file holds nothing")
    try Data().write(to: URL(fileURLWithPath: path))
    #expect(GeneratedFileWriter.holds("", at: path))
    #expect(!GeneratedFileWriter.holds("x", at: path))
  }

  /// Missing folders are made, the new file gets the umask's permissions, and no temporary
  /// file is left behind.
  @Test func missingFoldersAreMadeAndNoTemporaryFileIsLeft() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.path + "/a/b/c/Rules.swift"
    #expect(try GeneratedFileWriter.write("let x = 1\n", to: path) == .written)
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
      throws: GeneratedFileWriter.Failure(
        description: "cannot create folder '\(folder.path)/blocker/sub'")
    ) {
      try GeneratedFileWriter.write("", to: folder.path + "/blocker/sub/Rules.swift")
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
    #expect(try GeneratedFileWriter.write("let x = 1\n", to: path) == .written)
    #expect(FileManager.default.fileExists(atPath: folder.path + "/real/out/Rules.swift"))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/out"))
  }
}
