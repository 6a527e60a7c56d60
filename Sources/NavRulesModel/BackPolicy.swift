/// What a back tap or a swipe-back does on a screen (`back …` in a rule file).
public enum BackPolicy: Hashable, Sendable {
  /// Back taps and swipes pop, as UIKit does by default.
  case allow
  /// Neither a back tap nor a swipe pops.
  case block
  /// The view controller is asked before a back tap pops and before a swipe may begin.
  case intercept
  /// The view controller is asked before a back tap pops, and a swipe is not asked
  /// (`back intercept taps`): what a hand-written `navigationBar(_:shouldPop:)` does, which
  /// UIKit never calls for a swipe.
  case interceptTaps
  /// A back tap asks first; the swipe is disabled because it cannot ask mid-gesture.
  case confirm(BackConfirmation)

  /// The words that name a policy after `back`, in the order messages list them.
  public static let keywords = ["allow", "block", "intercept", "confirm"]

  /// Whether a swipe-back asks the screen (or cannot begin) before it leaves: false only for
  /// `back intercept taps`, whose swipe leaves without asking whenever it can begin.
  public var coversSwipe: Bool { self != .interceptTaps }

  /// Whether the screen wants a say in leaving, so a swipe that walks around it is a bug.
  public var guardsLeaving: Bool {
    switch self {
    case .allow: false
    case .block, .intercept, .interceptTaps, .confirm: true
    }
  }
}

/// The alert a `back confirm` screen shows before leaving.
public struct BackConfirmation: Hashable, Sendable {
  /// The default title of the button that pops.
  public static let defaultLeaveTitle = "Leave"
  /// The default title of the button that stays.
  public static let defaultStayTitle = "Stay"

  public var message: String
  public var leaveTitle: String
  public var stayTitle: String

  public init(
    message: String,
    leaveTitle: String = BackConfirmation.defaultLeaveTitle,
    stayTitle: String = BackConfirmation.defaultStayTitle
  ) {
    self.message = message
    self.leaveTitle = leaveTitle
    self.stayTitle = stayTitle
  }
}
