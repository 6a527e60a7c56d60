import Foundation
import NavRules
import NavRulesCompiler
import NavRulesTestSupport
import Testing

/// The golden emitted files of the examples (`Generated/Examples/`), compiled against the
/// runtime, read back and compared with what the compiler resolves from the rule files, field
/// by field and by name.
@Suite struct ExampleTablesTests {
  /// Every generated type, with the example it comes from.
  static var tables: [(example: String, rules: any NavigationRuleSet.Type)] {
    [
      (
        "examples/base-class-delegate/base-class-delegate.fixed.navrules",
        BaseClassDelegateFixedRules.self
      ),
      ("examples/checkout-confirm", CheckoutConfirmRules.self),
      ("examples/content-swipe/content-swipe.broken.navrules", ContentSwipeBrokenRules.self),
      ("examples/content-swipe/content-swipe.fixed.navrules", ContentSwipeFixedRules.self),
      (
        "examples/custom-back-button/custom-back-button.broken.navrules",
        CustomBackButtonBrokenRules.self
      ),
      (
        "examples/custom-back-button/custom-back-button.fixed.navrules",
        CustomBackButtonFixedRules.self
      ),
      ("examples/delegate-leak/delegate-leak.fixed.navrules", DelegateLeakFixedRules.self),
      ("examples/gesture-leak/gesture-leak.broken.navrules", GestureLeakBrokenRules.self),
      ("examples/gesture-leak/gesture-leak.fixed.navrules", GestureLeakFixedRules.self),
      ("examples/root-swipe-hang/root-swipe-hang.fixed.navrules", RootSwipeHangFixedRules.self),
      ("examples/search-hidden-bar", SearchHiddenBarRules.self),
      ("examples/swipe-freeze/swipe-freeze.fixed.navrules", SwipeFreezeFixedRules.self),
      (
        "examples/title-lost-on-back/title-lost-on-back.broken.navrules",
        TitleLostOnBackBrokenRules.self
      ),
      (
        "examples/title-lost-on-back/title-lost-on-back.fixed.navrules",
        TitleLostOnBackFixedRules.self
      ),
      ("examples/title-styles", TitleStylesRules.self),
      ("examples/web-history", WebHistoryRules.self),
    ]
  }

