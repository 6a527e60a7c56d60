/// The policy core for one navigation controller: it follows the stack, runs the lifecycle of
/// `Transition.steps`, and decides every back tap, swipe, title and bar, knowing nothing of
/// UIKit.
///
/// The adapter reports what UIKit did (a push began, a pop began, the swipe was released, the
/// animation ended), asks what to answer (`backButtonTapped`, `backMenuPicked`,
/// `swipeShouldBegin`), and applies the `NavigationEffect`s it gets back. Time is passed in,
/// never read.
///
/// The core behaves the same on every iOS version: it never returns `true` for a back tap (it
/// pops by itself, once), so it neither relies on iOS 12 calling `shouldPop` for programmatic
/// pops nor on iOS 13 popping when `shouldPop` returns `true`; and the swipe is decided in
/// `gestureRecognizerShouldBegin` of a delegate the runtime owns, so neither
/// `gestureRecognizer(_:shouldReceive:)` nor the private method iOS 13.4 switched to matters.
/// Every user's way back goes through it: back taps, the long-press back menu of iOS 14
/// (`popToViewController`), the edge swipe and iOS 26's content swipe; pops made in code never
/// do.
public struct NavigatorSession: Sendable {
  public let book: RuleBook
  public let navigator: NavigatorID
  /// The screens on the stack, root first; `nil` for a view controller no rule names.
  public internal(set) var stack: [ScreenID?] = []
  /// The navigator-wide state hooks write (docs/model.md#navigator-state), as the runtime keeps it.
  public internal(set) var state: NavigatorState<HookSource>
  /// The transition in progress, if any.
  public internal(set) var transition: RunningTransition?
  /// Whether the navigator has appeared (its launch transition began).
  public internal(set) var hasLaunched = false

  /// A back tap was accepted and its pop has not begun yet.
  var tapPopPending = false
  /// A `back intercept` view controller is being asked; the stack depth when it was.
  var pendingAskDepth: Int?
  /// The `back confirm` alert is showing.
  var awaitingConfirmation = false
  /// `stackChanges` when the alert of a back tap was shown: its "leave" pops nothing once the
  /// stack changed.
  var confirmationStackChanges: Int?
  /// A pick of the back menu being decided, or its pop waiting to run.
  var menuPick: BackMenuPick?
  /// Counts every change of the stack (a push, a pop, a replacement, a cancelled swipe), so a
  /// decision taken earlier can tell whether it still applies.
  var stackChanges = 0
  /// When the last back tap that was acted on arrived, in milliseconds.
  var lastBackTapMilliseconds: Double?
  /// A hook disabled the gesture while a swipe was in flight; applied when it is released.
  var deferredGestureDisable = false
  /// The bar's visibility the runtime last asked for; UIKit's visible bar at first.
  var requestedBarHidden = false
  /// The rules have declared a title style on this navigator's way: from then on the runtime
  /// writes the title attributes of every screen that becomes top.
  var ownsTitle = false

  public init(book: RuleBook, navigator: NavigatorID) {
    self.book = book
    self.navigator = navigator
    self.state = NavigatorState(title: book[navigator].titleStyle?.attributes)
  }

  /// The screen on top, if the stack is not empty (`.some(nil)` for an unnamed view controller).
  public var top: ScreenID?? { stack.last }

  /// Whether the `back confirm` alert is waiting for an answer. The adapter checks that it is
  /// really shown, and calls `confirmationEndedWithoutAnswer()` when it is not.
  public var isAwaitingConfirmation: Bool { awaitingConfirmation }

  /// Whether a transition runs, a tap's pop is pending, or a confirmation is showing: back taps
  /// and swipes are ignored meanwhile.
  public var isBusy: Bool {
    transition != nil || tapPopPending || awaitingConfirmation || pendingAskDepth != nil
      || menuPick != nil
  }

  /// Whether UIKit's long-press back menu (iOS 14) should be offered: only while the top
  /// screen's `back` is `allow`. Elsewhere every pick would be refused or asked about, which is
  /// better said by a button without a menu; picks that would remove a guarding screen deeper
  /// down are still decided by `backMenuPicked`.
  public var offersBackMenu: Bool {
    stack.count < 2 || offersBackMenu(whileOnTop: stack.last ?? nil)
  }

  /// Whether the back menu should be offered while `screen` is on top at depth 2 or more, as
  /// the adapter asks before a push (the pushed screen's back button is built then).
  public func offersBackMenu(whileOnTop screen: ScreenID?) -> Bool {
    guard let screen else { return true }
    if case .allow = book[screen].back { return true }
    return false
  }

  /// The screen a view controller class stands for, as it is pushed onto the current top.
  public func screen(forClassName className: String) -> ScreenID? {
    book.screen(forClassName: className, pushedFrom: top ?? nil)
  }
}

/// Who wrote a navigator-wide value: a hook of a screen at an event.
public struct HookSource: Hashable, Sendable {
  public var screen: ScreenID?
  public var event: LifecycleEvent

  public init(screen: ScreenID?, event: LifecycleEvent) {
    self.screen = screen
    self.event = event
  }
}

/// A transition between its first and last lifecycle step.
public struct RunningTransition: Hashable, Sendable {
  /// Which lifecycle it follows; a swipe is `swipeCompleted` until it is released cancelled.
  public var kind: Transition
  /// The top screen before the transition (none at launch).
  public var outgoing: ScreenID??
  /// The screen pushed or revealed.
  public var incoming: ScreenID?
  /// The stack index of the incoming screen, for its title and its `if pushed` hooks.
  public var incomingIndex: Int
  /// The stack index the outgoing screen has, or had before it was popped; `nil` at launch.
  public var outgoingIndex: Int?
  /// Whether UIKit animates it (bar changes then animate along).
  public var animated: Bool
  /// The next step of `kind.steps` to perform.
  public var stepIndex = 0
  /// The swipe has begun and the finger is still down.
  public var swipeInFlight = false
  /// The finger was lifted (swipes only).
  public var released: Bool
  /// UIKit finished the animation: the `viewDid…` events may run.
  public var completed = false

  public init(
    kind: Transition, outgoing: ScreenID??, incoming: ScreenID?, incomingIndex: Int,
    outgoingIndex: Int?, animated: Bool
  ) {
    self.kind = kind
    self.outgoing = outgoing
    self.incoming = incoming
    self.incomingIndex = incomingIndex
    self.outgoingIndex = outgoingIndex
    self.animated = animated
    self.released = !kind.isSwipe
  }

  func screen(_ role: TransitionRole) -> ScreenID? {
    switch role {
    case .incoming: incoming
    case .outgoing: outgoing ?? nil
    }
  }

  /// Whether the screen in `role` is at the bottom of the stack: its `if pushed` hooks do not
  /// run.
  func isRootAtDepthOne(_ role: TransitionRole) -> Bool {
    switch role {
    case .incoming: incomingIndex == 0
    case .outgoing: outgoingIndex == 0
    }
  }
}
