import NavRules

/// A stand-in for UIKit's navigation controller, wired to a `NavigatorSession` exactly as
/// `RulesNavigationController` wires the real one, and recording every broken invariant.
///
/// It behaves like UIKit where UIKit matters to the rules, per `IOSBehaviour`: the bar asks
/// `navigationBar(_:shouldPop:)` for back taps, and before iOS 13 also after pops made in code
/// (with one item more than view controllers); from iOS 14 a long press on the back button
/// offers every earlier screen and a pick calls `popToViewController` without asking; from iOS
/// 26 a second pop gesture over the content ignores the edge gesture's `isEnabled` and
/// delegate; title attributes written during a non-interactive pop are lost; the swipe asks its
/// delegate before it begins; transitions run until told to finish, and UIKit may run one the
/// session is not told about (a modal presentation).
///
/// Every user action has a number; asks, answers and pops are recorded with it, so a pop can be
/// checked against what its own action was told.
struct SimulatedNavigationController {
  /// A view controller on the stack.
  struct Controller {
    /// Tells instances of one class apart.
    var id: Int
    var className: String
    var screen: NavRules.ScreenID?
    /// What it answers when asked `shouldPop(trigger:)` (`nil`: it does not implement it).
    var answer: Bool?
  }

  /// UIKit's transition in progress.
  struct UIKitTransition {
    /// `unfollowed`: a pop UIKit makes without the overrides (the session is not told).
    enum Kind { case push, pop, swipe, modal, unfollowed }
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
    /// The view controller asked and what it answered.
    var controller = -1
    var answer: Bool?
    /// The user action it was asked for (`nil`: none, which is a bug).
    var action: Int?
  }

  let book: RuleBook
  let navigator: NavRules.NavigatorID
  let behaviour: IOSBehaviour
  var session: NavigatorSession
  var controllers: [Controller] = []
  var itemCount = 0
  /// The bar's title attributes; the app's own styling (`appTitle`) until the rules write.
  var titleAttributes: TitleAttributes? = Self.appTitle
  var barHidden = false
  /// The bar's appearance slots (`BarAppearanceSlot.index`), and each view controller's own
  /// navigation item's, by `Controller.id`.
  var barAppearances: [BarAppearance?] = [nil, nil, nil, nil]
  var itemAppearances: [Int: [BarAppearance?]] = [:]

  /// What the bar shows in `slot` with the top view controller on top: its item's appearance,
  /// which wins, else the bar's.
  func shownAppearance(_ slot: BarAppearanceSlot) -> BarAppearance? {
    guard let top = controllers.last else { return barAppearances[slot.index] }
    return itemAppearances[top.id]?[slot.index] ?? barAppearances[slot.index]
  }
  /// Whether the container forwards appearance callbacks (`viewDidAppear` ends the launch).
  var forwardsAppearance = true
  /// Whether `present` shows nothing (something else is presented, a presentation in flight).
  var presentationsRefused = false
  /// The edge gesture's `isEnabled` (the content gesture's is never touched).
  var gestureEnabled = true
  /// Whether the back button has its long-press menu (iOS 14), as the adapter leaves it.
  var backMenuOffered = true
  var running: UIKitTransition?
  /// `.popTopScreen` was applied, for this user action: a pop runs after the current callback.
  var scheduledTapPop: Int?
  /// `.popToScreen` was applied: a pop to this index, for this user action.
  var scheduledMenuPop: (index: Int, action: Int)?
  var confirmation: BackConfirmation?
  /// The user action the showing alert was shown for.
  var confirmationAction: Int?
  var nowMilliseconds = 0.0
  var asks: [Ask] = []
  var violations: [String] = []
  /// How often each way back was taken, so a test can show the session was not vacuous.
  var tally: [String: Int] = [:]
  /// Completed transitions as the lifecycle model names them, for the reference model.
  var finished:
    [(
      kind: Transition, outgoing: NavRules.ScreenID?, incoming: NavRules.ScreenID?,
      lowerIsRoot: Bool
    )] = []
  /// The user action whose UIKit callback is running, if any.
  private(set) var currentAction: Int?
  private var actionCount = 0
  private var controllerCount = 0
  /// User actions whose `back confirm` alert was answered "leave".
  private var leaveAnswers: Set<Int> = []
  private var popsPerAction: [Int: Int] = [:]
  private var pendingKind: Transition?

