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
  }

  public init() {}

  public mutating func emit(_ diagnostic: Diagnostic) {
    guard seen.insert(Key(id: diagnostic.id, range: diagnostic.range)).inserted else { return }
    diagnostics.append(diagnostic)
  }

  public mutating func emit(contentsOf other: some Sequence<Diagnostic>) {
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
