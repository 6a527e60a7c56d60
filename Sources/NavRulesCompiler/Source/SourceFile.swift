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

  /// Cumulative column counts about every `LineTable.checkpointSpacing` bytes (see
  /// `LineTable`).
  private let checkpoints: [LineTable.Checkpoint]

  /// Files are read up to this size: syntax nodes keep offsets in 32 bits (`PackedRange`).
  public static let maximumByteCount = Int(UInt32.max)

  public convenience init(path: String, bytes: [UInt8]) {
    let threads = bytes.count >= LineTable.minimumParallelBytes ? Concurrency.threadCount : 1
    self.init(path: path, bytes: bytes, threads: threads)
  }

  /// A file whose line table is built on up to `threads` threads once it has at least
  /// `minimumParallelBytes` (the tests make small files take the parallel path).
  init(
    path: String, bytes: [UInt8], threads: Int,
    minimumParallelBytes: Int = LineTable.minimumParallelBytes
  ) {
    self.path = path
    self.bytes = bytes
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    self.contentStart = start
    let table = LineTable(
      bytes, from: start, threads: threads, minimumParallelBytes: minimumParallelBytes)
    self.lineStarts = table.lineStarts
    self.checkpoints = table.checkpoints
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
    var index = min((offset - contentStart) / LineTable.checkpointSpacing, checkpoints.count - 1)
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
