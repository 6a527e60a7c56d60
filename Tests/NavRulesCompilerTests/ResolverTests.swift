import NavRulesCompiler
import NavRulesModel
import Testing

@Suite struct ResolverModuleTests {
  static let rules = """
    platform iOS 13.4
    style Brand { color #7B2FF7; font system 17 semibold }
    navigator Main {
      root Home
      titleStyle Brand
      popGesture system
      backDebounce 0.3s
    }
    navigator Onboarding { root Welcome }
    screen Home {
      push Web, Checkout
      push Search
      present Onboarding
    }
    screen Web {
      class WebPageViewController
      title "Article \\u{1F4F0}"
      back intercept
      titleStyle { color label; font "Avenir-Heavy" 18 }
    }
    screen Checkout {
      back confirm "Leave checkout?" stay "Stay" leave "Leave"
      popGesture disabled
    }
    screen Search {
      navigationBar hidden
      popGesture forced
      leftBarButton custom
      on viewDidAppear { popGesture disabled; popGestureDelegate guarded }  // navrc:disable-line content-swipe-bypass
      on viewWillDisappear {
        popGesture enabled; popGestureDelegate system; titleStyle Brand; navigationBar visible
      }
    }
    screen Welcome { }
    """

  @Test func everyDeclarationAndValueIsResolved() throws {
    let compilation = compile(Self.rules)
    #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics.map(summary))")
    let module = compilation.module
    #expect(module.deploymentTarget == PlatformVersion(13, 4))
    #expect(module.navigators.map(\.name) == ["Main", "Onboarding"])
    #expect(module.screens.map(\.name) == ["Home", "Web", "Checkout", "Search", "Welcome"])
    let brand = TitleAttributes(
      color: .rgba(red: 0x7B, green: 0x2F, blue: 0xF7, alpha: 0xFF),
      font: .system(size: 17, weight: .semibold))
    #expect(module.styles.first?.attributes == brand)

    let main = module.navigators[0]
    #expect(main.root?.value == module.screen(named: "Home"))
    #expect(main.titleStyle?.value.attributes == brand)
    #expect(main.effectiveBackDebounce == 300)

    let home = try #require(module.screen(named: "Home").map { module[$0] })
    #expect(home.pushes.map { module[$0.value].name } == ["Web", "Checkout", "Search"])
    #expect(home.presents.map { module[$0.value].name } == ["Onboarding"])

    let web = module.screens[1]
    #expect(web.effectiveClassName == "WebPageViewController")
    #expect(web.title?.value == "Article 📰")
    #expect(web.effectiveBack == .intercept)
    #expect(
      web.titleStyle?.value.attributes
        == TitleAttributes(color: .named(.label), font: .named("Avenir-Heavy", size: 18)))

    let checkout = module.screens[2]
    #expect(
      checkout.effectiveBack
        == .confirm(
          BackConfirmation(message: "Leave checkout?", leaveTitle: "Leave", stayTitle: "Stay")))
    #expect(checkout.popGesture?.value == .disabled)

    let search = module.screens[3]
    #expect(search.effectiveNavigationBar == .hidden)
    #expect(search.effectiveLeftBarButton == .custom)
    #expect(
      search.actions(at: .viewDidAppear, isRootAtDepthOne: false).map(\.action) == [
        .setGestureEnabled(false), .setGestureDelegate(.guarded),
      ])
    #expect(
      search.actions(at: .viewWillDisappear, isRootAtDepthOne: false).map(\.action) == [
        .setGestureEnabled(true), .setGestureDelegate(.system), .setTitleStyle(brand),
        .setNavigationBar(.visible),
      ])
    #expect(module.screens[4].effectiveClassName == "Welcome")
  }

  @Test func locationsPointAtTheDirectiveAndTheNames() throws {
    let module = compile(Self.rules).module
    let home = module.screens[0]
    #expect(home.nameRange.start == SourcePosition(line: 10, column: 8))
    #expect(home.pushes[1].range.start == SourcePosition(line: 11, column: 13))
    let checkout = module.screens[2]
    #expect(checkout.back?.range.start == SourcePosition(line: 22, column: 3))
    let action = try #require(module.screens[3].hooks.first?.actions.last)
    #expect(action.range.start == SourcePosition(line: 29, column: 43))
  }

  @Test func declarationOrderDoesNotMatterAndFilesFormOneModule() {
    let compilation = compile([
      (path: "b.navrules", text: "screen Detail { push Home }\n"),
      (path: "a.navrules", text: "screen Home { push Detail }\nnavigator Main { root Home }\n"),
    ])
    #expect(compilation.diagnostics.isEmpty)
    #expect(compilation.files.map(\.path) == ["a.navrules", "b.navrules"])
    #expect(compilation.module.screens.map(\.name) == ["Home", "Detail"])
  }

  @Test func eachKindOfNameHasItsOwnNamespace() {
    let compilation = compile(
      "navigator Home { root Home }\nscreen Home { titleStyle Home }\nstyle Home { color black }")
    #expect(compilation.diagnostics.isEmpty)
  }
}

