import NavRulesCompiler
import Testing

private func parse(_ text: String) -> (SyntaxFile, [Diagnostic]) {
  let (stream, lexical) = Lexer.lex(SourceFile(path: "p.navrules", text: text))
  let (tree, diagnostics) = Parser.parse(stream)
  return (tree, lexical + diagnostics)
}

@Suite struct ParserTreeTests {
  @Test func directivesArgumentsAndBlocks() throws {
    let (tree, diagnostics) = parse("screen A { push B, C; title \"Hi\" }\nplatform iOS 13.0")
    #expect(diagnostics.isEmpty)
    #expect(tree.directives.map(\.nameText) == ["screen", "platform"])
    let block = try #require(Array(tree.directives)[0].block)
    #expect(block.directives.map(\.nameText) == ["push", "title"])
    let push = Array(block.directives)[0]
    #expect(push.arguments.map(\.value.text) == ["B", "C"])
    #expect(push.arguments.map { $0.comma != nil } == [true, false])
    #expect(Array(block.directives)[1].arguments.map(\.value.kind) == [.string])
    #expect(Array(tree.directives)[1].arguments.map(\.value.kind) == [.identifier, .number])
    #expect(Array(tree.directives)[0].range == 0..<34)
  }

  @Test func aTrailingCommaContinuesTheListOnTheNextLine() {
    let (tree, diagnostics) = parse("push A,\n     B,\n\n     C\ntitle \"x\"")
    #expect(diagnostics.isEmpty)
    #expect(tree.directives.map(\.nameText) == ["push", "title"])
    #expect(Array(tree.directives)[0].arguments.map(\.value.text) == ["A", "B", "C"])
  }

  @Test func anOpeningBraceMayStartOnTheNextLine() {
    let (tree, diagnostics) = parse("screen A\n{\n  title \"x\"\n}\n")
    #expect(diagnostics.isEmpty)
    #expect(tree.directives.count == 1)
    #expect(Array(tree.directives)[0].block?.directives.map(\.nameText) == ["title"])
  }

  @Test func statementsEndAtLineEndsSemicolonsAndClosingBraces() {
    let (tree, diagnostics) = parse("a 1; b 2\nc 3 }")
    #expect(tree.directives.map(\.nameText) == ["a", "b", "c"])
    #expect(locationsOf(diagnostics) == ["2:5"])
  }

  @Test func commentsAreKeptInTheTree() {
    let (tree, _) = parse("// one\nscreen A { /* two */ }")
    #expect(tree.comments.count == 2)
  }
}

private func locationsOf(_ diagnostics: [Diagnostic]) -> [String] {
  diagnostics.map { "\($0.range.start.line):\($0.range.start.column)" }
}

