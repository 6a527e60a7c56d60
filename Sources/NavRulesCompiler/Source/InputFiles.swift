import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds and reads the `.navrules` files a command names.
///
/// Problems are reported with their real reason (`symbolic link loop`, `permission denied`,
/// `not a regular file`, …), read from the system's error code. A PATH that does not exist
/// stops the run (it is almost always a typo); a file that exists but cannot be read, or a
/// folder that cannot be listed, is reported while the other files are still checked, and the
/// command then exits with status 2 (`gather`).
public enum InputFiles {
  /// The extension rule files carry.
  public static let fileExtension = "navrules"

  /// Why an input could not be read; the command line turns it into exit status 2.
  public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String

    public init(description: String) {
      self.description = description
    }

    /// `REASON: 'PATH'`, the reason named after the system's error code.
    init(_ code: Int32, _ path: String) {
      self.description = "\(InputFiles.reason(code)): '\(path)'"
    }

    /// A file of `SourceFile.maximumByteCount` bytes or more.
    static func tooLarge(_ path: String) -> Failure {
      Failure(description: "file too large (4 GiB or more): '\(path)'")
    }
  }

  /// What `gather` found: the files it read, in sorted path order, and the problems with
  /// the others.
  public struct Gathered: Sendable {
    public var files: [SourceFile]
    public var failures: [Failure]
  }

  /// The files named by `paths`, failing on the first problem.
  public static func load(_ paths: [String]) throws(Failure) -> [SourceFile] {
    let gathered = try gather(paths)
    if let failure = gathered.failures.first { throw failure }
    return gathered.files
  }

  /// The files named by `paths`: each file as given, each directory searched recursively for
  /// `*.navrules` (hidden entries skipped, symbolic links to folders not followed), all in
  /// sorted path order without repeats (a file named twice, even as `a.navrules` and
  /// `./a.navrules`, is read once).
  ///
  /// Throws only when a PATH does not exist or a folder holds no rule file; any other
  /// problem (an unreadable file, a symbolic link loop, a folder that cannot be listed) is
  /// returned in `failures`, and the other files are still read.
  public static func gather(_ paths: [String]) throws(Failure) -> Gathered {
    var found: [String: String] = [:]
    var failures: [Failure] = []
    func add(_ path: String) {
      let key = canonicalPath(path)
      if let existing = found[key], existing.utf8.lexicographicallyPrecedes(path.utf8) { return }
      found[key] = path
    }
    for path in paths {
      switch kind(of: path) {
      case .failure(let error) where error.code == ENOENT || error.code == ENOTDIR:
        throw Failure(error.code, path)
      case .failure(let error):
        failures.append(Failure(error.code, path))
      case .success(.directory):
        let (files, problems) = DirectoryWalk.ruleFiles(under: path)
        failures += problems
        guard !files.isEmpty || !problems.isEmpty else {
          throw Failure(description: "no .\(fileExtension) files under '\(path)'")
        }
        for file in files { add(file) }
      case .success:
        add(path)
      }
    }
    var files: [SourceFile] = []
    for path in found.values.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
      switch readFile(path) {
      case .success(let file): files.append(file)
      case .failure(let failure): failures.append(failure)
      }
    }
    return Gathered(files: files, failures: failures)
  }

  /// The file's absolute path with every symbolic link, `.` and `..` resolved (`realpath`),
  /// which names one file one way; the path itself if it cannot be resolved.
  public static func canonicalPath(_ path: String) -> String {
    PathNames.realPath(path) ?? path
  }

  /// Reads one file.
  public static func read(_ path: String) throws(Failure) -> SourceFile {
    try readFile(path).get()
  }

  /// Reads one regular file. A FIFO or a device named `x.navrules` is refused rather than
  /// read, so a run can never wait forever on one.
  static func readFile(_ path: String) -> Result<SourceFile, Failure> {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK)
    guard descriptor >= 0 else { return .failure(Failure(errno, path)) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(Failure(errno, path)) }
    guard info.st_mode & S_IFMT == S_IFREG else {
      let what = info.st_mode & S_IFMT == S_IFDIR ? "a directory" : "not a regular file"
      return .failure(Failure(description: "\(what): '\(path)'"))
    }
    guard info.st_size < SourceFile.maximumByteCount else { return .failure(.tooLarge(path)) }
    // Read in place, up to the size `fstat` gave, then on in chunks if the file has grown.
    let first = readBytes(descriptor, upTo: Int(info.st_size))
    guard first.error == 0 else { return .failure(Failure(first.error, path)) }
    var bytes = first.bytes
    // Whether it grew is asked with one byte: a 64 KB chunk asked for every file was zeroed
    // for nothing, 15 of the 100 page faults an unchanged `emit` adds to the start-up.
    if bytes.count == info.st_size {
      var next: UInt8 = 0
      let count = systemRead(descriptor, &next, 1)
      guard count >= 0 else { return .failure(Failure(errno, path)) }
      guard count == 1 else { return .success(SourceFile(path: path, bytes: bytes)) }
      bytes.append(next)
      guard bytes.count < SourceFile.maximumByteCount else { return .failure(.tooLarge(path)) }
    }
    var chunk = [UInt8](repeating: 0, count: bytes.count <= info.st_size ? 0 : 1 << 16)
    while !chunk.isEmpty {
      let count = chunk.withUnsafeMutableBytes {
        systemRead(descriptor, $0.baseAddress, $0.count)
      }
      guard count > 0 else {
        if count < 0 { return .failure(Failure(errno, path)) }
        break
      }
      bytes += chunk[0..<count]
      // The file may have grown since `fstat`.
      guard bytes.count < SourceFile.maximumByteCount else { return .failure(.tooLarge(path)) }
    }
    return .success(SourceFile(path: path, bytes: bytes))
  }

  /// The rule files below `directory`, as paths that start with `directory`, sorted; folders
  /// that cannot be listed and rule files that cannot be read are left out (see
  /// `DirectoryWalk` for them).
  public static func ruleFiles(under directory: String) -> [String] {
    DirectoryWalk.ruleFiles(under: directory).files
  }

  package enum Kind {
    case file
    case directory
    case other
  }

  /// A system error code (`errno`).
  package struct SystemError: Error {
    package var code: Int32
  }

  /// What `path` is, following symbolic links, or the error code saying why that cannot be
  /// known.
  package static func kind(of path: String) -> Result<Kind, SystemError> {
    var info = stat()
    guard stat(path, &info) == 0 else { return .failure(SystemError(code: errno)) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .success(.file)
    case S_IFDIR: return .success(.directory)
    default: return .success(.other)
    }
  }

  /// A short reason for a system error code, as the one-line messages print it.
  package static func reason(_ code: Int32) -> String {
    switch code {
    case ENOENT: "no such file or directory"
    case ELOOP: "symbolic link loop"
    case EACCES, EPERM: "permission denied"
    case ENOTDIR: "not a directory"
    case EISDIR: "a directory"
    case ENAMETOOLONG: "file name too long"
    default: String(cString: strerror(code))
    }
  }
}

