/// The bytes of one `.navrules` file and the table that turns byte offsets into lines.
///
/// Everything downstream refers to text by byte offset; lines and columns are computed only
/// when a diagnostic is printed (see `position(of:encoding:)`).
public final class SourceFile: Sendable, CustomStringConvertible {
  /// The path as the user named it (or as found under a directory they named).
  public let path: String
  /// The file's contents, including any byte order mark.
  public let bytes: [UInt8]
  /// Offset of the first byte after the byte order mark, if there is one.
  public let contentStart: Int
  /// Offset of the first byte of each line; the first entry is `contentStart`. Lines end at
  /// `\n`, `\r\n` and a lone `\r`.
  public let lineStarts: [Int]

  /// Cumulative column counts at checkpoints about every `checkpointSpacing` bytes, so a
  /// column is found by counting at most that many bytes, never from the start of its line:
  /// many diagnostics on one long line would otherwise cost the line's length each.
  private let checkpoints: [Checkpoint]

  /// Files are read up to this size: syntax nodes keep offsets in 32 bits (`PackedRange`).
  public static let maximumByteCount = Int(UInt32.max)

  /// How far apart checkpoints are, in bytes.
  static let checkpointSpacing = 128

  /// Unicode scalars and UTF-16 code units from `contentStart` up to `offset`, a sequence
  /// boundary, and whether every byte from there to the next checkpoint is ASCII (a column
  /// there is then a subtraction).
  private struct Checkpoint: Sendable {
    var offset: Int
    var scalars: Int
    var utf16: Int
    var isASCIIUntilNext = true
  }

  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    self.contentStart = start
    var starts = [start]
    var checkpoints: [Checkpoint] = []
    checkpoints.reserveCapacity((bytes.count - start) / Self.checkpointSpacing + 1)
    var index = start
    var scalars = 0
    var utf16 = 0
    var nextCheckpoint = start
    var isASCII = true
    // One pass, decoding as the column count does (each invalid byte is one unit). Decoding
    // from any line start agrees with decoding from the file's start, because a line starts
    // after an ASCII byte, which is never inside a well-formed sequence.
    while index < bytes.count {
      if index >= nextCheckpoint {
        checkpoints.append(Checkpoint(offset: index, scalars: scalars, utf16: utf16))
        isASCII = true
        let spanStart = nextCheckpoint
        nextCheckpoint = start + (checkpoints.count * Self.checkpointSpacing)
        // Most spans are ASCII from one checkpoint to the next: such a span is counted whole
        // and its line ends found word by word.
        if index == spanStart, nextCheckpoint <= bytes.count,
          Self.addLineStarts(ofASCIISpan: index..<nextCheckpoint, in: bytes, to: &starts)
        {
          index = nextCheckpoint
          scalars += Self.checkpointSpacing
          utf16 += Self.checkpointSpacing
          continue
        }
      }
      // Most of a file is ASCII without line ends: eight bytes at a time, up to the first
      // byte that is not.
      if index + 8 <= nextCheckpoint, index + 8 <= bytes.count {
        let plain = Self.plainASCIIPrefix(Self.word(in: bytes, at: index))
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
          starts.append(index + 1)
        }
        index += 1
        scalars += 1
        utf16 += 1
      } else {
        if isASCII {
          isASCII = false
          checkpoints[checkpoints.count - 1].isASCIIUntilNext = false
        }
        let length = UTF8Validation.sequenceLength(in: bytes, at: index) ?? 1
        index += length
        scalars += 1
        utf16 += length == 4 ? 2 : 1
      }
    }
    if checkpoints.isEmpty { checkpoints.append(Checkpoint(offset: start, scalars: 0, utf16: 0)) }
    self.lineStarts = starts
    self.checkpoints = checkpoints
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

  public convenience init(path: String, text: String) {
    self.init(path: path, bytes: Array(text.utf8))
  }

  public var description: String { path }

  /// The 0-based index of the line holding `offset`.
  public func lineIndex(of offset: Int) -> Int {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    return low
  }

  /// The 1-based line and column of `offset`; columns count in `encoding`'s units.
  public func position(of offset: Int, encoding: ColumnEncoding = .unicodeScalars) -> SourcePosition
  {
    let clamped = min(max(offset, contentStart), bytes.count)
    let line = lineIndex(of: clamped)
    let column = units(upTo: clamped, encoding) - units(upTo: lineStarts[line], encoding)
    return SourcePosition(line: line + 1, column: column + 1)
  }

  /// The units of `encoding` from `contentStart` to `offset` (sequences that start before it),
  /// counted from the nearest checkpoint.
  private func units(upTo offset: Int, _ encoding: ColumnEncoding) -> Int {
    if encoding == .utf8 { return offset - contentStart }
    var index = min((offset - contentStart) / Self.checkpointSpacing, checkpoints.count - 1)
    // A checkpoint lies at most three bytes after its multiple of the spacing.
    while index > 0, checkpoints[index].offset > offset { index -= 1 }
    let checkpoint = checkpoints[index]
    let base = encoding == .utf16 ? checkpoint.utf16 : checkpoint.scalars
    if checkpoint.isASCIIUntilNext { return base + (offset - checkpoint.offset) }
    return base + encoding.units(in: bytes, from: checkpoint.offset, to: offset)
  }

  /// The byte range of line `index` (0-based), without its line terminator.
  public func lineRange(at index: Int) -> Range<Int> {
    let start = lineStarts[index]
    var end = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : bytes.count
    if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return start..<max(start, end)
  }

  /// The byte offset of a 0-based line and column, clamped to that line; the inverse of
  /// `position(of:encoding:)` for editors that send positions.
  public func offset(line: Int, column: Int, encoding: ColumnEncoding) -> Int {
    guard line >= 0 else { return contentStart }
    guard line < lineStarts.count else { return bytes.count }
    let range = lineRange(at: line)
    return encoding.offset(advancing: column, in: bytes, within: range)
  }

  /// Whether the bytes of `range` are `text`'s UTF-8: a comparison in place, without making
  /// the range's `String`.
  func hasText(_ text: StaticString, in range: Range<Int>) -> Bool {
    guard text.utf8CodeUnitCount == range.count else { return false }
    let word = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    return bytes.withUnsafeBufferPointer {
      UnsafeBufferPointer(rebasing: $0[range]).hasSameBytes(as: word)
    }
  }

  /// The text of `range`, with each invalid UTF-8 byte replaced by U+FFFD, so the text has
  /// as many Unicode scalars as the range has columns.
  public func text(_ range: Range<Int>) -> String {
    // Most text is ASCII: checked and copied through a buffer pointer, the fast path of
    // `String(decoding:as:)`.
    let ascii = bytes.withUnsafeBufferPointer { buffer -> String? in
      let slice = UnsafeBufferPointer(rebasing: buffer[range])
      return slice.contains { $0 >= 0x80 } ? nil : String(decoding: slice, as: UTF8.self)
    }
    if let ascii { return ascii }
    var scalars = String.UnicodeScalarView()
    var index = range.lowerBound
    while index < range.upperBound {
      if bytes[index] < 0x80 {
        scalars.append(Unicode.Scalar(bytes[index]))
        index += 1
      } else if let length = UTF8Validation.sequenceLength(in: bytes, at: index),
        index + length <= range.upperBound
      {
        scalars.append(UTF8Validation.decode(bytes, at: index, length: length))
        index += length
      } else {
        scalars.append("\u{FFFD}")
        index += 1
      }
    }
    return String(scalars)
  }
}

/// A 1-based line and column.
public struct SourcePosition: Hashable, Sendable, Comparable {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}
