/// Collects diagnostics from every stage; nothing in the pipeline throws.
///
/// Each (id, location) pair is kept once, so a problem reached along several paths is
/// reported once.
public struct DiagnosticsEngine: Sendable {
  public private(set) var diagnostics: [Diagnostic] = []
  private var seen: Set<Key> = []

  private struct Key: Hashable {
    var id: DiagnosticID
    var range: SourceRange

    /// Hashes the range alone (`==` still compares both), as `FindingSet` does: an id hashes
    /// its `String` raw value, and one range seldom has two diagnostics.
    func hash(into hasher: inout Hasher) {
      hasher.combine(range)
    }
  }

  public init() {}

  public mutating func emit(_ diagnostic: Diagnostic) {
    guard seen.insert(Key(id: diagnostic.id, range: diagnostic.range)).inserted else { return }
    diagnostics.append(diagnostic)
  }

  public mutating func emit(contentsOf other: some Sequence<Diagnostic>) {
    // Room for all of them at once: the checker hands over thousands on a large module. At
    // least doubled, so that many small batches still grow geometrically.
    let needed = diagnostics.count + other.underestimatedCount
    if needed > diagnostics.capacity {
      let room = max(needed, 2 * diagnostics.capacity)
      seen.reserveCapacity(room)
      diagnostics.reserveCapacity(room)
    }
    for diagnostic in other { emit(diagnostic) }
  }

  /// The diagnostics in the order they were emitted, leaving the engine empty (so the caller
  /// owns the only copy).
  public mutating func takeDiagnostics() -> [Diagnostic] {
    defer {
      diagnostics = []
      seen = []
    }
    return diagnostics
  }

  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

  public func count(of severity: Severity) -> Int {
    diagnostics.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) }
  }

  /// The diagnostics in report order.
  public var sorted: [Diagnostic] { diagnostics.sorted(by: Diagnostic.reportOrder) }
}