/// A screen's title and class name are kept as where they are written (`DeclaredText`) and
/// made when read: the text is the one the literal or the word spells, escapes decoded, and
/// the range is the directive's.
@Suite struct DeclaredTextTests {
  @Test(arguments: [
    (#"title "Screen number 17""#, "Screen number 17"),
    (#"title "Grüße, 首页 😀""#, "Grüße, 首页 😀"),
    (#"title "say \"hi\"\n\u{e9}""#, "say \"hi\"\n\u{e9}"),
    (#"title """#, ""),
  ])
  func aTitleReadsAsItsLiteralSpells(directive: String, expected: String) throws {
    let source = "navigator Main { root Home }\nscreen Home {\n  \(directive)\n}\n"
    let compilation = compile(source)
    #expect(compilation.diagnostics.isEmpty)
    let title = try #require(compilation.module.screens.first?.title)
    #expect(title.value == expected)
    #expect(title.range.start == SourcePosition(line: 3, column: 3))
    #expect(title.range.bytes.count == directive.utf8.count)
  }

  @Test func aClassNameReadsAsItsWordAndCanBeReplaced() throws {
    let compilation = compile(
      "navigator Main { root Home }\nscreen Home { class HomeViewController_2 }\n")
    var screen = try #require(compilation.module.screens.first)
    #expect(screen.className?.value == "HomeViewController_2")
    #expect(screen.effectiveClassName == "HomeViewController_2")
    #expect(screen.className?.range.start == SourcePosition(line: 2, column: 15))
    let range = try #require(screen.className?.range)
    screen.className = Located("Other", at: range)
    #expect(screen.effectiveClassName == "Other")
    screen.className = nil
    #expect(screen.effectiveClassName == "Home")
  }
}

@Suite struct ResolverDiagnosticTests {
  @Test func duplicatesAreReportedAtTheLaterDeclarationWithANoteAtTheFirst() throws {
    let compilation = compile([
      (path: "z.navrules", text: "navigator Main { root Home }\nscreen Home { }\n"),
      (path: "a.navrules", text: "\n  screen Home { title \"x\" }\n"),
    ])
    let diagnostic = try #require(compilation.diagnostics.first)
    #expect(compilation.diagnostics.count == 1)
    #expect(diagnostic.id == .duplicateDeclaration)
    #expect(diagnostic.range.file.path == "z.navrules")
    #expect(diagnostic.range.start == SourcePosition(line: 2, column: 8))
    #expect(diagnostic.notes.map(\.range.file.path) == ["a.navrules"])
    #expect(diagnostic.notes.map(\.range.start) == [SourcePosition(line: 2, column: 10)])
  }

  @Test func duplicateDirectivesAndClauses() {
    let source = """
      navigator Main { root Home; root Home }
      screen Home { title "a"; title "b"; back confirm "?" leave "x" leave "y" }
      """
    #expect(
      locations(source) == [
        "duplicate-directive@1:29", "duplicate-directive@2:26", "duplicate-directive@2:64",
      ])
  }

  @Test func aSecondPlatformIsADuplicateDeclaration() {
    #expect(locations("platform iOS 13\nplatform iOS 14") == ["duplicate-declaration@2:1"])
  }

  /// Also when either has an invalid value: the duplicate is reported at the later one, with a
  /// note at the first, besides each invalid value.
  @Test(arguments: [
    ("platform iOS 11\nplatform iOS 14", ["invalid-value@1:14", "duplicate-declaration@2:1"]),
    ("platform Android 13\nplatform iOS 13", ["invalid-value@1:10", "duplicate-declaration@2:1"]),
    ("platform iOS 13\nplatform iOS", ["duplicate-declaration@2:1", "invalid-value@2:10"]),
    (
      "platform iOS\nplatform iOS 9\nplatform iOS 15",
      [
        "invalid-value@1:10", "duplicate-declaration@2:1", "invalid-value@2:14",
        "duplicate-declaration@3:1",
      ]
    ),
  ])
  func aSecondPlatformIsADuplicateWhateverItsValues(source: String, expected: [String]) throws {
    let diagnostics = compile(source).diagnostics
    #expect(locations(diagnostics) == expected)
    for duplicate in diagnostics where duplicate.id == .duplicateDeclaration {
      #expect(duplicate.notes.map(\.message) == ["first declared here"])
      #expect(duplicate.notes.first?.range.start == SourcePosition(line: 1, column: 1))
    }
  }

  @Test func undefinedReferencesSuggestACloseNameWithAFixIt() throws {
    let compilation = compile(
      "navigator Main { root Home }\nscreen Home { push Detial }\nscreen Detail { }")
    let diagnostic = try #require(compilation.diagnostics.first)
    #expect(compilation.diagnostics.count == 1)
    #expect(diagnostic.message == "no screen named 'Detial'")
    #expect(diagnostic.notes.map(\.message) == ["did you mean 'Detail'?"])
    #expect(diagnostic.fixIts.first?.edits.map(\.replacement) == ["Detail"])
    #expect(
      diagnostic.fixIts.first?.edits.first?.range.start == SourcePosition(line: 2, column: 20))
  }

  @Test func aNameOfTheWrongKindSaysWhatItIs() throws {
    let compilation = compile("navigator Main { root Home }\nscreen Home { push Main }")
    let diagnostic = try #require(compilation.diagnostics.first)
    #expect(
      diagnostic.notes.map(\.message) == ["'Main' is a navigator; show it with 'present Main'"])
  }

  @Test func missingRootIsReportedAtTheNavigatorsName() {
    #expect(locations("navigator Main {\n  popGesture system\n}") == ["missing-root@1:11"])
  }

  @Test func missingRootIsNotReportedWhenAMistakeMayHaveHiddenIt() {
    #expect(locations("navigator Main {\n  root Home @\n}\nscreen Home {}") == ["syntax@2:13"])
    #expect(
      locations("navigator Main {\n  rot Home\n}\nscreen Home {}") == ["unknown-directive@2:3"])
  }

