/// Everything one `navrc emit` run declares: the table generated code builds and the policy core
/// reads.
///
/// Ids index the arrays: `screens[id.index]`. The book checks them when it is built, so the
/// core can subscript without guarding.
public struct RuleBook: Hashable, Sendable {
  /// The deployment target in effect (`platform`, else iOS 15.0).
  public let platform: PlatformVersion
  public let styles: [StyleRule]
  public let navigators: [NavigatorRule]
  public let screens: [ScreenRule]
  /// Screens by view-controller class name, in declaration order.
  private let screensByClassName: [String: [ScreenID]]

  public init(
    platform: PlatformVersion, styles: [StyleRule], navigators: [NavigatorRule],
    screens: [ScreenRule]
  ) {
    let screenRange = screens.indices
    for navigator in navigators {
      precondition(screenRange.contains(navigator.root.index), "root of \(navigator.name)")
      if let style = navigator.titleStyle?.style {
        precondition(styles.indices.contains(style.index), "style of \(navigator.name)")
      }
    }
    var byClassName: [String: [ScreenID]] = [:]
    for (index, screen) in screens.enumerated() {
      precondition(screen.pushes.allSatisfy { screenRange.contains($0.index) }, screen.name)
      precondition(
        screen.presents.allSatisfy { navigators.indices.contains($0.index) }, screen.name)
      if let style = screen.titleStyle?.style {
        precondition(styles.indices.contains(style.index), "style of \(screen.name)")
      }
      byClassName[screen.className, default: []].append(ScreenID(index))
    }
    self.platform = platform
    self.styles = styles
    self.navigators = navigators
    self.screens = screens
    self.screensByClassName = byClassName
  }

  public subscript(id: ScreenID) -> ScreenRule { screens[id.index] }
  public subscript(id: NavigatorID) -> NavigatorRule { navigators[id.index] }
  public subscript(id: StyleID) -> StyleRule { styles[id.index] }

  /// The screen whose rule names `className`.
  ///
  /// When several screens share a class, the one `pushedFrom` can push wins, then the first
  /// declared.
  public func screen(forClassName className: String, pushedFrom: ScreenID? = nil) -> ScreenID? {
    guard let candidates = screensByClassName[className] else { return nil }
    if candidates.count > 1, let pushedFrom {
      let pushes = self[pushedFrom].pushes
      if let pushed = candidates.first(where: pushes.contains) { return pushed }
    }
    return candidates.first
  }

  /// The navigator whose root screen's class is `className`, for a navigation controller
  /// that was not told its navigator (a storyboard, say).
  public func navigator(rootClassName className: String) -> NavigatorID? {
    navigators.indices.first { self[navigators[$0].root].className == className }
      .map(NavigatorID.init)
  }

  /// The navigator with this name as declared in the rule file.
  public func navigator(named name: String) -> NavigatorID? {
    navigators.firstIndex { $0.name == name }.map(NavigatorID.init)
  }

  /// The screen with this name as declared in the rule file.
  public func screen(named name: String) -> ScreenID? {
    screens.firstIndex { $0.name == name }.map(ScreenID.init)
  }
}

extension RuleBook {
  /// The rules of a navigation controller that was given none (a storyboard without
  /// `RulesNavigationController.register(_:)`): one navigator whose root screen no view
  /// controller class matches, so every view controller gets UIKit's defaults, and the core's
  /// guards still apply (no tap acts while a transition runs or a tap's pop is pending).
  public static let withoutRules = RuleBook(
    platform: .minimum, styles: [],
    navigators: [
      NavigatorRule(
        name: "", root: ScreenID(0), titleStyle: nil, popGesture: .system,
        backDebounceMilliseconds: 0)
    ],
    screens: [
      // No Swift type has an empty name, so no view controller maps to this screen.
      ScreenRule(
        name: "", className: "", title: nil, titleStyle: nil, back: .allow, popGesture: nil,
        navigationBar: .visible, leftBarButton: .none, pushes: [], presents: [], hooks: [])
    ])
}
