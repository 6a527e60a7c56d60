import Dispatch

/// Where a file's lines start, and cumulative column counts at checkpoints about every
/// `checkpointSpacing` bytes, so a column is found by counting at most that many bytes, never
/// from the start of its line: many diagnostics on one long line would otherwise cost the
/// line's length each (`SourceFile.position(of:encoding:)`).
///
/// Built in one pass over the bytes, which a large file splits into consecutive parts read on
/// several threads: it is the only stage before lexing that reads every byte, and on one
/// thread it took 11.6 ms of a 0.43 s check of 8.6 MB.
struct LineTable {
  /// Offset of the first byte of each line; the first entry is the content's start. Lines end
  /// at `\n`, `\r\n` and a lone `\r`.
  var lineStarts: [Int]
  var checkpoints: [Checkpoint]

  /// How far apart checkpoints are, in bytes.
  static let checkpointSpacing = 128

  /// Smaller files are read on one thread: the threads would cost more than they save.
  static let minimumParallelBytes = 1 << 20

  /// Unicode scalars and UTF-16 code units from the content's start up to `offset`, a sequence
  /// boundary, and whether every byte from there to the next checkpoint is ASCII (a column
  /// there is then a subtraction).
  struct Checkpoint: Sendable {
    var offset: Int
    var scalars: Int
    var utf16: Int
    var isASCIIUntilNext = true
  }

  /// The table of `bytes` from `start` (after any byte order mark).
  ///
  /// Checkpoint `n` is at the first sequence boundary at or after `start + n * spacing`. A part
  /// therefore begins at such a multiple where the byte is ASCII: no sequence crosses it, so
  /// each part decodes exactly as the whole file would, and its counts only need the counts of
  /// the parts before it added.
  init(_ bytes: [UInt8], from start: Int, threads: Int, minimumParallelBytes: Int) {
    let bounds = Self.partBounds(
      bytes, from: start,
      parts: bytes.count - start >= minimumParallelBytes ? max(1, threads) : 1)
    // A large file's first part has room for the whole file's lists, so the other parts are
    // appended to them without a copy. Room never written costs address space, not memory,
    // in a block the allocator maps on its own (from 8 MB: `MallocTuning`) or at the heap's
    // fresh top; a small file's lists grow as they are read, since unused room among the
    // heap's reused pages would be memory (`navrc scan` reads thousands of small files).
    let isLarge = bytes.count - start >= Self.largeFileBytes
    let room = { @Sendable (byteCount: Int) in
      (
        lines: isLarge ? byteCount / Self.bytesPerLineAtLeast + 1 : 0,
        checkpoints: byteCount / Self.checkpointSpacing + 1
      )
    }
    guard bounds.count > 2 else {
      let part = Self.scan(
        bytes, from: start, part: start..<bytes.count, room: room(bytes.count - start))
      lineStarts = part.lineStarts
      checkpoints = part.checkpoints
      if checkpoints.isEmpty {
        checkpoints.append(Checkpoint(offset: start, scalars: 0, utf16: 0))
      }
      return
    }
    let ranges = zip(bounds, bounds.dropFirst()).map { $0..<$1 }
    let results = ResultSlots<Part>(count: ranges.count)
    DispatchQueue.concurrentPerform(iterations: ranges.count) { index in
      let range = ranges[index]
      let roomBytes = index == 0 ? bytes.count - start : range.count
      results.set(index, Self.scan(bytes, from: start, part: range, room: room(roomBytes)))
    }
    var parts = results.take()
    var scalars = parts[0].scalars
    var utf16 = parts[0].utf16
    // Moved out, so the lists are appended to in place.
    (lineStarts, checkpoints) = (parts[0].lineStarts, parts[0].checkpoints)
    parts[0] = Part()
    for part in parts.dropFirst() {
      lineStarts += part.lineStarts
      for var checkpoint in part.checkpoints {
        checkpoint.scalars += scalars
        checkpoint.utf16 += utf16
        checkpoints.append(checkpoint)
      }
      scalars += part.scalars
      utf16 += part.utf16
    }
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

  /// What one part holds: the line starts after its line ends (and the content's start, in
  /// the first part), its checkpoints with counts from the part's beginning, and its total
  /// counts.
  private struct Part {
    var lineStarts: [Int] = []
    var checkpoints: [Checkpoint] = []
    var scalars = 0
    var utf16 = 0
  }

  /// Reads `part`, which begins at a checkpoint's multiple (see `init`).
  private static func scan(
    _ bytes: [UInt8], from start: Int, part: Range<Int>, room: (lines: Int, checkpoints: Int)
  ) -> Part {
    var result = Part()
    result.lineStarts.reserveCapacity(room.lines)
    result.checkpoints.reserveCapacity(room.checkpoints)
    if part.lowerBound == start { result.lineStarts.append(start) }
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
        result.checkpoints.append(Checkpoint(offset: index, scalars: scalars, utf16: utf16))
        isASCII = true
        let spanStart = nextCheckpoint
        nextCheckpoint =
          start + (firstCheckpoint + result.checkpoints.count) * checkpointSpacing
        // Most spans are ASCII from one checkpoint to the next: such a span is counted whole
        // and its line ends found word by word.
        if index == spanStart, nextCheckpoint <= end,
          addLineStarts(ofASCIISpan: index..<nextCheckpoint, in: bytes, to: &result.lineStarts)
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
          || (byte == UInt8(ascii: "\r")
            && (index + 1 == bytes.count || bytes[index + 1] != UInt8(ascii: "\n")))
        {
          result.lineStarts.append(index + 1)
        }
        index += 1
        scalars += 1
        utf16 += 1
      } else {
        if isASCII {
          isASCII = false
          result.checkpoints[result.checkpoints.count - 1].isASCIIUntilNext = false
        }
        let length = UTF8Validation.sequenceLength(in: bytes, at: index) ?? 1
        index += length
        scalars += 1
        utf16 += length == 4 ? 2 : 1
      }
    }
    result.scalars = scalars
    result.utf16 = utf16
    return result
  }

  /// Appends the line starts of `span` to `starts` if every byte of it is ASCII (and returns
  /// true); leaves `starts` alone otherwise. `span` is a whole number of words long.
  private static func addLineStarts(
    ofASCIISpan span: Range<Int>, in bytes: [UInt8], to starts: inout [Int]
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
          starts.append(position + 1)
          ends &= ends - 1
        } else {
          // A lone `\r` ends a line; in `\r\n` the `\n` does.
          if position + 1 == bytes.count || bytes[position + 1] != UInt8(ascii: "\n") {
            starts.append(position + 1)
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
