import Foundation
import Testing

@testable import NavRulesCompiler

/// `PathNames` gives what `URL`'s `standardizedFileURL` and `resolvingSymlinksInPath()` gave
/// before navrc stopped linking FoundationEssentials: which files are the same, and the paths
/// in messages, depend on it.
@Suite struct PathNamesTests {
  @Test(arguments: [
    ("/a/b/c", "/a/b/c"),
    ("/a/./b/../c", "/a/c"),
    ("/a//b///c/", "/a/b/c"),
    ("/..", "/"),
    ("/../a/..", "/"),
    ("/", "/"),
    ("/a/b/../../..", "/"),
  ])
  func absolutePathsAreStandardizedWithoutTheDisk(path: String, expected: String) {
    #expect(PathNames.standardized(path) == expected)
    #expect(PathNames.standardized(path) == URL(fileURLWithPath: path).standardizedFileURL.path)
  }

  @Test func relativePathsStartAtTheWorkingDirectory() {
    let directory = FileManager.default.currentDirectoryPath
    #expect(PathNames.currentDirectory() == directory)
    #expect(PathNames.standardized("x/./y/../z") == directory + "/x/z")
    #expect(PathNames.standardized(".") == directory)
    #expect(PathNames.absolute("x/../y") == directory + "/x/../y")
    #expect(PathNames.absolute("/x/../y") == "/x/../y")
  }

  @Test func linksAreResolvedWhenThePathExists() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("navrc-paths-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(
      atPath: folder + "/real", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/link", withDestinationPath: "real")
    try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/real/f.navrules"))
    let real = PathNames.resolved(folder + "/real/f.navrules")
    #expect(PathNames.resolved(folder + "/link/f.navrules") == real)
    #expect(PathNames.resolved(folder + "/link/./x/../f.navrules") == real)
    #expect(real.hasSuffix("/real/f.navrules"))
    // A path that names nothing is only standardized.
    #expect(PathNames.resolved(folder + "/link/missing/../g") == folder + "/link/g")
  }
}

/// The processors counted without FoundationEssentials: its count (which honours a control
/// group's CPU quota), or fewer when the process may run on fewer (`taskset`), as `nproc` says.
@Suite struct ProcessorCountTests {
  @Test func theActiveProcessorsAreFoundationsCountWithinTheAffinity() throws {
    var expected = ProcessInfo.processInfo.activeProcessorCount
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/nproc") {
      let nproc = Process()
      nproc.executableURL = URL(fileURLWithPath: "/usr/bin/nproc")
      let output = Pipe()
      nproc.standardOutput = output
      try nproc.run()
      nproc.waitUntilExit()
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      let allowed = try #require(Int(text.trimmingCharacters(in: .whitespacesAndNewlines)))
      expected = min(expected, allowed)
    }
    #expect(Concurrency.activeProcessorCount() == expected)
  }
}
