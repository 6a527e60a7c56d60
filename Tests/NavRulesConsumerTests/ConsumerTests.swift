import NavRules
import NavRulesCompiler
import NavRulesTestSupport
import Testing

/// The golden files in `Generated/` are compiled into this target against `NavRules`; these
/// tests read their tables back.
@Suite struct ConsumerTests {
  /// What the compiler resolves from a fixture, as a book.
  static func compiled(_ fixture: String) throws -> RuleBook {
    let files = try InputFiles.load([Repository.url("Tests/Fixtures/Emit/" + fixture).path])
    return try #require(RuleBookBuilder.book(from: Compilation(files: files).module))
  }

  @Test func everyTableHoldsExactlyWhatTheCompilerResolved() throws {
    #expect(ContractRules.book == (try Self.compiled("Contract.navrules")))
    #expect(EscapingRules.book == (try Self.compiled("Escaping.navrules")))
    #expect(EmptyRules.book == (try Self.compiled("Empty.navrules")))
    #expect(HashesRules.book == (try Self.compiled("Hashes.navrules")))
    #expect(MultiFileRules.book == (try Self.compiled("MultiFile")))
  }

  @Test func casesFollowTheTableOrder() {
    #expect(ContractRules.Screen.allCases.count == ContractRules.book.screens.count)
    for (index, screen) in ContractRules.Screen.allCases.enumerated() {
      #expect(ContractRules.id(screen) == ScreenID(index))
      #expect(ContractRules.screen(ScreenID(index)) == screen)
    }
    #expect(ContractRules.screen(ScreenID(99)) == nil)
    #expect(ContractRules.navigator(NavigatorID(1)) == .onboarding)
    #expect(ContractRules.style(StyleID(0)) == .brand)
  }
}

/// The language contract's example (docs/language.md#declarations), declaration by declaration.
@Suite struct ContractExampleTests {
  typealias Rules = ContractRules

  static let brand = TitleAttributes(
    color: .rgba(red: 0x7B, green: 0x2F, blue: 0xF7, alpha: 0xFF),
    font: .system(size: 17, weight: .semibold))

  @Test func platformAndStyle() {
    #expect(Rules.book.platform == PlatformVersion(13, 0))
    #expect(Rules.rule(.brand) == StyleRule(name: "Brand", attributes: Self.brand))
  }

  @Test func navigators() {
    let main = Rules.rule(.main)
    #expect(main.name == "Main")
    #expect(Rules.screen(main.root) == .home)
    #expect(main.titleStyle == TitleStyleRule(attributes: Self.brand, style: Rules.id(.brand)))
    #expect(main.popGesture == .system)
    #expect(main.backDebounceMilliseconds == 300)
    let onboarding = Rules.rule(.onboarding)
    #expect(Rules.screen(onboarding.root) == .welcome)
    #expect(onboarding.titleStyle == nil && onboarding.backDebounceMilliseconds == 0)
  }

  @Test func homeHasTheGraphEdges() {
    let home = Rules.rule(.home)
    #expect(home.pushes.map { Rules.screen($0) } == [.detail, .web, .checkout])
    #expect(home.presents.map { Rules.navigator($0) } == [.onboarding])
    #expect(home.className == "Home" && home.title == nil && home.back == .allow)
  }

