import Foundation
import NavRulesTestSupport
import Testing

@testable import NavRulesCompiler

/// Lexing and parsing in chunks on several threads gives exactly what one sequential run gives:
/// the same tokens, directives, comments and diagnostics, on clean files and on broken ones
/// (where a chunk with a diagnostic makes the rest of the file parse in one piece).
@Suite struct ParallelParserTests {
  /// Every example file's bytes, in path order, then the front end's mistakes.
  static let examples: [[UInt8]] =
    (ExampleModule.scenarios.flatMap(\.paths) + ["docs/mistakes.navrules"]).compactMap {
      FileManager.default.contents(atPath: Repository.url($0).path).map(Array.init)
    }

  /// The examples one after the other, `times` times: a file with many top-level cuts.
  static func concatenatedExamples(times: Int) -> [UInt8] {
    let once = examples.flatMap { $0 + Array("\n".utf8) }
    return Array([[UInt8]](repeating: once, count: times).joined())
  }

  /// Expects `ParallelParser` on `file`, cut into chunks for `threads` whatever its size, to
  /// equal `Lexer.lex` then `Parser.parse`; and so on one thread, and with chunks read in
  /// pieces (`PiecewiseParser`) cut at every top-level word, or about every 97 bytes.
  static func expectSameAsSequential(
    _ file: SourceFile, threads: Int, _ comment: Testing.Comment,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let (tokens, lexical) = Lexer.lex(file)
    let (tree, parse) = Parser.parse(tokens)
    let runs = [
      (threads, PiecewiseParser.defaultPieceBytes), (threads, 1), (threads, 97), (1, 1),
      (1, 97),
    ]
    for (threads, pieceBytes) in runs {
      let comment: Testing.Comment = "\(comment); \(threads) threads, pieces of \(pieceBytes)"
      let parallel = ParallelParser.parse(
        [file], threads: threads, minimumChunkBytes: 0, pieceBytes: pieceBytes)
      #expect(parallel.count == 1, comment, sourceLocation: sourceLocation)
      guard let result = parallel.first else { return }
      #expect(result.syntax.file === file, comment, sourceLocation: sourceLocation)
      #expect(
        result.syntax.directives == tree.directives, comment, sourceLocation: sourceLocation)
      #expect(result.syntax.comments == tree.comments, comment, sourceLocation: sourceLocation)
      #expect(
        result.syntax.endsInsideComment == tree.endsInsideComment, comment,
        sourceLocation: sourceLocation)
      #expect(result.diagnostics == lexical + parse, comment, sourceLocation: sourceLocation)
    }
  }

  @Test func examplesAreFound() {
    #expect(Self.examples.count >= 10)
  }

  @Test(arguments: [2, 3, 5, 8])
  func concatenatedExamplesParseAsInOneRun(threads: Int) {
    let file = SourceFile(path: "many.navrules", bytes: Self.concatenatedExamples(times: 6))
    #expect(ParallelParser.chunks(of: file, count: threads).count == threads)
    Self.expectSameAsSequential(file, threads: threads, "\(threads) threads")
  }

  /// The tokens of chunks before the last that lex without a diagnostic, then those of the last,
  /// are the tokens of the whole file: the lexer carries nothing across a cut.
  @Test(arguments: [2, 4, 16])
  func tokensOfCleanChunksAreTheFilesTokens(threads: Int) {
    let file = SourceFile(path: "many.navrules", bytes: Self.concatenatedExamples(times: 3))
    let (whole, _) = Lexer.lex(file)
    var tokens: [Token] = []
    var comments: [NavRulesCompiler.Comment] = []
    let chunks = ParallelParser.chunks(of: file, count: threads)
    for (index, chunk) in chunks.enumerated() {
      let (stream, diagnostics) = Lexer.lex(file, in: chunk)
      let isLast = index == chunks.count - 1
      if !isLast { #expect(diagnostics.isEmpty) }
      tokens += isLast ? stream.tokens : stream.tokens.dropLast()
      comments += stream.comments
      for token in stream.tokens where token.kind == .string {
        #expect(stream.stringValue(of: token) == whole.stringValue(of: token))
      }
    }
    #expect(tokens == whole.tokens)
    #expect(comments == whole.comments)
  }

  @Test func chunksAreCutAtColumnZeroWords() {
    let file = SourceFile(path: "many.navrules", bytes: Self.concatenatedExamples(times: 2))
    let chunks = ParallelParser.chunks(of: file, count: 7)
    #expect(chunks.first?.lowerBound == file.contentStart)
    #expect(chunks.last?.upperBound == file.bytes.count)
    for (earlier, later) in zip(chunks, chunks.dropFirst()) {
      #expect(earlier.upperBound == later.lowerBound)
      #expect(file.bytes[later.lowerBound - 1] == UInt8(ascii: "\n"))
      #expect(Lexer.isIdentifierStart(file.bytes[later.lowerBound]))
    }
  }

  /// Broken files: a chunk with a diagnostic, or whose end cuts through a block, a comment or
  /// a string, must fall back to the sequential run.
  @Test(arguments: 0..<6)
  func mutatedConcatenationsParseAsInOneRun(batch: Int) {
    let original = Self.concatenatedExamples(times: 2)
    for index in 0..<12 {
      let seed = UInt64(batch * 1000 + index)
      var generator = SeededGenerator(seed: seed)
      let bytes = RobustnessTests.mutate(original, &generator)
      let file = SourceFile(path: "mutated.navrules", bytes: bytes)
      let threads = Int.random(in: 2...9, using: &generator)
      Self.expectSameAsSequential(file, threads: threads, "seed \(seed), \(threads) threads")
    }
  }

  @Test(arguments: 0..<4)
  func mutatedFixturesParseAsInOneRun(batch: Int) throws {
    for (seed, bytes) in try RobustnessTests.mutatedFixtures(batch: batch) {
      let file = SourceFile(path: "mutated.navrules", bytes: bytes)
      Self.expectSameAsSequential(file, threads: 3, "seed \(seed)")
    }
  }

  @Test(arguments: 0..<4)
  func randomBytesParseAsInOneRun(batch: Int) {
    for index in 0..<40 {
      let seed = UInt64(batch * 1000 + index)
      var generator = SeededGenerator(seed: seed)
      let file = SourceFile(path: "random.navrules", bytes: RobustnessTests.randomBytes(&generator))
      Self.expectSameAsSequential(file, threads: 4, "seed \(seed)")
    }
  }

  /// Cuts next to the places where a chunk's end matters: an open block comment, string or
  /// block, a trailing comma, an implicit block, a file cut in the middle of a token.
  @Test(arguments: [
    "screen A {\n  title \"x\"\n}\n/* open\nscreen B {\n}\n",
    "screen A {\n  title \"x\n}\nscreen B {\n}\n",
    "screen A {\n  push B,\nscreen B {\n}\n", "screen A\n  title \"x\"\nscreen B {\n}\n",
    "screen A {\n  push B\nscreen B {\n}\n", "screen A {\npush B\n}\nscreen B {\n}\n",
    "screen A {\n  title \"x\"\n}\nscreen B {\n  title \"y\"\n}\nscreen C {\n  push A\n}\nscr",
    "screen A {\n  on viewDidAppear {\n}\nscreen B {\n}\n", "screen A { title \"x\" }\n\r\nB\n}\n",
    "screen A {\n}\n}\nscreen B {\n}\n", "screen A {\n  title \"é\" ,\n}\n\u{FEFF}screen B\n",
  ])
  func boundaryCasesParseAsInOneRun(text: String) {
    for threads in 2...6 {
      let file = SourceFile(path: "edge.navrules", text: text)
      Self.expectSameAsSequential(file, threads: threads, "\(threads) threads")
      let twice = SourceFile(path: "edge.navrules", text: text + "\n" + text)
      Self.expectSameAsSequential(twice, threads: threads, "twice, \(threads) threads")
    }
  }

  /// Several files: each file's result, in the files' order.
  @Test func severalFilesParseAsEachInTurn() {
    let files = Self.examples.enumerated().map {
      SourceFile(path: "file\($0.offset).navrules", bytes: $0.element + $0.element)
    }
    let parallel = ParallelParser.parse(files, threads: 3, minimumChunkBytes: 0)
    #expect(parallel.count == files.count)
    for (file, result) in zip(files, parallel) {
      let (tokens, lexical) = Lexer.lex(file)
      let (tree, parse) = Parser.parse(tokens)
      #expect(result.syntax.file === file)
      #expect(result.syntax.directives == tree.directives, "\(file.path)")
      #expect(result.syntax.comments == tree.comments, "\(file.path)")
      #expect(result.diagnostics == lexical + parse, "\(file.path)")
    }
  }
}