  @Test func everyExampleGoldenIsReadBackHere() {
    let withGolden = ExampleModule.all.filter {
      FileManager.default.fileExists(atPath: Repository.url($0.goldenPath).path)
    }
    #expect(Self.tables.map(\.example) == withGolden.map(\.name))
    for (example, rules) in Self.tables {
      #expect(
        "\(rules)" == ExampleModule.all.first { $0.name == example }?.typeName, "\(example)")
    }
  }

  @Test func everyTableHoldsExactlyWhatItsRuleFilesDeclare() throws {
    for (name, rules) in Self.tables {
      let example = try #require(ExampleModule.all.first { $0.name == name })
      let files = try InputFiles.load(example.paths.map { Repository.url($0).path })
      let compilation = Compilation(files: files)
      #expect(compilation.errorCount == 0, "\(name)")
      Self.check(rules, against: compilation.module, example: name)
    }
  }

  /// Compares a generated table with the resolved module by declaration and by name, without
  /// going through `RuleBookBuilder` (which wrote the table), and then with it.
  static func check<Rules: NavigationRuleSet>(
    _ rules: Rules.Type, against module: Module, example: String
  ) {
    let book = Rules.book
    #expect(book == RuleBookBuilder.book(from: module), "\(example)")
    #expect(book.platform == module.deploymentTarget, "\(example)")

    // The typed names: one case per declaration, in order, named as documented.
    func caseNames<Symbol: CaseIterable>(_ symbol: Symbol.Type) -> [String] {
      Symbol.allCases.map { String(describing: $0) }
    }
    #expect(
      caseNames(Rules.Screen.self) == SwiftNames.caseNames(for: module.screens.map(\.name)),
      "\(example)")
    #expect(
      caseNames(Rules.Navigator.self)
        == SwiftNames.caseNames(for: module.navigators.map(\.name)), "\(example)")
    #expect(
      caseNames(Rules.Style.self) == SwiftNames.caseNames(for: module.styles.map(\.name)),
      "\(example)")

    let screenNames = module.screens.map(\.name)
    for (index, symbol) in Rules.Screen.allCases.enumerated() {
      let rule = Rules.rule(symbol)
      let declared = module.screens[index]
      let context = "\(example): screen \(declared.name)"
      #expect(Rules.screen(Rules.id(symbol)) == symbol, "\(context)")
      #expect(rule.name == declared.name, "\(context)")
      #expect(rule.className == (declared.className?.value ?? declared.name), "\(context)")
      #expect(rule.title == declared.title?.value, "\(context)")
      #expect(rule.titleStyle?.attributes == declared.titleStyle?.value.attributes, "\(context)")
      #expect(rule.back == (declared.back?.value ?? .allow), "\(context)")
      #expect(rule.popGesture == declared.popGesture?.value, "\(context)")
      #expect(rule.navigationBar == (declared.navigationBar?.value ?? .visible), "\(context)")
      #expect(rule.leftBarButton == (declared.leftBarButton?.value ?? .none), "\(context)")
      #expect(
        rule.pushes.map { book[$0].name } == declared.pushes.map { screenNames[$0.value.index] },
        "\(context)")
      #expect(
        rule.presents.map { book[$0].name }
          == declared.presents.map { module.navigators[$0.value.index].name }, "\(context)")
      #expect(rule.hooks.map(\.event) == declared.hooks.map(\.event.value), "\(context)")
      #expect(rule.hooks.map(\.condition) == declared.hooks.map(\.condition), "\(context)")
      #expect(
        rule.hooks.map(\.actions) == declared.hooks.map { $0.actions.map(\.action) },
        "\(context)")
    }
    for (index, symbol) in Rules.Navigator.allCases.enumerated() {
      let rule = Rules.rule(symbol)
      let declared = module.navigators[index]
      let context = "\(example): navigator \(declared.name)"
      #expect(rule.name == declared.name, "\(context)")
      #expect(book[rule.root].name == declared.root.map { screenNames[$0.value.index] })
      #expect(rule.titleStyle?.attributes == declared.titleStyle?.value.attributes, "\(context)")
      #expect(rule.popGesture == (declared.popGesture?.value ?? .system), "\(context)")
      #expect(rule.backDebounceMilliseconds == (declared.backDebounce?.value ?? 0), "\(context)")
    }
    for (index, symbol) in Rules.Style.allCases.enumerated() {
      let rule = Rules.rule(symbol)
      #expect(rule.name == module.styles[index].name, "\(example)")
      #expect(rule.attributes == module.styles[index].attributes, "\(example)")
    }
  }
}

/// What each scenario is about, written out by hand from the rule files.
@Suite struct ExampleScenarioTests {
  static let brand = TitleAttributes(
    color: .rgba(red: 0x7B, green: 0x2F, blue: 0xF7, alpha: 0xFF),
    font: .system(size: 17, weight: .semibold))

  /// A session of `Rules` on `navigator` with `classNames` pushed one after another.
  static func session<Rules: NavigationRuleSet>(
    _ rules: Rules.Type, _ navigator: Rules.Navigator, stack classNames: [String]
  ) -> NavigatorSession {
    var session = NavigatorSession(book: Rules.book, navigator: Rules.id(navigator))
    _ = session.launch(classNames: [classNames[0]])
    _ = session.transitionDidEnd()
    for className in classNames.dropFirst() {
      _ = session.didBeginPush(className: className, animated: true)
      _ = session.transitionDidEnd()
    }
    return session
  }

