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
///
/// A symbolic link is not replaced: the file it leads to is (created if it is missing), and
/// the link stays. A FIFO, a device or a terminal, and an open descriptor named through
/// `/dev/stdout` or `/dev/fd/N`, cannot be renamed over: the bytes are written straight into
/// it, and appended when the descriptor is a regular file (as a shell's `>>` would).
public enum GeneratedFileWriter {
  public enum Outcome: Equatable, Sendable {
    case written
    case unchanged
  }

  public struct Failure: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  public static func write(_ content: String, to requestedPath: String) throws(Failure)
    -> Outcome
  {
    let path: String
    switch try destination(of: requestedPath) {
    case .stream(let stream, let appending):
      guard write(content, into: stream, appending: appending) else {
        throw Failure(description: "cannot write to '\(stream)'")
      }
      return .written
    case .file(let file):
      path = file
    }
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

  /// Where the bytes for a path go.
  enum Destination: Equatable {
    /// A file (or nothing yet, or a folder in the way) to replace by a rename.
    case file(String)
    /// Something to write into: a FIFO, a device, a terminal, an open descriptor.
    case stream(String, appending: Bool)
  }

  /// The most symbolic links followed from one path, as the system's own limit (`SYMLOOP_MAX`
  /// is 40 on Linux, 32 on Darwin).
  static let linkLimit = 40

  /// Where writing `path` must go: `path` unless it is a symbolic link, else the end of the
  /// link's chain (which need not exist: it is then created), read link by link so that a
  /// missing target is known by its name; a stream when the end is neither a regular file
  /// nor a folder, or the chain passes through an open descriptor's link (`/proc/self/fd/N`),
  /// whose target a rename would miss (the file is renamed over, the descriptor keeps the old).
  static func destination(of path: String) throws(Failure) -> Destination {
    var current = path
    for _ in 0...linkLimit {
      var info = stat()
      // Missing (or unreachable: the write reports it), so created.
      guard lstat(current, &info) == 0 else { return .file(current) }
      switch info.st_mode & S_IFMT {
      case S_IFLNK:
        break
      case S_IFREG, S_IFDIR:
        return .file(current)
      default:
        return .stream(current, appending: false)
      }
      if isDescriptorLink(current) {
        var target = stat()
        guard stat(current, &target) == 0 else {
          throw Failure(description: "cannot write to '\(current)': \(reason(errno))")
        }
        return .stream(current, appending: target.st_mode & S_IFMT == S_IFREG)
      }
      guard let link = readLink(current) else {
        throw Failure(description: "cannot read the symbolic link '\(current)'")
      }
      if link.hasPrefix("/") {
        current = link
      } else {
        let folder = PathNames.deletingLastComponent(PathNames.absolute(current))
        current = (folder == "/" ? "" : folder) + "/" + link
      }
    }
    throw Failure(description: "symbolic link loop: '\(path)'")
  }

  /// Whether the link at `path` is one of the system's links to an open descriptor: it lies
  /// in a process's descriptor folder (`/proc/PID/fd`, `/proc/PID/task/TID/fd`, which
  /// `/dev/fd`, `/proc/self/fd` and `/proc/thread-self/fd` lead to on Linux).
  static func isDescriptorLink(_ path: String) -> Bool {
    guard
      let folder = PathNames.realPath(PathNames.deletingLastComponent(PathNames.absolute(path)))
    else { return false }
    let components = folder.split(separator: "/")
    return components.first == "proc" && components.last == "fd"
      && (components.count == 3 || (components.count == 5 && components[2] == "task"))
  }

  /// The text of the symbolic link at `path` (`readlink`), or nil.
  private static func readLink(_ path: String) -> String? {
    var size = 256
    while size <= 1 << 20 {
      var buffer = [UInt8](repeating: 0, count: size)
      let count = buffer.withUnsafeMutableBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { readlink(path, $0.baseAddress!, size) }
      }
      guard count >= 0 else { return nil }
      if count < size { return String(decoding: buffer[..<count], as: UTF8.self) }
      size *= 4
    }
    return nil
  }

  /// The system's words for an `errno`.
  private static func reason(_ code: Int32) -> String {
    strerror(code).map { String(cString: $0) } ?? "error \(code)"
  }

  /// Writes `content`'s UTF-8 into what `path` names, opened as it is (no temporary file, no
  /// rename, nothing truncated); whether every byte was written and it was closed.
  private static func write(_ content: String, into path: String, appending: Bool) -> Bool {
    let descriptor = open(
      path, O_WRONLY | O_NOCTTY | O_CLOEXEC | (appending ? O_APPEND : 0))
    guard descriptor >= 0 else { return false }
    return write(content, to: descriptor)
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
    return write(content, to: descriptor)
  }

  /// Writes `content`'s UTF-8 to `descriptor` and closes it; whether every byte was written
  /// and it was closed.
  private static func write(_ content: String, to descriptor: Int32) -> Bool {
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
