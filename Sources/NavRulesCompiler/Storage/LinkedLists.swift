/// Many singly linked lists of numbers in two flat arrays: per-frame lists that grow one
/// element at a time, without an array per frame to allocate and copy.
struct LinkedLists<Element> {
  private(set) var value: [Element] = []
  private(set) var next: [Int32] = []

  /// Prepends `element` to the list starting at `head`.
  mutating func push(_ element: Element, onto head: inout Int32) {
    value.append(element)
    next.append(head)
    head = Int32(value.count - 1)
  }

  func elements(from head: Int32) -> Elements { Elements(lists: self, head: head) }

  mutating func removeAll() {
    value.removeAll(keepingCapacity: true)
    next.removeAll(keepingCapacity: true)
  }

  struct Elements: Sequence, IteratorProtocol {
    let lists: LinkedLists
    var head: Int32

    mutating func next() -> Element? {
      guard head >= 0 else { return nil }
      defer { head = lists.next[Int(head)] }
      return lists.value[Int(head)]
    }
  }
}
