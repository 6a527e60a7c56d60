import Dispatch

/// Where a file's lines start, and cumulative column counts at checkpoints about every
/// `checkpointSpacing` bytes, so a column is found by counting at most that many bytes, never
/// from the start of its line: many diagnostics on one long line would otherwise cost the
/// line's length each (`SourceFile.position(of:encoding:)`).
///
/// Built in one pass over the bytes, which a large file splits into consecutive parts read on
/// several threads (after a quicker pass that counts each part's lines): it is the only stage
/// before lexing that reads every byte, and on one thread it held up the whole check.
struct LineTable {
  /// Offset of the first byte of each line; the first entry is the content's start. Lines end
  /// at `\n`, `\r\n` and a lone `\r`.
  var lineStarts: [Int]
  var checkpoints: [Checkpoint]

  /// How far apart checkpoints are, in bytes (`Tuning`).
  static let checkpointSpacing = Tuning.lineTableCheckpointSpacing

  /// Smaller files are read on one thread (`Tuning`).
  static let minimumParallelBytes = Tuning.minimumParallelLineTableBytes

  /// Unicode scalars and UTF-16 code units from the content's start up to `offset`, a sequence
  /// boundary, and whether every byte from there to the next checkpoint is ASCII (a column
  /// there is then a subtraction).
  struct Checkpoint: Sendable {
    var offset: Int
    var scalars: Int
    var utf16: Int
    var isASCIIUntilNext = true
  }

  /// A large file is cut into this many parts a thread, taken by the threads as they come
  /// free (`Tuning`).
  static let partsPerThread = Tuning.lineTablePartsPerThread

  /// The table of `bytes` from `start` (after any byte order mark).
  ///
  /// Checkpoint `n` is at the first sequence boundary at or after `start + n * spacing`. A part
  /// therefore begins at such a multiple where the byte is ASCII: no sequence crosses it, so
  /// each part decodes exactly as the whole file would, and its counts only need the counts of
  /// the parts before it added.
  init(_ bytes: [UInt8], from start: Int, threads: Int, minimumParallelBytes: Int) {
    let isParallel = threads > 1 && bytes.count - start >= minimumParallelBytes
    let bounds = Self.partBounds(
      bytes, from: start, parts: isParallel ? threads * Self.partsPerThread : 1)
    if bounds.count > 2 {
      (lineStarts, checkpoints) = Self.read(bytes, from: start, parts: bounds)
      return
    }
    // Read in one part (a small file, or one thread), a large file has room made for its line
    // starts, so they are not copied as the list grows. Room never written costs address
    // space, not memory, in a block the allocator maps on its own (from 8 MB: `MallocTuning`)
    // or at the heap's fresh top; a small file's lists grow as they are read, since unused
    // room among the heap's reused pages would be memory (`navrc scan` reads thousands of
    // small files).
    let byteCount = bytes.count - start
    var output = GrowingOutput()
    if byteCount >= Self.largeFileBytes {
      output.lineStarts.reserveCapacity(byteCount / Self.bytesPerLineAtLeast + 1)
    }
    output.checkpoints.reserveCapacity(byteCount / Self.checkpointSpacing + 1)
    output.lineStarts.append(start)
    _ = Self.scan(bytes, from: start, part: start..<bytes.count, into: &output)
    if output.checkpoints.isEmpty {
      output.checkpoints.append(Checkpoint(offset: start, scalars: 0, utf16: 0))
    }
    (lineStarts, checkpoints) = (output.lineStarts, output.checkpoints)
  }

