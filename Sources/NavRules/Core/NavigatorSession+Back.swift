/// Back taps and swipe-back: the decisions of docs/runtime.md#what-the-runtime-guarantees.
extension NavigatorSession {
  /// Handles `navigationBar(_:shouldPop:)`: answers at once, or asks for the view controller
  /// of a `back intercept` screen to be asked (then call `interceptorAnswered(_:)`).
  ///
  /// - Parameters:
  ///   - viewControllerCount: `viewControllers.count`.
  ///   - itemCount: `navigationBar.items.count`. Fewer view controllers than items means the
  ///     view controller is already gone: a pop from code (or a swipe), which UIKit before
  ///     iOS 13 also reports here. It is let through and nobody is asked. A tap on a stack
  ///     the session does not know (call `stackObserved` first) is refused.
  ///   - nowMilliseconds: the current time, for `backDebounce`.
  ///   - transitionRunning: UIKit has a transition coordinator (`transitionCoordinator != nil`).
  ///     From iOS 26 the bar takes taps while a transition runs, including transitions this
  ///     session was not told about (a modal presentation, say); a tap then is ignored, or it
  ///     would start a second pop on top of the running one.
  public mutating func backButtonTapped(
    viewControllerCount: Int, itemCount: Int, nowMilliseconds: Double,
    transitionRunning: Bool = false
  ) -> BackTapStep {
    if viewControllerCount < itemCount {
      return .answer(BackButtonAnswer(shouldPop: true, effects: []))
    }
    guard !isBusy, !transitionRunning else { return .answer(.ignored) }
    guard stack.count >= 2, viewControllerCount == stack.count, let top = stack.last else {
      return .answer(.refused)
    }
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
    case .intercept, .interceptTaps:
      lastBackTapMilliseconds = nowMilliseconds
      pendingAskDepth = stack.count
      return .ask(stackIndex: stack.count - 1)
    case .confirm(let confirmation):
      lastBackTapMilliseconds = nowMilliseconds
      awaitingConfirmation = true
      confirmationStackChanges = stackChanges
      return .answer(
        BackButtonAnswer(
          shouldPop: false, effects: [.restoreBackButton, .presentConfirmation(confirmation)]))
    }
  }

  /// The view controller `backButtonTapped` named answered (`nil`: it does not implement
  /// `shouldPop(trigger:)`, which lets the pop through). Nothing pops, and the bar is left
  /// alone, when the stack changed or something began while it was asked.
  public mutating func interceptorAnswered(_ allows: Bool?) -> BackButtonAnswer {
    guard let depth = pendingAskDepth else { return .ignored }
    pendingAskDepth = nil
    // The view controller changed the stack or started something while it was asked.
    guard transition == nil, !tapPopPending, !awaitingConfirmation, stack.count == depth else {
      return .ignored
    }
    guard allows ?? true else { return .refused }
    return acceptTap()
  }

  private mutating func acceptTap() -> BackButtonAnswer {
    tapPopPending = true
    return BackButtonAnswer(shouldPop: false, effects: [.popTopScreen])
  }

  /// The `back confirm` alert was answered, for a back tap or a pick of the back menu.
  /// "Leave" pops nothing when the stack changed while the alert showed.
  public mutating func confirmationAnswered(leave: Bool) -> [NavigationEffect] {
    guard awaitingConfirmation else { return [] }
    awaitingConfirmation = false
    if let pick = menuPick {
      menuPick = nil
      guard leave, transition == nil, pick.phase == .confirming, pick.stackChanges == stackChanges
      else { return [] }
      menuPick = BackMenuPick(target: pick.target, stackChanges: stackChanges, phase: .popPending)
      return [.popToScreen(stackIndex: pick.target)]
    }
    let shownAt = confirmationStackChanges
    confirmationStackChanges = nil
    guard leave, transition == nil, stack.count >= 2, shownAt == stackChanges else { return [] }
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

  /// Answers `gestureRecognizerShouldBegin` for a pop gesture: the edge one
  /// (`interactivePopGestureRecognizer`), or iOS 26's content one
  /// (`interactiveContentPopGestureRecognizer`).
  ///
  /// The edge gesture follows the state hooks write (`popGesture enabled`/`disabled` is its
  /// `isEnabled`, which the adapter sets, and `popGestureDelegate …` switches what this method
  /// answers); the content gesture, as in UIKit, follows the declarative policy only
  /// (`SwipeRule.canBegin(_:…)`). Both refuse at the root, while anything runs, and on a screen
  /// whose `back` guards leaving unless its view controller agrees.
  ///
  /// - Parameters:
  ///   - recognizer: which gesture asks.
  ///   - hasCustomLeftItem: the top view controller shows its own left bar button items,
  ///     declared or not (UIKit's rule refuses the swipe then, unless `forced`).
  ///   - transitionRunning: UIKit has a transition coordinator. From iOS 26 a pop can be
  ///     interrupted by a swipe; a swipe then is refused, or it would pop a second screen.
  ///   - viewControllerCount: `viewControllers.count`; a swipe is refused when it differs
  ///     from the session's stack.
  ///   - ask: asks the view controller at a stack index (`back intercept`); `nil` when it
  ///     does not answer. Call this on a copy of the session, so the view controller may
  ///     touch the navigation controller while it is asked.
  public func swipeShouldBegin(
    recognizer: PopRecognizer = .edge, hasCustomLeftItem: Bool = false,
    transitionRunning: Bool = false, viewControllerCount: Int? = nil,
    ask: (_ stackIndex: Int, _ trigger: PopTrigger) -> Bool?
  ) -> Bool {
    // Never at the root, whatever a hook made the delegate: it hangs the next push. UIKit's
    // own count is checked too: a session that missed a pop must not count a screen that is
    // gone (call `stackObserved` first, which re-syncs it).
    guard !isBusy, !transitionRunning, stack.count >= 2, let top = stack.last,
      (viewControllerCount ?? stack.count) == stack.count
    else {
      return false
    }
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
        recognizer, depth: stack.count, gestureEnabled: state.gestureEnabled,
        delegate: state.delegate, declarativePolicyAllows: policyAllows)
    else { return false }
    // A screen that guards leaving is never walked around, whatever delegate a hook set.
    switch back {
    case .allow: return true
    case .block, .confirm: return false
    case .intercept: return ask(stack.count - 1, .gesture) ?? true
    // Described app code asks on taps only: the swipe goes as the policy lets it.
    case .interceptTaps: return true
    }
  }
}
