/// Many growing lists of pairs of numbers, three pairs to a chunk (`ChunkedLists`): the
/// exploration's summaries, members and return states, and the origin searches' facts.
///
/// Noncopyable, as its `ChunkedLists` is.
struct PairLists<First: PackedNumber, Second: PackedNumber>: ~Copyable {
  typealias Ends = ChunkedLists.Ends
  typealias Cursor = ChunkedLists.Cursor

  private(set) var chunks = ChunkedLists()

  @inline(__always)
  mutating func append(_ first: First, _ second: Second, to ends: inout Ends) {
    chunks.append(first.raw, second.raw, to: &ends)
  }

  func cursor(from head: Int32) -> Cursor { chunks.cursor(from: head) }

  /// Room for `count` chunks at once (`ChunkedLists.reserveChunks`).
  mutating func reserveChunks(_ count: Int) { chunks.reserveChunks(count) }

  /// Empties every list at once; the lists' `Ends` must be reset by their owner.
  mutating func removeAll() { chunks.removeAll() }

  /// Starts bringing the chunk `chunk` into the cache (`ChunkedLists.prefetch(from:)`).
  @inline(__always)
  func prefetch(chunk: Int32) { chunks.prefetch(from: chunk) }

  /// How many pairs the list that starts at `head` holds.
  func count(from head: Int32) -> Int { chunks.count(from: head) }

  /// The pair at `cursor`, advancing it; `nil` at the end of the list.
  @inline(__always)
  func next(_ cursor: inout Cursor) -> (First, Second)? {
    guard let offset = chunks.nextEntry(width: 2, &cursor) else { return nil }
    return (First(raw: chunks[offset]), Second(raw: chunks[offset + 1]))
  }
}
