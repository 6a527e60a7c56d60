import Testing

@testable import NavRulesCompiler

/// `// navrc:disable-line` and `// navrc:disable-next-line`, and `unused-suppression`.
@Suite struct SuppressionTests {
  static let trap = """
    navigator Main { root Home }
    screen Home { push Search }
    screen Search {
      navigationBar hidden
      popGesture enabled\(0)
    }
    """

  static func check(_ source: String, disabled: Set<DiagnosticID> = []) -> [String] {
    Compilation(
      files: [SourceFile(path: "s.navrules", text: source)], options: .init(disabled: disabled)
    ).diagnostics.map { "\($0.range.start.line):\($0.id.rawValue)" }
  }

  static func trap(with comment: String) -> String {
    trap.replacingOccurrences(of: "\(0)", with: comment)
  }

  @Test func unsuppressedTheWarningIsReported() {
    #expect(Self.check(Self.trap(with: "")) == ["5:gesture-blocked-by-system"])
  }

  @Test(arguments: [
    "  // navrc:disable-line gesture-blocked-by-system",
    "  //navrc:disable-line gesture-blocked-by-system",
    "  // navrc:disable-line conflicting-policy, gesture-blocked-by-system",
    "  // navrc:disable-line gesture-blocked-by-system -- the bar comes back in viewDidAppear",
  ])
  func disableLineSilencesItsLine(_ comment: String) {
    let reported = Self.check(Self.trap(with: comment))
    #expect(!reported.contains("5:gesture-blocked-by-system"))
    #expect(reported.allSatisfy { $0.hasSuffix("unused-suppression") })
  }

  @Test func disableNextLineSilencesTheNextLine() {
    let source = Self.trap(with: "").replacingOccurrences(
      of: "  popGesture enabled",
      with: "  // navrc:disable-next-line gesture-blocked-by-system\n  popGesture enabled")
    #expect(Self.check(source) == [])
  }

  @Test func aSuppressionOnAnotherLineDoesNothing() {
    let source = Self.trap(with: "").replacingOccurrences(
      of: "  navigationBar hidden",
      with: "  navigationBar hidden  // navrc:disable-line gesture-blocked-by-system")
    #expect(Self.check(source) == ["4:unused-suppression", "5:gesture-blocked-by-system"])
  }

  @Test func aSuppressionOfADisabledIdIsNotUnused() {
    let source = Self.trap(with: "  // navrc:disable-line gesture-blocked-by-system")
    #expect(Self.check(source, disabled: [.gestureBlockedBySystem]) == [])
    #expect(
      Self.check(Self.trap(with: "  // navrc:disable-line state-leak"), disabled: [.stateLeak])
        == ["5:gesture-blocked-by-system"])
  }

  @Test func unusedSuppressionCanItselfBeDisabled() {
    let source = Self.trap(with: "  // navrc:disable-line root-pop")
    #expect(Self.check(source, disabled: [.unusedSuppression]) == ["5:gesture-blocked-by-system"])
  }

  /// Front-end errors mean the file was not understood; they cannot be silenced, and the
  /// suppressions of a file the checker did not run on are not judged.
  @Test func frontEndErrorsCannotBeSuppressed() {
    let source = """
      navigator Main { root Home }
      screen Home { push Detial }  // navrc:disable-line undefined-reference
      screen Orphan { }  // navrc:disable-line root-pop
      """
    #expect(Self.check(source) == ["2:undefined-reference"])
  }

  @Test func frontEndWarningsCanBeSuppressed() {
    let source = """
      navigator Main { root Home }
      screen Home { }
      // navrc:disable-next-line unreachable-screen
      screen Spare { }
      """
    #expect(Self.check(source) == [])
  }

  @Test func unusedSuppressionOffersToRemoveTheComment() throws {
    let source = Self.trap(with: "  // navrc:disable-line gesture-blocked-by-system, root-pop")
    let compilation = Compilation(files: [SourceFile(path: "s.navrules", text: source)])
    let unused = try #require(compilation.diagnostics.first { $0.id == .unusedSuppression })
    #expect(unused.message == "suppression of 'root-pop' suppresses nothing on this line")
    let edit = try #require(unused.fixIts.first?.edits.first)
    #expect(edit.range.file.text(edit.range.bytes) == "root-pop")
  }

  /// A module checked on several threads reads its suppressions beside the analysis: they
  /// still silence their lines, and an unused one is still reported.
  @Test func suppressionsOfAModuleCheckedOnSeveralThreads() throws {
    var source = Self.trap(with: "  // navrc:disable-line gesture-blocked-by-system")
    source = source.replacingOccurrences(
      of: "screen Home { push Search }",
      with: "screen Home { push Search, P0 }\n// navrc:disable-next-line root-pop")
    for index in 0..<Checker.minimumParallelScreens {
      source += "\nscreen P\(index) { push P\(index + 1) }"
    }
    source += "\nscreen P\(Checker.minimumParallelScreens) {}\n"
    let compilation = Compilation(files: [SourceFile(path: "s.navrules", text: source)])
    try #require(compilation.module.screens.count > Checker.minimumParallelScreens)
    let reported = compilation.diagnostics.map { "\($0.range.start.line):\($0.id.rawValue)" }
    #expect(reported == ["3:unused-suppression"])
  }
}
