/// The unit in which a column is counted.
///
/// Diagnostics count Unicode scalars (the contract); the language server counts UTF-16 code
/// units unless the client negotiates otherwise. Each invalid UTF-8 byte counts as one unit,
/// as it would after decoding with replacement characters.
public enum ColumnEncoding: String, Sendable, CaseIterable {
  case unicodeScalars = "utf-32"
  case utf16 = "utf-16"
  case utf8 = "utf-8"

  /// How many units the bytes `start..<end` of one line occupy.
  func units(in bytes: [UInt8], from start: Int, to end: Int) -> Int {
    if self == .utf8 { return end - start }
    var count = 0
    var index = start
    while index < end {
      let length = UTF8Validation.sequenceLength(in: bytes, at: index) ?? 1
      count += (self == .utf16 && length == 4) ? 2 : 1
      index += length
    }
    return count
  }

  /// The offset reached by advancing `units` units from the start of `range`, clamped to it.
  func offset(advancing units: Int, in bytes: [UInt8], within range: Range<Int>) -> Int {
    var remaining = units
    var index = range.lowerBound
    while remaining > 0, index < range.upperBound {
      let length = UTF8Validation.sequenceLength(in: bytes, at: index) ?? 1
      let width = self == .utf8 ? length : (self == .utf16 && length == 4 ? 2 : 1)
      if width > remaining { break }
      remaining -= width
      index += length
    }
    return min(index, range.upperBound)
  }
}
