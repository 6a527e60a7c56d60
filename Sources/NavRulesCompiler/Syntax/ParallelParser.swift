import Dispatch

/// Lexes and parses files on several threads, with exactly the result of `Lexer.lex` then
/// `Parser.parse` on each file in turn: the same directives, comments and diagnostics, in the
/// same order.
///
/// Files are lexed and parsed side by side, and a large file is cut into chunks, a few per
/// thread, at line starts where a word begins at column 0 (a top-level declaration, in any
/// indented file). A chunk is lexed and parsed as if the file ended where it ends. That gives
/// the sequential result when every chunk before the last is clean, that is when it has no
/// diagnostic at all:
/// - the lexer: a chunk ends after a `\n`, where no token, string or line comment goes on; a
///   block comment left open at the cut is a diagnostic. No lexer decision before the cut
///   looks past that `\n`, and at the word after it the lexer carries nothing over (the
///   newline token before it is not merged with anything, nothing is glued to a word's start,
///   and `lastUnexpected` is unset in a clean chunk).
/// - the parser: a clean chunk ends with every block closed (a block still open at the end of
///   the chunk is a diagnostic, with or without its `{`, and so is a trailing comma that would
///   take the next line's word as a value), so the sequential parser meets the word at the cut
///   in its top-level loop, with no diagnostic to merge a note into. Its only other state,
///   the memo of line indentations, answers from the file's bytes and is only a cache. The
///   lookahead that reaches past the cut decides the same on either side: a word at column 0
///   is neither a `{` nor indented deeper than any block's opener.
///
/// A chunk with a diagnostic is thrown away, and the file is lexed and parsed again from that
/// chunk's start to its end, in one piece; so the diagnostics are always those of the last
/// piece, as they would be in one run. Such a chunk stops at its first diagnostic, and the
/// chunks after it stop soon after (their work is of no use), so a broken file costs about
/// one sequential run, in time and in memory.
enum ParallelParser {
  /// Files smaller than this are not cut (`Tuning`).
  static let defaultMinimumChunkBytes = Tuning.minimumParallelParseBytes

  /// How many chunks a large file is cut into for each thread (`Tuning`).
  static let chunksPerThread = Tuning.parseChunksPerThread

  /// One file's tree and its diagnostics: the lexer's, then the parser's.
  struct ParsedFile: Sendable {
    var syntax: SyntaxFile
    var diagnostics: [Diagnostic]
  }

  /// Lexes and parses `files`, in their order, on up to `threads` threads (by default the
  /// compiler's count); a file of at least `minimumChunkBytes` is cut into `threads` chunks,
  /// or up to `chunksPerThread` times as many while each still holds `minimumChunkBytes`.
  static func parse(
    _ files: [SourceFile], threads: Int? = nil,
    minimumChunkBytes: Int = defaultMinimumChunkBytes,
    pieceBytes: Int = PiecewiseParser.defaultPieceBytes
  ) -> [ParsedFile] {
    let totalBytes = files.reduce(0) { $0 + $1.bytes.count }
    let sequentially = { (file: SourceFile) in parseSequentially(file, pieceBytes: pieceBytes) }
    guard totalBytes >= minimumChunkBytes, !files.isEmpty else {
      return files.map(sequentially)
    }
    let threads = threads ?? Concurrency.threadCount
    guard threads > 1 else { return files.map(sequentially) }
    var units: [Unit] = []
    for (fileIndex, file) in files.enumerated() {
      let failures = ChunkFailures()
      let size = file.bytes.count - file.contentStart
      let ranges =
        size >= minimumChunkBytes
        ? chunks(
          of: file,
          count: max(threads, min(threads * chunksPerThread, size / max(1, minimumChunkBytes))))
        : [file.contentStart..<file.bytes.count]
      for (chunkIndex, range) in ranges.enumerated() {
        units.append(
          Unit(
            fileIndex: fileIndex, chunkIndex: chunkIndex, range: range,
            isLast: chunkIndex == ranges.count - 1, failures: failures))
      }
    }
    guard units.count > 1 else { return files.map(sequentially) }
    let work = units
    DispatchQueue.concurrentPerform(iterations: units.count) { index in
      let unit = work[index]
      unit.failures.store(
        parse(unit, of: files[unit.fileIndex], pieceBytes: pieceBytes), of: unit.chunkIndex)
    }
    return merge(
      units.map { $0.failures.result(of: $0.chunkIndex) }, of: units, files: files,
      pieceBytes: pieceBytes)
  }

