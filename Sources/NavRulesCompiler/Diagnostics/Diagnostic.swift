/// One problem found in the rule files, as a value: renderers, the language server and tests
/// all read the same thing.
public struct Diagnostic: Hashable, Sendable {
  public var id: DiagnosticID
  public var severity: Severity
  public var message: String
  /// Where the problem is; its start is the reported line and column.
  public var range: SourceRange
  public var notes: [Note]
  public var fixIts: [FixIt]

  public init(
    _ id: DiagnosticID,
    _ message: String,
    at range: SourceRange,
    severity: Severity? = nil,
    notes: [Note] = [],
    fixIts: [FixIt] = []
  ) {
    self.id = id
    self.severity = severity ?? id.defaultSeverity
    self.message = message
    self.range = range
    self.notes = notes
    self.fixIts = fixIts
  }

  /// A secondary location that explains the diagnostic: the first declaration of a
  /// duplicate, a navigation path, a suggestion.
  public struct Note: Hashable, Sendable {
    public var message: String
    public var range: SourceRange

    public init(_ message: String, at range: SourceRange) {
      self.message = message
      self.range = range
    }
  }

  /// A mechanical fix: text edits that, applied together, resolve the diagnostic.
  public struct FixIt: Hashable, Sendable {
    public var message: String
    public var edits: [TextEdit]

    public init(_ message: String, edits: [TextEdit]) {
      self.message = message
      self.edits = edits
    }
  }

  /// Replace the bytes of `range` with `replacement` (an empty range inserts).
  public struct TextEdit: Hashable, Sendable {
    public var range: SourceRange
    public var replacement: String

    public init(range: SourceRange, replacement: String) {
      self.range = range
      self.replacement = replacement
    }
  }
}

extension Diagnostic {
  /// Sorts `diagnostics` in `reportOrder`, equal ones keeping their order, as
  /// `sort(by: reportOrder)` does. A long list is sorted by its file ranks and offsets, read
  /// once, and only ties are compared in full: `reportOrder` reads both files at every
  /// comparison (a retain and a release each), and sorting the diagnostics themselves moves
  /// each of them about log n times.
  public static func sortInReportOrder(_ diagnostics: inout [Diagnostic]) {
    guard diagnostics.count >= minimumKeyedSort, let ranks = fileRanks(of: diagnostics) else {
      diagnostics.sort(by: reportOrder)
      return
    }
    let offsets = diagnostics.map { $0.range.bytes.lowerBound }
    // A stable sort of the positions, as of the diagnostics: equal ones keep their order.
    var order = Array(diagnostics.indices)
    order.sort { lhs, rhs in
      if ranks[lhs] != ranks[rhs] { return ranks[lhs] < ranks[rhs] }
      if offsets[lhs] != offsets[rhs] { return offsets[lhs] < offsets[rhs] }
      return reportOrder(diagnostics[lhs], diagnostics[rhs])
    }
    permute(&diagnostics, by: order)
  }

  /// Puts `elements[order[k]]` at `k` for every `k` (`order` is a permutation of the
  /// indices), cycle by cycle, by moves: a move takes a diagnostic without touching what it
  /// holds, where a copy into a new array retained each of its strings and arrays and freeing
  /// the old one released them, all long out of the caches. `swapAt` copies too.
  static func permute<Element>(_ elements: inout [Element], by order: [Int]) {
    precondition(order.count == elements.count)
    var placed = [Bool](repeating: false, count: order.count)
    let held = UnsafeMutablePointer<Element>.allocate(capacity: 1)
    defer { held.deallocate() }
    elements.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      for start in order.indices where !placed[start] {
        // The cycle through `start`: each position takes its element from the next one, and
        // the last takes `start`'s, held aside.
        held.moveInitialize(from: base + start, count: 1)
        var current = start
        while true {
          placed[current] = true
          let source = order[current]
          if source == start {
            (base + current).moveInitialize(from: held, count: 1)
            break
          }
          (base + current).moveInitialize(from: base + source, count: 1)
          current = source
        }
      }
    }
  }

  /// Shorter lists are sorted by `reportOrder` directly (`Tuning`).
  static let minimumKeyedSort = Tuning.minimumKeyedSort

  /// Each diagnostic's file's rank in path order; nil when two files share a path, where
  /// `reportOrder` orders their diagnostics by neither file nor offset.
  private static func fileRanks(of diagnostics: [Diagnostic]) -> [Int32]? {
    var numbers: [ObjectIdentifier: Int32] = [:]
    var files: [SourceFile] = []
    var fileNumbers: [Int32] = []
    fileNumbers.reserveCapacity(diagnostics.count)
    // By index, reading only the range: a loop variable copied each diagnostic, retaining its
    // message, notes and fix-its, long out of the caches.
    for index in diagnostics.indices {
      let file = diagnostics[index].range.file
      let number = numbers[ObjectIdentifier(file)] ?? Int32(files.count)
      if number == files.count {
        numbers[ObjectIdentifier(file)] = number
        files.append(file)
      }
      fileNumbers.append(number)
    }
    let byPath = files.indices.sorted {
      files[$0].path.utf8.lexicographicallyPrecedes(files[$1].path.utf8)
    }
    var rank = [Int32](repeating: 0, count: files.count)
    for (position, number) in byPath.enumerated() {
      if position > 0, files[byPath[position - 1]].path.utf8.elementsEqual(files[number].path.utf8)
      {
        return nil
      }
      rank[number] = Int32(position)
    }
    return fileNumbers.map { rank[Int($0)] }
  }

  /// The order diagnostics are reported in: by file (files are sorted by path), then
  /// position, then id.
  public static func reportOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
    if lhs.range.file !== rhs.range.file {
      return lhs.range.file.path.utf8.lexicographicallyPrecedes(rhs.range.file.path.utf8)
    }
    if lhs.range.bytes.lowerBound != rhs.range.bytes.lowerBound {
      return lhs.range.bytes.lowerBound < rhs.range.bytes.lowerBound
    }
    if lhs.id != rhs.id { return lhs.id < rhs.id }
    return lhs.message < rhs.message
  }
}
