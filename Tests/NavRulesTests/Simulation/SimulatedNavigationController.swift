import NavRules

/// A stand-in for UIKit's navigation controller, wired to a `NavigatorSession` exactly as
/// `RulesNavigationController` wires the real one, and recording every broken invariant.
///
/// It behaves like UIKit where UIKit matters to the rules: the bar asks
/// `navigationBar(_:shouldPop:)` for back taps, and before iOS 13 also after pops made in code
/// (with one item more than view controllers); title attributes written during a
/// non-interactive pop are lost; the swipe asks its delegate before it begins; transitions
/// run until told to finish.
struct SimulatedNavigationController {
  /// A view controller on the stack.
  struct Controller {
    var className: String
    var screen: NavRules.ScreenID?
    /// What it answers when asked `shouldPop(trigger:)` (`nil`: it does not implement it).
    var answer: Bool?
  }

  /// UIKit's transition in progress.
  struct UIKitTransition {
    enum Kind { case push, pop, swipe }
    var kind: Kind
    var outgoing: Controller?
    var incoming: Controller?
    /// Whether the lower of the two view controllers is the bottom of the stack.
    var lowerIsRoot: Bool
    var released = false
  }

  /// One `shouldPop(trigger:)` call.
  struct Ask: Equatable {
    var stackIndex: Int
    var trigger: PopTrigger
  }

  let book: RuleBook
  let navigator: NavRules.NavigatorID
  /// UIKit from iOS 13 on: no `shouldPop` for pops made in code.
  let modernBar: Bool
  var session: NavigatorSession
  var controllers: [Controller] = []
  var itemCount = 0
  var titleAttributes: TitleAttributes?
  var barHidden = false
  var gestureEnabled = true
  var running: UIKitTransition?
  /// `.popTopScreen` was applied: a pop is scheduled for after the current callback.
  var scheduledTapPop = false
  var confirmation: BackConfirmation?
  var nowMilliseconds = 0.0
  var asks: [Ask] = []
  var violations: [String] = []
  /// Completed transitions as the lifecycle model names them, for the reference model.
  var finished:
    [(
      kind: Transition, outgoing: NavRules.ScreenID?, incoming: NavRules.ScreenID?,
      lowerIsRoot: Bool
    )] = []
  private var pendingKind: Transition?

  init(book: RuleBook, navigator: NavRules.NavigatorID, modernBar: Bool) {
    self.book = book
    self.navigator = navigator
    self.modernBar = modernBar
    self.session = NavigatorSession(book: book, navigator: navigator)
  }

  var isIdle: Bool { running == nil && !scheduledTapPop && confirmation == nil }
  var top: Controller? { controllers.last }

  func controller(for screen: NavRules.ScreenID, answer: Bool?) -> Controller {
    Controller(className: book[screen].className, screen: screen, answer: answer)
  }

  // MARK: What the app and UIKit do

  mutating func launch() {
    let root = book[navigator].root
    controllers = [controller(for: root, answer: nil)]
    itemCount = 1
    apply(session.launch(classNames: controllers.map(\.className)))
    apply(session.transitionDidEnd())
    finished.append((.launch, nil, root, true))
  }

  /// `pushViewController(_:animated: true)` from app code.
  mutating func push(_ pushed: Controller) {
    if running != nil { violations.append("push while a transition runs") }
    let outgoing = top
    let lowerIsRoot = controllers.count == 1
    controllers.append(pushed)
    itemCount += 1
    running = UIKitTransition(
      kind: .push, outgoing: outgoing, incoming: pushed, lowerIsRoot: lowerIsRoot)
    pendingKind = .push
    apply(session.didBeginPush(className: pushed.className, animated: true))
  }

  /// `popViewController(animated: true)`: from app code, from an accepted tap, or as the
  /// swipe begins.
  mutating func pop(interactive: Bool, fromTap: Bool) {
    guard controllers.count >= 2 else {
      if fromTap { session.tapPopDidNotHappen() }
      return
    }
    if running != nil { violations.append("nested pop animation: a pop while a transition runs") }
    let outgoing = controllers.removeLast()
    running = UIKitTransition(
      kind: interactive ? .swipe : .pop, outgoing: outgoing, incoming: top,
      lowerIsRoot: controllers.count == 1)
    pendingKind = interactive ? .swipeCompleted : fromTap ? .backTap : .programmaticPop
    apply(session.didBeginPop(interactive: interactive, animated: true))
    if modernBar {
      itemCount = controllers.count
    } else {
      // Before iOS 13 the bar asks about the item it is about to pop, the view controller
      // already gone.
      let asksBefore = asks.count
      let answer = shouldPop(fromTapOnScreen: false)
      if !answer { violations.append("refused the bar's pop after a pop in code") }
      if asks.count != asksBefore { violations.append("asked an interceptor about a pop in code") }
      itemCount = controllers.count
    }
  }

