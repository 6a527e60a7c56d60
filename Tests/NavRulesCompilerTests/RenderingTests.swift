import Foundation
import NavRulesCompiler
import Testing

@Suite struct RenderingTests {
  @Test(arguments: [
    (0, 0, "0 errors, 0 warnings"), (1, 0, "1 error, 0 warnings"),
    (2, 1, "2 errors, 1 warning"), (1, 2, "1 error, 2 warnings"),
  ])
  func theSummaryLineIsPluralised(errors: Int, warnings: Int, expected: String) {
    #expect(TextRenderer.summary(errors: errors, warnings: warnings) == expected)
  }

  @Test func aDiagnosticIsOneSwiftcStyleLineWithItsNotesAfterIt() throws {
    let compilation = compile("screen Home { }\nscreen Home { }", path: "/abs/rules.navrules")
    let diagnostic = try #require(compilation.diagnostics.first { $0.id == .duplicateDeclaration })
    let text = TextRenderer(isTerminal: false).render(diagnostic)
    #expect(
      text == """
        /abs/rules.navrules:2:8: error: duplicate declaration of screen 'Home' [duplicate-declaration]
        /abs/rules.navrules:1:8: note: first declared here

        """)
    // The pattern of the VS Code `$swiftc` problem matcher.
    let matcher = try Regex(#"^(.*?):(\d+)(?::(\d+))?:\s+(warning|error|note):\s+(.*)$"#)
    for line in text.split(separator: "\n") {
      #expect(line.wholeMatch(of: matcher) != nil)
    }
  }

  /// The byte writer (what `check` hands standard error) and the `String` writer get the same
  /// text, in order, across pieces rendered on several threads.
  @Test(arguments: [1, 3])
  func theByteAndStringWritersGetTheSameText(threads: Int) {
    let source = String(repeating: "screen Home { title \"Café → ok\" }\n", count: 5_000)
    let diagnostics = compile(source).diagnostics
    #expect(diagnostics.count == 4_999)
    let renderer = TextRenderer(isTerminal: false)
    var text = ""
    renderer.render(diagnostics, threads: threads) { (piece: String) in text += piece }
    var bytes: [UInt8] = []
    var pieces = 0
    renderer.render(diagnostics, threads: threads) { (piece: [UInt8]) in
      bytes += piece
      pieces += 1
    }
    #expect(pieces > 1)
    #expect(String(decoding: bytes, as: UTF8.self) == text)
    #expect(text == diagnostics.map(renderer.render).joined())
  }

  @Test func messagesQuotingTheFileStayOnOneLine() throws {
    let compilation = compile("screen A { title \"a\" \"\u{1B}[31m\\n\" }")
    let diagnostic = try #require(compilation.diagnostics.first { $0.id == .invalidValue })
    let text = TextRenderer(isTerminal: true).render(diagnostic)
    #expect(!text.contains("\u{1B}[31m"))
    #expect(text.contains(#"\u{1B}[31m\n"#))
  }

