import NavRules
import NavRulesTestSupport
import Testing

/// What a real device does that the overrides are not told about: an alert that never shows or
/// is dismissed by someone else, a container that forwards no `viewDidAppear`, a pop that
/// bypasses the overrides. The session must never stay busy for good.
@Suite struct NeverStuckTests {
  static let rules = """
    navigator Main { root Home }
    screen Home { push Plain, Confirmed }
    screen Plain { push Plain, Confirmed }
    screen Confirmed { back confirm "Leave?"; push Plain }
    screen Hidden { navigationBar hidden }
    """

  @Test func anAlertThatNeverShowedEndsAsStay() throws {
    var session = try RuleBookFixtures.session(Self.rules, stack: ["Home", "Confirmed"])
    #expect(
      session.tap(at: 0).0.effects.contains(
        .presentConfirmation(BackConfirmation(message: "Leave?"))))
    #expect(session.isAwaitingConfirmation)
    // `present` showed nothing (a sheet was up): the adapter reports it.
    #expect(session.confirmationEndedWithoutAnswer().isEmpty)
    #expect(!session.isBusy)
    #expect(session.stack.count == 2, "nothing popped")
    let again = session.tap(at: 10_000).0
    #expect(again.effects.contains(.presentConfirmation(BackConfirmation(message: "Leave?"))))
  }

  @Test func aMenuPickWhoseAlertTheAppDismissedPopsNothing() throws {
    var session = try RuleBookFixtures.session(Self.rules, stack: ["Home", "Confirmed", "Plain"])
    _ = session.backMenuPicked(stackIndex: 0, viewControllerCount: 3)
    #expect(session.isBusy)
    #expect(session.confirmationEndedWithoutAnswer().isEmpty)
    #expect(!session.isBusy)
    let performs = session.shouldPerformMenuPop(toStackIndex: 0, viewControllerCount: 3)
    #expect(!performs)
    #expect(session.backMenuPicked(stackIndex: 1, viewControllerCount: 3) == .pop(toStackIndex: 1))
  }

  @Test func theLaunchEndsWithoutViewDidAppearOnceUIKitIsAtRest() throws {
    var session = NavigatorSession(
      book: try RuleBookFixtures.book(Self.rules), navigator: NavRules.NavigatorID(0))
    _ = session.launch(classNames: ["Home", "Plain"])
    // No `viewDidAppear` (a container that does not forward it): the launch stays open…
    #expect(session.transition?.kind == .launch)
    // …until the adapter looks while UIKit runs nothing, as it does before every user action.
    #expect(session.stackObserved(classNames: ["Home", "Plain"], transitionRunning: true).isEmpty)
    #expect(session.isBusy)
    _ = session.stackObserved(classNames: ["Home", "Plain"], transitionRunning: false)
    #expect(!session.isBusy)
    #expect(session.tap().0.effects == [.popTopScreen])
  }

  @Test func aPopThatBypassedTheOverridesIsTakenFromUIKit() throws {
    var session = try RuleBookFixtures.session(
      Self.rules + "screen Top { navigationBar hidden }", stack: ["Home", "Plain", "Top"])
    #expect(session.state.barHidden)
    // UIKit popped to the root without `popToViewController` (the session was not told).
    #expect(
      !session.swipeShouldBegin(viewControllerCount: 1) { _, _ in true },
      "a swipe at UIKit's root, whatever the session thought")
    #expect(session.tap(count: 1).0 == .refused, "a tap on a stack the session does not know")
    let effects = session.stackObserved(classNames: ["Home"], transitionRunning: false)
    #expect(session.stack == [ScreenID(0)])
    #expect(session.transition == nil && !session.isBusy)
    #expect(effects.contains(.setNavigationBarHidden(false, animated: false)), "Home's bar")
    // In step: nothing more to do.
    #expect(session.stackObserved(classNames: ["Home"], transitionRunning: false).isEmpty)
  }
}

/// "Restore the back button" only for a tap refused at rest (UIKit greyed the arrow), never
/// while something runs, never for a pick of the back menu.
@Suite struct RestoreBackButtonTests {
  static let rules = """
    navigator Main { root Home }
    screen Home { push Plain, Guarded }
    screen Plain { push Guarded }
    screen Guarded { back block }
    """

  @Test func aTapRefusedAtRestRestoresIt() throws {
    var session = try RuleBookFixtures.session(Self.rules, stack: ["Home", "Guarded"])
    #expect(session.tap().0.effects == [.restoreBackButton])
  }

  @Test func aTapDuringATransitionTouchesNothing() throws {
    var session = try RuleBookFixtures.session(Self.rules, stack: ["Home", "Plain", "Guarded"])
    let during = session.backButtonTapped(
      viewControllerCount: 3, itemCount: 3, nowMilliseconds: 0, transitionRunning: true)
    #expect(during == .answer(BackButtonAnswer(shouldPop: false, effects: [])))
    _ = session.didBeginPop(interactive: false, animated: true)
    #expect(session.tap().0.effects.isEmpty, "the session's own pop runs")
  }

