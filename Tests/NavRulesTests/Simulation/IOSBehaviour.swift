import NavRules

/// The UIKit behaviours the simulation plays: one per range of iOS versions whose navigation
/// controller differs in a way the rules care about.
enum IOSBehaviour: String, CaseIterable, Sendable, CustomStringConvertible {
  /// The bar also asks `navigationBar(_:shouldPop:)` after pops made in code.
  case iOS12
  /// The bar asks about back taps only.
  case iOS13
  /// A long press on the back button offers every earlier screen, and a pick calls
  /// `popToViewController` without asking anyone.
  case iOS14to25
  /// A second pop gesture over the content (`interactiveContentPopGestureRecognizer`), whose
  /// `isEnabled` and delegate hooks do not reach; interactions during transitions.
  case iOS26

  /// The major version it stands for.
  var major: Int {
    switch self {
    case .iOS12: 12
    case .iOS13: 13
    case .iOS14to25: 14
    case .iOS26: 26
    }
  }

  /// The bar asks about pops made in code, with one item more than view controllers.
  var barAsksAboutProgrammaticPops: Bool { major < 13 }

  /// The back button's long-press menu.
  var hasBackMenu: Bool { major >= 14 }

  /// The pop gestures this version has.
  var recognizers: [PopRecognizer] { PopRecognizer.available(inIOS: major) }

  /// The bar, its menu and the pop gestures take input while a transition runs.
  var interactsDuringTransitions: Bool { major >= 26 }

  var description: String { rawValue }
}
