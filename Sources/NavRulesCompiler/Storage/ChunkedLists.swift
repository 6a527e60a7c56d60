#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Many growing lists of entries of one or two numbers in one flat block of 32-byte chunks (a
/// link, a count and six numbers), read in insertion order: the storage of `PairLists` and
/// `NumberLists`, which fix the entry width.
///
/// The exploration keeps such lists per frame and per group and walks them millions of times;
/// in chunks a list of twenty entries costs a few cache misses rather than twenty, and nothing
/// is allocated per list. Most lists of a large module hold one or two entries, so chunks are
/// small: larger ones cost more memory than the instructions they save.
///
/// The chunks live in a block of their own (`ChunkBlock`), not an array: an array's append
/// checks that its buffer is unique on every store and copies the whole of it each time it
/// doubles, while `realloc` grows a large block by remapping its pages. Two copies would share
/// the block, so the type is noncopyable: each list has one owner (an exploration, a search),
/// which the compiler holds to, at no cost on the append.
///
/// The entry width is an argument of the inlined methods, a constant where the two wrappers
/// call them, so each wrapper's code is what a type of its own would compile to.
struct ChunkedLists: ~Copyable {
  private static let stride = 8
  private static let numbersPerChunk = 6

  private let block = ChunkBlock()

  /// The ends of one list: its first and last chunks (-1 when empty) and how many entries the
  /// last holds. Keeping these in a dense array per list, rather than reading the fill level
  /// from the last chunk, spares `append` a cache miss.
  struct Ends {
    var head: Int32 = -1
    var tail: Int32 = -1
    var tailCount: Int32 = 0
  }

  /// A position in a list. Reading through a cursor needs no closure, so callers may mutate
  /// their own state between reads (a closure would capture it, and force a copy).
  struct Cursor {
    fileprivate var chunk: Int32
    fileprivate var index: Int32 = 0

    /// At the end of a list: `-1` is the empty list's head.
    init(chunk: Int32) {
      self.chunk = chunk
    }
  }

  /// Makes room for one more entry of `width` numbers at the end of the list whose ends are
  /// `ends`; returns where its numbers go.
  @inline(__always)
  private mutating func appendEntry(width: Int, to ends: inout Ends) -> Int {
    if ends.tail < 0 || ends.tailCount == Int32(Self.numbersPerChunk / width) {
      let chunk = Int32(block.chunkCount)
      if (block.chunkCount + 1) * Self.stride > block.capacity {
        block.grow(toHold: (block.chunkCount + 1) * Self.stride)
      }
      block.chunkCount += 1
      let numbers = block.numbers
      numbers[Int(chunk) * Self.stride] = -1
      numbers[Int(chunk) * Self.stride + 1] = 0
      if ends.tail >= 0 { numbers[Int(ends.tail) * Self.stride] = chunk } else { ends.head = chunk }
      ends.tail = chunk
      ends.tailCount = 0
    }
    let base = Int(ends.tail) * Self.stride
    let count = Int(ends.tailCount)
    block.numbers[base + 1] = Int32(count + 1)
    ends.tailCount += 1
    return base + 2 + width * count
  }

  /// Appends the entry `number`.
  @inline(__always)
  mutating func append(_ number: Int32, to ends: inout Ends) {
    let offset = appendEntry(width: 1, to: &ends)
    block.numbers[offset] = number
  }

  /// Appends the entry `(first, second)`.
  @inline(__always)
  mutating func append(_ first: Int32, _ second: Int32, to ends: inout Ends) {
    let offset = appendEntry(width: 2, to: &ends)
    let numbers = block.numbers
    numbers[offset] = first
    numbers[offset + 1] = second
  }

  func cursor(from head: Int32) -> Cursor { Cursor(chunk: head) }

  /// Room for `count` chunks at once. A block grown by doubling was copied at each step:
  /// `realloc` moves pages only for blocks `malloc` maps on their own, and once such blocks
  /// are freed its threshold for them rises (`MallocTuning`), and the copies were most of the
  /// lists' cache misses. Room not written takes no memory.
  mutating func reserveChunks(_ count: Int) {
    if count * Self.stride > block.capacity { block.grow(toHold: count * Self.stride) }
  }

  /// Empties every list at once; the lists' `Ends` must be reset by their owner.
  mutating func removeAll() {
    block.chunkCount = 0
  }

  /// Starts bringing the first chunk of the list that starts at `head` into the cache.
  @inline(__always)
  func prefetch(from head: Int32) {
    if head >= 0 { block.numbers.prefetch(Int(head) * Self.stride) }
  }

  /// How many entries the list whose ends are `ends` holds: a list of one chunk, as most are,
  /// says so in its ends, without a read of the chunk.
  func count(of ends: Ends) -> Int {
    ends.head == ends.tail ? Int(ends.tailCount) : count(from: ends.head)
  }

  /// How many entries the list that starts at `head` holds.
  func count(from head: Int32) -> Int {
    var count = 0
    var chunk = head
    while chunk >= 0 {
      count += Int(self[Int(chunk) * Self.stride + 1])
      chunk = self[Int(chunk) * Self.stride]
    }
    return count
  }

  /// Where the numbers of the entry of `width` numbers at `cursor` are, advancing it; `nil` at
  /// the end of the list.
  @inline(__always)
  func nextEntry(width: Int, _ cursor: inout Cursor) -> Int? {
    while cursor.chunk >= 0 {
      let base = Int(cursor.chunk) * Self.stride
      if cursor.index < self[base + 1] {
        let offset = base + 2 + width * Int(cursor.index)
        cursor.index += 1
        return offset
      }
      cursor = Cursor(chunk: self[base])
    }
    return nil
  }

  /// The number at `offset`, which `nextEntry` returned (within the chunks in use).
  @inline(__always)
  subscript(offset: Int) -> Int32 {
    assert(offset >= 0 && offset < block.chunkCount * Self.stride)
    return block.numbers[offset]
  }
}

/// The memory of a `ChunkedLists`: `chunkCount` chunks in use, room for `capacity` numbers.
/// Only `ChunkedLists` reads and writes it, at offsets within the chunks in use.
private final class ChunkBlock {
  private(set) var numbers = UnsafeMutablePointer<Int32>(bitPattern: MemoryLayout<Int32>.alignment)!
  private(set) var capacity = 0
  var chunkCount = 0
  private var allocated: UnsafeMutableRawPointer?

  /// Room for at least `count` numbers, doubling: `realloc` keeps what the chunks hold.
  func grow(toHold count: Int) {
    let newCapacity = max(count, capacity * 2, 512)
    guard let grown = realloc(allocated, newCapacity * MemoryLayout<Int32>.stride) else {
      fatalError("out of memory")
    }
    allocated = grown
    numbers = grown.bindMemory(to: Int32.self, capacity: newCapacity)
    capacity = newCapacity
  }

  deinit { free(allocated) }
}