/// `read(2)`, out of reach of `InputFiles.read(_:)`, which would shadow it there, and again
/// when a signal interrupts it: the bytes read, 0 at the end of the file, or -1 with `errno`
/// set.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  while true {
    let result = read(descriptor, buffer, count)
    if result >= 0 || errno != EINTR { return result }
  }
}

/// Up to `count` bytes of `descriptor`, a regular file read from its start, read in place
/// into one array (fewer at the end of the file), and the `errno` of a read that failed, or 0.
/// The descriptor's offset is left after the bytes read.
///
/// From `minimumParallelBytes` on, the parts of the file are read side by side, each
/// into its part of the array: most of a large read is the kernel clearing the array's fresh
/// pages as the copy first touches them (about 1 ms a megabyte in a virtual machine whose
/// host gives memory back), and two threads share that work.
func readBytes(
  _ descriptor: Int32, upTo count: Int, threads: Int? = nil,
  minimumParallelBytes: Int = minimumParallelReadBytes
) -> (bytes: [UInt8], error: Int32) {
  // The processors are counted only for a file that is split (see `Concurrency`).
  let parts =
    count >= minimumParallelBytes
    ? max(1, min(threads ?? Concurrency.threadCount, count)) : 1
  var error: Int32 = 0
  let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
    guard parts > 1 else {
      while filled < buffer.count {
        let read = systemRead(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
        guard read > 0 else {
          if read < 0 { error = errno }
          break
        }
        filled += read
      }
      return
    }
    let target = ReadTarget(base: buffer.baseAddress!)
    let bounds = (0...parts).map { count * $0 / parts }
    let outcomes = ResultSlots<(read: Int, error: Int32)>(count: parts)
    DispatchQueue.concurrentPerform(iterations: parts) { part in
      outcomes.set(part, target.read(descriptor, bounds[part]..<bounds[part + 1]))
    }
    // The bytes up to the first part that ended early: at the end of a file that shrank, or
    // at an error.
    for (part, outcome) in outcomes.values.enumerated() {
      filled = bounds[part] + outcome.read
      error = outcome.error
      if filled < bounds[part + 1] { break }
    }
    lseek(descriptor, off_t(filled), SEEK_SET)
  }
  return (bytes, error)
}

/// Files smaller than this are read on one thread.
let minimumParallelReadBytes = 4 << 20

/// Where parts of a file are read side by side.
///
/// `@unchecked Sendable`: each part writes only its own bytes, and they are read once every
/// part is done.
private struct ReadTarget: @unchecked Sendable {
  let base: UnsafeMutablePointer<UInt8>

  /// Reads `range` of the file into the same bytes of `base`: how many bytes were read from
  /// the range's start (fewer at the end of the file or at an error), and the `errno` of the
  /// error, or 0.
  func read(_ descriptor: Int32, _ range: Range<Int>) -> (read: Int, error: Int32) {
    var done = 0
    while done < range.count {
      let offset = range.lowerBound + done
      let read = pread(descriptor, base + offset, range.count - done, off_t(offset))
      if read > 0 {
        done += read
      } else if read == 0 {
        return (done, 0)
      } else if errno != EINTR {
        return (done, errno)
      }
    }
    return (done, 0)
  }
}

