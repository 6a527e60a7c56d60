import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Issue 33, finding 5: what `navrc scan` cannot read is named with its real reason, the rest
/// is still scanned, and the run exits with status 2 (before: one unreadable file stopped the
/// scan, a folder that could not be listed or a path too long was skipped in silence, a name
/// that is not UTF-8 stopped everything with a false "no such file", a symbolic link loop
/// given as a path was "no such file").
@Suite struct ScanInputsCommandTests {
  /// Creates `name` (bytes, not necessarily UTF-8) in `folder`, holding `text`.
  static func create(_ name: [UInt8], in folder: String, _ text: String) {
    let path = Array(folder.utf8) + [UInt8(ascii: "/")] + name + [0]
    let descriptor = path.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
    }
    precondition(descriptor >= 0)
    _ = Array(text.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
  }

  @Test func whatCannotBeReadIsNamedAndTheRestScanned() throws {
    let tree = try TemporaryTree(ScanCommandTests.app)
    defer { tree.remove() }
    let sources = tree.path("App/Sources")
    try FileManager.default.createSymbolicLink(
      atPath: sources + "/Loop.swift", withDestinationPath: "Loop.swift")
    #expect(mkfifo(sources + "/Pipe.swift", 0o644) == 0)
    // `Café.swift` in Latin-1: not UTF-8.
    Self.create(
      Array("Caf".utf8) + [0xE9] + Array(".swift".utf8), in: sources,
      "class Extra: UIViewController {}\n")
    try FileManager.default.createSymbolicLink(
      atPath: tree.path("Cycle"), withDestinationPath: "Cycle")
    // A link to a file already scanned: read once.
    try FileManager.default.createSymbolicLink(
      atPath: sources + "/Alias.swift", withDestinationPath: "App.swift")
    let result = navrc(["scan", tree.path("App"), tree.path("Cycle")])
    #expect(result.status == 2)
    #expect(
      result.errorLines.prefix(3) == [
        "navrc scan: symbolic link loop: '\(sources)/Loop.swift'",
        "navrc scan: not a regular file: '\(sources)/Pipe.swift'",
        "navrc scan: symbolic link loop: '\(tree.path("Cycle"))'",
      ])
    // The other files are scanned: App.swift's findings, and the screen of the file whose
    // name is not UTF-8.
    #expect(
      result.errorLines.suffix(4) == [
        "1 error, 1 warning",
        "2 of 5 screens not analysed: no navigation controller found reaches them (--root CLASS"
          + " adds one)",
        "  2 screens: not created by name in any code or storyboard navrc reads",
        "1 push, root or value left out of the model (--format json lists it)",
      ])
    let json = navrc(["scan", "--format", "json", tree.path("App")])
    #expect(json.status == 2)
    #expect(json.output.contains(#"Caf\\351.swift"#))
  }

  /// A folder whose path is over the system's limit (4,096 bytes on Linux) is reported, not
  /// skipped.
  @Test func aPathTooLongIsReported() throws {
    let tree = try TemporaryTree(ScanCommandTests.app)
    defer {
      _ = try? Process.run(URL(fileURLWithPath: "/bin/rm"), arguments: ["-rf", tree.path()])
    }
    var descriptor = open(tree.path("App"), O_RDONLY | O_DIRECTORY)
    let name = String(repeating: "d", count: 250)
    for _ in 0..<20 {
      #expect(mkdirat(descriptor, name, 0o755) == 0)
      let next = openat(descriptor, name, O_RDONLY | O_DIRECTORY)
      close(descriptor)
      descriptor = next
    }
    close(descriptor)
    let result = navrc(["scan", tree.path("App")])
    #expect(result.status == 2)
    #expect(result.errorLines.first?.hasPrefix("navrc scan: file name too long: '") == true)
    #expect(
      result.errorLines.last
        == "1 push, root or value left out of the model (--format json lists it)")
  }

  /// Issue 33, finding 6: the `--exclude` warning escapes its glob; a line break in it does
  /// not forge a line.
  @Test func theExcludeWarningEscapesItsGlob() throws {
    let tree = try TemporaryTree(ScanCommandTests.app)
    defer { tree.remove() }
    let result = navrc(["scan", "--exclude", "X\nApp.swift:1:1: error: forged", tree.path("App")])
    #expect(
      result.errorLines.first
        == #"navrc scan: warning: --exclude 'X\u{A}App.swift:1:1: error: forged' matched no file or folder"#
    )
  }
}
