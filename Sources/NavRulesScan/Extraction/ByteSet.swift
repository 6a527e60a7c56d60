/// A set of byte values, tested with one shift and mask: the first bytes of the words a byte
/// search looks for, so that most bytes are passed before any comparison.
struct ByteSet {
  private var low: UInt64 = 0
  private var lowMiddle: UInt64 = 0
  private var highMiddle: UInt64 = 0
  private var high: UInt64 = 0

  mutating func insert(_ byte: UInt8) {
    let bit: UInt64 = 1 << UInt64(byte & 63)
    switch byte >> 6 {
    case 0: low |= bit
    case 1: lowMiddle |= bit
    case 2: highMiddle |= bit
    default: high |= bit
    }
  }

  func contains(_ byte: UInt8) -> Bool {
    let word =
      switch byte >> 6 {
      case 0: low
      case 1: lowMiddle
      case 2: highMiddle
      default: high
      }
    return word & (1 << UInt64(byte & 63)) != 0
  }
}
