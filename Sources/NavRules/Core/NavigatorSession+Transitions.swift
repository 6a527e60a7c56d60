/// Transitions: the adapter reports what UIKit began and finished; the core walks
/// `Transition.steps` and answers with effects.
extension NavigatorSession {
  /// The navigation controller is about to appear with `classNames` on its stack (root first).
  public mutating func launch(classNames: [String]) -> [NavigationEffect] {
    var effects = finishRunningTransition()
    stack = []
    stackChanges += 1
    for name in classNames { stack.append(screen(forClassName: name)) }
    hasLaunched = true
    guard let incoming = stack.last else { return effects }
    effects += begin(
      RunningTransition(
        kind: .launch, outgoing: nil, incoming: incoming, incomingIndex: stack.count - 1,
        outgoingIndex: nil, animated: false),
      announcesTitle: true)
    return effects
  }

  /// `pushViewController` put a view controller of `className` on top.
  public mutating func didBeginPush(className: String, animated: Bool) -> [NavigationEffect] {
    var effects = finishRunningTransition()
    let incoming = screen(forClassName: className)
    let outgoing = stack.last
    stack.append(incoming)
    stackChanges += 1
    guard hasLaunched else { return effects }
    effects += begin(
      RunningTransition(
        kind: .push, outgoing: outgoing, incoming: incoming, incomingIndex: stack.count - 1,
        outgoingIndex: stack.count >= 2 ? stack.count - 2 : nil, animated: animated),
      announcesTitle: true)
    return effects
  }

  /// `popViewController` removed the top view controller: for an accepted back tap, from
  /// code, or as the swipe-back begins (`interactive`).
  public mutating func didBeginPop(interactive: Bool, animated: Bool) -> [NavigationEffect] {
    var effects = finishRunningTransition()
    let kind: Transition =
      interactive ? .swipeCompleted : tapPopPending ? .backTap : .programmaticPop
    tapPopPending = false
    guard let outgoing = stack.popLast() else { return effects }
    stackChanges += 1
    guard hasLaunched, let incoming = stack.last else { return effects }
    effects += begin(
      RunningTransition(
        kind: kind, outgoing: outgoing, incoming: incoming, incomingIndex: stack.count - 1,
        outgoingIndex: stack.count, animated: animated || interactive),
      announcesTitle: false)
    return effects
  }

  /// The stack was replaced (`setViewControllers`, `popToViewController`,
  /// `popToRootViewController`).
  ///
  /// - Parameters:
  ///   - topChanged: another view controller instance is on top now.
  ///   - topWasInStack: the new top was already on the stack: it is revealed, as by a pop;
  ///     otherwise it is new, as by a push.
  public mutating func didReplaceStack(
    classNames: [String], topChanged: Bool, topWasInStack: Bool, animated: Bool
  ) -> [NavigationEffect] {
    var effects = finishRunningTransition()
    tapPopPending = false
    let outgoing = stack.last
    let outgoingIndex = stack.isEmpty ? nil : stack.count - 1
    var new: [ScreenID?] = []
    for name in classNames {
      new.append(book.screen(forClassName: name, pushedFrom: new.last ?? nil))
    }
    stack = new
    stackChanges += 1
    guard hasLaunched, topChanged, let incoming = new.last else { return effects }
    effects += begin(
      RunningTransition(
        kind: topWasInStack ? .programmaticPop : .push, outgoing: outgoing, incoming: incoming,
        incomingIndex: new.count - 1, outgoingIndex: outgoingIndex, animated: animated),
      announcesTitle: !topWasInStack)
    return effects
  }

  /// The swipe-back was released: it completes, or is cancelled and the top screen stays.
  public mutating func swipeReleased(cancelled: Bool) -> [NavigationEffect] {
    guard var running = transition, running.kind.isSwipe, !running.released else { return [] }
    running.released = true
    if cancelled {
      running.kind = .swipeCancelled
      stack.append(running.outgoing ?? nil)
      stackChanges += 1
    }
    transition = running
    return advance()
  }

  /// UIKit finished the transition's animation (its coordinator's completion, or at once when
  /// it was not animated).
  public mutating func transitionDidEnd() -> [NavigationEffect] {
    guard var running = transition else { return [] }
    if !running.released {
      // A swipe whose release was never reported: it completed.
      running.released = true
    }
    running.completed = true
    transition = running
    return advance()
  }

  /// Ends a transition UIKit started another one on top of, so no step is lost.
  mutating func finishRunningTransition() -> [NavigationEffect] {
    guard transition != nil else { return [] }
    return transitionDidEnd()
  }

  private mutating func begin(_ running: RunningTransition, announcesTitle: Bool)
    -> [NavigationEffect]
  {
    var effects: [NavigationEffect] = []
    if announcesTitle, let screen = running.incoming, let title = book[screen].title {
      effects.append(.setScreenTitle(title, stackIndex: running.incomingIndex))
    }
    if announcesTitle {
      // Set once on the item: UIKit keeps it with the view controller and shows it whenever
      // the screen is on top.
      let appearances = book.itemAppearances(of: running.incoming, in: navigator)
      for slot in BarAppearanceSlot.allCases {
        guard let appearance = appearances[slot.index] else { continue }
        effects.append(
          .setItemAppearance(slot, appearance, stackIndex: running.incomingIndex))
      }
    }
    transition = running
    return effects + advance()
  }

