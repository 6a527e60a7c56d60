import NavRules
import Testing

@testable import NavRulesCompiler

/// The bar's appearance in rule files: hook writes are navigator-wide and leak (`state-leak`),
/// the declarative `barAppearance` is per screen and masks the bar's (docs/language.md).
@Suite struct BarAppearanceTests {
  static let styles = """
    style Dark { background opaque; backgroundColor #222222; color white }
    style Light { background transparent }
    navigator Main { root Home }

    """

  @Test func aHookWriteLeaksToTheScreensShownAfterIt() {
    let source =
      Self.styles + """
        screen Home { push Detail }
        screen Detail {
            push Leaf
            on viewWillAppear { barAppearance standard Dark }
        }
        screen Leaf { }
        """
    let diagnostics = compile(source).diagnostics.filter { $0.id != .unusedStyle }
    #expect(locations(diagnostics) == ["state-leak@7:25"])
    #expect(
      diagnostics.first?.message.hasPrefix(
        "the bar's standardAppearance set by 'Detail' is still in effect when '") == true)
    #expect(diagnostics.first?.notes.first?.message.contains("Home → Detail") == true)
  }

  @Test func aScreenThatDeclaresItsOwnAppearanceDoesNotSeeTheBars() {
    let source =
      Self.styles + """
        screen Home { push Detail; barAppearance Light }
        screen Detail {
            push Leaf
            on viewWillAppear { barAppearance standard Dark }
        }
        screen Leaf { barAppearance standard { background opaque } }
        """
    #expect(locations(source) == [])
  }

  @Test func aScreenThatWritesTheSameAppearanceItselfIsNotLeakedTo() {
    let source =
      Self.styles + """
        screen Home { push Detail; on viewDidLoad { barAppearance scrollEdge Dark } }
        screen Detail { on viewDidLoad { barAppearance scrollEdge Dark } }
        """
    #expect(locations(source) == ["unused-style@2:7"])
  }

  @Test func anotherSlotIsAnotherProperty() {
    let source =
      Self.styles + """
        screen Home { push Detail; barAppearance standard Light }
        screen Detail { on viewWillAppear { barAppearance compactScrollEdge Dark } }
        """
    #expect(locations(source) == ["state-leak@5:37"])
  }

  @Test func theFrontEndChecksTheForm() {
    let source =
      Self.styles + """
        screen Home {
            barAppearance standard Dark
            barAppearance Light
            barAppearance sideways Dark
            titleStyle { background opaque }
            on viewDidLoad { barAppearance Dark }
        }
        """
    #expect(
      locations(source) == [
        "duplicate-directive@6:5", "invalid-value@7:19", "invalid-value@8:18",
        "invalid-value@9:22",
      ])
  }

  @Test func emitCarriesItAndTheRuntimeReadsItBack() throws {
    let source =
      Self.styles + """
        screen Home { push Detail; barAppearance Light }
        screen Detail { barAppearance scrollEdge Dark; on viewDidAppear { barAppearance standard Dark } }
        """
    let compilation = compile(source)
    let book = try #require(RuleBookBuilder.book(from: compilation.module))
    let lines = book.tableLines
    #expect(lines[0] == "navrules-table 3")
    #expect(lines.contains("appearance 0 background=transparent"))
    #expect(try RuleBook(table: book.tableText) == book)
    let dark = BarAppearance(
      background: .opaque, backgroundColor: .rgba(red: 0x22, green: 0x22, blue: 0x22, alpha: 255),
      title: TitleAttributes(color: .named(.white)))
    #expect(
      book.screens[1].barAppearances == [BarAppearanceRule(slots: [.scrollEdge], appearance: dark)])
    #expect(book.screens[1].hooks[0].actions == [.setBarAppearance(.standard, dark)])
  }

  @Test func rulesWithoutAppearancesKeepTableVersionTwo() throws {
    let book = try #require(
      RuleBookBuilder.book(from: compile("navigator Main { root Home }\nscreen Home { }").module))
    #expect(book.tableLines[0] == "navrules-table 2")
  }
}
