import Dispatch
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
/// - Entries are packed into `shardCount` shard files by hash; a run reads each shard it
///   needs once and writes each shard that changed once, whole.
/// - Shards live in a folder of their own for each navrc binary and payload layout
///   (`generation`): another navrc version, a rebuilt navrc, a new field never reads them.
/// - An entry that cannot be used (cut short, damaged, another layout, unreadable) is a miss:
///   the file is read and the entry written again. Nothing here can fail a scan.
/// - Written as `OutputFileWriter.writeDisposable` writes: complete or absent, whatever runs
///   at the same time (the command line in CI and the language server in an editor); of two
///   runs writing one shard, the last rename wins and the other's new entries are misses.
/// - Bounded: an entry used is stamped with the day of its use (at most once a day, which
///   rewrites its shard), a rewrite drops the entries not used for `unusedDays` days, and about
///   once a day a run deletes the files not written for `unusedDays` days, in every generation.
public struct ScanCache: Sendable {
  /// The cache's own folder (`--cache-path`, `cachePath`, or the platform's cache folder).
  public let root: String
  /// The folder of this binary and layout's entries, in `root`.
  public let folder: String

  /// Entries not used for this long are deleted.
  public static let unusedDays = 7

  /// The time in seconds since 1970 to stamp and prune by, instead of the clock's (tests).
  package var clock: Int?

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
  public func read(_ file: SourceFile) -> ScannedSource? { read([file])[0] }

