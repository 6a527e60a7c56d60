import Testing

@testable import NavRulesCompiler

@Suite struct DiagnosticsEngineTests {
  private let file = SourceFile(path: "a.navrules", text: String(repeating: "x", count: 16))

  private func diagnostic(_ id: DiagnosticID, _ offset: Int, _ message: String) -> Diagnostic {
    Diagnostic(id, message, at: SourceRange(file, offset..<offset + 1))
  }

  /// A batch handed over whole keeps the first diagnostic of each id and place, as emitting
  /// them one by one does, whether the batch is the first (kept as it is when it has no two
  /// at one place) or follows others.
  @Test(arguments: [false, true])
  func aBatchKeepsTheFirstOfEachIdAndPlace(afterAnother: Bool) {
    let earlier = [diagnostic(.stateLeak, 9, "earlier")]
    let batches: [[Diagnostic]] = [
      [
        diagnostic(.stateLeak, 1, "a"), diagnostic(.rootPop, 1, "b"),
        diagnostic(.stateLeak, 2, "c"),
      ],
      [
        diagnostic(.stateLeak, 1, "a"), diagnostic(.stateLeak, 1, "again"),
        diagnostic(.stateLeak, 9, "later"),
      ],
    ]
    for batch in batches {
      var whole = DiagnosticsEngine()
      var oneByOne = DiagnosticsEngine()
      if afterAnother {
        whole.emit(contentsOf: earlier)
        for item in earlier { oneByOne.emit(item) }
      }
      whole.emit(contentsOf: batch)
      for item in batch { oneByOne.emit(item) }
      #expect(whole.diagnostics == oneByOne.diagnostics)
      // The engine still knows what it kept: a later copy is dropped.
      whole.emit(contentsOf: [batch[0]])
      #expect(whole.diagnostics == oneByOne.diagnostics)
    }
  }
}