  @Test func unreachableScreensAndUnusedStylesAreWarningsAtTheirNames() {
    let source = """
      navigator Main { root Home }
      screen Home { push Detail }
      screen Detail { push Home }
      screen   Orphan { push Detail }
      style Unused { color black }
      """
    let compilation = compile(source)
    #expect(locations(compilation.diagnostics) == ["unreachable-screen@4:10", "unused-style@5:7"])
    #expect(compilation.diagnostics.allSatisfy { $0.severity == .warning })
    #expect(compilation.errorCount == 0)
  }

  /// A mistake that may have hidden a reference holds the reachability warnings back, so they
  /// are not a cascade of it.
  @Test(arguments: [
    "screen Home { push Detial }",
    "screen Home { psh Detail }",
    "screen Home { push Detail Web }",
    "screen Home { push \"Detail\" }",
    "screen Home { push Detail, }",
    "screen Home { push Detail @ }",
    "screen Home { push Detail.Web }",
    "screen Home { }\nscreen Home { push Detail }",
    "screen Home { }\nnavigator Main { root Detail }",
  ])
  func unreachableScreenWaitsForTheErrorsToBeFixed(_ mistake: String) {
    let compilation = compile("navigator Main { root Home }\nscreen Detail { }\n" + mistake)
    #expect(compilation.errorCount >= 1)
    #expect(compilation.warningCount == 0, "\(compilation.diagnostics.map(summary))")
  }

