import Testing

@testable import NavRulesCompiler

/// The one suppression-comment grammar: what each comment text is, and `check` (which drops
/// the diagnostics) and `fmt` (which keeps the statements of a suppressed line on one line)
/// reading the same comments as suppressions.
@Suite struct SuppressionCommentTests {
  /// A comment's text, and what the grammar reads in it: the form and the ids, or nil for prose.
  static let cases: [(comment: String, form: SuppressionComment.Form?, ids: [String])] = [
    ("// navrc:disable-line root-pop", .line, ["root-pop"]),
    ("//navrc:disable-line root-pop", .line, ["root-pop"]),
    ("//\tnavrc:disable-next-line state-leak", .nextLine, ["state-leak"]),
    ("// navrc:disable-line a, b ,c because of #12", .line, ["a", "b", "c"]),
    ("// navrc:disable-next-line root-pop: the pop is wanted", .nextLine, ["root-pop"]),
    ("// navrc:disable-line unknown_id", .line, ["unknown_id"]),
    // Prose: a longer word, no ids, no blank after the form, another form, a doc comment.
    ("// navrc:disable-lines because", nil, []),
    ("// navrc:disable-line", nil, []),
    ("// navrc:disable-line   ", nil, []),
    ("// navrc:disable-line,root-pop", nil, []),
    ("// navrc:disable-next-lines root-pop", nil, []),
    ("// navrc:disable:nex root-pop", nil, []),
    // Regions, the file, SwiftLint's spellings (docs/adopting.md#4-suppressions).
    ("// navrc:disable root-pop, state-leak", .regionStart, ["root-pop", "state-leak"]),
    ("// navrc:enable root-pop", .regionEnd, ["root-pop"]),
    ("// navrc:disable-file root-pop", .file, ["root-pop"]),
    ("// navrc:disable:this root-pop", .swiftLintThis, ["root-pop"]),
    ("// navrc:disable:next root-pop", .swiftLintNext, ["root-pop"]),
    ("// navrc:disable:previous root-pop", .swiftLintPrevious, ["root-pop"]),
    ("// NAVRC:disable-line root-pop", nil, []),
    ("/// navrc:disable-line root-pop", nil, []),
    ("// note navrc:disable-line root-pop", nil, []),
  ]

  @Test(arguments: 0..<cases.count)
  func theGrammarReadsEachComment(index: Int) throws {
    let (text, form, ids) = Self.cases[index]
    let (stream, _) = Lexer.lex(SourceFile(path: "c.navrules", text: "screen A { }  " + text))
    let comment = try #require(stream.comments.first)
    let parsed = SuppressionComment.parse(comment, in: stream.file)
    #expect(parsed?.form == form, "\(text)")
    #expect(parsed?.ids.map { stream.file.text($0) } ?? [] == ids, "\(text)")
  }

  /// The lines `fmt` keeps whole are the lines `check` suppresses, for every comment above.
  /// (`// navrc:disable-lines because` kept a line whole under `fmt` while `check` did not
  /// read it as a suppression.)
  @Test(arguments: 0..<cases.count)
  func checkAndFmtReadTheSameSuppressions(index: Int) throws {
    let text = """
      navigator Main { root A }
      screen A { push B }
      screen B { on viewDidLoad { popGestureDelegate none; popGesture disabled } }  \(Self.cases[index].comment)
      screen C { }
      """
    let file = SourceFile(path: "c.navrules", text: text)
    guard case .success(let syntax) = Formatter.parse(file) else {
      Issue.record("not parsed")
      return
    }
    // Regions and the file cover lines whatever the layout: fmt keeps only line forms whole.
    let checked = Set(
      Suppressions.entries(in: syntax).filter {
        !$0.coversRegion && !$0.endsNoRegion && !$0.isUnsupported
      }.map(\.line))
    #expect(LayoutPrinter.suppressedLines(syntax) == checked)
    // And end to end: the block stays on one line exactly when the comment suppresses its
    // own line (a `disable-next-line` there suppresses the line after it).
    guard case .formatted(let output) = Formatter.format(file) else {
      Issue.record("not formatted")
      return
    }
    let whole = output.contains(
      "screen B { on viewDidLoad { popGestureDelegate none; popGesture disabled } }")
    let form = Self.cases[index].form
    #expect(whole == (form == .line || form == .swiftLintThis), "\(output)")
  }
}
