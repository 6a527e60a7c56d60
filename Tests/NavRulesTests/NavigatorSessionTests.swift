import NavRules
import Testing

@Suite struct BackTapTests {
  static let rules = """
    navigator Main { root Home; backDebounce 300ms }
    screen Home { push Plain, Guarded, Asked, Confirmed }
    screen Plain { push Asked }
    screen Guarded { back block }
    screen Asked { back intercept; push Plain }
    screen Confirmed { back confirm "Leave?" leave "Go" stay "Wait" }
    """

  @Test func anAllowedTapPopsOnceByItself() throws {
    var session = try RuleBookFixtures.session(Self.rules, stack: ["Home", "Plain"])
    let (answer, asked) = session.tap()
    // Never `true`: iOS 13 would pop as well, iOS 12 would pop only the bar item.
    #expect(answer == BackButtonAnswer(shouldPop: false, effects: [.popTopScreen]))
    #expect(asked.isEmpty)
    let performs = session.shouldPerformTapPop(viewControllerCount: 2)
    #expect(performs)
    _ = session.didBeginPop(interactive: false, animated: true)
    #expect(session.transition?.kind == .backTap)
    _ = session.transitionDidEnd()
    #expect(session.stack.count == 1)
  }

  @Test func aSecondTapBeforeOrDuringThePopDoesNothing() throws {
    var session = try RuleBookFixtures.session(Self.rules, stack: ["Home", "Plain", "Asked"])
    #expect(session.tap(at: 0).0.effects == [.popTopScreen])
    // Before the pop began, and while it runs: refused, nobody asked.
    let (beforePop, askedBefore) = session.tap(at: 1_000)
    #expect(beforePop == .ignored && askedBefore.isEmpty)
    _ = session.didBeginPop(interactive: false, animated: true)
    let (duringPop, askedDuring) = session.tap(at: 2_000)
    #expect(duringPop == .ignored && askedDuring.isEmpty)
  }

  @Test func tapsWithinTheDebounceAreIgnored() throws {
    var session = try RuleBookFixtures.session(
      Self.rules, stack: ["Home", "Plain", "Asked", "Plain"])
    #expect(session.tap(at: 0).0.effects == [.popTopScreen])
    _ = session.completeTapPop()
    #expect(session.tap(at: 299).0 == .refused)
    let (answer, asked) = session.tap(at: 300)
    #expect(asked == [2])
    #expect(answer.effects == [.popTopScreen])
  }

  @Test func interceptAsksTheTopViewControllerForTheBackButton() throws {
    var session = try RuleBookFixtures.session(Self.rules, stack: ["Home", "Plain", "Asked"])
    let step = session.backButtonTapped(viewControllerCount: 3, itemCount: 3, nowMilliseconds: 0)
    #expect(step == .ask(stackIndex: 2))
    #expect(session.interceptorAnswered(false) == .refused)
    #expect(session.stack.count == 3)
    var other = try RuleBookFixtures.session(Self.rules, stack: ["Home", "Asked"])
    // A view controller that does not answer lets the pop through.
    #expect(other.tap(answer: nil).0.effects == [.popTopScreen])
  }

