/// Collects diagnostics from every stage; nothing in the pipeline throws.
///
/// Each (id, location) pair is kept once, so a problem reached along several paths is
/// reported once.
public struct DiagnosticsEngine: Sendable {
  public private(set) var diagnostics: [Diagnostic] = []
  /// The (id, location) pairs kept, in the checker's table: a `Set` hashed each with SipHash.
  private var seen = FindingKeys()

  public init() {}

  public mutating func emit(_ diagnostic: Diagnostic) {
    guard seen.insert(diagnostic.id, at: diagnostic.range) else { return }
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

  /// As `emit(contentsOf:)` for any sequence; a first batch with no two findings at one place
  /// (the checker's, on a module without front-end diagnostics) is kept as it is, without a
  /// copy of each diagnostic: that retained each of its strings and arrays, and freeing the
  /// batch released them, reads of memory long out of the caches on large inputs.
  public mutating func emit(contentsOf other: [Diagnostic]) {
    guard diagnostics.isEmpty else {
      emit(contentsOf: other[...])
      return
    }
    var keys = FindingKeys()
    keys.reserveCapacity(other.count)
    // Read in place, by index: a loop variable is a copy of each diagnostic.
    for index in other.indices where !keys.insert(other[index].id, at: other[index].range) {
      emit(contentsOf: other[...])
      return
    }
    seen = keys
    diagnostics = other
  }

  /// The diagnostics in the order they were emitted, leaving the engine empty (so the caller
  /// owns the only copy).
  public mutating func takeDiagnostics() -> [Diagnostic] {
    defer {
      diagnostics = []
      seen = FindingKeys()
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