  /// Issue 11, finding 9: a path holding a line break and `::error …` forged a line that
  /// GitHub Actions reads from logs, and bidirectional controls reordered what is shown.
  @Test func pathsAndMessagesCannotForgeLinesOrReorderThem() throws {
    let forged = "a\n::error file=x.swift,line=1::forged\r\u{202E}.navrules"
    let compilation = compile("screen A { title \"a\" \"\u{2067}b\" }", path: forged)
    let diagnostic = try #require(compilation.diagnostics.first { $0.id == .invalidValue })
    for terminal in [false, true] {
      let text = TextRenderer(isTerminal: terminal).render(diagnostic)
      #expect(text.split(separator: "\n").count == (terminal ? 3 : 1))
      #expect(!text.unicodeScalars.contains { $0 == "\r" || $0 == "\u{202E}" || $0 == "\u{2067}" })
      #expect(
        text.contains(#"a\u{A}::error file=x.swift,line=1::forged\u{D}\u{202E}.navrules:1:"#))
      #expect(text.contains(#"\u{2067}b"#))
    }
  }

  @Test func ordinaryPathsAndMessagesAreUnchanged() {
    for text in ["/abs/rules.navrules", "Règles/écran 😀.navrules", "no screen named 'Détail'"] {
      #expect(TextRenderer.oneLine(text) == text)
    }
  }

  /// `oneLine` sets most text aside on its UTF-8 bytes, plain ASCII eight bytes at a time,
  /// and the bytes of a word that is not one by one: that must never pass over a character it
  /// escapes, whatever surrounds it and wherever it falls against those words (`asciiBefore`
  /// letters before it, after an arrow when `arrowFirst`, as in a note's path).
  @Test(arguments: [0, 1, 7, 8, 9, 15, 16], [false, true])
  func everyCharacterThatNeedsEscapingIsEscapedAmongOtherText(asciiBefore: Int, arrowFirst: Bool) {
    let scalars = (0..<0x3000).compactMap(Unicode.Scalar.init) + ["\u{FEFF}", "😀"]
    let before = (arrowFirst ? "→" : "") + String(repeating: "x", count: asciiBefore)
    for scalar in scalars {
      let text = "\(before)\(scalar)abcdefghij→é"
      let escaped = TextRenderer.oneLine(text)
      let needsEscape: Bool =
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029: true  // controls and separators
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidi
        default: false
        }
      if needsEscape {
        #expect(
          escaped
            == "\(before)\\u{\(String(scalar.value, radix: 16, uppercase: true))}abcdefghij→é")
      } else {
        #expect(escaped == text, "U+\(String(scalar.value, radix: 16))")
      }
    }
  }

  @Test func theTerminalSnippetPutsTheCaretUnderTheColumn() throws {
    let compilation = compile("screen A {\n\ttitle \"Ünïcödé 😀\"; push Missing\n}")
    let diagnostic = try #require(compilation.diagnostics.first { $0.id == .undefinedReference })
    #expect(diagnostic.range.start.column == 26)
    let lines = TextRenderer(isTerminal: true).render(diagnostic).split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[1] == "\ttitle \"Ünïcödé 😀\"; push Missing")
    let caret = String(lines[2]).replacingOccurrences(of: "\u{1B}[1;32m", with: "")
      .replacingOccurrences(of: "\u{1B}[0m", with: "")
    #expect(caret == "\t" + String(repeating: " ", count: 24) + "^~~~~~~")
  }

  @Test func jsonHasTheContractsShape() throws {
    let compilation = compile(
      "navigator Main { root Hom }\nscreen Home { }\nstyle Unused { }", path: "r.navrules")
    let text = JSONRenderer.render(compilation.diagnostics)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["version"] as? Int == 1)
    let summary = try #require(object["summary"] as? [String: Int])
    #expect(summary == ["errors": 1, "warnings": 1])
    let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
    let first = try #require(diagnostics.first)
    #expect(
      Set(first.keys) == [
        "id", "severity", "file", "line", "column", "endLine", "endColumn", "message", "notes",
        "fixIts",
      ])
    #expect(first["id"] as? String == "undefined-reference")
    #expect(first["file"] as? String == "r.navrules")
    #expect(first["line"] as? Int == 1)
    #expect(first["column"] as? Int == 23)
    #expect(first["endColumn"] as? Int == 26)
    let note = try #require((first["notes"] as? [[String: Any]])?.first)
    #expect(Set(note.keys) == ["file", "line", "column", "message"])
    let fixIt = try #require((first["fixIts"] as? [[String: Any]])?.first)
    #expect(Set(fixIt.keys) == ["message", "edits"])
  }

  @Test func jsonEscapesControlCharactersAndKeepsUnicode() {
    var output = ""
    JSON.writeString("a\"\\\n\u{1}é😀\u{2028}", to: &output)
    #expect(output == #""a\"\\\n\u0001é😀\u2028""#)
  }
}
