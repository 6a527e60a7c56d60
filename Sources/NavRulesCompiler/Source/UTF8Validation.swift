/// Well-formed UTF-8 as the Unicode standard defines it (table 3-7): no overlong forms, no
/// surrogates, nothing above U+10FFFF.
package enum UTF8Validation {
  /// The length of the well-formed sequence starting at `index`, or `nil` if the byte there
  /// does not begin one.
  @inline(__always)
  package static func sequenceLength<Bytes: RandomAccessCollection<UInt8>>(
    in bytes: Bytes, at index: Int
  )
    -> Int? where Bytes.Index == Int
  {
    let lead = bytes[index]
    if lead < 0x80 { return 1 }
    let length: Int
    var lower: UInt8 = 0x80
    var upper: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      lower = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      upper = 0x9F
    case 0xF0:
      length = 4
      lower = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      upper = 0x8F
    default: return nil
    }
    guard index + length <= bytes.endIndex else { return nil }
    let second = bytes[index + 1]
    guard second >= lower, second <= upper else { return nil }
    for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return nil }
    return length
  }

  /// The scalar of a well-formed sequence of `length` bytes at `index`.
  package static func decode<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes, at index: Int, length: Int
  ) -> Unicode.Scalar where Bytes.Index == Int {
    var value = UInt32(bytes[index])
    switch length {
    case 2: value &= 0x1F
    case 3: value &= 0x0F
    case 4: value &= 0x07
    default: break
    }
    for offset in 1..<max(1, length) {
      value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
    }
    return Unicode.Scalar(value) ?? "\u{FFFD}"
  }
}