  /// What the app styled the bar's title with (through the bar or `UINavigationBar.appearance()`).
  static let appTitle = TitleAttributes(color: .rgba(red: 1, green: 2, blue: 3, alpha: 4))

  init(book: RuleBook, navigator: NavRules.NavigatorID, behaviour: IOSBehaviour) {
    self.book = book
    self.navigator = navigator
    self.behaviour = behaviour
    self.session = NavigatorSession(book: book, navigator: navigator)
  }

  var isIdle: Bool {
    running == nil && scheduledTapPop == nil && scheduledMenuPop == nil && confirmation == nil
  }
  var top: Controller? { controllers.last }

  mutating func controller(for screen: NavRules.ScreenID, answer: Bool?) -> Controller {
    controllerCount += 1
    return Controller(
      id: controllerCount, className: book[screen].className, screen: screen, answer: answer)
  }

  /// Whether the bar shows the system back button (and so its menu): a pushed screen with the
  /// bar shown and no custom left item.
  var showsBackButton: Bool {
    guard controllers.count >= 2, !barHidden, let screen = top?.screen else { return false }
    return book[screen].leftBarButton == .none
  }

  // MARK: What the app and UIKit do

  mutating func launch() {
    let root = book[navigator].root
    controllers = [controller(for: root, answer: nil)]
    itemCount = 1
    apply(session.launch(classNames: controllers.map(\.className)))
    // Inside a container that does not forward appearance callbacks, no `viewDidAppear`.
    if forwardsAppearance { apply(session.transitionDidEnd()) }
    finished.append((.launch, nil, root, true))
  }

  /// `pushViewController(_:animated: true)` from app code.
  mutating func push(_ pushed: Controller) {
    if running != nil { violations.append("push while a transition runs") }
    observeUIKit()
    let outgoing = top
    let lowerIsRoot = controllers.count == 1
    // The adapter drops the back menu the pushed screen's button would have, before the push.
    backMenuOffered = session.offersBackMenu(whileOnTop: pushed.screen)
    controllers.append(pushed)
    itemCount += 1
    running = UIKitTransition(
      kind: .push, outgoing: outgoing, incoming: pushed, lowerIsRoot: lowerIsRoot)
    pendingKind = .push
    apply(session.didBeginPush(className: pushed.className, animated: true))
  }

  /// `popViewController(animated: true)`: from app code (`action == nil`), from an accepted
  /// tap, or as a swipe begins.
  mutating func pop(interactive: Bool, action: Int?) {
    let fromTap = !interactive && action != nil
    if !interactive { observeUIKit() }
    guard controllers.count >= 2 else {
      if fromTap { session.tapPopDidNotHappen() }
      return
    }
    if running != nil { violations.append("nested pop animation: a pop while a transition runs") }
    let outgoing = controllers.removeLast()
    if let action {
      removedByUser([outgoing], action: action, bySwipe: interactive)
      tally[interactive ? "swipe pops" : "tap pops", default: 0] += 1
    }
    running = UIKitTransition(
      kind: interactive ? .swipe : .pop, outgoing: outgoing, incoming: top,
      lowerIsRoot: controllers.count == 1)
    pendingKind = interactive ? .swipeCompleted : fromTap ? .backTap : .programmaticPop
    apply(session.didBeginPop(interactive: interactive, animated: true))
    barAsksAfterPopInCode()
  }

  /// `popToViewController(_:animated: true)` or `popToRootViewController(animated: true)`, as
  /// the adapter overrides them: with `applyingRules`, the back menu's pick; without, app code.
  mutating func popToViewController(at index: Int, applyingRules: Bool) {
    observeUIKit()
    guard applyingRules, session.hasLaunched, index < controllers.count - 1 else {
      replaceStack(keeping: index, action: nil)
      return
    }
    var step = session.backMenuPicked(
      stackIndex: index, viewControllerCount: controllers.count)
    if case .ask(let indices) = step {
      tally["menu picks that asked", default: 0] += 1
      let allAgreed = indices.allSatisfy {
        record(Ask(stackIndex: $0, trigger: .backMenu)) ?? true
      }
      step = session.backMenuInterceptorsAnswered(allAgreed)
    }
    switch step {
    case .pop(let target): replaceStack(keeping: target, action: currentAction)
    case .keep(let effects): apply(effects)
    case .ask: violations.append("asked twice for one back menu pick")
    }
  }

