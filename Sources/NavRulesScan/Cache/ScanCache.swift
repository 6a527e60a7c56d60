import NavRulesCompiler

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `navrc scan` read of each file, kept between runs so that a re-scan reads only the
/// files whose bytes changed (docs/scan.md, "The cache").
///
/// - An entry is keyed by the file's bytes (`ContentHash`) and its reader (the extension's
///   language), never by its path or time: a file moved, copied or touched is still a hit,
///   an edit is a miss.
/// - Entries live in a folder of their own for each navrc binary and payload layout
///   (`generation`): another navrc version, a rebuilt navrc, a new field never reads them.
/// - An entry that cannot be used (cut short, damaged, another layout, unreadable) is a miss:
///   the file is read and the entry written again. Nothing here can fail a scan.
/// - Written as `OutputFileWriter.writeDisposable` writes: complete or absent, whatever runs
///   at the same time (the command line in CI and the language server in an editor).
/// - Bounded: an entry used is given the time of its use (at most once a day), and about once a
///   day a run deletes the entries not used for `unusedDays` days, in every generation.
public struct ScanCache: Sendable {
  /// The cache's own folder (`--cache-path`, `cachePath`, or the platform's cache folder).
  public let root: String
  /// The folder of this binary and layout's entries, in `root`.
  public let folder: String

  /// Entries not used for this long are deleted.
  public static let unusedDays = 7

  public init(root: String) {
    self.root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
    self.folder = self.root + "/" + Self.generation
  }

  /// The platform's folder for caches: `$XDG_CACHE_HOME/navrc` or `~/.cache/navrc` on Linux,
  /// `~/Library/Caches/navrc` on macOS; nil without a home folder.
  public static func defaultRoot() -> String? {
    #if canImport(Darwin)
      guard let home = nonEmpty("HOME") else { return nil }
      return home + "/Library/Caches/navrc"
    #else
      if let cache = nonEmpty("XDG_CACHE_HOME"), cache.hasPrefix("/") { return cache + "/navrc" }
      guard let home = nonEmpty("HOME") else { return nil }
      return home + "/.cache/navrc"
    #endif
  }

  private static func nonEmpty(_ name: String) -> String? {
    guard let value = EnvironmentVariable.value(name), !value.isEmpty else { return nil }
    return value
  }

  /// `scan-LAYOUT-BINARY`: the payload layout's fingerprint, and one of the navrc version and
  /// the running binary (size, time, inode), since a reader fixed between releases reads the
  /// same bytes differently.
  package static let generation: String = {
    var identity = NavrcVersion.current
    var info = stat()
    if let path = executablePath(), stat(path, &info) == 0 {
      identity += ":\(info.st_size):\(info.st_ino):\(modificationNanoseconds(info))"
    }
    let binary = Array(identity.utf8).withUnsafeBytes { ContentHash.xxh64($0, seed: 0) }
    return "scan-" + ContentHash.hex(ScanCacheFormat.fingerprint) + "-" + ContentHash.hex(binary)
  }()

  private static func executablePath() -> String? {
    #if canImport(Darwin)
      var size: UInt32 = 4096
      var buffer = [CChar](repeating: 0, count: Int(size))
      guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
      return String(cString: buffer)
    #else
      return "/proc/self/exe"
    #endif
  }

  private static func modificationNanoseconds(_ info: stat) -> Int {
    #if canImport(Darwin)
      return info.st_mtimespec.tv_sec * 1_000_000_000 + info.st_mtimespec.tv_nsec
    #else
      return info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec
    #endif
  }

  /// The reader a file's extension chooses, as it names the entry; nil for files not read.
  static func readerName(of path: String) -> String? {
    switch ScanLanguage.pathExtension(path) {
    case "swift": "swift"
    case "m", "mm", "h": "objc"
    case "storyboard": "storyboard"
    case "xib": "xib"
    default: nil
    }
  }

  /// What `ScanReader.read(file)` returns, from the cache when it holds the file's bytes,
  /// else read and kept for the next run.
  public func read(_ file: SourceFile) -> ScannedSource? {
    guard let reader = Self.readerName(of: file.path) else { return nil }
    let hash = ContentHash(of: file.bytes)
    let path = entryPath(hash, reader)
    if let source = load(path, hash: hash, file: file) { return source }
    guard let source = ScanReader.read(file) else { return nil }
    store(source, at: path, hash: hash, file: file)
    return source
  }

  /// What the cache holds for `file`'s bytes, without reading the file when it holds nothing.
  package func cached(_ file: SourceFile) -> ScannedSource? {
    guard let reader = Self.readerName(of: file.path) else { return nil }
    let hash = ContentHash(of: file.bytes)
    return load(entryPath(hash, reader), hash: hash, file: file)
  }

  /// The entry of the bytes hashed to `hash` read by `reader`: `FOLDER/HASH.READER`.
  package func entryPath(_ hash: ContentHash, _ reader: String) -> String {
    folder + "/" + hash.description + "." + reader
  }

  // MARK: Entries

  /// An entry: `magic`, the content hash and byte count of the file it was read from, the
  /// payload's length and XXH64, then the payload (`ScanCacheFormat`).
  private static let magic: [UInt8] = Array("navrc-scan\n".utf8)
  private static let headerCount = magic.count + 16 + 8 + 8 + 8

