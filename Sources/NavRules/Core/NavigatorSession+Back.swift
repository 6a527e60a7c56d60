/// Back taps and swipe-back: the decisions of §3.
extension NavigatorSession {
  /// Handles `navigationBar(_:shouldPop:)`: answers at once, or asks for the view controller
  /// of a `back intercept` screen to be asked (then call `interceptorAnswered(_:)`).
  ///
  /// - Parameters:
  ///   - viewControllerCount: `viewControllers.count`.
  ///   - itemCount: `navigationBar.items.count`. Fewer view controllers than items means the
  ///     view controller is already gone: a pop from code (or a swipe), which UIKit before
  ///     iOS 13 also reports here. It is let through and nobody is asked.
  ///   - nowMilliseconds: the current time, for `backDebounce`.
  public mutating func backButtonTapped(
    viewControllerCount: Int, itemCount: Int, nowMilliseconds: Double
  ) -> BackTapStep {
    if viewControllerCount < itemCount {
      return .answer(BackButtonAnswer(shouldPop: true, effects: []))
    }
    guard !isBusy, stack.count >= 2, let top = stack.last else { return .answer(.refused) }
    if let last = lastBackTapMilliseconds,
      nowMilliseconds - last < book[navigator].backDebounceMilliseconds
    {
      return .answer(.refused)
    }
    let back = top.map { book[$0].back } ?? .allow
    switch back {
    case .block:
      return .answer(.refused)
    case .allow:
      lastBackTapMilliseconds = nowMilliseconds
      return .answer(acceptTap())
    case .intercept:
      lastBackTapMilliseconds = nowMilliseconds
      pendingAskDepth = stack.count
      return .ask(stackIndex: stack.count - 1)
    case .confirm(let confirmation):
      lastBackTapMilliseconds = nowMilliseconds
      awaitingConfirmation = true
      return .answer(
        BackButtonAnswer(
          shouldPop: false, effects: [.restoreBackButton, .presentConfirmation(confirmation)]))
    }
  }

  /// The view controller `backButtonTapped` named answered (`nil`: it does not implement
  /// `shouldPop(trigger:)`, which lets the pop through). Nothing pops when the stack changed
  /// while it was asked.
  public mutating func interceptorAnswered(_ allows: Bool?) -> BackButtonAnswer {
    guard let depth = pendingAskDepth else { return .refused }
    pendingAskDepth = nil
    guard allows ?? true, transition == nil, !tapPopPending, !awaitingConfirmation,
      stack.count == depth
    else { return .refused }
    return acceptTap()
  }

  private mutating func acceptTap() -> BackButtonAnswer {
    tapPopPending = true
    return BackButtonAnswer(shouldPop: false, effects: [.popTopScreen])
  }

  /// The `back confirm` alert was answered.
  public mutating func confirmationAnswered(leave: Bool) -> [NavigationEffect] {
    guard awaitingConfirmation else { return [] }
    awaitingConfirmation = false
    guard leave, transition == nil, stack.count >= 2 else { return [] }
    tapPopPending = true
    return [.popTopScreen]
  }

  /// Whether the pop `.popTopScreen` asked for should still happen, now that UIKit's callback
  /// has returned: not when the stack changed meanwhile (that would pop a second screen).
  public mutating func shouldPerformTapPop(viewControllerCount: Int) -> Bool {
    guard tapPopPending, transition == nil, viewControllerCount == stack.count,
      stack.count >= 2
    else {
      tapPopPending = false
      return false
    }
    return true
  }

  /// A pop `shouldPerformTapPop` allowed did not happen after all (`popViewController`
  /// returned nil).
  public mutating func tapPopDidNotHappen() {
    tapPopPending = false
  }

  /// Answers `gestureRecognizerShouldBegin` for the interactive pop gesture.
  ///
  /// - Parameters:
  ///   - hasCustomLeftItem: the top view controller shows its own left bar button items,
  ///     declared or not (UIKit's rule refuses the swipe then, unless `forced`).
  ///   - ask: asks the view controller at a stack index (`back intercept`); `nil` when it
  ///     does not answer. Call this on a copy of the session, so the view controller may
  ///     touch the navigation controller while it is asked.
  public func swipeShouldBegin(
    hasCustomLeftItem: Bool = false, ask: (_ stackIndex: Int, _ trigger: PopTrigger) -> Bool?
  ) -> Bool {
    // Never at the root, whatever a hook made the delegate: it hangs the next push.
    guard !isBusy, stack.count >= 2, let top = stack.last else { return false }
    let rule = top.map { book[$0] }
    let back = rule?.back ?? .allow
    let declaredLeft = rule?.leftBarButton ?? .none
    let policyAllows = SwipeRule.declarativePolicyAllows(
      back: back,
      popGesture: book.popGesture(of: top, in: navigator),
      leftBarButton: hasCustomLeftItem ? .custom : declaredLeft,
      barHidden: state.barHidden)
    guard
      SwipeRule.canBegin(
        depth: stack.count, gestureEnabled: state.gestureEnabled, delegate: state.delegate,
        declarativePolicyAllows: policyAllows)
    else { return false }
    // A screen that guards leaving is never walked around, whatever delegate a hook set.
    switch back {
    case .allow: return true
    case .block, .confirm: return false
    case .intercept: return ask(stack.count - 1, .gesture) ?? true
    }
  }
}
