extension UnsafeBufferPointer<UInt8> {
  /// Whether `other` holds the same bytes: a plain loop over a few bytes (names, keywords),
  /// where the generic `elementsEqual` spent hundreds of instructions a call on its iterators.
  func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
    guard count == other.count else { return false }
    var index = 0
    while index < count {
      if self[index] != other[index] { return false }
      index += 1
    }
    return true
  }
}
