#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a generated file the way build systems want: untouched when the bytes are the same
/// (its modification time stays, so nothing downstream rebuilds), otherwise replaced
/// atomically (a temporary file in the same folder, then a rename), so a reader never sees half
/// a file and a failed write leaves the old one.
public enum GeneratedFileWriter {
  public enum Outcome: Equatable, Sendable {
    case written
    case unchanged
  }

  public struct Failure: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  public static func write(_ content: String, to path: String) throws(Failure) -> Outcome {
    if holds(content, at: path) { return .unchanged }
    let bytes = Data(content.utf8)
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw Failure(description: "cannot create folder '\(folder.path)'")
    }
    let temporary = folder.appendingPathComponent(
      ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).navrc-tmp")
    do {
      try bytes.write(to: temporary)
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw Failure(description: "cannot write '\(temporary.path)'")
    }
    guard rename(temporary.path, url.path) == 0 else {
      try? FileManager.default.removeItem(at: temporary)
      throw Failure(description: "cannot replace '\(path)'")
    }
    return .written
  }

  /// Whether `path` is a regular file whose bytes are `content`'s UTF-8. Read with `open` and
  /// `read`, and only when the sizes agree: on every build the plugin's `emit` ends here, and
  /// Foundation's `contents(atPath:)` cost it more than the comparison.
  static func holds(_ content: String, at path: String) -> Bool {
    var content = content
    return content.withUTF8 { expected in
      let descriptor = open(path, O_RDONLY | O_NONBLOCK)
      guard descriptor >= 0 else { return false }
      defer { close(descriptor) }
      var info = stat()
      guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
        Int(info.st_size) == expected.count
      else { return false }
      // One byte more than expected, to notice a file that grew since `fstat`; a failed read
      // leaves fewer bytes, so no match.
      let existing = readBytes(descriptor, upTo: expected.count + 1).bytes
      guard existing.count == expected.count else { return false }
      // An empty text may have no storage at all; an empty file then holds it.
      guard let expectedStart = expected.baseAddress else { return true }
      return existing.withUnsafeBytes { memcmp($0.baseAddress!, expectedStart, expected.count) }
        == 0
    }
  }
}