  /// The bytes of `file` cut into at most `count` chunks, at top-level declarations near equal
  /// shares of the file.
  static func chunks(of file: SourceFile, count: Int) -> [Range<Int>] {
    let bytes = file.bytes
    let start = file.contentStart
    let size = bytes.count - start
    var cuts: [Int] = []
    var searchFrom = start + 1
    for share in 1..<max(1, count) {
      let target = max(searchFrom, start + size / count * share)
      let nextTarget = share + 1 < count ? start + size / count * (share + 1) : bytes.count
      // Searched up to the next share only, so finding no cut costs the file once in all.
      guard let cut = topLevelLineStart(in: bytes, from: target, before: nextTarget) else {
        continue
      }
      cuts.append(cut)
      searchFrom = cut + 1
    }
    let bounds = [start] + cuts + [bytes.count]
    return zip(bounds, bounds.dropFirst()).map { $0..<$1 }
  }

  /// The first offset from `lowerBound` up to `upperBound` that follows a `\n` and holds an
  /// ASCII letter: a word at column 0.
  static func topLevelLineStart(
    in bytes: [UInt8], from lowerBound: Int, before upperBound: Int
  )
    -> Int?
  {
    var index = max(lowerBound, 1)
    while index < upperBound {
      if bytes[index - 1] == UInt8(ascii: "\n"), bytes[index] | 0x20 >= UInt8(ascii: "a"),
        bytes[index] | 0x20 <= UInt8(ascii: "z")
      {
        return index
      }
      index += 1
    }
    return nil
  }

  // MARK: - Chunks

  /// A chunk of one file to lex and parse.
  private struct Unit: Sendable {
    var fileIndex: Int
    var chunkIndex: Int
    var range: Range<Int>
    /// Whether the chunk ends the file: its result is kept whatever its diagnostics.
    var isLast: Bool
    /// Shared by the chunks of its file.
    var failures: ChunkFailures
  }

  /// The results of a file's chunks, and the first chunk that had a diagnostic: the results
  /// after it are of no use, and are let go as soon as it is known, so the file read again
  /// in one piece is not read while they are held.
  ///
  /// `@unchecked Sendable`: `first` and `results` are read and written only with `lock` held.
  final class ChunkFailures: @unchecked Sendable {
    private let lock = ThreadCondition()
    private var first = Int.max
    private var results: [Int: ChunkResult] = [:]

    func record(_ chunk: Int) {
      lock.lock()
      first = min(first, chunk)
      results = results.filter { $0.key <= first }
      lock.unlock()
    }

    func hasFailed(before chunk: Int) -> Bool {
      lock.lock()
      defer { lock.unlock() }
      return first < chunk
    }

    func store(_ result: ChunkResult, of chunk: Int) {
      lock.lock()
      if first >= chunk { results[chunk] = result }
      lock.unlock()
    }

    /// The result of `chunk`; `.failed` if it was let go.
    func result(of chunk: Int) -> ChunkResult {
      lock.lock()
      defer { lock.unlock() }
      return results[chunk] ?? .failed
    }
  }

  /// What a chunk gave.
  enum ChunkResult: Sendable {
    /// A chunk before the last, without diagnostics: its directives and comments stand.
    case clean(directives: SyntaxTree, comments: [Comment])
    /// A chunk before the last with a diagnostic: the file is parsed again from its start.
    case failed
    /// The file from the chunk's start to its end, parsed in one piece.
    case toEnd(ParsedFile)
  }

  /// A chunk with a diagnostic makes the chunks after it of no use. The first chunk's thread
  /// then parses the whole file at once, since that is the answer; a later chunk leaves it to
  /// `merge`, which knows whether the chunks before it were clean.
  private static func parse(_ unit: Unit, of file: SourceFile, pieceBytes: Int) -> ChunkResult {
    let failures = unit.failures
    let chunk = unit.chunkIndex
    let isAbandoned: @Sendable () -> Bool = { failures.hasFailed(before: chunk) }
    if unit.isLast {
      let stop = ChunkStop(atFirstDiagnostic: false, isAbandoned: isAbandoned)
      let parsed = parse(file, from: unit.range.lowerBound, stop: stop, pieceBytes: pieceBytes)
      return isAbandoned() ? .failed : .toEnd(parsed)
    }
    if let result = parseAhead(unit, of: file, isAbandoned: isAbandoned, pieceBytes: pieceBytes) {
      return result
    }
    failures.record(chunk)
    // The chunk's tokens and tree are gone before the file is read again.
    return chunk == 0 ? .toEnd(parseSequentially(file, pieceBytes: pieceBytes)) : .failed
  }

