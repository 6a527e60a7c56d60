import NavRulesCompiler
import Testing

@testable import NavRulesScan

/// The Swift side of the scan lexer: every construct a view controller uses, and the ones
/// that would break a naive brace counter (braces and quotes in strings and comments).
@Suite struct SwiftTokenTests {
  func tokens(_ text: String) -> [String] { scanTokens(text, language: .swift) }
  func texts(_ text: String) -> [String] { scanTokenTexts(text, language: .swift) }

  @Test func wordsAttributesAndPoundWords() {
    #expect(
      tokens("@objc(showMenu:) func `default`($0: Int) #selector(a)") == [
        "attribute @objc", "leftParen (", "identifier showMenu", "colon :", "rightParen )",
        "identifier func", "identifier `default`", "leftParen (", "identifier $0", "colon :",
        "identifier Int", "rightParen )", "pound #selector", "leftParen (", "identifier a",
        "rightParen )",
      ])
  }

  @Test func keywordsAreMarkedAndBacktickedWordsAreNot() {
    let lexed = ScanLexer.lex(
      SourceFile(path: "a.swift", text: "override func `init` self Self true nil"), language: .swift
    )
    #expect(
      lexed.tokens.map(\.keyword) == [
        .override, .func, .none, .selfKeyword, .capitalSelf, .true, .nil, .none,
      ])
  }

  @Test(arguments: [
    ("0x1F 1_000 1.5e-3 0b101 2.0", ["0x1F", "1_000", "1.5e-3", "0b101", "2.0"]),
    ("t.0.1", ["t", ".", "0", ".", "1"]),
    ("1..<3", ["1", "..<", "3"]),
    ("0x1p-3", ["0x1p-3"]),
  ])
  func numbers(_ text: String, _ expected: [String]) {
    #expect(texts(text) == expected)
  }

  @Test(arguments: [
    ("a?.b", ["a", "?", ".", "b"]),
    ("x!.y", ["x", "!", ".", "y"]),
    ("a ?? b", ["a", "??", "b"]),
    ("f() -> Int", ["f", "(", ")", "->", "Int"]),
    ("a...b", ["a", "...", "b"]),
    ("a+/*c*/b", ["a", "+", "b"]),
    ("a != -b", ["a", "!=", "-", "b"]),
    ("x as! Y", ["x", "as", "!", "Y"]),
    ("Array<Array<Int>>()", ["Array", "<", "Array", "<", "Int", ">>", "(", ")"]),
    (#"\Foo.bar"#, ["\\", "Foo", ".", "bar"]),
  ])
  func operatorsAndPunctuation(_ text: String, _ expected: [String]) {
    #expect(texts(text) == expected)
  }

  @Test func interpolationsHoldingBracesAndQuotesAreOneString() {
    let text = #"let s = "\(a ? "}" : "{") and \("\(nested("(" + ")"))") done" }"#
    #expect(
      texts(text) == [
        "let", "s", "=", #""\(a ? "}" : "{") and \("\(nested("(" + ")"))") done""#, "}",
      ])
  }

  @Test func rawStrings() {
    #expect(
      texts(##"x = #"a "quoted" \(b) \#(c)"# + y"##) == [
        "x", "=", ##"#"a "quoted" \(b) \#(c)"#"##, "+", "y",
      ])
    #expect(texts(###"##"a"#b"## }"###) == [###"##"a"#b"##"###, "}"])
  }

  @Test func multilineStrings() {
    let text = "let s = \"\"\"\n  a \"quoted\" } line\n  \\(x) \"\"\n  \"\"\"\nlet t = 1"
    #expect(texts(text).count == 8)
    #expect(texts(text)[3] == "\"\"\"\n  a \"quoted\" } line\n  \\(x) \"\"\n  \"\"\"")
  }

  @Test func anUnterminatedStringEndsAtItsLine() {
    #expect(
      texts("let s = \"abc {\nfunc f() {}") == [
        "let", "s", "=", "\"abc {", "func", "f", "(", ")", "{", "}",
      ])
  }

  @Test func commentsAreKeptApartFromTokens() {
    let text = "a // b { \"c\n/* x /* nested } */ \" */ b // navrc:disable-line root-pop\n"
    let lexed = ScanLexer.lex(SourceFile(path: "a.swift", text: text), language: .swift)
    #expect(lexed.tokens.dropLast().map { lexed.text(of: $0) } == ["a", "b"])
    #expect(
      lexed.comments.map { lexed.file.text($0.range) } == [
        "// b { \"c", "/* x /* nested } */ \" */", "// navrc:disable-line root-pop",
      ])
    #expect(lexed.comments.map(\.kind) == [.line, .block, .line])
  }

  @Test func lineStartsAndSpacingAreRecorded() {
    let lexed = ScanLexer.lex(SourceFile(path: "a.swift", text: "a\n  b c"), language: .swift)
    #expect(lexed.tokens.map(\.isAtLineStart) == [true, true, false, true])
    #expect(lexed.tokens.map(\.hasSpaceBefore) == [true, true, true, true])
  }

  @Test func balancedConditionalBranchesAreAllRead() {
    let text = """
      #if DEBUG
      let a = Debug()
      #elseif targetEnvironment(simulator)
      let a = Simulator()
      #else
      let a = Release()
      #endif
      """
    #expect(
      texts(text) == [
        "let", "a", "=", "Debug", "(", ")", "let", "a", "=", "Simulator", "(", ")", "let", "a",
        "=", "Release", "(", ")",
      ])
  }

  @Test func branchesThatOpenABlockEachKeepOnlyTheFirst() {
    let text = """
      #if canImport(UIKit)
      class A: UIViewController {
      #else
      class A: NSViewController {
      #endif
          func f() {}
      }
      """
    #expect(
      texts(text) == [
        "class", "A", ":", "UIViewController", "{", "func", "f", "(", ")", "{", "}", "}",
      ])
  }

  @Test func literallyFalseBranchesAreDropped() {
    #expect(texts("#if false\nbroken {\n#else\nkept()\n#endif\n") == ["kept", "(", ")"])
    #expect(texts("#if true\nkept\n#else\ndropped\n#endif\n") == ["kept"])
  }

  @Test func nestedAndUnterminatedConditionals() {
    let text = "#if A\na\n#if B\nb {\n#else\nc {\n#endif\n}\n#endif\n#if C\nd\n"
    #expect(texts(text) == ["a", "b", "{", "}", "d"])
    #expect(texts("#else\nx\n#endif\ny") == ["x", "y"])
  }

  @Test func regexLiteralsAndStrayBytes() {
    #expect(
      tokens("x = #/[{]\"/# + 'y'") == [
        "identifier x", "operator =", "regex #/[{]\"/#", "operator +", "unknown '",
        "identifier y", "unknown '",
      ])
  }

  @Test func aByteOrderMarkIsSkipped() {
    #expect(scanTokenTexts("\u{FEFF}class A {}", language: .swift) == ["class", "A", "{", "}"])
  }
}