/// A depth-first search of a folder for rule files, in sorted order, that records what it
/// cannot read instead of silently skipping it. It can be bounded and advanced a slice at a
/// time: the language server's workspace index walks folders that way, between messages.
package struct DirectoryWalk {
  /// Folder names not searched (besides hidden ones, which never are).
  package var skippedFolders: Set<String> = []
  /// Whether subfolders are searched.
  package var isRecursive = true
  /// How many directory entries it may look at, in all.
  package var entryBudget = Int.max
  /// How many rule files it may find.
  package var fileBudget = Int.max
  /// The extensions of the files it finds: rule files unless told otherwise (the language
  /// server also indexes an app's sources for `navrc scan`, whose extensions are compared
  /// lowercased, as the scanner compares them).
  package var extensions: Set<String> = [InputFiles.fileExtension]
  package var extensionsIgnoreCase = false

  /// The rule files found so far, as paths that start with the root, in walk order.
  package private(set) var files: [String] = []
  /// Folders that could not be listed and rule files that cannot be read.
  package private(set) var failures: [InputFiles.Failure] = []
  /// Whether a budget ran out before the walk was complete.
  package private(set) var isTruncated = false
  /// How many directory entries it looked at.
  package private(set) var entriesVisited = 0

  /// Folders still to list, the next one last.
  private var pending: [String]
  /// The folder being read.
  private var listing: Listing?

  private struct Listing {
    var folder: String
    var names: [String]
    var next = 0
    var subfolders: [String] = []
  }

  package init(root: String) {
    var base = root
    while base.count > 1, base.hasSuffix("/") { base.removeLast() }
    pending = [base]
  }

  /// The rule files under `directory`, the whole walk at once.
  static func ruleFiles(under directory: String) -> (
    files: [String], failures: [InputFiles.Failure]
  ) {
    var walk = DirectoryWalk(root: directory)
    walk.advance()
    return (walk.files, walk.failures)
  }

  package var isComplete: Bool { isTruncated || (pending.isEmpty && listing == nil) }

  /// Goes on for at most `steps` more steps (listing a folder, or looking at one entry).
  package mutating func advance(by steps: Int = .max) {
    var taken = 0
    while !isComplete, taken < steps {
      taken += 1
      guard var current = listing else {
        let folder = pending.removeLast()
        switch Self.names(in: folder) {
        case .success(let names):
          listing = Listing(
            folder: folder,
            names: names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        case .failure(let failure):
          failures.append(failure)
        }
        continue
      }
      guard current.next < current.names.count else {
        if isRecursive { pending += current.subfolders.reversed() }
        listing = nil
        continue
      }
      guard entriesVisited < entryBudget, files.count < fileBudget else {
        isTruncated = true
        break
      }
      let name = current.names[current.next]
      current.next += 1
      entriesVisited += 1
      if let subfolder = visit(name, in: current.folder) { current.subfolders.append(subfolder) }
      listing = current
    }
  }

  /// Looks at one entry: records a rule file or a failure, or returns a folder to search.
  private mutating func visit(_ name: String, in folder: String) -> String? {
    guard !name.hasPrefix(".") else { return nil }
    let path = folder == "/" ? "/" + name : folder + "/" + name
    let pathExtension = PathNames.pathExtension(ofName: name)
    let isRuleFile = extensions.contains(
      extensionsIgnoreCase ? pathExtension.lowercased() : pathExtension)
    var info = stat()
    guard lstat(path, &info) == 0 else {
      if isRuleFile { failures.append(InputFiles.Failure(errno, path)) }
      return nil
    }
    if info.st_mode & S_IFMT == S_IFLNK {
      // A link is followed to a file, never to a folder (that could loop).
      guard isRuleFile else { return nil }
      switch InputFiles.kind(of: path) {
      case .failure(let error): failures.append(InputFiles.Failure(error.code, path))
      case .success(.file): files.append(path)
      case .success(.directory): break
      case .success(.other):
        failures.append(InputFiles.Failure(description: "not a regular file: '\(path)'"))
      }
      return nil
    }
    switch info.st_mode & S_IFMT {
    case S_IFDIR:
      return skippedFolders.contains(name) ? nil : path
    case S_IFREG:
      if isRuleFile { files.append(path) }
    default:
      if isRuleFile {
        failures.append(InputFiles.Failure(description: "not a regular file: '\(path)'"))
      }
    }
    return nil
  }

  /// The names of the entries of `folder` but `.` and `..`, in the order the system gives
  /// them, or why it cannot be listed.
  private static func names(in folder: String) -> Result<[String], InputFiles.Failure> {
    guard let stream = opendir(folder) else { return .failure(InputFiles.Failure(errno, folder)) }
    defer { closedir(stream) }
    var names: [String] = []
    while true {
      errno = 0
      guard let entry = readdir(stream) else { break }
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != ".", name != ".." { names.append(name) }
    }
    guard errno == 0 else {
      return .failure(InputFiles.Failure(description: "cannot list the folder '\(folder)'"))
    }
    return .success(names)
  }
}