  /// The lists of a file cut into parts at `bounds`, each part read on a thread into its
  /// place in them.
  ///
  /// The lines starting in each part are counted first, so each part knows where its line
  /// starts go; its checkpoints are one per multiple of the spacing in it. Read into lists of
  /// their own, the parts after the first were copied into the first's on one thread, most of
  /// it the kernel clearing pages.
  private static func read(_ bytes: [UInt8], from start: Int, parts bounds: [Int]) -> (
    [Int], [Checkpoint]
  ) {
    let partCount = bounds.count - 1
    let lineCounts: [Int] = ParallelArray.make(count: partCount, parts: partCount) {
      part, counts in
      let first = part == 0 ? 1 : 0
      (counts.baseAddress! + part).initialize(
        to: first + countLineStarts(in: bytes, bounds[part]..<bounds[part + 1]))
    }
    let lineOffsets = lineCounts.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1) }
    // Every multiple in a part but the last is reached: a sequence ends before the ASCII byte
    // that begins the next part. The last part's final sequence may pass its last multiple.
    let checkpointOffsets = (0..<partCount).reduce(into: [0]) { offsets, part in
      let count = bounds[part + 1] - bounds[part]
      offsets.append(
        offsets[offsets.count - 1] + (count + checkpointSpacing - 1) / checkpointSpacing)
    }
    var lineStarts: [Int] = []
    let checkpoints = [Checkpoint](unsafeUninitializedCapacity: checkpointOffsets[partCount]) {
      checkpointBuffer, checkpointCount in
      lineStarts = [Int](unsafeUninitializedCapacity: lineOffsets[partCount]) {
        lineBuffer, lineCount in
        let lists = Lists(lineStarts: lineBuffer, checkpoints: checkpointBuffer)
        let results = ResultSlots<(counts: Counts, checkpoints: Int)>(count: partCount)
        DispatchQueue.concurrentPerform(iterations: partCount) { part in
          var output = PlacedOutput(
            lineStarts: lists.lineStarts.baseAddress! + lineOffsets[part],
            checkpoints: lists.checkpoints.baseAddress! + checkpointOffsets[part])
          if part == 0 { output.appendLineStart(start) }
          let counts = scan(
            bytes, from: start, part: bounds[part]..<bounds[part + 1], into: &output)
          // Where the next part's lists begin: counted to agree, so always so.
          precondition(output.lineCount == lineCounts[part])
          precondition(
            part == partCount - 1
              || output.checkpointCount == checkpointOffsets[part + 1] - checkpointOffsets[part])
          results.set(part, (counts, output.checkpointCount))
        }
        let parts = results.take()
        lineCount = lineOffsets[partCount]
        checkpointCount = checkpointOffsets[partCount - 1] + parts[partCount - 1].checkpoints
        // Each part's checkpoints were counted from its own beginning: the counts of the parts
        // before it are added.
        let before = parts.dropLast().reduce(into: [Counts()]) { sums, part in
          let sum = sums[sums.count - 1]
          sums.append(
            Counts(scalars: sum.scalars + part.counts.scalars, utf16: sum.utf16 + part.counts.utf16)
          )
        }
        let written = checkpointCount
        DispatchQueue.concurrentPerform(iterations: partCount - 1) { index in
          let part = index + 1
          for slot in checkpointOffsets[part]..<min(checkpointOffsets[part + 1], written) {
            lists.checkpoints[slot].scalars += before[part].scalars
            lists.checkpoints[slot].utf16 += before[part].utf16
          }
        }
      }
    }
    return (lineStarts, checkpoints)
  }

  /// How short lines are assumed to be at least when room is made for a file's line starts:
  /// a file of shorter lines has its list grown as it is read.
  private static let bytesPerLineAtLeast = 8

  /// Files from this size on have room made for their line starts (see `init`).
  private static let largeFileBytes = 1 << 20

  /// Where the parts of `bytes` begin, then its end: multiples of the spacing from `start`
  /// with an ASCII byte there, about evenly apart; just `start` and the end for one part.
  private static func partBounds(_ bytes: [UInt8], from start: Int, parts: Int) -> [Int] {
    var bounds = [start]
    let spans = (bytes.count - start) / checkpointSpacing
    for part in 1..<max(1, parts) {
      var bound = start + spans * part / parts * checkpointSpacing
      while bound < bytes.count, bytes[bound] >= 0x80 { bound += checkpointSpacing }
      if bound > bounds[bounds.count - 1], bound < bytes.count { bounds.append(bound) }
    }
    bounds.append(bytes.count)
    return bounds
  }

  /// Unicode scalars and UTF-16 code units.
  private struct Counts: Sendable {
    var scalars = 0
    var utf16 = 0
  }

  /// The whole file's lists while its parts are read into them.
  ///
  /// `@unchecked Sendable`: each part writes only its own slots of the buffers, and nothing
  /// reads them until `DispatchQueue.concurrentPerform` has returned.
  private struct Lists: @unchecked Sendable {
    let lineStarts: UnsafeMutableBufferPointer<Int>
    let checkpoints: UnsafeMutableBufferPointer<Checkpoint>
  }

  /// Where `scan` writes a part's line starts and checkpoints.
  private protocol PartOutput {
    var checkpointCount: Int { get }
    mutating func appendLineStart(_ offset: Int)
    mutating func appendCheckpoint(_ checkpoint: Checkpoint)
    /// Marks the last checkpoint as followed by a byte that is not ASCII.
    mutating func markNotASCII()
  }

  /// A file read in one part: lists that grow.
  private struct GrowingOutput: PartOutput {
    var lineStarts: [Int] = []
    var checkpoints: [Checkpoint] = []

    var checkpointCount: Int { checkpoints.count }
    mutating func appendLineStart(_ offset: Int) { lineStarts.append(offset) }
    mutating func appendCheckpoint(_ checkpoint: Checkpoint) { checkpoints.append(checkpoint) }
    mutating func markNotASCII() { checkpoints[checkpoints.count - 1].isASCIIUntilNext = false }
  }

  /// One of a file's parts: its place in the whole file's lists, whose sizes were counted.
  private struct PlacedOutput: PartOutput {
    let lineStarts: UnsafeMutablePointer<Int>
    let checkpoints: UnsafeMutablePointer<Checkpoint>
    var lineCount = 0
    var checkpointCount = 0

    mutating func appendLineStart(_ offset: Int) {
      (lineStarts + lineCount).initialize(to: offset)
      lineCount += 1
    }

    mutating func appendCheckpoint(_ checkpoint: Checkpoint) {
      (checkpoints + checkpointCount).initialize(to: checkpoint)
      checkpointCount += 1
    }

    mutating func markNotASCII() { checkpoints[checkpointCount - 1].isASCIIUntilNext = false }
  }

  /// Whether the `\r` at `position` ends a line: unless a `\n` follows it, which then does.
  @inline(__always)
  private static func endsLine(returnAt position: Int, in bytes: [UInt8]) -> Bool {
    position + 1 == bytes.count || bytes[position + 1] != UInt8(ascii: "\n")
  }

  /// How many lines start after a line end in `part`: each `\n`, and each `\r` not followed
  /// by one. Neither byte is ever inside a UTF-8 sequence, well formed or not (`scan` reads
  /// an invalid byte as one unit), so this is what `scan` finds.
  private static func countLineStarts(in bytes: [UInt8], _ part: Range<Int>) -> Int {
    var count = 0
    var index = part.lowerBound
    func countLoneReturn(at position: Int) {
      if endsLine(returnAt: position, in: bytes) { count += 1 }
    }
    while index + 8 <= part.upperBound {
      // A count in each byte of `lanes`, of up to 255 words: adding bytes is a third of the
      // work of counting each word's bits (no `popcnt` in the baseline x86-64).
      var lanes: UInt64 = 0
      let blockEnd = min(part.upperBound, index + 255 * 8)
      while index + 8 <= blockEnd {
        let word = word(in: bytes, at: index)
        lanes &+= zeroBytes(word ^ (0x0A * 0x0101_0101_0101_0101)) >> 7
        var returns = zeroBytes(word ^ (0x0D * 0x0101_0101_0101_0101))
        while returns != 0 {
          countLoneReturn(at: index + returns.trailingZeroBitCount / 8)
          returns &= returns - 1
        }
        index += 8
      }
      let pairs = (lanes & 0x00FF_00FF_00FF_00FF) &+ ((lanes >> 8) & 0x00FF_00FF_00FF_00FF)
      count += Int((pairs &* 0x0001_0001_0001_0001) >> 48)
    }
    for position in index..<part.upperBound {
      if bytes[position] == UInt8(ascii: "\n") { count += 1 }
      if bytes[position] == UInt8(ascii: "\r") { countLoneReturn(at: position) }
    }
    return count
  }

  /// Reads `part`, which begins at a checkpoint's multiple (see `init`), into `output`, and
  /// returns its counts from its beginning.
  private static func scan<Output: PartOutput>(
    _ bytes: [UInt8], from start: Int, part: Range<Int>, into output: inout Output
  ) -> Counts {
    let firstCheckpoint = (part.lowerBound - start) / checkpointSpacing
    let end = part.upperBound
    var index = part.lowerBound
    var scalars = 0
    var utf16 = 0
    var nextCheckpoint = part.lowerBound
    var isASCII = true
    // One pass, decoding as the column count does (each invalid byte is one unit). Decoding
    // from any line start agrees with decoding from the file's start, because a line starts
    // after an ASCII byte, which is never inside a well-formed sequence.
    while index < end {
      if index >= nextCheckpoint {
        output.appendCheckpoint(Checkpoint(offset: index, scalars: scalars, utf16: utf16))
        isASCII = true
        let spanStart = nextCheckpoint
        nextCheckpoint = start + (firstCheckpoint + output.checkpointCount) * checkpointSpacing
        // Most spans are ASCII from one checkpoint to the next: such a span is counted whole
        // and its line ends found word by word.
        if index == spanStart, nextCheckpoint <= end,
          addLineStarts(ofASCIISpan: index..<nextCheckpoint, in: bytes, to: &output)
        {
          index = nextCheckpoint
          scalars += checkpointSpacing
          utf16 += checkpointSpacing
          continue
        }
      }
      // Most of a file is ASCII without line ends: eight bytes at a time, up to the first
      // byte that is not.
      if index + 8 <= nextCheckpoint, index + 8 <= end {
        let plain = plainASCIIPrefix(word(in: bytes, at: index))
        index += plain
        scalars += plain
        utf16 += plain
        if plain == 8 { continue }
      }
      let byte = bytes[index]
      if byte < 0x80 {
        // `\n`, `\r\n` and a lone `\r` end a line (see `Lexer`).
        if byte == UInt8(ascii: "\n")
          || (byte == UInt8(ascii: "\r") && endsLine(returnAt: index, in: bytes))
        {
          output.appendLineStart(index + 1)
        }
        index += 1
        scalars += 1
        utf16 += 1
      } else {
        if isASCII {
          isASCII = false
          output.markNotASCII()
        }
        let length = UTF8Validation.sequenceLength(in: bytes, at: index) ?? 1
        index += length
        scalars += 1
        utf16 += length == 4 ? 2 : 1
      }
    }
    return Counts(scalars: scalars, utf16: utf16)
  }

  /// Appends the line starts of `span` to `output` if every byte of it is ASCII (and returns
  /// true); leaves `output` alone otherwise. `span` is a whole number of words long.
  @inline(__always)
  private static func addLineStarts<Output: PartOutput>(
    ofASCIISpan span: Range<Int>, in bytes: [UInt8], to output: inout Output
  ) -> Bool {
    let highs: UInt64 = 0x8080_8080_8080_8080
    var any: UInt64 = 0
    for offset in stride(from: span.lowerBound, to: span.upperBound, by: 8) {
      any |= word(in: bytes, at: offset)
    }
    guard any & highs == 0 else { return false }
    for offset in stride(from: span.lowerBound, to: span.upperBound, by: 8) {
      let word = word(in: bytes, at: offset)
      var ends = zeroBytes(word ^ (0x0A * 0x0101_0101_0101_0101))
      var returns = zeroBytes(word ^ (0x0D * 0x0101_0101_0101_0101))
      // In order: a line feed and a carriage return never share a byte.
      while ends | returns != 0 {
        let lowest = (ends | returns).trailingZeroBitCount
        let position = offset + lowest / 8
        if ends & (1 << lowest) != 0 {
          output.appendLineStart(position + 1)
          ends &= ends - 1
        } else {
          if endsLine(returnAt: position, in: bytes) {
            output.appendLineStart(position + 1)
          }
          returns &= returns - 1
        }
      }
    }
    return true
  }

  /// A word with the high bit of each byte that is zero in `value` set, and no other bit:
  /// exact (no borrow from one byte to the next), unlike the classic test.
  @inline(__always)
  private static func zeroBytes(_ value: UInt64) -> UInt64 {
    let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    return ~(((value & lows) &+ lows) | value | lows)
  }

  /// The eight bytes at `offset`, the first in the lowest bits.
  @inline(__always)
  private static func word(in bytes: [UInt8], at offset: Int) -> UInt64 {
    UInt64(
      littleEndian: bytes.withUnsafeBytes {
        $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      })
  }

  /// How many of a word's bytes, from the first, are ASCII other than `\n` and `\r`.
  ///
  /// The classic zero-byte test, applied to the word xor each line-end byte repeated, sets the
  /// high bit of every zero byte; it may also set some above the first (a borrow), never
  /// below, so the lowest set bit is exact.
  @inline(__always)
  private static func plainASCIIPrefix(_ word: UInt64) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
    let stops = (word & highs) | zeroBytes(word ^ (ones &* 0x0A)) | zeroBytes(word ^ (ones &* 0x0D))
    return stops.trailingZeroBitCount / 8
  }
}
