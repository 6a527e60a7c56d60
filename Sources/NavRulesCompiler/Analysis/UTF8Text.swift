/// Text built as UTF-8 bytes and made into a `String` once, for the messages and notes of
/// thousands of findings.
///
/// `bytes += string.utf8` goes through the generic sequence append (about 170 instructions a
/// name); a native string's bytes are contiguous, so they are copied at once instead.
struct UTF8Text {
  private(set) var bytes: [UInt8] = []

  init(capacity: Int) {
    bytes.reserveCapacity(capacity)
  }

  mutating func append(_ string: String) {
    var string = string
    string.withUTF8 { bytes.append(contentsOf: $0) }
  }

  /// Source text as written, copied without first being made a `String` (which validates
  /// and allocates it).
  mutating func append(_ source: SourceRange) {
    bytes.append(contentsOf: source.file.bytes[source.bytes])
  }

  /// Bytes of another text, e.g. a name already appended to it.
  mutating func append(bytes other: ArraySlice<UInt8>) {
    bytes.append(contentsOf: other)
  }

  var count: Int { bytes.count }

  var string: String { String(decoding: bytes, as: UTF8.self) }
}