  @Test func aRefusedMenuPickRestoresNothing() throws {
    var session = try RuleBookFixtures.session(Self.rules, stack: ["Home", "Guarded", "Plain"])
    #expect(session.backMenuPicked(stackIndex: 0, viewControllerCount: 3) == .keep(effects: []))
  }
}

/// The runtime writes the bar's visibility and title attributes only where the rules declare
/// them: an app's own styling and its own hidden bar survive.
@Suite struct DeclaredWritesOnlyTests {
  static let plain = """
    navigator Main { root Home }
    screen Home { push Detail }
    screen Detail { push Home; back intercept }
    """

  static func writesBarOrTitle(_ effects: [NavigationEffect]) -> Bool {
    effects.contains {
      switch $0 {
      case .setTitleAttributes, .setNavigationBarHidden: true
      default: false
      }
    }
  }

  @Test func rulesThatDeclareNeitherNeverWriteEither() throws {
    var session = NavigatorSession(
      book: try RuleBookFixtures.book(Self.plain), navigator: NavRules.NavigatorID(0))
    var effects = session.launch(classNames: ["Home"]) + session.transitionDidEnd()
    effects += session.didBeginPush(className: "Detail", animated: true)
    effects += session.transitionDidEnd()
    effects += session.didBeginPop(interactive: true, animated: true)
    effects += session.swipeReleased(cancelled: true) + session.transitionDidEnd()
    effects += session.didBeginPop(interactive: false, animated: true) + session.transitionDidEnd()
    #expect(!Self.writesBarOrTitle(effects), "\(effects)")
  }

  @Test func aStyleDeclaredOnOneScreenIsTakenBackWhenItLeaves() throws {
    var session = try RuleBookFixtures.session(
      Self.plain + "screen Styled { titleStyle { color #FF0000 } }", stack: ["Home"])
    let pushed =
      session.didBeginPush(className: "Styled", animated: true) + session.transitionDidEnd()
    #expect(pushed.contains { if case .setTitleAttributes(.some) = $0 { true } else { false } })
    let popped =
      session.didBeginPop(interactive: false, animated: true) + session.transitionDidEnd()
    // `nil`: the adapter gives back the attributes the app had before the runtime wrote.
    #expect(popped.last == .setTitleAttributes(nil))
  }

  @Test(arguments: IOSBehaviour.allCases)
  func aBarTheAppHidAndItsOwnTitleStyleSurvive(behaviour: IOSBehaviour) throws {
    let book = try RuleBookFixtures.book(Self.plain)
    var ui = SimulatedNavigationController(
      book: book, navigator: NavRules.NavigatorID(0), behaviour: behaviour)
    ui.barHidden = true
    ui.launch()
    var random = SeededGenerator(seed: 0xBA2 + UInt64(behaviour.major))
    for _ in 0..<200 {
      ui.nowMilliseconds += 400
      if ui.running != nil {
        ui.releaseSwipe(cancelled: random.chance(0.5))
        ui.finishTransition()
      } else if ui.scheduledTapPop != nil {
        ui.runScheduledTapPop()
      } else if ui.controllers.count < 2 || random.chance(0.5) {
        ui.push(ui.controller(for: ScreenID(1), answer: random.pick([true, false, nil])))
      } else if random.chance(0.5) {
        ui.pop(interactive: false, action: nil)
      } else {
        ui.attemptSwipe(.edge)
      }
      #expect(ui.barHidden, "the app's hidden bar was shown")
      #expect(ui.titleAttributes == SimulatedNavigationController.appTitle)
      #expect(ui.violations.isEmpty, "\(ui.violations)")
    }
  }
}

/// A navigation controller without rules behaves as UIKit's, plus the guard every session
/// has: no tap acts while a transition runs or a tap's pop is pending (iOS 26 takes taps
/// during transitions, and two quick taps popped two screens).
@Suite struct WithoutRulesTests {
  @Test func twoQuickTapsPopOneScreen() {
    var session = NavigatorSession(book: .withoutRules, navigator: NavRules.NavigatorID(0))
    var effects = session.launch(classNames: ["HomeViewController"]) + session.transitionDidEnd()
    effects += session.didBeginPush(className: "DetailViewController", animated: true)
    effects += session.transitionDidEnd()
    effects += session.didBeginPush(className: "DetailViewController", animated: true)
    effects += session.transitionDidEnd()
    #expect(session.tap(at: 0).0.effects == [.popTopScreen])
    #expect(session.tap(at: 1).0 == .ignored, "before the first tap's pop began")
    let performs = session.shouldPerformTapPop(viewControllerCount: 3)
    #expect(performs)
    effects += session.didBeginPop(interactive: false, animated: true)
    #expect(session.tap(at: 2).0 == .ignored, "while it runs")
    effects += session.transitionDidEnd()
    let during = session.backButtonTapped(
      viewControllerCount: 2, itemCount: 2, nowMilliseconds: 3, transitionRunning: true)
    #expect(during == .answer(.ignored), "while UIKit runs a transition it was not told of")
    #expect(session.tap(at: 4).0.effects == [.popTopScreen])
    #expect(!DeclaredWritesOnlyTests.writesBarOrTitle(effects))
  }
}
