extension Array {
  /// A copy whose storage holds exactly its elements: an array grown by appending keeps up to
  /// as much room again, which a table kept for a whole check should not.
  func exactCopy() -> [Element] {
    guard capacity > count else { return self }
    return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
      _ = buffer.initialize(from: self)
      initialized = count
    }
  }
}