  @Test func anInterceptorThatPopsItselfIsNotPoppedAgain() throws {
    var session = try RuleBookFixtures.session(Self.rules, stack: ["Home", "Plain", "Asked"])
    #expect(
      session.backButtonTapped(viewControllerCount: 3, itemCount: 3, nowMilliseconds: 0)
        == .ask(stackIndex: 2))
    // While asked, the view controller pops itself from code, then says yes.
    _ = session.didBeginPop(interactive: false, animated: true)
    #expect(session.interceptorAnswered(true) == .ignored)
  }

  @Test func programmaticPopsAreNeverInterceptedOnAnyIOS() throws {
    var session = try RuleBookFixtures.session(Self.rules, stack: ["Home", "Plain", "Asked"])
    // Code pops `Asked`; before iOS 13 the bar then asks with one item more than
    // view controllers, and `Plain` is on top: nobody may be asked, the pop goes through.
    _ = session.didBeginPop(interactive: false, animated: true)
    #expect(session.transition?.kind == .programmaticPop)
    let step = session.backButtonTapped(viewControllerCount: 2, itemCount: 3, nowMilliseconds: 0)
    #expect(step == .answer(BackButtonAnswer(shouldPop: true, effects: [])))
  }

  @Test func blockRefusesAndConfirmAsksTheUser() throws {
    var blocked = try RuleBookFixtures.session(Self.rules, stack: ["Home", "Guarded"])
    #expect(blocked.tap().0 == .refused)
    var confirmed = try RuleBookFixtures.session(Self.rules, stack: ["Home", "Confirmed"])
    let confirmation = BackConfirmation(message: "Leave?", leaveTitle: "Go", stayTitle: "Wait")
    #expect(
      confirmed.tap().0
        == BackButtonAnswer(
          shouldPop: false, effects: [.restoreBackButton, .presentConfirmation(confirmation)]))
    #expect(confirmed.tap(at: 20_000).0 == .ignored, "the alert shows")
    let stayed = confirmed.confirmationAnswered(leave: false)
    #expect(stayed.isEmpty)
    let again = confirmed.tap(at: 30_000).0
    #expect(again.effects.contains(.presentConfirmation(confirmation)))
    let left = confirmed.confirmationAnswered(leave: true)
    #expect(left == [.popTopScreen])
    _ = confirmed.completeTapPop()
    #expect(confirmed.stack.count == 1)
  }

  @Test func aTapPopIsDroppedWhenTheStackChangedMeanwhile() throws {
    var session = try RuleBookFixtures.session(Self.rules, stack: ["Home", "Plain", "Asked"])
    #expect(session.tap().0.effects == [.popTopScreen])
    // Code popped first; the scheduled pop must not pop a second screen.
    _ = session.didBeginPop(interactive: false, animated: false)
    _ = session.transitionDidEnd()
    let performs = session.shouldPerformTapPop(viewControllerCount: 2)
    #expect(!performs)
  }
}

@Suite struct SwipeTests {
  static let rules = """
    navigator Main { root Home }
    screen Home { push Plain, Hidden, Forced, Disabled, Custom, Asked, Confirmed, Legacy }
    screen Plain { }
    screen Hidden { navigationBar hidden }
    screen Forced { navigationBar hidden; leftBarButton custom; popGesture forced }
    screen Disabled { popGesture disabled }
    screen Custom { leftBarButton custom }
    screen Asked { back intercept }
    screen Confirmed { back confirm "Sure?" }
    screen Legacy { on viewDidAppear { popGestureDelegate none } }
    screen Rooted { on viewDidAppear { popGestureDelegate none } }
    navigator Second { root Rooted }
    """

  @Test(arguments: [
    ("Plain", true), ("Hidden", false), ("Forced", true), ("Disabled", false),
    ("Custom", false), ("Confirmed", false), ("Legacy", true),
  ])
  func theDeclaredPolicyDecides(screen: String, begins: Bool) throws {
    let session = try RuleBookFixtures.session(Self.rules, stack: ["Home", screen])
    var asked: [PopTrigger] = []
    #expect(
      session.swipeShouldBegin { _, trigger in
        asked.append(trigger)
        return true
      } == begins)
    #expect(asked.isEmpty)
  }

  @Test func neverAtTheRootWhateverTheDelegate() throws {
    var session = NavigatorSession(
      book: try RuleBookFixtures.book(Self.rules), navigator: NavRules.NavigatorID(1))
    _ = session.launch(classNames: ["Rooted"])
    _ = session.transitionDidEnd()
    // The hook made the delegate `none`, which UIKit would let swipe at the root.
    #expect(session.state.delegate == .none)
    #expect(!session.swipeShouldBegin { _, _ in true })
  }

  @Test func interceptAsksTheTopForTheGesture() throws {
    let session = try RuleBookFixtures.session(Self.rules, stack: ["Home", "Asked"])
    var asked: [(Int, PopTrigger)] = []
    let began = session.swipeShouldBegin { index, trigger in
      asked.append((index, trigger))
      return false
    }
    #expect(!began)
    #expect(asked.map(\.0) == [1] && asked.map(\.1) == [.gesture])
  }

  @Test func aCustomLeftItemTheRulesDoNotDeclareStillCounts() throws {
    let session = try RuleBookFixtures.session(Self.rules, stack: ["Home", "Plain"])
    #expect(!session.swipeShouldBegin(hasCustomLeftItem: true) { _, _ in true })
    let forced = try RuleBookFixtures.session(Self.rules, stack: ["Home", "Forced"])
    #expect(forced.swipeShouldBegin(hasCustomLeftItem: true) { _, _ in true })
  }

  @Test func theSwipeListsShareTheirStartUpToTheRelease() {
    // The session walks a swipe as `swipeCompleted` and switches at the release.
    let completed = Transition.swipeCompleted.steps
    let cancelled = Transition.swipeCancelled.steps
    let release = completed.firstIndex(of: .swipeReleased)
    #expect(release != nil)
    #expect(release == cancelled.firstIndex(of: .swipeReleased))
    #expect(completed.prefix(through: release ?? 0) == cancelled.prefix(through: release ?? 0))
  }
}

