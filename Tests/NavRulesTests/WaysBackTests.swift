import NavRules
import Testing

/// The back menu of iOS 14: a pick removes every screen above the one picked, and the
/// strictest rule among them applies, all or nothing.
@Suite struct BackMenuTests {
  static let rules = """
    navigator Main { root Home }
    screen Home { push Plain, Asked, Guarded, Confirmed, Other }
    screen Plain { push Plain, Asked, Guarded, Confirmed, Other }
    screen Asked { back intercept; push Plain, Asked, Confirmed }
    screen Guarded { back block; push Plain }
    screen Confirmed { back confirm "Leave?" leave "Go" stay "Wait"; push Plain, Asked, Other }
    screen Other { back confirm "Discard?"; push Plain }
    """

  static func session(_ stack: [String]) throws -> NavigatorSession {
    try RuleBookFixtures.session(rules, stack: stack)
  }

  @Test func aPickOverAllowedScreensPopsAtOnce() throws {
    var session = try Self.session(["Home", "Plain", "Plain"])
    #expect(session.backMenuPicked(stackIndex: 0, viewControllerCount: 3) == .pop(toStackIndex: 0))
    #expect(!session.isBusy)
  }

  @Test func aBlockAnywhereRefusesWithoutAskingAnyone() throws {
    var session = try Self.session(["Home", "Guarded", "Plain", "Asked"])
    #expect(session.backMenuPicked(stackIndex: 0, viewControllerCount: 4) == .refused)
    // Above the block screen, the pick is free to go.
    #expect(
      session.backMenuPicked(stackIndex: 1, viewControllerCount: 4) == .ask(stackIndices: [3]))
  }

  @Test func interceptorsAreAskedTopFirstAndOneNoRefusesAll() throws {
    var session = try Self.session(["Home", "Asked", "Plain", "Asked"])
    #expect(
      session.backMenuPicked(stackIndex: 0, viewControllerCount: 4) == .ask(stackIndices: [3, 1]))
    #expect(session.isBusy)
    #expect(session.backMenuInterceptorsAnswered(false) == .refused)
    #expect(!session.isBusy)
    #expect(
      session.backMenuPicked(stackIndex: 0, viewControllerCount: 4) == .ask(stackIndices: [3, 1]))
    #expect(session.backMenuInterceptorsAnswered(true) == .pop(toStackIndex: 0))
  }

  @Test func oneConfirmationForSeveralConfirmScreensTheTopmostOnes() throws {
    var session = try Self.session(["Home", "Confirmed", "Other", "Plain"])
    let step = session.backMenuPicked(stackIndex: 0, viewControllerCount: 4)
    #expect(
      step
        == .keep(effects: [.presentConfirmation(BackConfirmation(message: "Discard?"))]))
    // While the alert shows, taps, swipes and other picks do nothing.
    #expect(session.tap().0 == .ignored)
    #expect(!session.swipeShouldBegin { _, _ in true })
    #expect(session.backMenuPicked(stackIndex: 1, viewControllerCount: 4) == .refused)
    #expect(session.confirmationAnswered(leave: true) == [.popToScreen(stackIndex: 0)])
    let performs = session.shouldPerformMenuPop(toStackIndex: 0, viewControllerCount: 4)
    let performsAgain = session.shouldPerformMenuPop(toStackIndex: 0, viewControllerCount: 4)
    #expect(performs && !performsAgain, "once")
  }

  @Test func stayingPopsNothing() throws {
    var session = try Self.session(["Home", "Confirmed", "Plain"])
    _ = session.backMenuPicked(stackIndex: 0, viewControllerCount: 3)
    #expect(session.confirmationAnswered(leave: false).isEmpty)
    #expect(!session.isBusy)
  }

  @Test func interceptorsFirstThenTheConfirmation() throws {
    var session = try Self.session(["Home", "Confirmed", "Asked"])
    #expect(
      session.backMenuPicked(stackIndex: 0, viewControllerCount: 3) == .ask(stackIndices: [2]))
    let step = session.backMenuInterceptorsAnswered(true)
    #expect(
      step
        == .keep(effects: [
          .presentConfirmation(
            BackConfirmation(message: "Leave?", leaveTitle: "Go", stayTitle: "Wait"))
        ]))
  }

  @Test func nothingPopsOnceTheStackChanged() throws {
    // While the interceptors are asked: one pops its own screen from code and pushes another,
    // both without animation, back to the same depth.
    var asked = try Self.session(["Home", "Plain", "Asked"])
    #expect(asked.backMenuPicked(stackIndex: 0, viewControllerCount: 3) == .ask(stackIndices: [2]))
    _ = asked.didBeginPop(interactive: false, animated: false)
    _ = asked.transitionDidEnd()
    _ = asked.didBeginPush(className: "Guarded", animated: false)
    _ = asked.transitionDidEnd()
    #expect(asked.backMenuInterceptorsAnswered(true) == .refused)
    // While the alert shows: the app pushes and pops, back to the same depth.
    var confirmed = try Self.session(["Home", "Confirmed", "Plain"])
    _ = confirmed.backMenuPicked(stackIndex: 0, viewControllerCount: 3)
    _ = confirmed.didBeginPush(className: "Plain", animated: false)
    _ = confirmed.transitionDidEnd()
    _ = confirmed.didBeginPop(interactive: false, animated: false)
    _ = confirmed.transitionDidEnd()
    #expect(confirmed.confirmationAnswered(leave: true).isEmpty)
    // After "leave", before the scheduled pop ran.
    var late = try Self.session(["Home", "Confirmed", "Plain"])
    _ = late.backMenuPicked(stackIndex: 0, viewControllerCount: 3)
    #expect(late.confirmationAnswered(leave: true) == [.popToScreen(stackIndex: 0)])
    _ = late.didBeginPop(interactive: false, animated: false)
    _ = late.transitionDidEnd()
    _ = late.didBeginPush(className: "Guarded", animated: false)
    _ = late.transitionDidEnd()
    let performs = late.shouldPerformMenuPop(toStackIndex: 0, viewControllerCount: 3)
    #expect(!performs)
  }

  @Test func aBackTapsAlertIsNotLeftForAStackThatChanged() throws {
    var session = try Self.session(["Home", "Plain", "Confirmed"])
    #expect(session.tap().0.effects.contains(.restoreBackButton))
    _ = session.didBeginPush(className: "Plain", animated: false)
    _ = session.transitionDidEnd()
    #expect(session.confirmationAnswered(leave: true).isEmpty)
  }

  @Test func picksDuringATransitionOrOfNoEarlierScreenAreRefused() throws {
    var session = try Self.session(["Home", "Plain", "Plain"])
    _ = session.didBeginPop(interactive: false, animated: true)
    #expect(session.backMenuPicked(stackIndex: 0, viewControllerCount: 2) == .refused)
    _ = session.transitionDidEnd()
    #expect(
      session.backMenuPicked(stackIndex: 0, viewControllerCount: 2, transitionRunning: true)
        == .refused)
    #expect(session.backMenuPicked(stackIndex: 1, viewControllerCount: 2) == .refused, "the top")
    #expect(session.backMenuPicked(stackIndex: 0, viewControllerCount: 3) == .refused, "unknown")
    #expect(session.backMenuPicked(stackIndex: 0, viewControllerCount: 2) == .pop(toStackIndex: 0))
  }

  @Test(arguments: [
    ("Plain", true), ("Asked", false), ("Guarded", false), ("Confirmed", false), ("Home", true),
  ])
  func theMenuIsOfferedOnlyWhileTheTopAllowsLeaving(top: String, offered: Bool) throws {
    let stack = top == "Home" ? ["Home"] : ["Home", top]
    #expect(try Self.session(stack).offersBackMenu == offered)
  }
}

