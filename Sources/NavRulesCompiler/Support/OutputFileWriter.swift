#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way navrc writes a file (`emit -o`, `fmt`, `scan --rules`, `scan --fix`): never
/// half a file, never over an input, never where a planted link points.
///
/// - Untouched when the bytes are the same (its modification time stays, so nothing
///   downstream rebuilds).
/// - Otherwise a new temporary file in the target's folder, under an unpredictable name,
///   opened `O_CREAT | O_EXCL | O_NOFOLLOW` (never a file or link already there), written,
///   `fsync`ed, given the target's permissions, then renamed over the target, and the folder
///   `fsync`ed: a reader sees the old file or the new one, and a crash after the rename keeps
///   the new one. The temporary is removed on every failure; only a process killed outright
///   (`kill -9`, power loss) mid-write can leave one, `.NAME.navrc-XXXXXXXXXXXX`, and the
///   target is then untouched.
/// - A symbolic link is not replaced: the file it leads to is (created if it is missing), and
///   the link stays. The chain is resolved link by link, at most `linkLimit` links (the
///   system's own limit): a longer chain is refused, never half followed.
/// - The input check is done on that resolved file, the one the rename will replace: an
///   output that is one of `inputs` (same device and inode) is refused, as is one whose
///   resolved name ends in `refusedExtension` (`emit -o out.swift` linked to a rule file).
/// - A FIFO, a device or a terminal, and an open descriptor named through `/dev/stdout` or
///   `/dev/fd/N`, cannot be renamed over: the bytes are written straight into it, and
///   appended when the descriptor is a regular file (as a shell's `>>` would).
public enum OutputFileWriter {
  public enum Outcome: Equatable, Sendable {
    case written
    case unchanged
  }

  public struct Failure: Error, Equatable, CustomStringConvertible {
    public var description: String
    public var kind: Kind = .system

    public enum Kind: Equatable, Sendable {
      /// The system refused (a folder, a permission, a full disk): `description` says why.
      case system
      /// The file the path leads to is one of the inputs.
      case isInput(path: String)
      /// The file the path leads to has the refused extension.
      case refusedExtension(resolved: String)
    }

    public init(description: String) {
      self.description = description
    }

    init(description: String, kind: Kind) {
      self.description = description
      self.kind = kind
    }
  }

