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
    // Absolute, as the messages have always named the folder and the temporary file; `..`
    // left to the system, which resolves it after any symbolic link before it.
    let file = PathNames.absolute(path)
    let folder = PathNames.deletingLastComponent(file)
    guard makeFolders(folder) else {
      throw Failure(description: "cannot create folder '\(folder)'")
    }
    let temporary =
      (folder == "/" ? "" : folder) + "/.\(PathNames.lastComponent(file)).\(getpid()).navrc-tmp"
    guard write(content, toNew: temporary) else {
      unlink(temporary)
      throw Failure(description: "cannot write '\(temporary)'")
    }
    guard rename(temporary, path) == 0 else {
      unlink(temporary)
      throw Failure(description: "cannot replace '\(path)'")
    }
    return .written
  }

  /// Creates `folder` and the folders above it that are missing (`mkdir -p`); false if one
  /// cannot be made or something else is in the way.
  private static func makeFolders(_ folder: String) -> Bool {
    var info = stat()
    if stat(folder, &info) == 0 { return info.st_mode & S_IFMT == S_IFDIR }
    let parent = PathNames.deletingLastComponent(folder)
    guard parent != folder, makeFolders(parent) else { return false }
    return mkdir(folder, 0o777) == 0
      || (errno == EEXIST && stat(folder, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR)
  }

  /// Writes `content`'s UTF-8 to `path`, created or emptied first (with the permissions a new
  /// file gets, 0666 less the umask); whether every byte was written and the file closed.
  private static func write(_ content: String, toNew path: String) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { return false }
    var content = content
    let written = content.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let count = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if count > 0 {
          offset += count
        } else if count < 0, errno == EINTR {
          continue
        } else {
          return false
        }
      }
      return true
    }
    return close(descriptor) == 0 && written
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

/// `write(2)`, out of reach of `GeneratedFileWriter.write`, which would shadow it there.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