@Suite struct AppearanceTests {
  static let rules = """
    navigator Main { root Home; titleStyle Brand }
    style Brand { color #7B2FF7 }
    style Loud { color #FF0000; font system 20 bold }
    screen Home { push Detail, Search, Restyled }
    screen Detail { titleStyle Loud; title "Details" }
    screen Search { navigationBar hidden }
    screen Restyled { on viewWillAppear { titleStyle Loud } }
    screen Freezer {
      on viewWillAppear { popGesture disabled }
      on viewDidAppear { popGesture enabled }
    }
    """

  static func attributes(_ style: String) throws -> TitleAttributes? {
    let book = try RuleBookFixtures.book(rules)
    return book.styles.first { $0.name == style }?.attributes
  }

  @Test func aPushAppliesTheDeclaredBarAndTitle() throws {
    var session = try RuleBookFixtures.session(Self.rules, stack: ["Home"])
    let effects = session.didBeginPush(className: "Detail", animated: true)
    #expect(effects.first == .setScreenTitle("Details", stackIndex: 1))
    #expect(effects.contains(.setTitleAttributes(try Self.attributes("Loud"))))
    // Home's bar was visible and Detail's is: the runtime leaves the bar alone.
    #expect(!effects.contains { if case .setNavigationBarHidden = $0 { true } else { false } })
    let settled = session.transitionDidEnd()
    #expect(settled.last == .setTitleAttributes(try Self.attributes("Loud")))
  }

  @Test func aBackTapRestoresTheRevealedScreensTitleAfterTheAnimation() throws {
    var session = try RuleBookFixtures.session(Self.rules, stack: ["Home", "Detail"])
    #expect(session.tap().0.effects == [.popTopScreen])
    let effects = session.completeTapPop()
    // Written before the animation and again after it, where UIKit keeps it.
    #expect(effects.filter { $0 == .setTitleAttributes(try? Self.attributes("Brand")) }.count == 2)
    #expect(effects.last == .setTitleAttributes(try Self.attributes("Brand")))
  }

  @Test func aTitleHookInViewWillAppearHasNoEffectOnABackTap() throws {
    var session = try RuleBookFixtures.session(Self.rules, stack: ["Home", "Restyled", "Detail"])
    #expect(session.tap().0.effects == [.popTopScreen])
    let effects = session.completeTapPop()
    #expect(!effects.contains(.setTitleAttributes(try Self.attributes("Loud"))))
    #expect(session.state.title == (try Self.attributes("Brand")))
    // On a push the same hook does take effect.
    var pushed = try RuleBookFixtures.session(Self.rules, stack: ["Home"])
    _ = pushed.didBeginPush(className: "Restyled", animated: true)
    #expect(pushed.state.title == (try Self.attributes("Loud")))
  }

  @Test func aCancelledSwipeGivesTheBarBackToTheScreenThatStays() throws {
    let session = try RuleBookFixtures.session(Self.rules, stack: ["Home", "Search"])
    #expect(session.swipeShouldBegin { _, _ in true } == false)  // bar hidden: UIKit's rule
    var detail = try RuleBookFixtures.session(Self.rules, stack: ["Home", "Search", "Detail"])
    _ = detail.didBeginPop(interactive: true, animated: true)
    #expect(detail.state.barHidden)  // Search's bar, while the swipe shows it
    _ = detail.swipeReleased(cancelled: true)
    _ = detail.transitionDidEnd()
    #expect(!detail.state.barHidden)
    #expect(detail.state.title == (try Self.attributes("Loud")))
    #expect(detail.stack.count == 3)
  }

  @Test func disablingTheGestureWhileASwipeIsInFlightWaitsForTheRelease() throws {
    var session = try RuleBookFixtures.session(Self.rules, stack: ["Home", "Freezer", "Detail"])
    let began = session.didBeginPop(interactive: true, animated: true)
    #expect(!began.contains(.setGestureEnabled(false)))
    #expect(!session.state.gestureEnabled)
    let released = session.swipeReleased(cancelled: false)
    #expect(released.contains(.setGestureEnabled(false)))
  }

