/// What the adapter sees of UIKit between the events it is told about: the state the session
/// waits on may never come (an alert dismissed by someone else, a container that forwards no
/// `viewDidAppear`, a pop that bypassed the overrides), so the session is never left waiting
/// for good.
extension NavigatorSession {
  /// The `back confirm` alert is gone without an answer: `present` showed nothing (something
  /// else was presented, or a presentation was in flight), or the app dismissed it (on logout,
  /// say). It counts as "stay": nothing pops, and taps, swipes and menu picks work again.
  public mutating func confirmationEndedWithoutAnswer() -> [NavigationEffect] {
    confirmationAnswered(leave: false)
  }

  /// The adapter looked at UIKit's stack (`viewControllers`, root first), at a moment when the
  /// session may have missed something: before each user action (a back tap, a swipe about to
  /// begin, a menu pick) and each push or pop, after each transition, when the navigation
  /// controller appears.
  ///
  /// While UIKit runs no transition, a transition the session still follows has ended (the
  /// launch inside a container that does not forward appearance callbacks); and a stack that
  /// differs from the session's changed another way (the back menu or iOS 26's content swipe
  /// popping without the overrides): the session takes UIKit's stack, as a pop when it is a
  /// part of the known one, else as a replacement, and the bar gets what the new top declares.
  /// Hooks of such a late transition run at once, all together.
  ///
  /// - Parameters:
  ///   - classNames: the class names of `viewControllers`.
  ///   - transitionRunning: UIKit has a transition coordinator: nothing is concluded then.
  public mutating func stackObserved(classNames: [String], transitionRunning: Bool)
    -> [NavigationEffect]
  {
    guard hasLaunched, !transitionRunning else { return [] }
    var effects = finishRunningTransition()
    var observed: [ScreenID?] = []
    for name in classNames {
      observed.append(book.screen(forClassName: name, pushedFrom: observed.last ?? nil))
    }
    guard observed != stack else { return effects }
    let popped = observed.count < stack.count && Array(stack.prefix(observed.count)) == observed
    effects += didReplaceStack(
      classNames: classNames,
      topChanged: observed.count != stack.count || observed.last != stack.last,
      topWasInStack: popped, animated: false)
    effects += transitionDidEnd()
    return effects
  }
}