  @Test(arguments: [
    "titleStyle Brnd", "titleStyle Brand Other", "titelStyle Brand", "titleStyle Brand { }",
    "on viewDidLoad { titleStyle Brand, Other }",
  ])
  func unusedStyleWaitsForTheErrorsToBeFixed(_ mistake: String) {
    let compilation = compile(
      "navigator Main { root Home }\nstyle Brand { }\nscreen Home { \(mistake) }")
    #expect(compilation.errorCount >= 1)
    #expect(compilation.warningCount == 0, "\(compilation.diagnostics.map(summary))")
  }

  @Test func aTyposInATitleDoesNotHoldReachabilityBack() {
    #expect(
      locations("navigator Main { root Home }\nscreen Home { titel \"x\" }\nscreen Lost { }") == [
        "unknown-directive@2:15", "unreachable-screen@3:8",
      ])
  }

  /// A declaration that did not come through (misspelt keyword, name in quotes, lost in an
  /// unterminated comment) does not make every reference to its name an error too.
  @Test(arguments: [
    ("scren Detail { }", ["unknown-directive@3:1"]),
    ("screen \"Detail\" { }", ["syntax@3:8"]),
    ("/* screen Detail { }", ["syntax@3:1"]),
  ])
  func referencesToAMistakenDeclarationAreNotReported(_ declaration: String, _ expected: [String]) {
    let source = "navigator Main { root Home }\nscreen Home { push Detail }\n" + declaration
    #expect(locations(source) == expected)
  }

  @Test func unknownDirectivesSayWhereTheyBelongOrSuggestAName() {
    let compilation = compile(
      "push Home\nnavigator Main { root Home; popGestur system }\nscreen Home { on viewDidAppear { back block } }"
    )
    #expect(
      compilation.diagnostics.map(\.message) == [
        "'push' is not allowed at the top level; it belongs in a screen",
        "unknown directive 'popGestur' in a navigator",
        "unknown hook action 'back'; a hook may use popGesture, popGestureDelegate, navigationBar, titleStyle or barAppearance",
      ])
    #expect(compilation.diagnostics[1].notes.map(\.message) == ["did you mean 'popGesture'?"])
  }
}

/// One bad value per line: each is one `invalid-value` (or `syntax`, for shapes the generic
/// parser accepts but a declaration does not) at the value.
@Suite struct ResolverValueTests {
  @Test(arguments: [
    ("platform iOS 11.4", "invalid-value@1:14"),
    ("platform macOS 13.0", "invalid-value@1:10"),
    ("platform iOS 13.x", "syntax@1:16"),
    ("platform iOS \"13\"", "invalid-value@1:14"),
    ("platform iOS", "invalid-value@1:10"),
    ("style S { color #12345 }", "invalid-value@1:17"),
    ("style S { color #GG0000 }", "invalid-value@1:17"),
    ("style S { color # }", "invalid-value@1:17"),
    ("style S { color systemBlu }", "invalid-value@1:17"),
    ("style S { font system 0 }", "invalid-value@1:23"),
    ("style S { font system 17 fat }", "invalid-value@1:26"),
    ("style S { font 17 }", "invalid-value@1:16"),
    ("navigator N { root A; backDebounce 300 }", "invalid-value@1:36"),
    ("navigator N { root A; popGesture sometimes }", "invalid-value@1:34"),
    ("screen A { back maybe }", "invalid-value@1:17"),
    ("screen A { back confirm }", "invalid-value@1:17"),
    ("screen A { back confirm \"?\" go \"Go\" }", "invalid-value@1:29"),
    ("screen A { back confirm \"?\" leave }", "invalid-value@1:29"),
    ("screen A { back block \"x\" }", "invalid-value@1:23"),
    ("screen A { title Home }", "invalid-value@1:18"),
    ("screen A { title \"a\", \"b\" }", "invalid-value@1:23"),
    ("screen A { class \"Name\" }", "invalid-value@1:18"),
    ("screen A { navigationBar gone }", "invalid-value@1:26"),
    ("screen A { leftBarButton back }", "invalid-value@1:26"),
    ("screen A { push }", "invalid-value@1:12"),
    ("screen A { push A A }", "syntax@1:19"),
    ("screen A { titleStyle }", "invalid-value@1:12"),
    ("screen A { titleStyle S { color black } }", "invalid-value@1:23"),
    ("screen A { on viewDidApear { } }", "invalid-value@1:15"),
    ("screen A { on { } }", "invalid-value@1:12"),
    ("screen A { on viewDidLoad }", "syntax@1:12"),
    ("screen A { on viewDidLoad { popGesture forced } }", "invalid-value@1:40"),
    ("screen A { on viewDidLoad { popGestureDelegate nil } }", "invalid-value@1:48"),
    ("screen A { title \"x\" { } }", "syntax@1:22"),
    ("screen { }", "syntax@1:8"),
    ("screen A B { }", "syntax@1:10"),
    ("screen A", "syntax@1:1"),
  ])
  func isReportedOnceAtTheValue(_ source: String, _ expected: String) {
    let errors = compile(source + "\nnavigator N { root A }\nscreen A { }").diagnostics.filter {
      $0.severity == .error && $0.id != .duplicateDeclaration
    }
    #expect(locations(errors) == [expected], "\(errors.map(summary))")
  }