  @Test func replacingTheStackIsAPopOrAPush() throws {
    var session = try RuleBookFixtures.session(Self.rules, stack: ["Home", "Detail", "Search"])
    _ = session.didReplaceStack(
      classNames: ["Home"], topChanged: true, topWasInStack: true, animated: true)
    #expect(session.transition?.kind == .programmaticPop)
    _ = session.transitionDidEnd()
    _ = session.didReplaceStack(
      classNames: ["Home", "Detail"], topChanged: true, topWasInStack: false, animated: false)
    #expect(session.transition?.kind == .push)
    _ = session.transitionDidEnd()
    #expect(
      session.didReplaceStack(
        classNames: ["Home", "Detail"], topChanged: false, topWasInStack: true, animated: false
      ).isEmpty)
  }

  @Test func aViewControllerNoRuleNamesGetsTheNavigatorsDefaults() throws {
    var session = try RuleBookFixtures.session(Self.rules, stack: ["Home"])
    _ = session.didBeginPush(className: "SomethingElse", animated: false)
    _ = session.transitionDidEnd()
    #expect(session.stack.last == .some(nil))
    #expect(session.state.title == (try Self.attributes("Brand")))
    #expect(session.swipeShouldBegin { _, _ in false })
  }
}

/// `on EVENT if pushed`: the hook runs for an instance that is not at the bottom of the stack,
/// whatever its class.
@Suite struct PushedHookTests {
  static let rules = """
    navigator Main { root Home }
    screen Home {
      push Detail
      on viewDidAppear if pushed { popGesture disabled }
      on viewWillDisappear { popGesture enabled }
    }
    screen Detail { push Home }
    """

  @Test func theRootDoesNotRunItsGuardedHooks() throws {
    let session = try RuleBookFixtures.session(Self.rules, stack: ["Home"])
    #expect(session.state.gestureEnabled)
  }

  @Test func theRootsClassPushedAgainRunsThem() throws {
    var session = try RuleBookFixtures.session(Self.rules, stack: ["Home"])
    _ = session.didBeginPush(className: "Detail", animated: true)
    _ = session.transitionDidEnd()
    #expect(session.state.gestureEnabled)
    let effects =
      session.didBeginPush(className: "Home", animated: true)
      + session.transitionDidEnd()
    #expect(effects.contains(.setGestureEnabled(false)))
    #expect(!session.state.gestureEnabled)
    #expect(session.state.gestureOrigin == HookSource(screen: ScreenID(0), event: .viewDidAppear))
  }

  @Test func revealingTheRootByAPopSkipsThemButRevealingItDeeperRunsThem() throws {
    var deep = try RuleBookFixtures.session(
      Self.rules, stack: ["Home", "Detail", "Home", "Detail"])
    _ = deep.didBeginPop(interactive: false, animated: true)
    _ = deep.transitionDidEnd()
    #expect(!deep.state.gestureEnabled, "Home at depth 3 was revealed")
    var shallow = try RuleBookFixtures.session(Self.rules, stack: ["Home", "Detail"])
    _ = shallow.didBeginPop(interactive: false, animated: true)
    _ = shallow.transitionDidEnd()
    #expect(shallow.state.gestureEnabled, "Home at depth 1 was revealed")
  }
}

/// `back intercept taps`: the view controller is asked for back taps and back-menu picks, and
/// a swipe goes as the swipe policy lets it, unasked (what app code's `navigationBar(_:shouldPop:)`
/// does).
@Suite struct InterceptTapsTests {
  static let rules = """
    navigator Main { root Home }
    screen Home { push Editor }
    screen Editor { back intercept taps }
    """

  @Test func aBackTapAsksTheViewController() throws {
    var session = try RuleBookFixtures.session(Self.rules, stack: ["Home", "Editor"])
    let (answer, asked) = session.tap(answer: false)
    #expect(asked == [1])
    #expect(answer == .refused)
  }

  @Test func aSwipeIsNotAsked() throws {
    let session = try RuleBookFixtures.session(Self.rules, stack: ["Home", "Editor"])
    var asked: [Int] = []
    let began = session.swipeShouldBegin { index, _ in
      asked.append(index)
      return false
    }
    #expect(began)
    #expect(asked.isEmpty)
  }
}