  /// UIKit pops every view controller above `index` (`popTo…` without the rules).
  private mutating func replaceStack(keeping index: Int, action: Int?) {
    guard controllers.indices.contains(index), index < controllers.count - 1 else { return }
    if running != nil {
      violations.append("nested pop animation: a pop to while a transition runs")
    }
    let removed = Array(controllers[(index + 1)...])
    controllers.removeSubrange((index + 1)...)
    if let action {
      removedByUser(removed, action: action, bySwipe: false)
      tally[removed.count > 1 ? "menu pops of several screens" : "menu pops", default: 0] += 1
    }
    running = UIKitTransition(
      kind: .pop, outgoing: removed.last, incoming: top, lowerIsRoot: index == 0)
    pendingKind = .programmaticPop
    apply(
      session.didReplaceStack(
        classNames: controllers.map(\.className), topChanged: true, topWasInStack: true,
        animated: true))
    barAsksAfterPopInCode()
  }

  /// Before iOS 13 the bar asks about the item it is about to pop, the view controller
  /// already gone.
  private mutating func barAsksAfterPopInCode() {
    guard behaviour.barAsksAboutProgrammaticPops else {
      itemCount = controllers.count
      return
    }
    let asksBefore = asks.count
    let outer = currentAction
    currentAction = nil
    let answer = shouldPop(fromTapOnScreen: false)
    currentAction = outer
    if !answer { violations.append("refused the bar's pop after a pop in code") }
    if asks.count != asksBefore { violations.append("asked an interceptor about a pop in code") }
    itemCount = controllers.count
  }

  /// A presentation over the navigation controller: UIKit runs a transition the session is
  /// not told about.
  mutating func presentModal() {
    if running != nil { violations.append("present while a transition runs") }
    running = UIKitTransition(kind: .modal, outgoing: nil, incoming: nil, lowerIsRoot: false)
  }

  /// UIKit pops to `index` without calling the overrides (the back menu or iOS 26's content
  /// swipe on a UIKit that takes another path): the session is not told.
  mutating func popBypassingOverrides(to index: Int) {
    guard running == nil, controllers.indices.contains(index), index < controllers.count - 1
    else { return }
    controllers.removeSubrange((index + 1)...)
    itemCount = controllers.count
    running = UIKitTransition(kind: .unfollowed, outgoing: nil, incoming: nil, lowerIsRoot: false)
    tally["pops bypassing the overrides", default: 0] += 1
  }

  /// What the adapter does before each user action, push or pop, after each transition and
  /// when it appears: the alert that is not shown ends, and the session looks at UIKit's stack.
  mutating func observeUIKit() {
    if session.isAwaitingConfirmation, confirmation == nil {
      tally["confirmations ended without an answer", default: 0] += 1
      apply(session.confirmationEndedWithoutAnswer())
    }
    let outgoing = session.stack.last ?? nil
    let stackBefore = session.stack
    apply(
      session.stackObserved(
        classNames: controllers.map(\.className), transitionRunning: running != nil))
    if session.stack != stackBefore, running == nil {
      tally["re-syncs", default: 0] += 1
      // The session ran the late transition: so does the reference model.
      let kind: Transition = session.stack.count < stackBefore.count ? .programmaticPop : .push
      finished.append((kind, outgoing, session.stack.last ?? nil, session.stack.count == 1))
    }
  }

