import Dispatch

/// Arrays whose elements several threads write in place, each element by one part of the work:
/// no shared array to check for uniqueness, no per-part arrays to join afterwards.
enum ParallelArray {
  /// An array of `count` elements: `fill(part, buffer)`, for each part in `0..<parts`,
  /// initialises its own elements in `buffer`, the array's storage. Together the parts
  /// initialise each element once; they run side by side (one on the calling thread).
  ///
  /// The parts are numbers, not an array of their ranges: each fill knows its own, and an
  /// array of `Range<Int>` made the runtime instantiate `Range<Int>`'s metadata, a search of
  /// every protocol conformance for `Int: Comparable`, on a path where nothing else needed it
  /// (an unchanged `emit`).
  static func make<Element>(
    count: Int, parts: Int,
    _ fill: @Sendable (_ part: Int, _ buffer: UnsafeMutableBufferPointer<Element>) -> Void
  ) -> [Element] {
    [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
      if parts == 1 {
        fill(0, buffer)
      } else {
        let storage = Storage(buffer: buffer)
        DispatchQueue.concurrentPerform(iterations: parts) { fill($0, storage.buffer) }
      }
      initialized = count
    }
  }

  /// `lists.joined()`, each list copied into its place on a thread of its own: joined on one
  /// thread, a large file's chunks were copied while the other thread waited.
  static func joined<Element: Sendable>(_ lists: [[Element]]) -> [Element] {
    let starts = lists.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1.count) }
    return make(count: starts[lists.count], parts: lists.count) { part, buffer in
      lists[part].withUnsafeBufferPointer { source in
        guard let base = source.baseAddress else { return }
        (buffer.baseAddress! + starts[part]).initialize(from: base, count: source.count)
      }
    }
  }

  /// `(0..<count).map(value)`, worked out on `parts` threads, in `piecesPerPart` consecutive
  /// pieces of about equal size for each.
  ///
  /// Written out rather than through `make`: an element closure called from a part closure
  /// is a call per element that the optimizer does not remove.
  static func map<Element>(count: Int, parts: Int, _ value: @Sendable (Int) -> Element)
    -> [Element]
  {
    [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
      let storage = Storage(buffer: buffer)
      let pieces = parts == 1 ? 1 : parts * piecesPerPart
      @Sendable func fill(_ piece: Int) {
        for index in count * piece / pieces..<count * (piece + 1) / pieces {
          (storage.buffer.baseAddress! + index).initialize(to: value(index))
        }
      }
      if pieces == 1 {
        fill(0)
      } else {
        DispatchQueue.concurrentPerform(iterations: pieces) { fill($0) }
      }
      initialized = count
    }
  }

  /// How many pieces `map` cuts each part's share into; a thread that finishes its piece
  /// takes the next one left (`Tuning`).
  static let piecesPerPart = Tuning.piecesPerPart

  /// The array's storage while the parts fill it.
  ///
  /// `@unchecked Sendable`: each element is initialised by the one part it belongs to, and the
  /// array is read only after `DispatchQueue.concurrentPerform` has returned.
  private struct Storage<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
  }
}
