/// Lexes and parses a range of a file a piece at a time, with exactly the result of lexing the
/// range whole and parsing its tokens.
///
/// A file's tokens take about twice its bytes (12 bytes a token, a token every six bytes),
/// written once and read once, in fresh pages the kernel clears first.
/// Lexed a piece of about `defaultPieceBytes` at a time, into one array that every piece
/// reuses, the tokens are still in the cache when the parser reads them, and take no memory
/// to speak of.
///
/// Pieces are cut where `ParallelParser` cuts chunks, at a word at column 0, and for the same
/// reasons a piece without a diagnostic leaves the lexer and the parser as one run over the
/// whole range would at that word: every block closed, no token, string or comment open, and
/// the parser in its top-level loop. A piece with a diagnostic is undone, and the rest of the
/// range is lexed and parsed in one piece, so the diagnostics are those of one run.
enum PiecewiseParser {
  /// The piece's bytes and tokens fit in a core's cache (`Tuning`).
  static let defaultPieceBytes = Tuning.pieceBytes

  /// The tree of `range` (which starts a statement at the top level and ends at the end of
  /// the file or after a `\n`) and its diagnostics, the lexer's then the parser's.
  ///
  /// With a `stop` at the first diagnostic, a piece's diagnostic ends the run, whose result
  /// is then incomplete, as a `Lexer` or `Parser` so stopped would leave it.
  static func parse(
    _ file: SourceFile, in range: Range<Int>, stop: ChunkStop,
    pieceBytes: Int = defaultPieceBytes
  ) -> (syntax: SyntaxFile, diagnostics: [Diagnostic]) {
    var piece = range.lowerBound..<end(ofPieceFrom: range.lowerBound, in: range, file, pieceBytes)
    guard piece.upperBound < range.upperBound else {
      let (tokens, lexical) = Lexer.lex(file, in: range, stop: stop)
      let (tree, parse) = Parser.parse(tokens, stop: stop)
      return (tree, lexical + parse)
    }
    // A piece before the last stops at its first diagnostic: it is undone then.
    let pieceStop = ChunkStop(atFirstDiagnostic: true, isAbandoned: stop.isAbandoned)
    var parser: Parser?
    var comments: [Comment] = []
    var buffer: [Token] = []
    while true {
      let isLast = piece.upperBound == range.upperBound
      let stopHere = isLast ? stop : pieceStop
      let (stream, lexical) = Lexer.lex(file, in: piece, stop: stopHere, into: consume buffer)
      let pieceComments = stream.comments
      let endsInsideComment = stream.endsInsideComment
      if parser == nil {
        // Room in the tree for the whole range, counted from the first piece, with a tenth
        // more: pieces differ, and an array a little too small is copied into one twice its
        // size, while room never written to takes no memory (its pages are never touched).
        parser = Parser(
          stream: stream, stop: stopHere,
          scale: Double(range.count) / Double(piece.count) * 1.1)
      }
      let mark = parser!.mark
      var diagnostics = lexical
      if lexical.isEmpty || isLast {
        parser!.parsePiece(stream, stop: stopHere)
        diagnostics += parser!.diagnosticsSoFar
      }
      if isLast || !diagnostics.isEmpty && stop.atFirstDiagnostic || stop.isAbandoned?() == true {
        let syntax = SyntaxFile(
          tree: parser!.build(), comments: comments + pieceComments,
          endsInsideComment: endsInsideComment)
        return (syntax, diagnostics)
      }
      buffer = lexical.isEmpty ? parser!.takeTokens() : stream.tokens
      if diagnostics.isEmpty {
        comments += pieceComments
        piece = piece.upperBound..<end(ofPieceFrom: piece.upperBound, in: range, file, pieceBytes)
      } else {
        // Undone, and the rest of the range read in one piece, as one run reads it.
        parser!.rollBack(to: mark)
        piece = piece.lowerBound..<range.upperBound
      }
    }
  }

  /// Where the piece that starts at `start` ends: at the first word at column 0 at least
  /// `pieceBytes` after `start`, or at the end of `range`.
  private static func end(
    ofPieceFrom start: Int, in range: Range<Int>, _ file: SourceFile, _ pieceBytes: Int
  ) -> Int {
    guard range.upperBound - start > pieceBytes else { return range.upperBound }
    return ParallelParser.topLevelLineStart(
      in: file.bytes, from: start + pieceBytes, before: range.upperBound) ?? range.upperBound
  }
}