  @Test func webHistoryInterceptsTheArticleAndDebouncesBackTaps() {
    typealias Rules = WebHistoryRules
    #expect(Rules.book.platform == PlatformVersion(15, 0))
    #expect(Rules.rule(.webHistory).backDebounceMilliseconds == 200)
    #expect(Rules.screen(Rules.rule(.webHistory).root) == .feed)
    let article = Rules.rule(.article)
    #expect(article.back == .intercept)
    #expect(article.className == "ArticleWebViewController" && article.title == "Article")
    #expect(article.pushes == [Rules.id(.comments)])
    #expect(Rules.rule(.comments).back == .allow && Rules.rule(.comments).title == "Comments")

    var session = Self.session(
      Rules.self, .webHistory, stack: ["Feed", "ArticleWebViewController", "Comments"])
    // Comments pops freely; the Article it reveals is asked, but not within 200 ms of that tap.
    let tap = session.backButtonTapped(viewControllerCount: 3, itemCount: 3, nowMilliseconds: 1000)
    #expect(tap == .answer(BackButtonAnswer(shouldPop: false, effects: [.popTopScreen])))
    let pops = session.shouldPerformTapPop(viewControllerCount: 3)
    #expect(pops)
    _ = session.didBeginPop(interactive: false, animated: true)
    _ = session.transitionDidEnd()
    let early = session.backButtonTapped(
      viewControllerCount: 2, itemCount: 2, nowMilliseconds: 1150)
    #expect(early == .answer(.refused))
    let late = session.backButtonTapped(viewControllerCount: 2, itemCount: 2, nowMilliseconds: 1250)
    #expect(late == .ask(stackIndex: 1))
    // The swipe on the Article asks the view controller too.
    var asked: [PopTrigger] = []
    let copy = Self.session(Rules.self, .webHistory, stack: ["Feed", "ArticleWebViewController"])
    #expect(
      !copy.swipeShouldBegin { _, trigger in
        asked.append(trigger)
        return false
      })
    #expect(asked == [.gesture])
  }

  @Test func checkoutConfirmAsksWithItsMessageAndButtonTitles() {
    typealias Rules = CheckoutConfirmRules
    let confirmation = BackConfirmation(
      message: "Leave checkout? Your cart is kept.", leaveTitle: "Leave",
      stayTitle: "Keep editing")
    let checkout = Rules.rule(.checkout)
    #expect(checkout.back == .confirm(confirmation))
    #expect(checkout.popGesture == .disabled)
    #expect(checkout.className == "CheckoutFormViewController")
    #expect(checkout.pushes.compactMap(Rules.screen) == [.payment])
    #expect(Rules.rule(.basket).pushes.compactMap(Rules.screen) == [.checkout])
    #expect(Rules.rule(.payment).back == .allow)

    var session = Self.session(
      Rules.self, .checkoutConfirm, stack: ["Basket", "CheckoutFormViewController"])
    #expect(!session.swipeShouldBegin { _, _ in true })
    let tap = session.backButtonTapped(viewControllerCount: 2, itemCount: 2, nowMilliseconds: 0)
    #expect(
      tap
        == .answer(
          BackButtonAnswer(
            shouldPop: false, effects: [.restoreBackButton, .presentConfirmation(confirmation)])))
    let stay = session.confirmationAnswered(leave: false)
    #expect(stay.isEmpty)
  }

  @Test func searchHidesItsBarAndForcesTheSwipe() {
    typealias Rules = SearchHiddenBarRules
    let search = Rules.rule(.search)
    #expect(search.navigationBar == .hidden && search.popGesture == .forced)
    #expect(search.className == "SearchViewController" && search.title == nil)
    #expect(Rules.rule(.results).navigationBar == .visible)
    #expect(Rules.rule(.results).popGesture == nil)

    var session = Self.session(
      Rules.self, .searchHiddenBar, stack: ["Discover", "SearchViewController"])
    #expect(session.state.barHidden)
    #expect(session.swipeShouldBegin { _, _ in nil })
    _ = session.didBeginPush(className: "Results", animated: true)
    _ = session.transitionDidEnd()
    #expect(!session.state.barHidden, "Results shows its bar again by itself")
    // Never at the root, even with the bar hidden and the swipe forced.
    #expect(
      !Self.session(Rules.self, .searchHiddenBar, stack: ["Discover"]).swipeShouldBegin { _, _ in
        nil
      })
  }

  @Test func titleStylesResolveNamedInlineAndInheritedAttributes() {
    typealias Rules = TitleStylesRules
    let calm = TitleAttributes(
      color: .named(.secondaryLabel), font: .named("AvenirNext-Medium", size: 16))
    #expect(Rules.rule(.brand) == StyleRule(name: "Brand", attributes: Self.brand))
    #expect(Rules.rule(.calm) == StyleRule(name: "Calm", attributes: calm))
    #expect(
      Rules.rule(.titleStyles).titleStyle
        == TitleStyleRule(attributes: Self.brand, style: Rules.id(.brand)))
    #expect(Rules.rule(.dashboard).titleStyle == nil)
    #expect(
      Rules.book.appearance(of: Rules.id(.dashboard), in: Rules.id(.titleStyles)).title
        == Self.brand)
    #expect(
      Rules.rule(.member).titleStyle == TitleStyleRule(attributes: calm, style: Rules.id(.calm)))
    #expect(
      Rules.rule(.preferences).titleStyle
        == TitleStyleRule(
          attributes: TitleAttributes(
            color: .named(.systemRed), font: .system(size: 18, weight: .bold)),
          style: nil))
    #expect(
      Rules.rule(.about).titleStyle
        == TitleStyleRule(
          attributes: TitleAttributes(
            color: .named(.label), font: .system(size: 15, weight: .regular)),
          style: nil))
    #expect(
      Rules.rule(.dashboard).pushes.compactMap(Rules.screen) == [.member, .preferences, .about])

    var session = Self.session(Rules.self, .titleStyles, stack: ["Dashboard"])
    #expect(session.state.title == Self.brand)
    _ = session.didBeginPush(className: "Member", animated: true)
    _ = session.transitionDidEnd()
    #expect(session.state.title == calm)
  }

  @Test func theFixedTrapsDeclareInsteadOfToggling() {
    #expect(RootSwipeHangFixedRules.rule(.albumsFixed).hooks.isEmpty)
    #expect(RootSwipeHangFixedRules.rule(.galleryFixed).popGesture == .forced)
    #expect(RootSwipeHangFixedRules.rule(.galleryFixed).navigationBar == .hidden)

    let reader = DelegateLeakFixedRules.rule(.readerFixed)
    #expect(reader.navigationBar == .hidden && reader.leftBarButton == .custom)
    #expect(reader.popGesture == .forced && reader.hooks.isEmpty)
    #expect(
      DelegateLeakFixedRules.rule(.purchaseFixed).back
        == .confirm(BackConfirmation(message: "Leave checkout?")))

    #expect(SwipeFreezeFixedRules.rule(.formFixed).popGesture == .disabled)
    #expect(SwipeFreezeFixedRules.rule(.formFixed).hooks.isEmpty)

    #expect(ContentSwipeFixedRules.rule(.gameFixed).popGesture == .disabled)
    #expect(ContentSwipeFixedRules.rule(.gameFixed).hooks.isEmpty)
    #expect(
      ContentSwipeBrokenRules.rule(.game).hooks == [
        HookRule(event: .viewDidAppear, actions: [.setGestureEnabled(false)]),
        HookRule(event: .viewWillDisappear, actions: [.setGestureEnabled(true)]),
      ])

    #expect(GestureLeakFixedRules.rule(.surveyFixed).popGesture == .disabled)
    #expect(GestureLeakFixedRules.rule(.surveyFixed).hooks.isEmpty)

    let catalog = TitleAttributes(
      color: .rgba(red: 0x1D, green: 0x35, blue: 0x57, alpha: 0xFF),
      font: .system(size: 17, weight: .semibold))
    typealias Titles = TitleLostOnBackFixedRules
    #expect(Titles.rule(.titleLostOnBackFixed).titleStyle?.attributes == catalog)
    // Screens and styles share the names MenuFixed and DishFixed here: name the enum.
    #expect(
      Titles.rule(Titles.Screen.dishFixed).titleStyle
        == TitleStyleRule(
          attributes: TitleAttributes(color: .named(.systemOrange)),
          style: Titles.id(Titles.Style.dishFixed)))
    #expect(Titles.rule(Titles.Screen.menuFixed).hooks.isEmpty)

    let editor = CustomBackButtonFixedRules.rule(.editorFixed)
    #expect(editor.leftBarButton == .custom && editor.popGesture == .forced)
  }

  /// Examples with warnings only are emitted too, hooks and all: the warning is advice.
  @Test func theBrokenTrapsWithWarningsOnlyKeepTheirHooks() {
    #expect(
      GestureLeakBrokenRules.rule(.survey).hooks == [
        HookRule(event: .viewDidAppear, actions: [.setGestureEnabled(false)])
      ])
    let orange = TitleAttributes(color: .named(.systemOrange))
    #expect(
      TitleLostOnBackBrokenRules.rule(TitleLostOnBackBrokenRules.Screen.dish).hooks == [
        HookRule(event: .viewWillAppear, actions: [.setTitleStyle(orange)])
      ])
    #expect(CustomBackButtonBrokenRules.rule(.editor).popGesture == .enabled)
  }
}
