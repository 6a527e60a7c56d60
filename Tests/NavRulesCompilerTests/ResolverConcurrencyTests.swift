import Foundation
import NavRulesTestSupport
import Testing

@testable import NavRulesCompiler

/// The resolver's pass 2 read in chunks on several threads gives exactly the sequential
/// module and diagnostics, on clean files and on files whose mistakes make a chunk change what
/// later bodies read (a misspelt declaration, a "did you mean").
@Suite struct ResolverConcurrencyTests {
  /// Expects the resolver on `files`, pass 2 cut into chunks for `threads` whatever the count
  /// of bodies, to give the sequential module and diagnostics.
  static func expectSameAsSequential(
    _ files: [SourceFile], threads: Int, _ comment: Testing.Comment,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let parsed = ParallelParser.parse(files, threads: 1)
    let syntax = parsed.map(\.syntax)
    let syntaxDiagnostics = parsed.flatMap(\.diagnostics)
    let (sequentialModule, sequential) = Resolver.resolve(
      syntax, hasSyntaxErrors: false, syntaxDiagnostics: syntaxDiagnostics, threads: 1)
    let (concurrentModule, concurrent) = Resolver.resolve(
      syntax, hasSyntaxErrors: false, syntaxDiagnostics: syntaxDiagnostics, threads: threads,
      minimumParallelBodies: 1)
    #expect(concurrent == sequential, comment, sourceLocation: sourceLocation)
    var sequentialDump = ""
    var concurrentDump = ""
    dump(sequentialModule, to: &sequentialDump)
    dump(concurrentModule, to: &concurrentDump)
    #expect(concurrentDump == sequentialDump, comment, sourceLocation: sourceLocation)
  }

  @Test(arguments: [2, 3, 7])
  func concatenatedExamplesResolveAsInOneRun(threads: Int) {
    let file = SourceFile(
      path: "many.navrules", bytes: ParallelParserTests.concatenatedExamples(times: 3))
    Self.expectSameAsSequential([file], threads: threads, "\(threads) threads")
  }

  @Test func eachExampleResolvesAsInOneRun() {
    for (index, bytes) in ParallelParserTests.examples.enumerated() {
      let file = SourceFile(path: "example\(index).navrules", bytes: bytes)
      Self.expectSameAsSequential([file], threads: 3, "example \(index)")
    }
  }

  @Test(arguments: 0..<4)
  func mutatedConcatenationsResolveAsInOneRun(batch: Int) {
    let original = ParallelParserTests.concatenatedExamples(times: 1)
    for index in 0..<10 {
      let seed = UInt64(batch * 1000 + index)
      var generator = SeededGenerator(seed: seed)
      let file = SourceFile(
        path: "mutated.navrules", bytes: RobustnessTests.mutate(original, &generator))
      let threads = Int.random(in: 2...6, using: &generator)
      Self.expectSameAsSequential([file], threads: threads, "seed \(seed), \(threads) threads")
    }
  }

  @Test(arguments: FrontEndGoldenTests.fixtures)
  func fixturesResolveAsInOneRun(fixture: String) {
    Self.expectSameAsSequential(FrontEndGoldenTests.files(of: fixture), threads: 4, "\(fixture)")
  }

  /// Screen heads are read ahead on all threads (`ScreenHeads`) only when pass 1 would take
  /// them without a word; every other head must still be declared, and reported, as before.
  @Test(arguments: [
    "screen A, {\n}\n", "screen A B {\n}\n", "screen A\n", "screen \"A\" {\n}\n",
    "screen {\n}\n", "screen A {\n}\n", "screen A, B {\n}\n", "screen 12 {\n}\n",
    "scren A {\n}\n", "screen Caf\u{E9} {\n}\n", "screen A { push S0 }\n",
  ])
  func screenHeadsResolveAsInOneRun(head: String) {
    var text = "navigator Main {\n  root S0\n}\n"
    for index in 0..<6 {
      text += "screen S\(index) {\n  push S\((index + 1) % 6), A\n}\n" + head
    }
    let file = SourceFile(path: "heads.navrules", text: text)
    for threads in 2...3 {
      Self.expectSameAsSequential([file], threads: threads, "\(head.debugDescription)")
    }
  }

  /// Misspelt declarations and undefined names in the first chunk change what the later
  /// chunks read: they must be read again after it.
  @Test func mistakesEarlyResolveAsInOneRun() {
    // `screen Nested` inside a body was probably meant to declare Nested (noted in pass 2),
    // so the later `push Nested` are not reported.
    var text = "navigator Main {\n  root S0\n}\nscren Ghost {\n}\n"
    text += "screen S0 {\n  push Ghost, S1x\n  screen Nested {\n  }\n}\n"
    for index in 1..<40 {
      text += "screen S\(index) {\n  push S\(index - 1), Ghost, Nested\n"
      text += "  titleStyle Missing\n}\n"
    }
    let file = SourceFile(path: "mistakes.navrules", text: text)
    for threads in 2...6 {
      Self.expectSameAsSequential([file], threads: threads, "\(threads) threads")
    }
  }

  /// A mistake in the middle: the chunks before it stand, and from its chunk on the bodies are
  /// read again, their screens' slots made afresh (pass 2 makes each screen's slot).
  @Test(arguments: [7, 20, 33])
  func mistakeInTheMiddleResolvesAsInOneRun(mistakeAt: Int) {
    var text = "navigator Main {\n  root S0\n}\n"
    for index in 0..<40 {
      text += "screen S\(index) {\n  title \"Screen \(index)\"\n  push S\((index + 1) % 40)"
      text += index > mistakeAt ? ", Nested\n" : "\n"
      if index == mistakeAt { text += "  screen Nested {\n  }\n" }
      text += "  titleStyle Missing\n}\n"
    }
    let file = SourceFile(path: "middle.navrules", text: text)
    for threads in [2, 3, 5] {
      Self.expectSameAsSequential([file], threads: threads, "\(threads) threads")
    }
  }
}
