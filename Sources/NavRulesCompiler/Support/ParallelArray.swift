import Dispatch

/// Arrays whose elements several threads write in place, each element by one part of the work:
/// no shared array to check for uniqueness, no per-part arrays to join afterwards.
enum ParallelArray {
  /// An array of `count` elements: `fill(part, buffer)` initialises the elements of
  /// `parts[part]` in `buffer`, the array's storage. The parts cover `0..<count`, none
  /// overlapping, and run side by side (one part runs on the calling thread).
  static func make<Element>(
    count: Int, parts: [Range<Int>],
    _ fill: @Sendable (_ part: Int, _ buffer: UnsafeMutableBufferPointer<Element>) -> Void
  ) -> [Element] {
    [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
      if parts.count == 1 {
        fill(0, buffer)
      } else {
        let storage = Storage(buffer: buffer)
        DispatchQueue.concurrentPerform(iterations: parts.count) { fill($0, storage.buffer) }
      }
      initialized = count
    }
  }

  /// `(0..<count).map(value)`, worked out in `parts` consecutive parts of about equal size.
  ///
  /// Written out rather than through `make`: the element closure called from a part closure
  /// cost the transition table's five maps about 0.9 M instructions on 1.7 MB of rules.
  static func map<Element>(count: Int, parts: Int, _ value: @Sendable (Int) -> Element)
    -> [Element]
  {
    [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
      let storage = Storage(buffer: buffer)
      @Sendable func fill(_ part: Int) {
        for index in count * part / parts..<count * (part + 1) / parts {
          (storage.buffer.baseAddress! + index).initialize(to: value(index))
        }
      }
      if parts == 1 {
        fill(0)
      } else {
        DispatchQueue.concurrentPerform(iterations: parts) { fill($0) }
      }
      initialized = count
    }
  }

  /// The array's storage while the parts fill it.
  ///
  /// `@unchecked Sendable`: each element is initialised by the one part it belongs to, and the
  /// array is read only after `DispatchQueue.concurrentPerform` has returned.
  private struct Storage<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
  }
}
