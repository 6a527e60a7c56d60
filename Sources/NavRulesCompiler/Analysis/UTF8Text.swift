/// Text built as UTF-8 bytes and made into a `String` once, for the messages and notes of
/// thousands of findings.
///
/// The bytes are in a buffer of its own, copied in with `memcpy`: appending a name to an
/// `[UInt8]` went through `Array.append(contentsOf:)`, its uniqueness check and its generic
/// growth path, for each of twenty-odd names a note. Noncopyable, so the
/// buffer has one owner, which frees it.
struct UTF8Text: ~Copyable {
  private var start: UnsafeMutablePointer<UInt8>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = max(capacity, 16)
    start = .allocate(capacity: self.capacity)
  }

  deinit { start.deallocate() }

  mutating func append(_ string: String) {
    // A native or literal string's bytes are contiguous and read in place; `withUTF8` would
    // first copy the string into a variable.
    if string.utf8.withContiguousStorageIfAvailable({ append($0) }) != nil { return }
    var string = string
    string.withUTF8 { append($0) }
  }

  /// Source text as written, copied without first being made a `String` (which validates
  /// and allocates it).
  mutating func append(_ source: SourceRange) {
    let range = source.bytes
    source.file.bytes.withUnsafeBufferPointer {
      append(UnsafeBufferPointer(rebasing: $0[range]))
    }
  }

  /// Bytes this text already holds (e.g. a name appended earlier), appended again.
  mutating func append(repeating range: Range<Int>) {
    precondition(range.lowerBound >= 0 && range.upperBound <= count)
    // Room first: growing moves the buffer, the bytes copied with it.
    reserve(range.count)
    (start + count).initialize(from: start + range.lowerBound, count: range.count)
    count += range.count
  }

  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress else { return }
    reserve(bytes.count)
    (start + count).initialize(from: base, count: bytes.count)
    count += bytes.count
  }

  /// Room for `more` bytes after the current ones.
  private mutating func reserve(_ more: Int) {
    guard count + more > capacity else { return }
    let grown = max(2 * capacity, count + more)
    let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
    bigger.initialize(from: start, count: count)
    start.deallocate()
    start = bigger
    capacity = grown
  }

  var string: String { string(0..<count) }

  /// The bytes of `range` as a `String`: one text can hold a finding's message and its
  /// fix-it's, in one buffer.
  func string(_ range: Range<Int>) -> String {
    precondition(range.lowerBound >= 0 && range.upperBound <= count)
    return String(
      decoding: UnsafeBufferPointer(start: start + range.lowerBound, count: range.count),
      as: UTF8.self)
  }
}
