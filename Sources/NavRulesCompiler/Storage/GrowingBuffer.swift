internal import CPrefetch

/// A growing array of plain values with a single owner, for the loops that append on every
/// step: the exploration's fixpoint, the lexer's tokens, reachability's edges.
///
/// A Swift array held in a stored property asks the runtime whether its buffer is shared
/// (`swift_isUniquelyReferenced`) at every append and at every element it changes in place:
/// six such calls for each path edge in the fixpoint's `join` alone. A noncopyable buffer has
/// one owner by construction, so a write is a bounds check and a store.
struct GrowingBuffer<Element: BitwiseCopyable>: ~Copyable {
  private var base: UnsafeMutablePointer<Element>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int = 16) {
    self.capacity = max(1, capacity)
    base = .allocate(capacity: self.capacity)
  }

  init(repeating element: Element, count: Int) {
    self.init(capacity: count)
    base.initialize(repeating: element, count: count)
    self.count = count
  }

  deinit {
    base.deallocate()
  }

  var isEmpty: Bool { count == 0 }

  @inline(__always)
  mutating func append(_ element: Element) {
    if count == capacity { grow() }
    (base + count).initialize(to: element)
    count += 1
  }

  /// Room for at least `capacity` elements, so appending up to that many never grows the
  /// buffer.
  mutating func reserveCapacity(_ capacity: Int) {
    guard capacity > self.capacity else { return }
    moveStorage(toCapacity: capacity)
  }

  /// Twice the room.
  @inline(never)
  private mutating func grow() {
    moveStorage(toCapacity: capacity * 2)
  }

  /// Storage for `capacity` elements, the elements moved over.
  private mutating func moveStorage(toCapacity capacity: Int) {
    let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
    larger.moveInitialize(from: base, count: count)
    base.deallocate()
    base = larger
    self.capacity = capacity
  }

  @inline(__always)
  subscript(index: Int) -> Element {
    get {
      precondition(index >= 0 && index < count, "index out of range")
      return base[index]
    }
    set {
      precondition(index >= 0 && index < count, "index out of range")
      base[index] = newValue
    }
  }

  /// The last element, if any.
  var last: Element? { count == 0 ? nil : base[count - 1] }

  /// Removes the last element, which exists.
  mutating func removeLast() {
    precondition(count > 0, "no element to remove")
    count -= 1
  }

  /// Replaces `array`'s elements with these, reusing its storage when it has room.
  func copy(into array: inout [Element]) {
    array.removeAll(keepingCapacity: true)
    array.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
  }

  /// Starts bringing element `index` (which exists) into the cache (see `Array.prefetch`).
  @inline(__always)
  func prefetch(_ index: Int) {
    assert(index >= 0 && index < count)
    navrc_prefetch(base + index)
  }

  /// The elements, as an array of exactly their count.
  func array() -> [Element] {
    [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
      if count > 0 { buffer.baseAddress!.initialize(from: base, count: count) }
      initialized = count
    }
  }

  /// `transform` of each element, in order.
  func map<Result>(_ transform: (Element) -> Result) -> [Result] {
    var result: [Result] = []
    result.reserveCapacity(count)
    for index in 0..<count { result.append(transform(base[index])) }
    return result
  }
}
