import Testing

@testable import NavRulesCompiler

@Suite struct LexerTokenTests {
  @Test(arguments: [
    ("screen", Token.Kind.identifier),
    ("_private9", .identifier),
    ("\"Article\"", .string),
    ("17", .number),
    ("17.5", .number),
    ("13", .number),
    ("12.0.1", .version),
    ("200ms", .duration),
    ("0.3s", .duration),
    ("#7B2FF7", .color),
    ("#7b2ff7aa", .color),
    ("#", .color),
    ("{", .leftBrace),
    ("}", .rightBrace),
    (",", .comma),
    (";", .semicolon),
    ("'quoted'", .invalid),
    ("12abc", .invalid),
  ])
  func singleToken(source: String, kind: Token.Kind) {
    let result = lex(source)
    #expect(result.kinds == [kind, .endOfFile])
    #expect(result.stream.tokens[0].range == 0..<source.utf8.count)
  }

  @Test func newlineTokensMergeBlankAndCommentLines() {
    let result = lex("a\n\n// comment\n\n  b\r\nc")
    #expect(
      result.kinds == [.identifier, .newline, .identifier, .newline, .identifier, .endOfFile])
    #expect(result.diagnostics.isEmpty)
  }

  @Test func aDirectiveLineLexesToItsTokens() {
    let result = lex("push Detail, Web; back confirm \"Sure?\" leave \"Go\"\n}")
    #expect(
      result.kinds == [
        .identifier, .identifier, .comma, .identifier, .semicolon, .identifier, .identifier,
        .string, .identifier, .string, .newline, .rightBrace, .endOfFile,
      ])
  }

  @Test func endOfFileTokenIsAnEmptyRangeAtTheEnd() {
    let result = lex("a ")
    #expect(result.stream.tokens.last?.range == 2..<2)
  }

  @Test func stringEscapesAreDecoded() throws {
    let result = lex(#""a\"b\\c\nd\te\u{1F600}\u{e9}""#)
    #expect(result.diagnostics.isEmpty)
    let token = try #require(result.stream.tokens.first)
    #expect(result.stream.stringValue(of: token) == "a\"b\\c\nd\te😀é")
  }

  /// The decoded literals are found by their offsets among several, with plain literals (read
  /// from their bytes) between them.
  @Test func escapedAndPlainLiteralsEachKeepTheirText() {
    let expected = ["a\\tb", "plain", "c\\\"d", "e\\u{e9}", "more", "fin\\n", "end"]
    let result = lex(expected.map { "\"\($0)\"" }.joined(separator: " "))
    #expect(result.diagnostics.isEmpty)
    let strings = result.stream.tokens.filter { $0.kind == .string }
    #expect(
      strings.map { result.stream.stringValue(of: $0) }
        == ["a\tb", "plain", "c\"d", "e\u{e9}", "more", "fin\n", "end"])
    #expect(result.stream.decodedTextIfEscaped(of: strings[1]) == nil)
    #expect(result.stream.decodedTextIfEscaped(of: strings[5]) == "fin\n")
  }

  @Test func nonASCIITextInStringsAndCommentsIsAccepted() throws {
    let result = lex("title \"首页 😀 é\" // 注释 😀\n/* Grüße /* 🙂 */ */ x")
    #expect(result.diagnostics.isEmpty)
    #expect(result.kinds == [.identifier, .string, .newline, .identifier, .endOfFile])
    #expect(result.stream.stringValue(of: result.stream.tokens[1]) == "首页 😀 é")
  }

  @Test func commentsAreKeptWithTheirRanges() {
    let source = "a // line\r\n/* block /* nested */ still */ b"
    let result = lex(source)
    #expect(result.stream.comments.map(\.kind) == [.line, .block])
    let texts = result.stream.comments.map { result.stream.file.text($0.range) }
    #expect(texts == ["// line", "/* block /* nested */ still */"])
    #expect(result.kinds == [.identifier, .newline, .identifier, .endOfFile])
  }

  @Test func byteOrderMarkIsSkipped() {
    let result = lex(bytes: [0xEF, 0xBB, 0xBF] + Array("screen".utf8))
    #expect(result.kinds == [.identifier, .endOfFile])
    #expect(result.stream.tokens[0].range == 3..<9)
    #expect(result.diagnostics.isEmpty)
    #expect(result.stream.file.position(of: 3) == SourcePosition(line: 1, column: 1))
  }

  @Test func crlfEndsLinesLikeLF() {
    let result = lex("screen A {\r\n  title \"x\"\r\n}\r\n")
    #expect(result.diagnostics.isEmpty)
    #expect(
      result.kinds == [
        .identifier, .identifier, .leftBrace, .newline, .identifier, .string, .newline,
        .rightBrace, .newline, .endOfFile,
      ])
    let title = result.stream.tokens[4]
    #expect(result.stream.file.position(of: title.range.lowerBound).column == 3)
  }

  /// The bit test that continues a word accepts exactly `[A-Za-z0-9_]`.
  @Test func wordsContinueWithLettersDigitsAndUnderscores() {
    for byte in UInt8.min...UInt8.max {
      let scalar = Unicode.Scalar(byte)
      let expected =
        (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
        || scalar == "_"
      #expect(Lexer.isIdentifierContinue(byte) == expected, "byte \(byte)")
    }
  }
}

