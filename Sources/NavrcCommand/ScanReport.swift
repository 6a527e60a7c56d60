import NavRulesCompiler
import NavRulesScan

/// A `navrc scan` run's report (what it printed, in order, and its exit status), kept in the
/// scan cache under a key of everything the report depends on, so that a re-run on files
/// whose bytes did not change (touched, checked out again, or a build that changed no source)
/// prints it without building the model (docs/scan.md, "The cache").
///
/// The key: the navrc binary and layout (the cache's generation), the working directory, the
/// arguments, whether standard error is a terminal, the configuration file's path and bytes,
/// the baseline's path and bytes, and each input's path and bytes. A run that writes
/// something (`--fix`, `--rules`, `--write-baseline`), or could not read an input, is neither
/// replayed nor kept.
struct ScanReport {
  let cache: ScanCache
  let name: String

  /// The record of this run's inputs; nil when the baseline cannot be read (the run reports
  /// that itself).
  init?(
    cache: ScanCache, arguments: [String], configuration: Configuration, baseline: String?,
    files: [SourceFile], io: CommandIO
  ) {
    var key: [UInt8] = Array(ScanCache.generation.utf8)
    func add(_ text: String) {
      key += text.utf8
      key.append(0)
    }
    func add(_ bytes: [UInt8]) { add(ContentHash(of: bytes).description) }
    add(PathNames.currentDirectory())
    add("\(arguments.count)")
    for argument in arguments { add(argument) }
    add(io.errorIsTerminal ? "terminal" : "file")
    if let file = configuration.file {
      add(file.path)
      add(file.bytes)
    } else {
      add("")
    }
    if let baseline {
      guard let file = try? InputFiles.read(baseline) else { return nil }
      add(baseline)
      add(file.bytes)
    } else {
      add("")
    }
    add("\(files.count)")
    for file in files {
      add(file.path)
      add(file.bytes)
    }
    self.cache = cache
    self.name = "report-" + ContentHash(of: key).description
  }

  /// Prints the kept report and returns its exit status; nil when none is kept.
  func replay(_ io: CommandIO) -> Int32? {
    guard let bytes = cache.storedRecord(named: name), bytes.count >= 4 else { return nil }
    var chunks: [(stream: UInt8, bytes: ArraySlice<UInt8>)] = []
    var offset = 4
    while offset < bytes.count {
      guard offset + 5 <= bytes.count else { return nil }
      let count = Self.word(bytes, offset + 1)
      guard count <= bytes.count - offset - 5 else { return nil }
      chunks.append((bytes[offset], bytes[(offset + 5)..<(offset + 5 + count)]))
      offset += 5 + count
    }
    for (stream, chunk) in chunks {
      if stream == 1 {
        io.writeOutput(String(decoding: chunk, as: UTF8.self))
      } else {
        io.writeErrorBytes(Array(chunk))
      }
    }
    return Int32(truncatingIfNeeded: Self.word(bytes, 0))
  }

  /// An `io` that also records what is written, for `keep`.
  func recording(_ io: CommandIO) -> (CommandIO, Recording) {
    let recording = Recording()
    var recorded = io
    recorded.writeOutput = { text in
      recording.append(1, Array(text.utf8))
      io.writeOutput(text)
    }
    recorded.writeError = { text in
      recording.append(2, Array(text.utf8))
      io.writeError(text)
    }
    recorded.errorBytesWriter = { bytes in
      recording.append(2, bytes)
      io.writeErrorBytes(bytes)
    }
    return (recorded, recording)
  }

  /// Keeps what `recording` saw and the run's exit status.
  func keep(_ recording: Recording, status: Int32) {
    var bytes: [UInt8] = []
    Self.append(Int(UInt32(bitPattern: status)), to: &bytes)
    for (stream, chunk) in recording.chunks {
      bytes.append(stream)
      Self.append(chunk.count, to: &bytes)
      bytes += chunk
    }
    cache.storeRecord(bytes, named: name)
  }

  final class Recording {
    var chunks: [(UInt8, [UInt8])] = []
    func append(_ stream: UInt8, _ bytes: [UInt8]) { chunks.append((stream, bytes)) }
  }

  private static func append(_ value: Int, to bytes: inout [UInt8]) {
    withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) {
      bytes.append(contentsOf: $0)
    }
  }

  private static func word(_ bytes: [UInt8], _ offset: Int) -> Int {
    (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
  }
}
