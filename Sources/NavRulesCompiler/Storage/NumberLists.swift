/// Many growing lists of single numbers, six to a chunk (`ChunkedLists`): the exploration's
/// lists of the groups that push each frame.
///
/// They are walked whenever the frame gets a new return state; a chunk holds six groups
/// rather than three pairs of a group and a number never read, so the walk, which is
/// memory-bound, meets half as many chunks.
///
/// Noncopyable, as its `ChunkedLists` is.
struct NumberLists<Element: PackedNumber>: ~Copyable {
  typealias Ends = ChunkedLists.Ends
  typealias Cursor = ChunkedLists.Cursor

  private(set) var chunks = ChunkedLists()

  @inline(__always)
  mutating func append(_ number: Element, to ends: inout Ends) {
    chunks.append(number.raw, to: &ends)
  }

  func cursor(from head: Int32) -> Cursor { chunks.cursor(from: head) }

  /// Room for `count` chunks at once (`ChunkedLists.reserveChunks`).
  mutating func reserveChunks(_ count: Int) { chunks.reserveChunks(count) }

  /// The number at `cursor`, advancing it; `nil` at the end of the list.
  @inline(__always)
  func next(_ cursor: inout Cursor) -> Element? {
    chunks.nextEntry(width: 1, &cursor).map { Element(raw: chunks[$0]) }
  }
}
