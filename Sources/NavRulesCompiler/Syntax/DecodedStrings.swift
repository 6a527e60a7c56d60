/// The decoded text of the string literals whose text is not their bytes (an escape, an
/// invalid byte), by the byte offset where each literal starts.
///
/// Two arrays in the order the lexer meets the literals, searched by halving, not a
/// dictionary: the parser copies its stream, and copying a dictionary keyed by `Int` made the
/// runtime prove `Int: Hashable` by reading every conformance record of every loaded library,
/// a visible share of an unchanged `emit`. The offsets arrive in increasing order anyway.
struct DecodedStrings: Sendable {
  private var starts: [Int] = []
  private var texts: [String] = []

  var isEmpty: Bool { starts.isEmpty }

  /// Records the text of the literal starting at `start`, which is after every literal
  /// recorded so far.
  mutating func append(_ text: String, startingAt start: Int) {
    precondition(starts.last.map { $0 < start } ?? true, "literals recorded out of order")
    starts.append(start)
    texts.append(text)
  }

  /// The decoded text of the literal starting at `start`, if it has one.
  subscript(start: Int) -> String? {
    var low = 0
    var high = starts.count
    while low < high {
      let middle = (low + high) / 2
      if starts[middle] < start { low = middle + 1 } else { high = middle }
    }
    return low < starts.count && starts[low] == start ? texts[low] : nil
  }
}