/// Every lexical error: where it is reported (line and column, columns counting Unicode
/// scalars) and what it says.
@Suite struct LexerErrorTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    var line: Int
    var column: Int
    var message: String
    var testDescription: String { name }

    init(_ name: String, _ text: String, _ line: Int, _ column: Int, _ message: String) {
      self.init(name, Array(text.utf8), line, column, message)
    }

    init(_ name: String, _ bytes: [UInt8], _ line: Int, _ column: Int, _ message: String) {
      self.name = name
      self.bytes = bytes
      self.line = line
      self.column = column
      self.message = message
    }
  }

  static let cases: [Case] = [
    Case("unterminated string", "title \"abc\nx", 1, 7, "unterminated string literal"),
    Case("unterminated string at EOF", "title \"abc", 1, 7, "unterminated string literal"),
    Case("unterminated string, CRLF", "a\r\ntitle \"abc\r\n", 2, 7, "unterminated string"),
    Case("backslash at end of line", "title \"abc\\\nx", 1, 7, "unterminated string literal"),
    Case("unterminated block comment", "a /* x\n y", 1, 3, "unterminated block comment"),
    Case("unterminated nested comment", "/* a /* b */\n c", 1, 1, "unterminated block comment"),
    Case("bad escape", #"title "a\qb""#, 1, 9, #"invalid escape sequence '\q'"#),
    Case("bad escape after emoji", #"title "😀\r""#, 1, 9, #"invalid escape sequence '\r'"#),
    Case("escape of non-ASCII", #"title "\é""#, 1, 8, #"invalid escape sequence '\é'"#),
    Case("empty unicode escape", #"title "\u{}""#, 1, 8, #"invalid unicode escape '\u{}'"#),
    Case("unicode escape without braces", #"t "\u41""#, 1, 4, #"invalid unicode escape '\u'"#),
    Case("unclosed unicode escape", #"t "\u{41""#, 1, 4, #"invalid unicode escape '\u{41'"#),
    Case("nine hex digits", #"t "\u{123456789}""#, 1, 4, "invalid unicode escape"),
    Case("surrogate escape", #"t "\u{D800}""#, 1, 4, #"invalid unicode escape '\u{D800}'"#),
    Case("escape beyond U+10FFFF", #"t "\u{110000}""#, 1, 4, "invalid unicode escape"),
    Case("non-hex unicode escape", #"t "\u{12G4}""#, 1, 4, "invalid unicode escape"),
    Case(
      "invalid UTF-8 in code after scalars", Array("title \"é😀\" ".utf8) + [0xFF], 1, 12,
      "invalid UTF-8: byte 0xFF"),
    Case("invalid UTF-8 in a string", Array("title \"😀".utf8) + [0xFE, 0x22], 1, 9, "byte 0xFE"),
    Case(
      "invalid UTF-8 after a backslash",
      Array("screen A { title \"\\".utf8) + [0xFF] + Array("\" }\n".utf8), 1, 20,
      "invalid UTF-8: byte 0xFF"),
    Case(
      "truncated sequence after a backslash", Array("t \"\\".utf8) + [0xE2, 0x82, 0x22], 1, 5,
      "invalid UTF-8: byte 0xE2"),
    Case("invalid UTF-8 in a line comment", Array("a // 首页".utf8) + [0x80], 1, 8, "byte 0x80"),
    Case(
      "invalid UTF-8 in a block comment", Array("/* ü\n ö".utf8) + [0xC0, 0x80, 0x2A, 0x2F], 2, 3,
      "byte 0xC0"),
    Case("overlong encoding", [0x61, 0x20, 0xC1, 0xBF], 1, 3, "byte 0xC1"),
    Case("encoded surrogate", Array("\"a".utf8) + [0xED, 0xA0, 0x80, 0x22], 1, 3, "byte 0xED"),
    Case("truncated sequence at end of file", Array("x ".utf8) + [0xE2, 0x82], 1, 3, "0xE2"),
    Case(
      "invalid UTF-8 inside a name", Array("screen Ho".utf8) + [0xFF] + Array("me".utf8), 1, 10,
      "0xFF"),
    Case("non-ASCII letter in a name", "screen Café {}", 1, 11, "unexpected character 'é'"),
    Case("CJK name", "screen 首页 {}", 1, 8, "unexpected character '首'"),
    Case("no-break space", "push\u{A0}Home", 1, 5, "unexpected character U+00A0"),
    Case("unexpected ASCII", "screen A { @@ }", 1, 12, "unexpected character '@'"),
    Case("control character", "a \u{0}", 1, 3, "unexpected control character U+0000"),
    Case("single-quoted string", "title 'Home'", 1, 7, "string literals use double quotes"),
    Case("lone single quote", "title 'Home", 1, 7, "unexpected character '''"),
    Case("number with a letter suffix", "font system 17pt", 1, 13, "invalid number '17pt'"),
    Case("version with a unit", "backDebounce 1.2.3ms", 1, 14, "invalid number '1.2.3ms'"),
    Case("unexpected after BOM", [0xEF, 0xBB, 0xBF, 0x40], 1, 1, "unexpected character '@'"),
    Case("tab counts as one column", "\t\t@", 1, 3, "unexpected character '@'"),
  ]

  @Test(arguments: cases)
  func reportedOnceAtTheOffendingByte(_ testCase: Case) throws {
    let result = lex(bytes: testCase.bytes)
    #expect(result.diagnostics.count == 1, "\(result.diagnostics.map(summary))")
    let diagnostic = try #require(result.diagnostics.first)
    #expect(diagnostic.id == .syntax)
    #expect(diagnostic.range.start == SourcePosition(line: testCase.line, column: testCase.column))
    #expect(
      diagnostic.message.contains(testCase.message), "\(diagnostic.message)")
  }

  /// The parser does not report a statement the lexer has reported already.
  @Test(arguments: cases)
  func isTheOnlySyntaxDiagnosticOfThePipeline(_ testCase: Case) {
    let compilation = Compilation(files: [SourceFile(path: "x.navrules", bytes: testCase.bytes)])
    let syntax = compilation.diagnostics.filter { $0.id == .syntax }
    #expect(syntax.count == 1, "\(compilation.diagnostics.map(summary))")
  }

  /// Lexical mistakes inside an otherwise valid module are its only diagnostics: the
  /// resolver neither reports the spoilt values again nor the references they hid.
  @Test func spoiltValuesInAValidModuleAreReportedOnce() {
    let source = #"""
      navigator Main { root Home }
      style Brand { color #7B2FF7é; font system 17pt }
      screen Home {
        push Café, Detail
        title 'Home'
        titleStyle Brand
        back confirm "Leave?\q" leave "Go"
      }
      screen Detail { class DetailVíew; title "Unterminated
      }
      screen 首页 { }
      """#
    #expect(
      locations(source) == [
        "syntax@2:28", "syntax@2:43", "syntax@4:11", "syntax@5:9", "syntax@7:23",
        "syntax@9:30", "syntax@9:41", "syntax@11:8",
      ])
  }

  @Test func consecutiveInvalidBytesInACommentAreOneDiagnostic() {
    let result = lex(bytes: Array("// ".utf8) + [0xFF, 0xFE, 0x41, 0xFF])
    #expect(result.diagnostics.map(\.range.start.column) == [4, 7])
  }

  @Test func aMalformedStringIsAnInvalidToken() {
    #expect(lex(#"t "\q""#).kinds == [.identifier, .invalid, .endOfFile])
    #expect(lex("t \"abc").kinds == [.identifier, .invalid, .endOfFile])
  }
}

/// Issue 11, finding 10: a lone carriage return is a line end everywhere, and strings and
/// comments cannot hide characters editors do not show as they act.
@Suite struct LineEndAndHiddenCharacterTests {
  @Test func aLoneCarriageReturnEndsALineComment() {
    let text = "navigator M { root C }\n// c\rscreen C {}\r"
    #expect(compile(text).diagnostics.isEmpty, "\(compile(text).diagnostics.map(summary))")
    let file = SourceFile(path: "p", text: text)
    #expect(file.lineStarts == [0, 23, 28, 40])
    #expect(
      locations("// c\rscreen C {}\r\rscreen D {}\r\n") == [
        "unreachable-screen@2:8", "unreachable-screen@4:8",
      ])
  }

  @Test func aLoneCarriageReturnEndsAString() {
    // The string ends at the line end, and the second one swallows the block's `}`.
    #expect(
      locations("screen A { title \"a\rb\" }") == ["syntax@1:18", "syntax@2:2", "syntax@2:5"])
  }

  @Test func suppressionsCountLinesWithLoneCarriageReturns() {
    let text = "// navrc:disable-next-line unreachable-screen\rscreen B {}\r"
    #expect(compile(text).diagnostics.isEmpty, "\(compile(text).diagnostics.map(summary))")
  }

  @Test func theFormatterWritesLineFeeds() {
    let text = "screen A {}\rscreen B { /* a\rb */ }\r"
    let lineFeeds = text.replacingOccurrences(of: "\r", with: "\n")
    let expected = Formatter.format(SourceFile(path: "p", text: lineFeeds))
    #expect(Formatter.format(SourceFile(path: "p", text: text)) == expected)
    #expect(expected == .formatted("screen A {}\nscreen B {  /* a\nb */\n}\n"))
  }

  @Test(arguments: [
    ("screen A { title \"a\u{0}b\u{7}\" }", "control character U+0000 in a string", 20),
    ("screen A { title \"\u{1B}[31m\" }", "control character U+001B in a string", 19),
    ("screen A {} // \u{7}ding\u{1B}", "control character U+0007 in a comment", 16),
    ("/* \n\u{1B}[2J */ screen A {}", "control character U+001B in a comment", 1),
    ("// a \u{202E}evil", "bidirectional formatting character U+202E in a comment", 6),
    ("screen A { title \"\u{2066}x\" }", "bidirectional formatting character U+2066", 19),
    ("// a\u{2028}screen B {}", "line separator U+2028 in a comment", 5),
    ("screen A { title \"\u{FEFF}\" }", "byte order mark U+FEFF in a string", 19),
    ("screen A { title \"\u{85}\" }", "control character U+0085 in a string", 19),
    ("screen A { title \"\u{7F}\" }", "control character U+007F in a string", 19),
  ])
  func hiddenCharactersInStringsAndCommentsAreErrors(text: String, message: String, column: Int) {
    let errors = compile(text).diagnostics.filter { $0.severity == .error }
    #expect(errors.count == 1, "\(errors.map(summary))")
    #expect(errors.first?.id == .syntax)
    #expect(errors.first?.message.hasPrefix(message) == true, "\(errors.map(summary))")
    #expect(errors.first?.range.start.column == column)
  }

  @Test func tabsAndOrdinaryTextStayValid() {
    let text = "navigator M { root A } // tab\there\nscreen A { title \"a\tb é 文章 😀 \\u{202E}\" }\n"
    #expect(compile(text).diagnostics.isEmpty, "\(compile(text).diagnostics.map(summary))")
  }
}