@Suite struct ParserRecoveryTests {
  /// Independent mistakes in one file: exactly one diagnostic each, in order, none cascading.
  @Test func independentMistakesGetOneDiagnosticEach() {
    let source = """
      navigator Main { root Home }
      screen Home {
        push Detail, , Web
        "a title"
        title "Home"
      }
      }
      screen Detail { push Web, }
      screen Web {
        back allow
        on viewDidAppear { popGesture disabled
      """
    let (_, diagnostics) = parse(source)
    #expect(
      diagnostics.map(summary) == [
        "3:16: error: unexpected ','; a comma goes between two values [syntax]",
        "4:3: error: expected a directive name, found string literal [syntax]",
        "7:1: error: unexpected '}' with no '{' to close [syntax]",
        "8:27: error: expected a value after ',', found '}' [syntax]",
        "11:41: error: expected '}' to close this block [syntax]",
      ])
    // Both blocks left open at the end: one diagnostic, a note at each `{`.
    #expect(diagnostics[4].notes.map(\.range.start.line) == [11, 9])
    // The whole pipeline adds nothing: the statements around each mistake are understood.
    #expect(locations(source) == diagnostics.map { "syntax@\(locationsOf([$0])[0])" })
  }

  @Test func aDeclarationAtTheOpenersIndentationClosesABlockMissingItsBrace() {
    let source = """
      navigator Main { root Home }
      screen Home {
        push Detail
      screen Detail {
        title "Detail"
      }
      """
    #expect(locations(source) == ["syntax@4:1"])
    let compilation = compile(source)
    #expect(compilation.diagnostics[0].message == "expected '}' to close this block")
    #expect(
      compilation.diagnostics[0].notes.map(\.range.start) == [SourcePosition(line: 2, column: 13)])
    #expect(compilation.module.screens.map(\.name) == ["Home", "Detail"])
  }

  @Test func aHookAtTheHooksIndentationClosesAHookMissingItsBrace() {
    let source = """
      navigator Main { root Home }
      screen Home {
        on viewDidAppear {
          popGesture disabled
        on viewWillDisappear { popGesture enabled }
      }
      """
    let compilation = compile(source)
    #expect(locations(compilation.diagnostics) == ["syntax@5:3"])
    #expect(compilation.module.screens[0].hooks.count == 2)
  }

  @Test func aDeclarationIndentedInsideABlockIsMisplacedNotAMissingBrace() {
    let source = """
      navigator Main {
        root Home
        screen Home { }
      }
      screen Home { }
      """
    #expect(locations(source) == ["unknown-directive@3:3"])
  }

  @Test func aDeclarationWithoutItsBraceTakesItsIndentedLines() {
    let source = """
      navigator Main { root Home }
      screen Home
        title "Home"
        push Detail
      }
      screen Detail {
        title "Detail"
      }
      """
    let compilation = compile(source)
    #expect(
      compilation.diagnostics.map(summary) == [
        "2:1: error: expected '{' after 'screen Home' [syntax]"
      ])
    #expect(compilation.module.screens.map(\.name) == ["Home", "Detail"])
    #expect(compilation.module.screens[0].title?.value == "Home")
  }

  @Test func aHookWithoutItsBraceInsideAScreen() {
    let source = """
      navigator Main { root Home }
      screen Home {
        on viewDidAppear
          popGesture disabled
        title "Home"
      }
      """
    let compilation = compile(source)
    #expect(locations(compilation.diagnostics) == ["syntax@3:3"])
    #expect(compilation.module.screens[0].hooks.first?.actions.count == 1)
    #expect(compilation.module.screens[0].title?.value == "Home")
  }

  /// One slip of the keyboard, one diagnostic: each source is a valid module with one
  /// mistake in it.
  @Test(arguments: [
    // A `}` that closes a block early, before lines indented as part of it.
    ("screen Home {\n  title \"Home\" }\n  push Detail\n}", "syntax@2:16"),
    ("screen Home {\n  title \"Home\"\n  }push Detail\n}", "syntax@3:3"),
    // A misplaced comma is ignored.
    ("screen ,Home {\n  push Detail\n}", "syntax@1:8"),
    ("screen Home {\n  push Detail, , Detail\n}", "syntax@2:16"),
    // An inline title style without its `{`.
    ("screen Home {\n  titleStyle\n    color black\n  }\n  push Detail\n}", "syntax@2:3"),
    // A comment without its `//`: one diagnostic for the line.
    ("screen Home { push Detail }\nThe screen's title: `Home`, (see docs).", "syntax@2:11"),
    // A declaration keyword with a stray character in it.
    ("sc@reen Home {\n  push Detail\n}", "syntax@1:3"),
    ("screen Home {\n  push Detail\n}\nscreen Det@il { }", "syntax@4:11"),
    // A declaration without its `{` and a stray `}` after it.
    ("screen Home push Detail", "syntax@1:1"),
    // A `{` by mistake at the end of a line takes the block's `}`.
    ("screen Home {\n  title \"Home\" {\n  push Detail\n}\nscreen Other { }", "syntax@2:16"),
    ("screen Home {\n  push Detail {\n}", "syntax@2:15"),
    // A keyword run into the name, a name broken by a stray character.
    ("screenHome {\n  push Detail\n}", "unknown-directive@1:1"),
    ("screen Home {\n  push Detail, Search\n}\nscreen Searché { }", "syntax@4:14"),
    // An unterminated comment cuts a declaration's head.
    ("screen Home {\n  push Detail\n}\nscreen /*Other {", "syntax@4:8"),
  ])
  func oneSlipOneDiagnostic(_ source: String, _ expected: String) {
    let module = "navigator Main { root Home }\nscreen Detail { }\n" + source
    let shifted = expected.split(separator: "@").map(String.init)
    let position = shifted[1].split(separator: ":").compactMap { Int($0) }
    #expect(locations(module) == ["\(shifted[0])@\(position[0] + 2):\(position[1])"])
  }

  /// Recovery never changes how a well-formed file reads, however it is indented.
  @Test func oddlyIndentedWellFormedFilesAreUnaffected() {
    let source = """
      navigator Main {
      root Home
      }
      screen Home {
        on viewDidLoad { popGesture disabled }
          push Detail
        titleStyle {
          color black
          } push Detail
      title "Home"
      }
          screen Detail
      {
      on viewWillAppear
      {
      popGesture enabled
      }
      }
      """
    #expect(locations(source) == [])
  }

  @Test func noMissingBraceIsReportedAfterAnUnterminatedComment() {
    #expect(locations("screen A {\n  /* comment\n  title \"x\"\n}\n") == ["syntax@2:3"])
  }

  @Test func anUnclosedBlockAtTheEndIsReportedThereWithANote() throws {
    let compilation = compile("navigator Main { root Home }\nscreen Home {\n  title \"x\"\n")
    let diagnostic = try #require(compilation.diagnostics.first)
    #expect(compilation.diagnostics.count == 1)
    #expect(diagnostic.range.start == SourcePosition(line: 4, column: 1))
    #expect(diagnostic.notes.first?.range.start == SourcePosition(line: 2, column: 13))
  }

  @Test func deepNestingIsReportedOnceAndDoesNotExhaustTheStack() {
    let depth = 20_000
    let source = String(repeating: "a {\n", count: depth) + String(repeating: "}\n", count: depth)
    let (_, diagnostics) = parse(source)
    #expect(diagnostics.map(\.message) == ["blocks are nested too deeply"])
    #expect(diagnostics[0].range.start.line == Parser.maximumNesting + 1)
  }

  @Test func statementsThatStartWithAnAlreadyReportedTokenAreSkippedQuietly() {
    #expect(locations("screen A {\n  首页 \"x\" 12\n}\nnavigator N { root A }") == ["syntax@2:3"])
  }
}
