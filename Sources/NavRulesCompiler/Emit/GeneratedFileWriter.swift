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
    let bytes = Data(content.utf8)
    if FileManager.default.contents(atPath: path) == bytes { return .unchanged }
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
}
