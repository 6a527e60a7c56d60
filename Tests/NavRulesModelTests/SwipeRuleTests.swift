import NavRulesModel
import Testing

/// `SwipeRule` against docs/runtime.md#what-the-runtime-guarantees and
/// docs/model.md#when-a-swipe-can-begin, case by case.
@Suite struct SwipeRuleTests {
  @Test(arguments: GestureDelegate.allCases)
  func atTheRootOnlyNoneAndSelfLetASwipeBegin(_ delegate: GestureDelegate) {
    let begins = SwipeRule.canBegin(
      depth: 1, gestureEnabled: true, delegate: delegate, declarativePolicyAllows: true)
    #expect(begins == (delegate == .none || delegate == .viewController))
  }

  @Test(arguments: GestureDelegate.allCases, [false, true])
  func aDisabledGestureNeverBegins(_ delegate: GestureDelegate, declared: Bool) {
    for depth in 1...3 {
      #expect(
        !SwipeRule.canBegin(
          depth: depth, gestureEnabled: false, delegate: delegate,
          declarativePolicyAllows: declared))
    }
  }

  @Test(arguments: [false, true])
  func deeperTheDelegateDecides(_ declared: Bool) {
    func begins(_ delegate: GestureDelegate) -> Bool {
      SwipeRule.canBegin(
        depth: 2, gestureEnabled: true, delegate: delegate, declarativePolicyAllows: declared)
    }
    #expect(begins(.none) && begins(.viewController) && begins(.guarded))
    #expect(!begins(.block))
    #expect(begins(.system) == declared)
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var back: BackPolicy
    var gesture: PopGesturePolicy
    var button: LeftBarButton
    var barHidden: Bool
    var allows: Bool
    var testDescription: String { "\(back) \(gesture) \(button) hidden=\(barHidden)" }
  }

  static let cases: [Case] = [
    Case(back: .allow, gesture: .system, button: .none, barHidden: false, allows: true),
    Case(back: .allow, gesture: .enabled, button: .none, barHidden: false, allows: true),
    Case(back: .allow, gesture: .system, button: .none, barHidden: true, allows: false),
    Case(back: .allow, gesture: .enabled, button: .custom, barHidden: false, allows: false),
    Case(back: .allow, gesture: .forced, button: .custom, barHidden: true, allows: true),
    Case(back: .allow, gesture: .disabled, button: .none, barHidden: false, allows: false),
    Case(back: .intercept, gesture: .system, button: .none, barHidden: false, allows: true),
    Case(back: .intercept, gesture: .forced, button: .none, barHidden: true, allows: true),
    Case(back: .block, gesture: .forced, button: .none, barHidden: false, allows: false),
    Case(
      back: .confirm(BackConfirmation(message: "?")), gesture: .forced, button: .none,
      barHidden: false, allows: false),
  ]

  @Test(arguments: cases)
  func theDeclarativePolicy(_ test: Case) {
    #expect(
      SwipeRule.declarativePolicyAllows(
        back: test.back, popGesture: test.gesture, leftBarButton: test.button,
        barHidden: test.barHidden) == test.allows)
  }

  /// iOS 26's content gesture: hooks' state does not reach it, the declarative policy does.
  @Test(arguments: GestureDelegate.allCases, [false, true])
  func theContentGestureIgnoresHookState(_ delegate: GestureDelegate, gestureEnabled: Bool) {
    for depth in 1...3 {
      for declared in [false, true] {
        let begins = SwipeRule.canBegin(
          .content, depth: depth, gestureEnabled: gestureEnabled, delegate: delegate,
          declarativePolicyAllows: declared)
        #expect(begins == (depth >= 2 && declared))
        let edge = SwipeRule.canBegin(
          .edge, depth: depth, gestureEnabled: gestureEnabled, delegate: delegate,
          declarativePolicyAllows: declared)
        #expect(
          edge
            == SwipeRule.canBegin(
              depth: depth, gestureEnabled: gestureEnabled, delegate: delegate,
              declarativePolicyAllows: declared))
        // The bypass: the edge gesture refused, the content one begins.
        #expect(
          SwipeRule.contentSwipeBypassesHookState(
            depth: depth, gestureEnabled: gestureEnabled, delegate: delegate,
            declarativePolicyAllows: declared)
            == (depth >= 2 && declared && (!gestureEnabled || delegate == .block)))
      }
    }
  }
}