  /// Performs steps until one must wait for UIKit: the release of a swipe, or the end of the
  /// animation for the `viewDid…` events.
  private mutating func advance() -> [NavigationEffect] {
    var effects: [NavigationEffect] = []
    while var running = transition {
      let steps = running.kind.steps
      guard running.stepIndex < steps.count else {
        transition = nil
        effects += settle()
        break
      }
      switch steps[running.stepIndex] {
      case .navigatorHooks:
        transition = running
        for hook in book[navigator].hooks where hook.event == .viewDidLoad {
          for action in hook.actions {
            effects += perform(
              action, from: HookSource(screen: nil, event: .viewDidLoad), titleTakesEffect: true)
          }
        }
        running = transition ?? running
      case .swipeBegins:
        running.swipeInFlight = true
      case .swipeReleased:
        guard running.released else { return effects }
        running.swipeInFlight = false
        if deferredGestureDisable {
          deferredGestureDisable = false
          if !state.gestureEnabled { effects.append(.setGestureEnabled(false)) }
        }
      case .resetToDeclared(let role):
        let declared = book.appearance(of: running.screen(role), in: navigator)
        state.resetToDeclared(barHidden: declared.barHidden, title: declared.title)
        effects += barEffects(hidden: declared.barHidden, animated: running.animated)
        effects += titleEffects(declared.title)
      case .hooks(let role, let event, let titleTakesEffect, _):
        if Self.waitsForAnimation(event), !running.completed { return effects }
        if let screen = running.screen(role) {
          transition = running
          let isRoot = running.isRootAtDepthOne(role)
          for action in book[screen].actions(at: event, isRootAtDepthOne: isRoot) {
            effects += perform(
              action, from: HookSource(screen: screen, event: event),
              titleTakesEffect: titleTakesEffect)
          }
          running = transition ?? running
        }
      }
      running.stepIndex += 1
      transition = running
    }
    return effects
  }

  /// UIKit sends the `viewDid…` events when the animation has finished.
  private static func waitsForAnimation(_ event: LifecycleEvent) -> Bool {
    event == .viewDidAppear || event == .viewDidDisappear
  }

  /// Runs one hook action against the navigator-wide state.
  private mutating func perform(
    _ action: HookAction, from source: HookSource, titleTakesEffect: Bool
  ) -> [NavigationEffect] {
    let animated = transition?.animated ?? false
    switch action {
    case .setTitleStyle(let attributes):
      // UIKit ignores it here (a revealed screen's viewWillAppear on a non-interactive pop).
      guard titleTakesEffect else { return [] }
      state.apply(action, origin: source)
      return titleEffects(attributes)
    case .setGestureEnabled(let enabled):
      state.apply(action, origin: source)
      if !enabled, transition?.swipeInFlight == true {
        // Disabling the recognizer mid-swipe freezes the navigation controller.
        deferredGestureDisable = true
        return []
      }
      if enabled { deferredGestureDisable = false }
      return [.setGestureEnabled(enabled)]
    case .setGestureDelegate:
      // The runtime's own delegate reads `state.delegate`; nothing to apply.
      state.apply(action, origin: source)
      return []
    case .setNavigationBar(let visibility):
      // A hook is an explicit write, as `setNavigationBarHidden` in app code: always made.
      state.apply(action, origin: source)
      requestedBarHidden = visibility.isHidden
      return [.setNavigationBarHidden(visibility.isHidden, animated: animated)]
    case .setBarAppearance(let slot, let appearance):
      // The bar's, as the app code it models: it stays for the screens after this one.
      state.apply(action, origin: source)
      return [.setBarAppearance(slot, appearance)]
    }
  }

  /// The bar's visibility the rules ask for now: written only when it changes, so the runtime
  /// never shows a bar the app hid (nor hides one it showed) where the rules ask for nothing
  /// new.
  private mutating func barEffects(hidden: Bool, animated: Bool) -> [NavigationEffect] {
    guard hidden != requestedBarHidden else { return [] }
    requestedBarHidden = hidden
    return [.setNavigationBarHidden(hidden, animated: animated)]
  }

  /// The title attributes the rules ask for now: nothing until the rules declare a style
  /// (the app's own title attributes stay untouched), then always, since UIKit drops title
  /// attributes written during a non-interactive pop; `nil` gives the app's own back.
  private mutating func titleEffects(_ title: TitleAttributes?) -> [NavigationEffect] {
    if title != nil { ownsTitle = true }
    return ownsTitle ? [.setTitleAttributes(title)] : []
  }

  /// After the last step: the bar shows what the state says, whatever UIKit dropped on the way
  /// (title attributes set during a non-interactive pop are lost otherwise).
  private mutating func settle() -> [NavigationEffect] {
    var effects = barEffects(hidden: state.barHidden, animated: false) + titleEffects(state.title)
    if deferredGestureDisable {
      deferredGestureDisable = false
      if !state.gestureEnabled { effects.append(.setGestureEnabled(false)) }
    }
    return effects
  }
}