  /// A chunk before the last: `.clean`, `.failed` if a chunk before it failed, `nil` if it has
  /// a diagnostic.
  private static func parseAhead(
    _ unit: Unit, of file: SourceFile, isAbandoned: @escaping @Sendable () -> Bool,
    pieceBytes: Int
  ) -> ChunkResult? {
    let stop = ChunkStop(atFirstDiagnostic: true, isAbandoned: isAbandoned)
    let (tree, diagnostics) = PiecewiseParser.parse(
      file, in: unit.range, stop: stop, pieceBytes: pieceBytes)
    if isAbandoned() { return .failed }
    guard diagnostics.isEmpty else { return nil }
    return .clean(directives: tree.tree, comments: tree.comments)
  }

  private static func merge(
    _ results: [ChunkResult], of units: [Unit], files: [SourceFile], pieceBytes: Int
  ) -> [ParsedFile] {
    var parsed: [ParsedFile] = []
    parsed.reserveCapacity(files.count)
    var directives: [SyntaxTree] = []
    var comments: [[Comment]] = []
    var isDone = false
    for (unit, result) in zip(units, results) {
      let file = files[unit.fileIndex]
      if unit.chunkIndex == 0 {
        directives = []
        comments = []
        isDone = false
      }
      guard !isDone else { continue }
      var rest: ParsedFile
      switch result {
      case .clean(let chunkDirectives, let chunkComments):
        directives.append(chunkDirectives)
        comments.append(chunkComments)
        continue
      case .failed:
        rest = parse(file, from: unit.range.lowerBound, pieceBytes: pieceBytes)
      case .toEnd(let file):
        rest = file
      }
      if !directives.isEmpty {
        rest.syntax = SyntaxFile(
          tree: concatenated(directives + [rest.syntax.tree]),
          // Each chunk's comments copied into place on a thread of its own: a list grown
          // chunk by chunk was copied as it doubled, on one thread.
          comments: ParallelArray.joined(comments + [rest.syntax.comments]),
          endsInsideComment: rest.syntax.endsInsideComment)
        directives = []
      }
      parsed.append(rest)
      isDone = true
    }
    return parsed
  }

  /// The directives of a file's chunks, in order, as one tree: each chunk's indices shifted
  /// by the nodes and arguments before it.
  ///
  /// Each chunk is copied into place on a thread of its own: the copy is most of a large
  /// file's tree, into memory the kernel clears first, a large share of the parse on one
  /// thread.
  private static func concatenated(_ chunks: [SyntaxTree]) -> SyntaxTree {
    // Where each chunk's nodes and arguments go, then the totals.
    let nodeStarts = chunks.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1.nodes.count) }
    let argumentStarts = chunks.reduce(into: [0]) {
      $0.append($0[$0.count - 1] + $1.arguments.count)
    }
    let nodes: [DirectiveNode] = ParallelArray.make(
      count: nodeStarts[chunks.count], parts: chunks.count
    ) { part, buffer in
      let nodeOffset = Int32(nodeStarts[part])
      let argumentOffset = Int32(argumentStarts[part])
      let target = buffer.baseAddress! + nodeStarts[part]
      chunks[part].nodes.withUnsafeBufferPointer { source in
        for index in source.indices {
          var node = source[index]
          node.firstArgument += argumentOffset
          node.subtreeEnd += nodeOffset
          (target + index).initialize(to: node)
        }
      }
    }
    let arguments = ParallelArray.joined(chunks.map(\.arguments))
    var decodedStrings: [Int32: String] = [:]
    for (part, chunk) in chunks.enumerated() {
      let argumentOffset = Int32(argumentStarts[part])
      for (index, text) in chunk.decodedStrings { decodedStrings[index + argumentOffset] = text }
    }
    return SyntaxTree(
      file: chunks[0].file, nodes: nodes, arguments: arguments, decodedStrings: decodedStrings)
  }

  // MARK: - In one piece

  private static func parseSequentially(_ file: SourceFile, pieceBytes: Int) -> ParsedFile {
    parse(file, from: file.contentStart, pieceBytes: pieceBytes)
  }

  /// `file` from `start` (its content's start, or a cut after clean chunks) to its end.
  private static func parse(
    _ file: SourceFile, from start: Int, stop: ChunkStop = .never, pieceBytes: Int
  ) -> ParsedFile {
    let (tree, diagnostics) = PiecewiseParser.parse(
      file, in: start..<file.bytes.count, stop: stop, pieceBytes: pieceBytes)
    return ParsedFile(syntax: tree, diagnostics: diagnostics)
  }
}
