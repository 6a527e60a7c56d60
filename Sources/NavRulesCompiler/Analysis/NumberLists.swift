/// Many growing lists of numbers in one flat array of 32-byte chunks (six numbers, a link and
/// a count), read in insertion order: `PairLists` for lists of single numbers.
///
/// The exploration's lists of the groups that push each frame are walked whenever the frame
/// gets a new return state; a chunk holds six groups rather than three pairs of a group and
/// a number never read, so the walk, which is memory-bound, meets half as many chunks.
struct NumberLists {
  static let numbersPerChunk = 6
  private static let stride = 8

  /// The chunks in use are the first `chunkCount`; the rest is room for the next ones, added
  /// 64 chunks (2 KB) at a time.
  private var storage: [Int32] = []
  private var chunkCount = 0
  private static let room = [Int32](repeating: 0, count: 64 * stride)

  /// The ends of one list: its first and last chunks (-1 when empty) and how full the last is.
  struct Ends {
    var head: Int32 = -1
    var tail: Int32 = -1
    var tailCount: Int32 = 0
  }

  /// Appends `number` to the list whose ends are `ends`.
  @inline(__always)
  mutating func append(_ number: Int32, to ends: inout Ends) {
    if ends.tail < 0 || ends.tailCount == Int32(Self.numbersPerChunk) {
      let chunk = Int32(chunkCount)
      if (chunkCount + 1) * Self.stride > storage.count { storage.append(contentsOf: Self.room) }
      chunkCount += 1
      storage[Int(chunk) * Self.stride] = -1
      storage[Int(chunk) * Self.stride + 1] = 0
      if ends.tail >= 0 { storage[Int(ends.tail) * Self.stride] = chunk } else { ends.head = chunk }
      ends.tail = chunk
      ends.tailCount = 0
    }
    let base = Int(ends.tail) * Self.stride
    let count = Int(ends.tailCount)
    storage[base + 2 + count] = number
    storage[base + 1] = Int32(count + 1)
    ends.tailCount += 1
  }

  /// A position in a list (see `PairLists.Cursor`).
  struct Cursor {
    fileprivate var chunk: Int32
    fileprivate var index: Int32 = 0
  }

  func cursor(from head: Int32) -> Cursor { Cursor(chunk: head) }

  /// How many numbers the list that starts at `head` holds.
  func count(from head: Int32) -> Int {
    var count = 0
    var chunk = head
    while chunk >= 0 {
      count += Int(storage[Int(chunk) * Self.stride + 1])
      chunk = storage[Int(chunk) * Self.stride]
    }
    return count
  }

  /// The number at `cursor`, advancing it; `nil` at the end of the list.
  @inline(__always)
  func next(_ cursor: inout Cursor) -> Int32? {
    while cursor.chunk >= 0 {
      let base = Int(cursor.chunk) * Self.stride
      if cursor.index < storage[base + 1] {
        let number = storage[base + 2 + Int(cursor.index)]
        cursor.index += 1
        return number
      }
      cursor = Cursor(chunk: storage[base])
    }
    return nil
  }
}