/// iOS 26: the content swipe, and transitions that take input.
@Suite struct ContentSwipeTests {
  static let rules = """
    navigator Main { root Home }
    screen Home { push Plain, Disabled, Hidden, Forced, Asked, Confirmed, HookOff, HookBlock }
    screen Plain { }
    screen Disabled { popGesture disabled }
    screen Hidden { navigationBar hidden }
    screen Forced { navigationBar hidden; popGesture forced }
    screen Asked { back intercept }
    screen Confirmed { back confirm "Sure?" }
    screen HookOff {
      on viewDidAppear { popGesture disabled }
      on viewWillDisappear { popGesture enabled }
    }
    screen HookBlock { on viewDidAppear { popGestureDelegate block } }
    """

  @Test(arguments: [
    ("Plain", true, true), ("Disabled", false, false), ("Hidden", false, false),
    ("Forced", true, true), ("Confirmed", false, false),
    // A hook's `popGesture disabled` and blocking delegate stop the edge swipe only.
    ("HookOff", false, true), ("HookBlock", false, true),
  ])
  func eachGestureFollowsItsOwnRule(screen: String, edge: Bool, content: Bool) throws {
    let session = try RuleBookFixtures.session(Self.rules, stack: ["Home", screen])
    // The adapter leaves a disabled edge recognizer alone: UIKit never asks its delegate.
    let edgeEnabled = session.state.gestureEnabled
    #expect((edgeEnabled && session.swipeShouldBegin(recognizer: .edge) { _, _ in true }) == edge)
    #expect(session.swipeShouldBegin(recognizer: .content) { _, _ in true } == content)
  }

  @Test func theContentSwipeAsksAnInterceptorAndNeverBeginsAtTheRoot() throws {
    let session = try RuleBookFixtures.session(Self.rules, stack: ["Home", "Asked"])
    var asked: [(Int, PopTrigger)] = []
    #expect(
      !session.swipeShouldBegin(recognizer: .content) { index, trigger in
        asked.append((index, trigger))
        return false
      })
    #expect(asked.map(\.0) == [1] && asked.map(\.1) == [.gesture])
    let root = try RuleBookFixtures.session(Self.rules, stack: ["Home"])
    #expect(!root.swipeShouldBegin(recognizer: .content) { _, _ in true })
  }

  @Test func noSwipeBeginsAndNoTapActsWhileUIKitRunsATransition() throws {
    var session = try RuleBookFixtures.session(Self.rules, stack: ["Home", "Plain"])
    for recognizer in PopRecognizer.allCases {
      #expect(
        !session.swipeShouldBegin(recognizer: recognizer, transitionRunning: true) { _, _ in true })
      #expect(session.swipeShouldBegin(recognizer: recognizer) { _, _ in true })
    }
    let during = session.backButtonTapped(
      viewControllerCount: 2, itemCount: 2, nowMilliseconds: 0, transitionRunning: true)
    #expect(during == .answer(.ignored))
    #expect(!session.isBusy)
    #expect(session.tap().0.effects == [.popTopScreen])
  }

  @Test func theModelSaysWhichGesturesEachIOSHas() {
    #expect(PopRecognizer.available(inIOS: 25) == [.edge])
    #expect(PopRecognizer.available(inIOS: 26) == [.edge, .content])
  }
}