  /// The animation of the running push or pop ends (the swipe's ends after its release).
  mutating func finishTransition() {
    guard let transition = running, transition.kind != .swipe || transition.released else { return }
    running = nil
    if let kind = pendingKind {
      finished.append(
        (kind, transition.outgoing?.screen, transition.incoming?.screen, transition.lowerIsRoot))
    }
    pendingKind = nil
    apply(session.transitionDidEnd())
  }

  /// The finger is lifted from a swipe in flight.
  mutating func releaseSwipe(cancelled: Bool) {
    guard var transition = running, transition.kind == .swipe, !transition.released else { return }
    transition.released = true
    if cancelled, let outgoing = transition.outgoing {
      controllers.append(outgoing)
      itemCount = controllers.count
      pendingKind = .swipeCancelled
    }
    running = transition
    apply(session.swipeReleased(cancelled: cancelled))
  }

  /// The user tries to swipe back; returns whether it began.
  @discardableResult
  mutating func attemptSwipe() -> Bool {
    guard gestureEnabled else { return false }
    let current = session
    let asksBefore = asks.count
    let began = current.swipeShouldBegin { index, trigger in
      record(Ask(stackIndex: index, trigger: trigger))
    }
    let newAsks = asks[asksBefore...]
    for ask in newAsks where ask != Ask(stackIndex: controllers.count - 1, trigger: .gesture) {
      violations.append("swipe asked \(ask), top is \(controllers.count - 1)")
    }
    if newAsks.count > 1 { violations.append("swipe asked \(newAsks.count) times") }
    guard began else { return false }
    if controllers.count < 2 { violations.append("swipe began at the root") }
    if running != nil { violations.append("swipe began while a transition runs") }
    if let screen = top?.screen {
      switch book[screen].back {
      case .allow: break
      case .intercept where !newAsks.isEmpty: break
      case .intercept: violations.append("swipe began on a back-intercept screen without asking it")
      case .block, .confirm: violations.append("swipe began on a screen whose back pops nothing")
      }
    }
    pop(interactive: true, fromTap: false)
    return true
  }

  /// The user taps the back button (only there when the bar is shown and no custom left item
  /// replaces it); returns what `shouldPop` answered.
  @discardableResult
  mutating func tapBack() -> Bool {
    shouldPop(fromTapOnScreen: true)
  }

  /// The scheduled pop of an accepted tap runs, after UIKit's callback returned.
  mutating func runScheduledTapPop() {
    guard scheduledTapPop else { return }
    scheduledTapPop = false
    if session.shouldPerformTapPop(viewControllerCount: controllers.count) {
      pop(interactive: false, fromTap: true)
    }
  }

  mutating func answerConfirmation(leave: Bool) {
    guard confirmation != nil else { return }
    confirmation = nil
    apply(session.confirmationAnswered(leave: leave))
  }

  // MARK: The adapter

  /// `navigationBar(_:shouldPop:)`, as `RulesNavigationController` implements it.
  private mutating func shouldPop(fromTapOnScreen tap: Bool) -> Bool {
    let step = session.backButtonTapped(
      viewControllerCount: controllers.count, itemCount: itemCount,
      nowMilliseconds: nowMilliseconds)
    let answer: BackButtonAnswer
    switch step {
    case .answer(let immediate):
      answer = immediate
    case .ask(let index):
      let allows = record(Ask(stackIndex: index, trigger: .backButton))
      answer = session.interceptorAnswered(allows)
    }
    if tap, answer.shouldPop {
      violations.append(
        modernBar
          ? "returned true for a tap: UIKit pops too, a double pop"
          : "returned true for a tap: the bar pops without the view controller")
    }
    apply(answer.effects)
    return answer.shouldPop
  }

  private mutating func record(_ ask: Ask) -> Bool? {
    asks.append(ask)
    guard controllers.indices.contains(ask.stackIndex) else {
      violations.append("asked a view controller that is not on the stack")
      return nil
    }
    if ask.stackIndex != controllers.count - 1 {
      violations.append("asked the view controller at \(ask.stackIndex), not the top")
    }
    return controllers[ask.stackIndex].answer
  }

  private mutating func apply(_ effects: [NavigationEffect]) {
    for effect in effects {
      switch effect {
      case .setTitleAttributes(let attributes):
        // UIKit drops title attributes written while a non-interactive pop animates.
        if running?.kind != .pop { titleAttributes = attributes }
      case .setNavigationBarHidden(let hidden, _):
        barHidden = hidden
      case .setGestureEnabled(let enabled):
        if !enabled, let transition = running, transition.kind == .swipe, !transition.released {
          violations.append("disabled the gesture while a swipe was in flight")
        }
        gestureEnabled = enabled
      case .setScreenTitle(_, let index):
        if !controllers.indices.contains(index) { violations.append("title for a missing index") }
      case .popTopScreen:
        if scheduledTapPop { violations.append("scheduled a second pop for one tap") }
        scheduledTapPop = true
      case .presentConfirmation(let confirmation):
        if self.confirmation != nil { violations.append("a second confirmation") }
        self.confirmation = confirmation
      case .restoreBackButton:
        break
      }
    }
  }
}