  /// The animation of the running transition ends (the swipe's ends after its release).
  mutating func finishTransition() {
    guard let transition = running, transition.kind != .swipe || transition.released else { return }
    running = nil
    guard transition.kind != .modal, transition.kind != .unfollowed else { return }
    if let kind = pendingKind {
      finished.append(
        (kind, transition.outgoing?.screen, transition.incoming?.screen, transition.lowerIsRoot))
    }
    pendingKind = nil
    apply(session.transitionDidEnd())
    // The adapter looks at the stack once the transition is over.
    observeUIKit()
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

  /// The user tries to swipe back with `recognizer`; returns whether it began.
  @discardableResult
  mutating func attemptSwipe(_ recognizer: PopRecognizer = .edge) -> Bool {
    guard behaviour.recognizers.contains(recognizer) else { return false }
    // Hooks switch the edge gesture only; the content one keeps its own `isEnabled`.
    if recognizer == .edge, !gestureEnabled { return false }
    let action = beginAction()
    defer { currentAction = nil }
    observeUIKit()
    let current = session
    let asksBefore = asks.count
    let began = current.swipeShouldBegin(
      recognizer: recognizer, transitionRunning: running != nil,
      viewControllerCount: controllers.count
    ) { index, trigger in
      record(Ask(stackIndex: index, trigger: trigger))
    }
    let newAsks = asks[asksBefore...]
    for ask in newAsks
    where ask.stackIndex != controllers.count - 1 || ask.trigger != .gesture {
      violations.append("swipe asked \(ask), top is \(controllers.count - 1)")
    }
    if newAsks.count > 1 { violations.append("swipe asked \(newAsks.count) times") }
    guard began else { return false }
    tally["\(recognizer) swipes", default: 0] += 1
    if recognizer == .content, !gestureEnabled || session.state.delegate == .block {
      // What `content-swipe-bypass` warns about: a hook stopped the edge swipe only.
      tally["content swipes past a hook", default: 0] += 1
    }
    if controllers.count < 2 { violations.append("swipe began at the root") }
    if running != nil { violations.append("swipe began while a transition runs") }
    if recognizer == .content, let screen = top?.screen {
      let allows = SwipeRule.declarativePolicyAllows(
        back: book[screen].back, popGesture: book.popGesture(of: screen, in: navigator),
        leftBarButton: book[screen].leftBarButton, barHidden: barHidden)
      if !allows { violations.append("the content swipe began against the declared policy") }
    }
    pop(interactive: true, action: action)
    return true
  }

  /// The user taps the back button (only there when the bar is shown and no custom left item
  /// replaces it); returns what `shouldPop` answered.
  @discardableResult
  mutating func tapBack() -> Bool {
    beginAction()
    defer { currentAction = nil }
    observeUIKit()
    return shouldPop(fromTapOnScreen: true)
  }

  /// The user picks the screen at `index` from the back button's menu; UIKit calls
  /// `popToRootViewController` for the root when `viaRoot`, else `popToViewController`. Not
  /// `fromMenu`: app code calls those with UIKit's signatures, which the adapter takes for the
  /// menu's (the rules apply).
  mutating func pickFromBackMenu(_ index: Int, viaRoot: Bool = false, fromMenu: Bool = true) {
    guard behaviour.hasBackMenu else { return }
    if fromMenu, !backMenuOffered {
      violations.append("picked from a back menu the adapter dropped")
    }
    if running != nil { tally["menu picks during a transition", default: 0] += 1 }
    beginAction()
    defer { currentAction = nil }
    popToViewController(at: viaRoot ? 0 : index, applyingRules: true)
  }

  /// The scheduled pop of an accepted tap runs, after UIKit's callback returned.
  mutating func runScheduledTapPop() {
    guard let action = scheduledTapPop else { return }
    scheduledTapPop = nil
    if session.shouldPerformTapPop(viewControllerCount: controllers.count) {
      pop(interactive: false, action: action)
    }
  }

  /// The scheduled pop of a confirmed back menu pick runs, after the alert's callback returned.
  mutating func runScheduledMenuPop() {
    guard let (index, action) = scheduledMenuPop else { return }
    scheduledMenuPop = nil
    if session.shouldPerformMenuPop(toStackIndex: index, viewControllerCount: controllers.count) {
      tally["confirmed menu pops", default: 0] += 1
      replaceStack(keeping: index, action: action)
    }
  }

  mutating func answerConfirmation(leave: Bool) {
    guard confirmation != nil, let action = confirmationAction else { return }
    confirmation = nil
    confirmationAction = nil
    if leave { leaveAnswers.insert(action) }
    currentAction = action
    defer { currentAction = nil }
    apply(session.confirmationAnswered(leave: leave))
  }

  // MARK: The invariants of every user's way back

  @discardableResult
  private mutating func beginAction() -> Int {
    actionCount += 1
    currentAction = actionCount
    return actionCount
  }

  /// The user's `action` removed these view controllers: none may be `back block`, a
  /// `confirm` one only after "leave", an `intercept` one only after it agreed; and one
  /// action pops once.
  private mutating func removedByUser(_ removed: [Controller], action: Int, bySwipe: Bool) {
    popsPerAction[action, default: 0] += 1
    if popsPerAction[action, default: 0] > 1 {
      violations.append("one user action popped twice")
    }
    for controller in removed {
      guard let screen = controller.screen else { continue }
      switch book[screen].back {
      case .allow:
        continue
      case .block:
        violations.append("the user removed \(book[screen].name), a back-block screen")
      case .confirm:
        if !leaveAnswers.contains(action) {
          violations.append("the user removed \(book[screen].name) (confirm) without 'leave'")
        }
      case .interceptTaps where bySwipe:
        continue  // What `back intercept taps` describes: a swipe is not asked.
      case .intercept, .interceptTaps:
        let agreed = asks.contains {
          $0.action == action && $0.controller == controller.id && $0.answer != false
        }
        if !agreed {
          violations.append(
            "the user removed \(book[screen].name) (intercept) without its view controller's yes")
        }
      }
    }
  }

  // MARK: The adapter

  /// `navigationBar(_:shouldPop:)`, as `RulesNavigationController` implements it.
  private mutating func shouldPop(fromTapOnScreen tap: Bool) -> Bool {
    let step = session.backButtonTapped(
      viewControllerCount: controllers.count, itemCount: itemCount,
      nowMilliseconds: nowMilliseconds, transitionRunning: running != nil)
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
        behaviour.barAsksAboutProgrammaticPops
          ? "returned true for a tap: the bar pops without the view controller"
          : "returned true for a tap: UIKit pops too, a double pop")
    }
    apply(answer.effects)
    return answer.shouldPop
  }

  private mutating func record(_ ask: Ask) -> Bool? {
    var ask = ask
    ask.action = currentAction
    guard controllers.indices.contains(ask.stackIndex) else {
      asks.append(ask)
      violations.append("asked a view controller that is not on the stack")
      return nil
    }
    let controller = controllers[ask.stackIndex]
    ask.controller = controller.id
    ask.answer = controller.answer
    asks.append(ask)
    if currentAction == nil { violations.append("asked \(ask) outside any user action") }
    if ask.trigger != .backMenu, ask.stackIndex != controllers.count - 1 {
      violations.append("asked the view controller at \(ask.stackIndex), not the top")
    }
    if let screen = controller.screen, book[screen].back != .intercept {
      violations.append("asked \(book[screen].name), which does not intercept")
    }
    return controller.answer
  }

  private mutating func apply(_ effects: [NavigationEffect]) {
    for effect in effects {
      switch effect {
      case .setTitleAttributes(let attributes):
        // UIKit drops title attributes written while a non-interactive pop animates; `nil`
        // gives back the app's own.
        if running?.kind != .pop { titleAttributes = attributes ?? Self.appTitle }
      case .setNavigationBarHidden(let hidden, _):
        barHidden = hidden
      case .setGestureEnabled(let enabled):
        if !enabled, let transition = running, transition.kind == .swipe, !transition.released {
          violations.append("disabled the gesture while a swipe was in flight")
        }
        gestureEnabled = enabled
      case .setScreenTitle(_, let index):
        if !controllers.indices.contains(index) { violations.append("title for a missing index") }
      case .setBarAppearance(let slot, let appearance):
        barAppearances[slot.index] = appearance
      case .setItemAppearance(let slot, let appearance, let index):
        guard controllers.indices.contains(index) else {
          violations.append("item appearance for a missing index")
          continue
        }
        itemAppearances[controllers[index].id, default: [nil, nil, nil, nil]][slot.index] =
          appearance
      case .popTopScreen:
        if scheduledTapPop != nil { violations.append("scheduled a second pop for one tap") }
        guard let action = currentAction else {
          violations.append("a tap pop outside any user action")
          continue
        }
        scheduledTapPop = action
      case .popToScreen(let index):
        if scheduledMenuPop != nil { violations.append("scheduled a second menu pop") }
        guard let action = currentAction else {
          violations.append("a menu pop outside any user action")
          continue
        }
        scheduledMenuPop = (index, action)
      case .presentConfirmation(let confirmation):
        if self.confirmation != nil { violations.append("a second confirmation") }
        // `present` may show nothing; the adapter finds out at the next observation.
        guard !presentationsRefused else {
          tally["presentations refused", default: 0] += 1
          continue
        }
        self.confirmation = confirmation
        confirmationAction = currentAction
      case .restoreBackButton:
        if running != nil || session.transition != nil {
          violations.append("restored the back button while a transition runs")
        }
        tally["back buttons restored", default: 0] += 1
      }
    }
    // As the adapter does after every update that leaves the bar at rest.
    if session.transition == nil { backMenuOffered = session.offersBackMenu }
  }
}