  /// Writes `content` to `requestedPath` as the type's documentation says. `inputs` are the
  /// files the output must never replace; `refusedExtension` (without the dot, compared
  /// ignoring case) a kind of file it must never replace.
  public static func write(
    _ content: String, to requestedPath: String, inputs: [String] = [],
    refusedExtension: String? = nil
  ) throws(Failure) -> Outcome {
    let destination = try checkedDestination(
      of: requestedPath, inputs: inputs, refusedExtension: refusedExtension)
    let path: String
    switch destination {
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
    var existing = stat()
    let permissions: mode_t? =
      stat(path, &existing) == 0 && existing.st_mode & S_IFMT == S_IFREG
      ? existing.st_mode & 0o7777 : nil
    let prefix = (folder == "/" ? "" : folder) + "/.\(PathNames.lastComponent(file)).navrc-"
    var temporary = ""
    var descriptor: Int32 = -1
    for _ in 0..<16 where descriptor < 0 {
      temporary = prefix + randomSuffix()
      descriptor = open(
        temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
      guard descriptor >= 0 || errno == EEXIST else { break }
    }
    guard descriptor >= 0 else {
      throw Failure(description: "cannot create '\(temporary)': \(reason(errno))")
    }
    var failure: String?
    if !write(content, to: descriptor, closing: false) {
      failure = "cannot write '\(temporary)': \(reason(errno))"
    } else if let permissions, fchmod(descriptor, permissions) != 0 {
      // The mode given to `open` passes through the umask; the file's own mode is kept whole.
      failure = "cannot set the permissions of '\(temporary)': \(reason(errno))"
    } else if fsync(descriptor) != 0 {
      failure = "cannot write '\(temporary)' to disk: \(reason(errno))"
    }
    if close(descriptor) != 0, failure == nil {
      failure = "cannot write '\(temporary)': \(reason(errno))"
    }
    if failure == nil, rename(temporary, path) != 0 {
      failure = "cannot replace '\(path)': \(reason(errno))"
    }
    if let failure {
      unlink(temporary)
      throw Failure(description: failure)
    }
    syncFolder(folder)
    return .written
  }

  /// Writes `bytes` to `path` for a file whose loss costs only time (a scan cache entry):
  /// the same temporary file and rename as `write`, so a reader sees the whole file or none,
  /// but no `fsync` of the file or the folder (two per entry would cost a cold scan of a
  /// large app more than its reading; a file cut short by a crash is detected and replaced),
  /// no link resolution and no input check (the folder is navrc's own), and no comparison
  /// (entries are written once). Missing folders are created. Whether the file was written.
  @discardableResult
  public static func writeDisposable(_ bytes: [UInt8], to path: String) -> Bool {
    let folder = PathNames.deletingLastComponent(path)
    let temporary =
      (folder == "/" ? "" : folder) + "/.\(PathNames.lastComponent(path)).navrc-" + randomSuffix()
    let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
    var descriptor = open(temporary, flags, 0o666)
    // The folder is made only when missing: one `stat` less per entry.
    if descriptor < 0, errno == ENOENT, makeFolders(folder) {
      descriptor = open(temporary, flags, 0o666)
    }
    guard descriptor >= 0 else { return false }
    let written = bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
    guard close(descriptor) == 0, written, rename(temporary, path) == 0 else {
      unlink(temporary)
      return false
    }
    return true
  }

  /// Throws what `write` would refuse `path` for (an input, the refused extension, a chain
  /// of links too long), without writing: a command checks before its work, and `write`
  /// checks again.
  public static func check(_ path: String, inputs: [String] = [], refusedExtension: String? = nil)
    throws(Failure)
  {
    _ = try checkedDestination(of: path, inputs: inputs, refusedExtension: refusedExtension)
  }

  private static func checkedDestination(
    of path: String, inputs: [String], refusedExtension: String?
  ) throws(Failure) -> Destination {
    let destination = try destination(of: path)
    let reached: String
    switch destination {
    case .stream(let stream, _): reached = stream
    case .file(let file): reached = file
    }
    try refuse(reached, requested: path, inputs: inputs, extension: refusedExtension)
    return destination
  }

  /// Refuses a destination that is one of `inputs` or has the refused extension.
  private static func refuse(
    _ reached: String, requested: String, inputs: [String], extension refused: String?
  ) throws(Failure) {
    var target = stat()
    if !inputs.isEmpty, stat(reached, &target) == 0 {
      for input in inputs {
        var info = stat()
        if stat(input, &info) == 0, info.st_dev == target.st_dev, info.st_ino == target.st_ino {
          throw Failure(
            description: "'\(requested)' is the input '\(input)'", kind: .isInput(path: input))
        }
      }
    }
    if let refused,
      PathNames.pathExtension(ofName: PathNames.lastComponent(reached)).lowercased()
        == refused.lowercased()
    {
      throw Failure(
        description: "'\(requested)' leads to '\(reached)', a .\(refused.lowercased()) file",
        kind: .refusedExtension(resolved: reached))
    }
  }

  /// Twelve random characters of `[0-9a-z]`: a name nobody can plant a link under in advance.
  /// Drawn from one 64-bit random number (one system call; a scan writes thousands of cache
  /// entries).
  private static func randomSuffix() -> String {
    var value = UInt64.random(in: .min ... .max)
    let alphabet = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)
    var characters: [UInt8] = []
    for _ in 0..<12 {
      characters.append(alphabet[Int(value % 36)])
      value /= 36
    }
    return String(decoding: characters, as: UTF8.self)
  }

  /// `fsync` of the folder, so that the rename itself survives a crash; best effort (some
  /// file systems refuse it, and the file's bytes are on disk already).
  private static func syncFolder(_ folder: String) {
    let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    close(descriptor)
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
    throw Failure(
      description: "symbolic link loop or a chain over \(linkLimit) links: '\(path)'")
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
    // Above a relative path's first folder: the working directory, which is there.
    if folder.isEmpty { return true }
    var info = stat()
    if stat(folder, &info) == 0 { return info.st_mode & S_IFMT == S_IFDIR }
    let parent = PathNames.deletingLastComponent(folder)
    guard parent != folder, makeFolders(parent) else { return false }
    return mkdir(folder, 0o777) == 0
      || (errno == EEXIST && stat(folder, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR)
  }

  /// Writes `content`'s UTF-8 to `descriptor` and closes it unless told not to; whether every
  /// byte was written (and it was closed).
  private static func write(_ content: String, to descriptor: Int32, closing: Bool = true)
    -> Bool
  {
    var content = content
    let written = content.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    guard closing else { return written }
    return close(descriptor) == 0 && written
  }

  /// Writes every byte of `bytes` to `descriptor`; whether it could.
  private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
    guard !bytes.isEmpty else { return true }
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

/// `write(2)`, out of reach of `OutputFileWriter.write`, which would shadow it there.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