  /// Independent mistakes in one directive are each reported, not just the first.
  @Test(arguments: [
    ("style S { font system 0 fat }", ["invalid-value@1:23", "invalid-value@1:25"]),
    (
      "screen A { titleStyle { font system 1001 heavyy } }",
      [
        "invalid-value@1:37", "invalid-value@1:42",
      ]
    ),
    (
      "screen A { back confirm \"m\" stay \"a\" stay \"b\" leave \"c\" leave \"d\" }",
      ["duplicate-directive@1:38", "duplicate-directive@1:57"]
    ),
    (
      "screen A { back confirm \"m\" leave \"a\" leave \"b\" leave stay \"c\" stay }",
      [
        "duplicate-directive@1:39", "duplicate-directive@1:49", "duplicate-directive@1:64",
      ]
    ),
  ])
  func everyMistakeInADirectiveIsReported(_ source: String, _ expected: [String]) {
    let errors = compile(source + "\nnavigator N { root A }\nscreen A { }").diagnostics.filter {
      $0.severity == .error && $0.id != .duplicateDeclaration
    }
    #expect(locations(errors) == expected, "\(errors.map(summary))")
  }

  /// Issue 11, finding 7: numbers too large to represent became infinity and passed, and so
  /// did absurd sizes and durations.
  @Test(arguments: [
    "style S { font system 1\(String(repeating: "0", count: 400)) }",
    "style S { font \"Avenir\" 1\(String(repeating: "0", count: 400)).5 }",
    "style S { font system 1000000 }",
    "style S { font system 1000.5 }",
    "style S { font system 0.5 }",
    "navigator N { root A; backDebounce \(String(repeating: "9", count: 100_000))ms }",
    "navigator N { root A; backDebounce \(String(repeating: "9", count: 400)).5s }",
    "navigator N { root A; backDebounce 10001ms }",
    "navigator N { root A; backDebounce 10.5s }",
  ])
  func outOfRangeNumbersAreInvalid(_ source: String) {
    let errors = compile(source + "\nnavigator M { root A }\nscreen A { }").diagnostics.filter {
      $0.severity == .error
    }
    #expect(errors.map(\.id) == [.invalidValue], "\(errors.map(summary))")
    #expect(
      errors.first?.message.contains(source.contains("font") ? "1 to 1000" : "at most 10s") == true)
  }

  @Test func theBoundsThemselvesAreValid() {
    let compilation = compile(
      """
      navigator M { root A; backDebounce 10s }
      navigator N { root A; backDebounce 10000ms; titleStyle { font system 1000 } }
      screen A { titleStyle { font "Avenir" 1 } }
      """)
    #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics.map(summary))")
  }
}
