/// The ways the top of a navigation stack changes, each with UIKit's order of lifecycle events.
///
/// This table is the single statement of those orders in the project: the checker's analysis
/// and the runtime's simulation tests both walk `steps`, so a fact about UIKit lives here once.
public enum Transition: String, CaseIterable, Hashable, Sendable {
  /// The root screen appears when the navigator is first shown.
  case launch
  /// The top screen pushes a new instance of a screen.
  case push
  /// The back button is tapped and the top screen is popped.
  case backTap
  /// `popViewController(animated:)` is called from code.
  case programmaticPop
  /// A swipe-back is dragged to the end.
  case swipeCompleted
  /// A swipe-back is released early and the top screen stays.
  case swipeCancelled

  /// Whether the transition starts with the interactive pop gesture beginning.
  public var isSwipe: Bool { self == .swipeCompleted || self == .swipeCancelled }

  /// Whether the incoming screen becomes the new top (all but a cancelled swipe).
  public var changesTop: Bool { self != .swipeCancelled }

  /// The role of the lower of the transition's two screens, the one that stays on the stack
  /// under the other: the outgoing screen of a push, the incoming one of a pop or a swipe;
  /// `nil` at launch, which shows the root alone. The other screen is always at depth 2 or
  /// deeper, so the lower one's depth alone decides which `if pushed` hooks run.
  public var lowerRole: TransitionRole? {
    switch self {
    case .launch: nil
    case .push: .outgoing
    case .backTap, .programmaticPop, .swipeCompleted, .swipeCancelled: .incoming
    }
  }

  /// Whether the screen in `role` is its navigator's root at depth 1, given whether the lower
  /// screen is (at launch, the root is alone on the stack).
  public func isRootAtDepthOne(_ role: TransitionRole, lowerScreenIsRoot: Bool) -> Bool {
    self == .launch || (role == lowerRole && lowerScreenIsRoot)
  }

  /// The steps of the transition in the order UIKit performs them.
  ///
  /// Roles: `outgoing` is the top before the transition (absent at launch); `incoming` is the
  /// screen pushed, or revealed by a pop or swipe.
  public var steps: [TransitionStep] {
    switch self {
    case .launch:
      [
        .navigatorHooks,
        .hooks(.incoming, .viewDidLoad),
        .resetToDeclared(.incoming),
        .hooks(.incoming, .viewWillAppear),
        .hooks(.incoming, .viewDidAppear),
      ]
    case .push:
      [
        .hooks(.incoming, .viewDidLoad),
        .hooks(.outgoing, .viewWillDisappear),
        .resetToDeclared(.incoming),
        .hooks(.incoming, .viewWillAppear),
        .hooks(.outgoing, .viewDidDisappear),
        .hooks(.incoming, .viewDidAppear),
      ]
    case .backTap, .programmaticPop:
      // Since iOS 10 the bar ignores title attributes written in the revealed screen's
      // viewWillAppear when the pop is not interactive.
      [
        .hooks(.outgoing, .viewWillDisappear),
        .resetToDeclared(.incoming),
        .hooks(.incoming, .viewWillAppear, titleTakesEffect: false),
        .hooks(.outgoing, .viewDidDisappear),
        .hooks(.incoming, .viewDidAppear),
      ]
    case .swipeCompleted:
      [
        .swipeBegins,
        .hooks(.outgoing, .viewWillDisappear, duringSwipe: true),
        .resetToDeclared(.incoming),
        .hooks(.incoming, .viewWillAppear, duringSwipe: true),
        .swipeReleased,
        .hooks(.outgoing, .viewDidDisappear),
        .hooks(.incoming, .viewDidAppear),
      ]
    case .swipeCancelled:
      [
        .swipeBegins,
        .hooks(.outgoing, .viewWillDisappear, duringSwipe: true),
        .resetToDeclared(.incoming),
        .hooks(.incoming, .viewWillAppear, duringSwipe: true),
        .swipeReleased,
        .hooks(.incoming, .viewWillDisappear),
        .hooks(.incoming, .viewDidDisappear),
        .resetToDeclared(.outgoing),
        .hooks(.outgoing, .viewWillAppear),
        .hooks(.outgoing, .viewDidAppear),
      ]
    }
  }
}

/// Which of the two screens of a transition a step concerns.
public enum TransitionRole: Hashable, Sendable {
  /// The top screen before the transition.
  case outgoing
  /// The screen pushed, or the one a pop or swipe reveals; the root at launch.
  case incoming
}

/// One step of a transition.
public enum TransitionStep: Hashable, Sendable {
  /// The runtime sets `barHidden` and `title` to the screen's declarative values, just before
  /// that screen's `viewWillAppear` hooks run.
  case resetToDeclared(TransitionRole)
  /// The screen's hooks for the event run.
  ///
  /// - `titleTakesEffect`: whether a `titleStyle` action here reaches the bar.
  /// - `duringSwipe`: whether the swipe gesture is in flight: the finger is still down.
  case hooks(
    TransitionRole, LifecycleEvent, titleTakesEffect: Bool = true, duringSwipe: Bool = false)
  /// The navigation controller's own `viewDidLoad` hooks: it loads before its root view
  /// controller does.
  case navigatorHooks
  /// The interactive pop gesture begins; `SwipeRule` decides whether it may.
  case swipeBegins
  /// The finger is lifted: the swipe completes or is cancelled.
  case swipeReleased
}
