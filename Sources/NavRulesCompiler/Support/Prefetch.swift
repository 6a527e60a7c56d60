internal import CPrefetch

extension Array {
  /// Starts bringing element `index` (which exists) into the cache, without waiting for it: a
  /// loop that knows what it reads next at random asks early (`navrc_prefetch`).
  @inline(__always)
  func prefetch(_ index: Int) {
    assert(indices.contains(index))
    withUnsafeBufferPointer { navrc_prefetch($0.baseAddress! + index) }
  }
}

extension UnsafeMutablePointer {
  /// Starts bringing `self[offset]` into the cache (see `Array.prefetch`).
  @inline(__always)
  func prefetch(_ offset: Int) {
    navrc_prefetch(self + offset)
  }
}