  /// What `ScanReader.read` returns for each file, two at a time or more: from the cache for
  /// the files whose bytes it holds, else read. Then each shard that gained, lost or
  /// refreshed an entry is written once, whole.
  public func read(_ files: [SourceFile]) -> [ScannedSource?] {
    let keys = files.map { file in
      Self.readerName(of: file.path).map { Key(hash: ContentHash(of: file.bytes), reader: $0) }
    }
    let needed = Array(Set(keys.compactMap { $0?.shard })).sorted()
    let shards = ResultSlots<Shard>(count: needed.count)
    DispatchQueue.concurrentPerform(iterations: needed.count) { index in
      shards.set(index, Shard(contents: Self.contents(of: shardPath(needed[index]))))
    }
    let shardOf = Dictionary(uniqueKeysWithValues: zip(needed, shards.values))
    let today = self.today
    let results = ResultSlots<ScannedSource?>(count: files.count)
    // Each file's new entry, or its entry used again on a new day.
    let added = ResultSlots<[UInt8]?>(count: files.count)
    let used = ResultSlots<(shard: Int, entry: Int)?>(count: files.count)
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
      let file = files[index]
      added.set(index, nil)
      used.set(index, nil)
      guard let key = keys[index] else {
        results.set(index, ScanReader.read(file))
        return
      }
      if let shard = shardOf[key.shard], let hit = shard.source(key, file: file) {
        results.set(index, hit.source)
        if shard.entries[hit.entry].day < today { used.set(index, (key.shard, hit.entry)) }
        return
      }
      let source = ScanReader.read(file)
      results.set(index, source)
      if let source {
        added.set(index, Self.entry(key, fileCount: file.bytes.count, day: today, source: source))
      }
    }
    // Shards to write: those with a new entry or an entry used again on a new day.
    var additionsOf: [Int: [[UInt8]]] = [:]
    var refreshedOf: [Int: Set<Int>] = [:]
    let addedEntries = added.values
    let usedEntries = used.values
    for index in files.indices {
      if let entry = addedEntries[index], let key = keys[index] {
        additionsOf[key.shard, default: []].append(entry)
      } else if let use = usedEntries[index] {
        refreshedOf[use.shard, default: []].insert(use.entry)
      }
    }
    let additions = additionsOf
    let refreshed = refreshedOf
    let written = Array(Set(additions.keys).union(refreshed.keys)).sorted()
    DispatchQueue.concurrentPerform(iterations: written.count) { index in
      let number = written[index]
      let bytes = (shardOf[number] ?? Shard(contents: nil)).rewritten(
        adding: additions[number] ?? [], refreshing: refreshed[number] ?? [], today: today)
      _ = OutputFileWriter.writeDisposable(bytes, to: shardPath(number))
    }
    return results.values
  }

  /// What the cache holds for `file`'s bytes, without reading the file when it holds nothing.
  package func cached(_ file: SourceFile) -> ScannedSource? {
    guard let reader = Self.readerName(of: file.path) else { return nil }
    let key = Key(hash: ContentHash(of: file.bytes), reader: reader)
    return Shard(contents: Self.contents(of: shardPath(key.shard))).source(key, file: file)?.source
  }

  // MARK: Shards

  /// Entries are packed into `shardCount` files by their hash's first bits: a cold run
  /// creates that many files rather than one per input, which cost more than reading them
  /// (docs/performance.md), and an edit rewrites one shard of about 1/`shardCount` of the
  /// cache.
  package static let shardCount = 64

  /// The shard of the entries whose hash starts with `number`: `FOLDER/shard-NN`.
  package func shardPath(_ number: Int) -> String {
    folder + "/shard-" + (number < 16 ? "0" : "") + String(number, radix: 16)
  }

  /// The day `today`'s runs stamp the entries they use with (days since 1970).
  package var today: Int { (clock ?? Int(time(nil))) / Self.secondsPerDay }

  /// An entry's key: the content hash of the file it was read from, and its reader.
  struct Key: Hashable, Sendable {
    var hash: ContentHash
    var reader: UInt64

    init(hash: ContentHash, reader: String) {
      self.hash = hash
      self.reader = UInt64(Self.readers.firstIndex(of: reader) ?? Self.readers.count)
    }

    init(high: UInt64, low: UInt64, reader: UInt64) {
      self.hash = ContentHash(high: high, low: low)
      self.reader = reader
    }

    static let readers = ["swift", "objc", "storyboard", "xib"]

    var shard: Int { Int(hash.high >> UInt64(64 - ScanCache.shardCount.trailingZeroBitCount)) }
  }

  /// A shard is `shardMagic` then entries, each a header of `headerWords` little-endian
  /// words (content hash high and low, the file's byte count, reader, day last used, the
  /// payload's length and XXH64) and the payload (`ScanCacheFormat`).
  package static let shardMagic: [UInt8] = Array("navrc-shard\n".utf8)
  private static let headerWords = 7
  private static let headerCount = headerWords * 8

  /// The payload's checksum is seeded with its key, so that a header damaged into another
  /// key is refused as a damaged payload is.
  private static func checksumSeed(_ key: Key, _ fileCount: Int) -> UInt64 {
    key.hash.high ^ key.hash.low.byteSwapped ^ UInt64(fileCount) &* 0x9E37_79B9 ^ key.reader
  }

  private static func entry(_ key: Key, fileCount: Int, day: Int, source: ScannedSource)
    -> [UInt8]
  {
    // Payloads take about as many bytes as their files (docs/performance.md).
    var entry = ScanCacheFormat.encode(source, headerCount: headerCount, capacity: fileCount)
    let checksum = entry.withUnsafeBytes {
      ContentHash.xxh64(
        UnsafeRawBufferPointer(rebasing: $0[headerCount...]), seed: checksumSeed(key, fileCount))
    }
    let words = [
      key.hash.high, key.hash.low, UInt64(fileCount), key.reader, UInt64(day),
      UInt64(entry.count - headerCount), checksum,
    ]
    entry.withUnsafeMutableBytes { raw in
      for (index, word) in words.enumerated() {
        raw.storeBytes(of: word.littleEndian, toByteOffset: 8 * index, as: UInt64.self)
      }
    }
    return entry
  }

  /// One shard's bytes as read, and where its entries lie. A shard cut short keeps the
  /// entries before the cut; one of another magic has none.
  struct Shard: Sendable {
    struct Entry: Sendable {
      var key: Key
      var fileCount: Int
      var day: Int
      var checksum: UInt64
      /// The header's first byte, the payload's first and its end.
      var start: Int
      var payload: Range<Int>
    }

    let bytes: [UInt8]
    private(set) var entries: [Entry] = []
    private var index: [Key: Int] = [:]

    init(contents: [UInt8]?) {
      bytes = contents ?? []
      guard bytes.count >= ScanCache.shardMagic.count,
        bytes.prefix(ScanCache.shardMagic.count).elementsEqual(ScanCache.shardMagic)
      else { return }
      var offset = ScanCache.shardMagic.count
      bytes.withUnsafeBytes { raw in
        while raw.count - offset >= ScanCache.headerCount {
          func word(_ number: Int) -> UInt64 {
            UInt64(
              littleEndian: raw.loadUnaligned(fromByteOffset: offset + 8 * number, as: UInt64.self))
          }
          let length = word(5)
          let payloadStart = offset + ScanCache.headerCount
          guard length <= UInt64(raw.count - payloadStart), word(2) <= UInt64(Int.max),
            word(4) <= UInt64(Int.max)
          else { break }
          let entry = Entry(
            key: Key(high: word(0), low: word(1), reader: word(3)), fileCount: Int(word(2)),
            day: Int(word(4)), checksum: word(6), start: offset,
            payload: payloadStart..<payloadStart + Int(length))
          if index[entry.key] == nil { index[entry.key] = entries.count }
          entries.append(entry)
          offset = entry.payload.upperBound
        }
      }
    }

    private func payloadIsIntact(_ entry: Entry) -> Bool {
      bytes.withUnsafeBytes {
        ContentHash.xxh64(
          UnsafeRawBufferPointer(rebasing: $0[entry.payload]),
          seed: ScanCache.checksumSeed(entry.key, entry.fileCount))
      } == entry.checksum
    }

    /// The entry of `key` and its reading attached to `file`, when it is there and intact.
    func source(_ key: Key, file: SourceFile) -> (entry: Int, source: ScannedSource)? {
      guard let number = index[key] else { return nil }
      let entry = entries[number]
      guard entry.fileCount == file.bytes.count, payloadIsIntact(entry) else { return nil }
      let source = bytes.withUnsafeBytes {
        try? ScanCacheFormat.decode(UnsafeRawBufferPointer(rebasing: $0[entry.payload]), file: file)
      }
      return source.map { (number, $0) }
    }

    /// The shard's next bytes: `added` entries, then the intact entries kept (the first of
    /// each key not added, used within `unusedDays` days), those in `refreshing` stamped
    /// `today`.
    func rewritten(adding added: [[UInt8]], refreshing: Set<Int>, today: Int) -> [UInt8] {
      var result = ScanCache.shardMagic
      result.reserveCapacity(result.count + added.reduce(0) { $0 + $1.count } + bytes.count)
      var seen = Set<Key>()
      for entry in added {
        result += entry
        seen.insert(
          entry.withUnsafeBytes {
            Key(
              high: UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
              low: UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self)),
              reader: UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: 24, as: UInt64.self)))
          })
      }
      for (number, entry) in entries.enumerated() where !seen.contains(entry.key) {
        let used = refreshing.contains(number)
        guard used || entry.day >= today - ScanCache.unusedDays, payloadIsIntact(entry) else {
          continue
        }
        seen.insert(entry.key)
        let dayOffset = entry.start + 32
        result += bytes[entry.start..<dayOffset]
        withUnsafeBytes(of: UInt64(used ? today : entry.day).littleEndian) {
          result.append(contentsOf: $0)
        }
        result += bytes[dayOffset + 8..<entry.payload.upperBound]
      }
      return result
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
  private static func contents(of path: String, limit: Int = 1 << 31) -> [UInt8]? {
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
