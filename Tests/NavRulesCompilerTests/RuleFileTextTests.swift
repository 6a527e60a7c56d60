import Testing

@testable import NavRulesCompiler
@testable import NavRulesScan

/// The rule-file escaper against the lexer: every kind of text, written as a string literal,
/// reads back as the same text with no diagnostic; written into a comment, it stays one
/// comment the lexer accepts. (`scan --rules` through it end to end: `RulesFileTextTests` of
/// NavRulesScanTests.)
@Suite struct RuleFileTextTests {
  /// One text per class of Unicode the escaper must get right.
  static let texts: [(name: String, text: String)] = [
    ("plain", "Avenir-Heavy"),
    ("empty", ""),
    ("quotes and backslashes", #"a "b" \c \\ \u{41} \n"#),
    ("C0 controls", (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined()),
    ("delete and C1 controls", "\u{7F}\u{80}\u{85}\u{9F}"),
    ("line and paragraph separators", "Brand\u{2028}Bold\u{2029}"),
    ("carriage return and line feed", "a\r\nb\rc\n"),
    (
      "bidirectional controls",
      "\u{061C}\u{200E}\u{200F}\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}\u{2066}\u{2067}\u{2068}\u{2069}"
    ),
    ("byte order mark and zero-width", "\u{FEFF}a\u{200B}b\u{200D}c\u{00AD}"),
    ("non-BMP", "😀 𝒜 \u{10FFFF} \u{E0041}"),
    ("invalid for an identifier", "Café 首页 a-b 1st .x"),
    ("combining marks", "e\u{301} n\u{303}"),
    ("private use", "\u{E000}\u{F8FF}\u{F0000}"),
  ]

  @Test(arguments: texts.indices)
  func aStringLiteralReadsBackAsTheSameText(index: Int) throws {
    let text = Self.texts[index].text
    let literal = RuleFileText.stringLiteral(text)
    let compilation = compile("navigator N { root A }\nscreen A { title \(literal) }\n")
    #expect(compilation.diagnostics.isEmpty, "\(Self.texts[index].name): \(literal)")
    let screen = try #require(compilation.module.screen(named: "A"))
    #expect(compilation.module[screen].title?.value == text, "\(Self.texts[index].name)")
  }

  @Test(arguments: texts.indices)
  func commentTextStaysOneAcceptedComment(index: Int) {
    let comment = RuleFileText.commentText(Self.texts[index].text)
    let (stream, diagnostics) = Lexer.lex(
      SourceFile(path: "c.navrules", text: "screen A {}  // \(comment)\nscreen B {}\n"))
    #expect(diagnostics.isEmpty, "\(Self.texts[index].name): \(comment)")
    #expect(stream.comments.count == 1)
  }
}
