/// The back button's long-press menu (iOS 14): a pick pops to an earlier screen through
/// `popToViewController(_:animated:)` (or `popToRootViewController(animated:)`), and UIKit never
/// calls `navigationBar(_:shouldPop:)` for it. The adapter treats those two methods, called
/// with UIKit's signatures, as the menu's; app code pops without rules through
/// `popToViewController(_:animated:applyingRules: false)`.
///
/// A pick removes every screen above the one picked, so the strictest rule among them applies,
/// all or nothing: `block` anywhere refuses; every `intercept` view controller is asked, top
/// first, and the first "no" refuses; then one `confirm` alert (the topmost `confirm` screen's)
/// is shown, and the pop runs only on "leave".
extension NavigatorSession {
  /// The user picked the screen at `stackIndex` from the back menu.
  ///
  /// - Parameters:
  ///   - stackIndex: the index of the view controller to pop to.
  ///   - viewControllerCount: `viewControllers.count`; a stack the session does not know is
  ///     left alone.
  ///   - transitionRunning: UIKit runs a transition of this stack (iOS 26 lets the menu be
  ///     used while one runs); the pick is refused then. A push or pop the session was told
  ///     about is refused anyway.
  public mutating func backMenuPicked(
    stackIndex target: Int, viewControllerCount: Int, transitionRunning: Bool = false
  ) -> BackMenuStep {
    guard !isBusy, !transitionRunning, viewControllerCount == stack.count, stack.count >= 2,
      (0..<(stack.count - 1)).contains(target)
    else { return .refused }
    var interceptors: [Int] = []
    var confirmation: BackConfirmation?
    for index in stride(from: stack.count - 1, to: target, by: -1) {
      switch stack[index].map({ book[$0].back }) ?? .allow {
      case .allow: continue
      case .block: return .refused
      case .intercept, .interceptTaps: interceptors.append(index)
      case .confirm(let declared): confirmation = confirmation ?? declared
      }
    }
    guard interceptors.isEmpty else {
      menuPick = BackMenuPick(
        target: target, stackChanges: stackChanges, phase: .asking, confirmation: confirmation)
      return .ask(stackIndices: interceptors)
    }
    return proceed(to: target, confirmation: confirmation)
  }

  /// The view controllers `.ask` named were asked, top first, until one refused: `allAgreed`
  /// is whether none did (a view controller that does not adopt `PopInterceptor` agrees).
  /// Nothing pops when the stack changed while they were asked.
  public mutating func backMenuInterceptorsAnswered(_ allAgreed: Bool) -> BackMenuStep {
    guard let pick = menuPick, pick.phase == .asking else { return .refused }
    menuPick = nil
    guard allAgreed, !isBusy, pick.stackChanges == stackChanges else { return .refused }
    return proceed(to: pick.target, confirmation: pick.confirmation)
  }

  /// Whether the pop `.popToScreen` asked for should still happen, now that the alert's callback
  /// has returned: not when the stack changed meanwhile.
  ///
  /// The alert's own dismissal may still be animating then, so unlike a tap or a swipe this is
  /// not refused because UIKit has a transition coordinator: the user has already answered.
  public mutating func shouldPerformMenuPop(toStackIndex target: Int, viewControllerCount: Int)
    -> Bool
  {
    guard let pick = menuPick, pick.phase == .popPending else { return false }
    menuPick = nil
    return pick.target == target && pick.stackChanges == stackChanges && transition == nil
      && !tapPopPending && viewControllerCount == stack.count && target < stack.count - 1
  }

  private mutating func proceed(to target: Int, confirmation: BackConfirmation?) -> BackMenuStep {
    guard let confirmation else { return .pop(toStackIndex: target) }
    menuPick = BackMenuPick(target: target, stackChanges: stackChanges, phase: .confirming)
    awaitingConfirmation = true
    return .keep(effects: [.presentConfirmation(confirmation)])
  }
}

/// What to do with a pick of the back menu.
public enum BackMenuStep: Hashable, Sendable {
  /// Pop to the view controller at this index now (with UIKit's `popToViewController`, no rule
  /// applied again).
  case pop(toStackIndex: Int)
  /// Pop nothing now; apply the effects (a refusal, or the `back confirm` alert, whose "leave"
  /// then asks for `.popToScreen`).
  case keep(effects: [NavigationEffect])
  /// Ask these view controllers (`PopTrigger.backMenu`), top first, stopping at the first that
  /// refuses, then hand the verdict to `NavigatorSession.backMenuInterceptorsAnswered(_:)`.
  case ask(stackIndices: [Int])

  /// Nothing pops. A pick of the menu (or a call from code) never greys the back button, so
  /// nothing is restored.
  public static let refused = BackMenuStep.keep(effects: [])
}

/// A pick of the back menu between the user's choice and its pop.
struct BackMenuPick: Hashable, Sendable {
  enum Phase: Hashable, Sendable {
    /// `intercept` view controllers are being asked.
    case asking
    /// The `back confirm` alert is showing.
    case confirming
    /// "Leave" was answered; `.popToScreen` waits for the alert's callback to return.
    case popPending
  }

  /// The stack index of the screen picked.
  var target: Int
  /// `NavigatorSession.stackChanges` at the pick: nothing pops once the stack changed.
  var stackChanges: Int
  var phase: Phase
  /// The alert to show once the interceptors agreed.
  var confirmation: BackConfirmation? = nil
}