  @Test func webIsInterceptedWithItsOwnClassTitleAndStyle() {
    let web = Rules.rule(.web)
    #expect(web.className == "WebPageViewController")
    #expect(web.title == "Article")
    #expect(web.back == .intercept)
    #expect(
      web.titleStyle
        == TitleStyleRule(
          attributes: TitleAttributes(
            color: .rgba(red: 0x33, green: 0x33, blue: 0x33, alpha: 0xFF),
            font: .system(size: 17, weight: .regular)),
          style: nil))
  }

  @Test func checkoutConfirmsAndDisablesTheSwipe() {
    let checkout = Rules.rule(.checkout)
    #expect(
      checkout.back
        == .confirm(
          BackConfirmation(
            message: "Leave checkout? Your cart is kept.", leaveTitle: "Leave", stayTitle: "Stay"))
    )
    #expect(checkout.popGesture == .disabled)
    #expect(checkout.pushes == [Rules.id(.payment)])
  }

  @Test func searchHidesTheBarAndForcesTheSwipe() {
    let search = Rules.rule(.search)
    #expect(search.navigationBar == .hidden && search.popGesture == .forced)
    #expect(search.leftBarButton == .none)
  }

  @Test func legacyKeepsItsHooksInOrder() {
    #expect(
      Rules.rule(.legacy).hooks == [
        HookRule(event: .viewDidAppear, actions: [.setGestureEnabled(false)]),
        HookRule(event: .viewWillDisappear, actions: [.setGestureEnabled(true)]),
      ])
  }

  @Test func theRuntimeAppliesTheGeneratedTable() {
    var session = NavigatorSession(book: Rules.book, navigator: Rules.id(.main))
    _ = session.launch(classNames: ["Home"])
    _ = session.transitionDidEnd()
    _ = session.didBeginPush(className: "WebPageViewController", animated: true)
    _ = session.transitionDidEnd()
    #expect(session.stack == [Rules.id(.home), Rules.id(.web)])
    #expect(session.state.title == Rules.rule(.web).titleStyle?.attributes)
    let step = session.backButtonTapped(viewControllerCount: 2, itemCount: 2, nowMilliseconds: 0)
    #expect(step == .ask(stackIndex: 1))
  }
}

/// Names and strings that would change the meaning of careless generated Swift.
@Suite struct EscapingTests {
  typealias Rules = EscapingRules

  @Test func keywordsAndCollidingNamesGetDistinctCases() {
    #expect(Rules.rule(.class).name == "class")
    #expect(Rules.rule(.init_).name == "init")
    #expect(Rules.rule(.home).name == "Home")
    #expect(Rules.rule(.home_).name == "home")
    #expect(Rules.rule(.urlView).name == "URLView")
    #expect(Rules.rule(.allCases_).name == "allCases")
    #expect(Rules.rule(.__).name == "_")
    #expect(Rules.rule(.___).name == "__")
    #expect(Rules.rule(.self_).name == "self")
    #expect(Rules.rule(.self__).name == "Self")
    #expect(Rules.rule(.default).name == "default")
    #expect(Rules.rule(.type).name == "Type")
    #expect(Rules.Screen.allCases.count == 8)
  }

  @Test func stringsReadBackExactly() {
    #expect(Rules.rule(.class).title == "\"\"\"# \\#(injected) \u{202E}evil\u{202C}")
    #expect(
      Rules.rule(.init_).back
        == .confirm(
          BackConfirmation(message: "Line one\nLine two\t\u{0}", leaveTitle: "#\"", stayTitle: "\\")
        ))
    #expect(Rules.rule(.init_).className == "Protocol")
    #expect(Rules.rule(.home).title == "文章 😀")
    #expect(Rules.rule(.default).attributes.font == .named("Avenir\"Next\\\u{202E}", size: 17.5))
    #expect(Rules.book.platform == PlatformVersion(12, 0, 1))
    #expect(Rules.rule(.self_).backDebounceMilliseconds == 250)
  }
}

@Suite struct SmallModuleTests {
  @Test func anEmptyModuleHasEmptyEnums() {
    #expect(EmptyRules.Screen.allCases.isEmpty)
    #expect(EmptyRules.Navigator.allCases.isEmpty)
    #expect(EmptyRules.Style.allCases.isEmpty)
    #expect(EmptyRules.book.platform == PlatformVersion.default)
  }

  @Test func filesOfOneRunShareTheirNames() {
    let main = MultiFileRules.rule(.main)
    #expect(MultiFileRules.screen(main.root) == .feed)
    #expect(main.titleStyle?.style == MultiFileRules.id(.headline))
    #expect(MultiFileRules.rule(.feed).pushes == [MultiFileRules.id(.story)])
    #expect(MultiFileRules.rule(.feed).presents == [MultiFileRules.id(.main)])
    #expect(MultiFileRules.rule(.story).hooks.count == 3)
  }
}
