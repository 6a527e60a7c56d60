import NavRulesCompiler
import Testing

@testable import NavRulesScan

/// The Objective-C side of the scan lexer: `@` words and literals, C literals, the
/// preprocessor, and C's comment and operator rules.
@Suite struct ObjCTokenTests {
  func tokens(_ text: String) -> [String] { scanTokens(text, language: .objectiveC) }
  func texts(_ text: String) -> [String] { scanTokenTexts(text, language: .objectiveC) }

  @Test func atWordsAndLiterals() {
    #expect(
      tokens(#"@interface A @end @"s \"}" @{@"k": @[@1, @(x), @YES]} @selector(a:b:)"#) == [
        "attribute @interface", "identifier A", "attribute @end", #"string @"s \"}""#, "at @",
        "leftBrace {", #"string @"k""#, "colon :", "at @", "leftBracket [", "at @", "number 1",
        "comma ,", "at @", "leftParen (", "identifier x", "rightParen )", "comma ,",
        "attribute @YES", "rightBracket ]", "rightBrace }", "attribute @selector", "leftParen (",
        "identifier a", "colon :", "identifier b", "colon :", "rightParen )",
      ])
  }

  @Test func atKeywordsAndLiteralWordsAreNormalized() {
    let lexed = ScanLexer.lex(
      SourceFile(path: "a.m", text: "@implementation @property @YES YES NO nil NULL self __weak"),
      language: .objectiveC)
    #expect(
      lexed.tokens.dropLast().map(\.keyword) == [
        .implementation, .property, .true, .true, .false, .nil, .nil, .selfKeyword,
        .weakQualifier,
      ])
  }

  @Test(arguments: [
    (
      #"c = 'a'; d = '\''; e = 'ab'"#,
      ["c", "=", "'a'", ";", "d", "=", #"'\''"#, ";", "e", "=", "'ab'"]
    ),
    ("a=-1", ["a", "=", "-", "1"]),
    ("p->x++ <<= 2", ["p", "->", "x", "++", "<<=", "2"]),
    ("f(x, ...)", ["f", "(", "x", ",", "...", ")"]),
    ("x = .5f", ["x", "=", ".5f"]),
    ("^(BOOL f) {}", ["^", "(", "BOOL", "f", ")", "{", "}"]),
  ])
  func cLiteralsAndOperators(_ text: String, _ expected: [String]) {
    #expect(texts(text) == expected)
  }

  @Test func blockCommentsDoNotNest() {
    #expect(texts("a /* /* */ b */") == ["a", "b", "*", "/"])
  }

  @Test func preprocessorLinesProduceNoTokens() {
    let text = """
      #import <UIKit/UIKit.h>
      #import "A.h" // a comment { "
      #define COLOR [UIColor colorWithRed:1 \\
                                    green:0]
      #pragma mark - Navigation {
        # include "b.h"
      x = COLOR;
      """
    let lexed = ScanLexer.lex(SourceFile(path: "a.m", text: text), language: .objectiveC)
    #expect(lexed.tokens.dropLast().map { lexed.text(of: $0) } == ["x", "=", "COLOR", ";"])
    #expect(lexed.comments.map { lexed.file.text($0.range) } == [#"// a comment { ""#])
  }

  @Test func aHashInsideALineIsNotADirective() {
    #expect(tokens("a # b") == ["identifier a", "unknown #", "identifier b"])
  }

  @Test func conditionalBranches() {
    #expect(
      texts("#ifdef DEBUG\na();\n#else\nb();\n#endif\n") == [
        "a", "(", ")", ";", "b", "(", ")", ";",
      ])
    #expect(texts("#if 0\nit's not code {\n#endif\nc();") == ["c", "(", ")", ";"])
    #expect(texts("#if 0 // disabled\nx\n#elif 1\ny\n#else\nz\n#endif") == ["y"])
    #expect(
      texts("#ifndef A\nif (x) {\n#else\nif (y) {\n#endif\nz();\n}") == [
        "if", "(", "x", ")", "{", "z", "(", ")", ";", "}",
      ])
  }

  @Test func aBackslashAtTheEndOfALineJoinsIt() {
    #expect(texts("a \\\n b") == ["a", "b"])
  }
}
