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
    package init(_ code: Int32, _ path: String) {
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

    package init(files: [SourceFile], failures: [Failure]) {
      self.files = files
      self.failures = failures
    }
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
    var found: [String: InputPath] = [:]
    var failures: [Failure] = []
    func add(_ path: InputPath) {
      let key = path.isUTF8 ? canonicalPath(path.shown) : path.shown
      if let existing = found[key], existing.bytes.lexicographicallyPrecedes(path.bytes) {
        return
      }
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
        add(InputPath(path))
      }
    }
    var files: [SourceFile] = []
    for path in found.values.sorted(by: { $0.bytes.lexicographicallyPrecedes($1.bytes) }) {
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
    readFile(InputPath(path), shown: path)
  }

  /// Reads one regular file named by bytes; its `SourceFile` is named `shown`.
  package static func readFile(_ input: InputPath, shown path: String? = nil) -> Result<
    SourceFile, Failure
  > {
    let path = path ?? input.shown
    let descriptor = input.withCString { open($0, O_RDONLY | O_NONBLOCK) }
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
    // for nothing, a sizeable share of the page faults an unchanged `emit` adds to start-up.
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
    DirectoryWalk.ruleFiles(under: directory).files.map(\.shown)
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
    kind(of: InputPath(path))
  }

  package static func kind(of path: InputPath) -> Result<Kind, SystemError> {
    var info = stat()
    guard path.withCString({ stat($0, &info) }) == 0 else {
      return .failure(SystemError(code: errno))
    }
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
/// pages as the copy first touches them, and two threads share that work.
package func readBytes(
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
package let minimumParallelReadBytes = 4 << 20

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

/// The one walk of folders for input files, shared by `check` (rule files), `scan` (an
/// app's sources) and the language server's index: depth-first in sorted order, hidden
/// entries and `skippedFolders` left out, symbolic links to folders never followed. What it
/// cannot read it records, with the system's reason, instead of silently skipping it: a
/// folder that cannot be listed, a file that cannot be looked at, a path too long. Names are
/// kept as bytes (`InputPath`), so a name that is not UTF-8 is still found and read. It can be
/// bounded and advanced a slice at a time: the language server walks folders that way,
/// between messages.
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
  /// Entries left out by the caller (`scan --exclude`), by their path below the root; asked
  /// for folders and for files of the extensions found.
  package var excludes: ((_ relative: String) -> Bool)?

  /// The files found so far, as paths that start with the root, in walk order.
  package private(set) var paths: [InputPath] = []
  /// Folders that could not be listed and files that cannot be read.
  package private(set) var failures: [InputFiles.Failure] = []
  /// The found files that are symbolic links (to a file), which another path may reach too.
  package private(set) var links: Set<InputPath> = []
  /// Whether a budget ran out before the walk was complete.
  package private(set) var isTruncated = false
  /// How many directory entries it looked at.
  package private(set) var entriesVisited = 0

  /// The files found so far, as text (see `InputPath.shown`).
  package var files: [String] { paths.map(\.shown) }

  /// Folders still to list, the next one last.
  private var pending: [InputPath]
  /// The folder being read.
  private var listing: Listing?
  /// The root's length, to give `excludes` paths below it.
  private let rootLength: Int

  private struct Listing {
    var folder: InputPath
    var names: [[UInt8]]
    var next = 0
    var subfolders: [InputPath] = []
  }

  package init(root: String) {
    var base = root
    while base.count > 1, base.hasSuffix("/") { base.removeLast() }
    pending = [InputPath(base)]
    rootLength = base == "/" ? 1 : base.utf8.count + 1
  }

  /// The rule files under `directory`, the whole walk at once.
  static func ruleFiles(under directory: String) -> (
    files: [InputPath], failures: [InputFiles.Failure]
  ) {
    var walk = DirectoryWalk(root: directory)
    walk.advance()
    return (walk.paths, walk.failures)
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
            folder: folder, names: names.sorted { $0.lexicographicallyPrecedes($1) })
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
      guard entriesVisited < entryBudget, paths.count < fileBudget else {
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

  /// Looks at one entry: records a file or a failure, or returns a folder to search.
  private mutating func visit(_ name: [UInt8], in folder: InputPath) -> InputPath? {
    guard name.first != UInt8(ascii: ".") else { return nil }
    let path = folder.appending(name)
    let nameText = String(decoding: name, as: UTF8.self)
    let pathExtension = PathNames.pathExtension(ofName: nameText)
    let isWanted = extensions.contains(
      extensionsIgnoreCase ? pathExtension.lowercased() : pathExtension)
    let rootLength = self.rootLength
    let relative = { InputPath(bytes: Array(path.bytes.dropFirst(rootLength))).shown }
    var info = stat()
    guard path.withCString({ lstat($0, &info) }) == 0 else {
      // A wanted file, or anything that may be a folder holding some (a path too long, an
      // entry that cannot be looked at); an entry gone since the listing is nothing.
      if isWanted || errno != ENOENT { failures.append(InputFiles.Failure(errno, path.shown)) }
      return nil
    }
    if info.st_mode & S_IFMT == S_IFLNK {
      // A link is followed to a file, never to a folder (that could loop).
      guard isWanted, excludes?(relative()) != true else { return nil }
      switch InputFiles.kind(of: path) {
      case .failure(let error): failures.append(InputFiles.Failure(error.code, path.shown))
      case .success(.file):
        paths.append(path)
        links.insert(path)
      case .success(.directory): break
      case .success(.other):
        failures.append(InputFiles.Failure(description: "not a regular file: '\(path.shown)'"))
      }
      return nil
    }
    switch info.st_mode & S_IFMT {
    case S_IFDIR:
      guard !skippedFolders.contains(nameText), excludes?(relative()) != true else { return nil }
      return path
    case S_IFREG:
      if isWanted, excludes?(relative()) != true { paths.append(path) }
    default:
      if isWanted, excludes?(relative()) != true {
        failures.append(InputFiles.Failure(description: "not a regular file: '\(path.shown)'"))
      }
    }
    return nil
  }

  /// The names of the entries of `folder` but `.` and `..`, in the order the system gives
  /// them, or why it cannot be listed.
  private static func names(in folder: InputPath) -> Result<[[UInt8]], InputFiles.Failure> {
    guard let stream = folder.withCString({ opendir($0) }) else {
      return .failure(InputFiles.Failure(errno, folder.shown))
    }
    defer { closedir(stream) }
    var names: [[UInt8]] = []
    while true {
      errno = 0
      guard let entry = readdir(stream) else { break }
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        Array(bytes.prefix { $0 != 0 })
      }
      if name != [UInt8(ascii: ".")], name != [UInt8(ascii: "."), UInt8(ascii: ".")] {
        names.append(name)
      }
    }
    guard errno == 0 else {
      return .failure(
        InputFiles.Failure(description: "cannot list the folder '\(folder.shown)'"))
    }
    return .success(names)
  }
}