  private func store(_ source: ScannedSource, at path: String, hash: ContentHash, file: SourceFile)
  {
    let payload = ScanCacheFormat.encode(source)
    var entry = Self.magic
    entry.reserveCapacity(Self.headerCount + payload.count)
    for word in [
      hash.high, hash.low, UInt64(file.bytes.count), UInt64(payload.count),
      payload.withUnsafeBytes { ContentHash.xxh64($0, seed: 0) },
    ] {
      withUnsafeBytes(of: word.littleEndian) { entry.append(contentsOf: $0) }
    }
    entry += payload
    _ = OutputFileWriter.writeDisposable(entry, to: path)
  }

  private func load(_ path: String, hash: ContentHash, file: SourceFile) -> ScannedSource? {
    guard
      let entry = Self.contents(of: path, limit: Self.headerCount + 64 * file.bytes.count + 4096)
    else { return nil }
    return entry.withUnsafeBytes { bytes -> ScannedSource? in
      guard bytes.count >= Self.headerCount,
        bytes.prefix(Self.magic.count).elementsEqual(Self.magic)
      else { return nil }
      func word(_ index: Int) -> UInt64 {
        UInt64(
          littleEndian: bytes.loadUnaligned(
            fromByteOffset: Self.magic.count + 8 * index, as: UInt64.self))
      }
      let payload = UnsafeRawBufferPointer(rebasing: bytes[Self.headerCount...])
      guard word(0) == hash.high, word(1) == hash.low, word(2) == UInt64(file.bytes.count),
        word(3) == UInt64(payload.count), word(4) == ContentHash.xxh64(payload, seed: 0)
      else { return nil }
      return try? ScanCacheFormat.decode(payload, file: file)
    }
  }

  // MARK: Other records

  /// A record that is not a file's reading (`navrc scan`'s report), kept beside the entries
  /// and pruned with them: `record-NAME`, holding `recordMagic`, the length and XXH64 of
  /// `bytes`, then `bytes`.
  package func storeRecord(_ bytes: [UInt8], named name: String) {
    var record = Self.recordMagic
    for word in [UInt64(bytes.count), bytes.withUnsafeBytes { ContentHash.xxh64($0, seed: 0) }] {
      withUnsafeBytes(of: word.littleEndian) { record.append(contentsOf: $0) }
    }
    OutputFileWriter.writeDisposable(record + bytes, to: folder + "/record-" + name)
  }

  /// The bytes stored as `name`, or nil when there are none or they are damaged.
  package func storedRecord(named name: String, limit: Int = 1 << 30) -> [UInt8]? {
    let header = Self.recordMagic.count + 16
    guard let record = Self.contents(of: folder + "/record-" + name, limit: header + limit),
      record.count >= header, record.prefix(Self.recordMagic.count).elementsEqual(Self.recordMagic)
    else { return nil }
    return record.withUnsafeBytes { bytes -> [UInt8]? in
      func word(_ index: Int) -> UInt64 {
        UInt64(
          littleEndian: bytes.loadUnaligned(
            fromByteOffset: Self.recordMagic.count + 8 * index, as: UInt64.self))
      }
      let payload = UnsafeRawBufferPointer(rebasing: bytes[header...])
      guard word(0) == UInt64(payload.count), word(1) == ContentHash.xxh64(payload, seed: 0)
      else { return nil }
      return Array(payload)
    }
  }

  private static let recordMagic: [UInt8] = Array("navrc-record\n".utf8)

  /// The bytes of the regular file at `path` if it has at most `limit` of them; a use older
  /// than a day is recorded as its modification time, for `prune`.
  private static func contents(of path: String, limit: Int) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
      info.st_size >= 0, Int(info.st_size) <= limit
    else { return nil }
    let count = Int(info.st_size)
    let (bytes, error) = readBytes(descriptor, upTo: count, threads: 1)
    guard error == 0, bytes.count == count else { return nil }
    if modificationNanoseconds(info) / 1_000_000_000 < Int(time(nil)) - secondsPerDay {
      _ = futimens(descriptor, nil)
    }
    return bytes
  }

  private static let secondsPerDay = 86_400

  // MARK: Pruning

  /// Deletes the entries, of every generation, not used for `unusedDays` days, when the last
  /// pruning was a day ago or more (`pruned` in `root` records when).
  public func pruneIfDue() {
    let marker = root + "/pruned"
    var info = stat()
    let now = Int(time(nil))
    if stat(marker, &info) == 0,
      Self.modificationNanoseconds(info) / 1_000_000_000 > now - Self.secondsPerDay
    {
      return
    }
    let descriptor = open(marker, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o666)
    guard descriptor >= 0 else { return }
    _ = futimens(descriptor, nil)
    close(descriptor)
    prune(olderThan: now - Self.unusedDays * Self.secondsPerDay)
  }

  /// Deletes the entries last used before `limit` (seconds since 1970), and the generation
  /// folders left empty.
  func prune(olderThan limit: Int) {
    for name in Self.names(in: root) where name.hasPrefix("scan-") {
      let generation = root + "/" + name
      for entry in Self.names(in: generation) {
        let path = generation + "/" + entry
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
          Self.modificationNanoseconds(info) / 1_000_000_000 < limit
        {
          unlink(path)
        }
      }
      rmdir(generation)
    }
  }

  private static func names(in folder: String) -> [String] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}
