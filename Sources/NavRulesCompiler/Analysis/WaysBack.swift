import NavRulesModel

/// One way a user can leave the screen on top (docs/scan.md#every-way-back).
public enum WayBack: String, CaseIterable, Sendable {
  /// The back button.
  case tap
  /// A pick of the back button's long-press history menu (iOS 14 and later).
  case backMenu
  /// `interactivePopGestureRecognizer`, a swipe from the leading edge.
  case edgeSwipe
  /// `interactiveContentPopGestureRecognizer`, a pan anywhere in the content (iOS 26).
  case contentSwipe
}

/// What a way back does to the screen on top.
public enum WayBackVerdict: String, Sendable {
  case pops
  /// Someone is asked first: an interceptor or a confirmation.
  case asks
  case blocked
  /// Differs between the reachable configurations with the screen on top.
  case depends
  /// What UIKit does is not established (a hand-written app's back menu over a policy that
  /// is not UIKit's own).
  case unknown
}

/// The iOS versions a verdict holds on.
public enum IOSBand: String, Sendable {
  case before26 = "13-25"
  case from26 = "26"
  case all = "13-26"
}

/// The ways-back audit: per screen that is on top in some reachable idle configuration, what
/// each way back does there, read off the same exploration the checker runs.
public struct WaysBackReport: Sendable {
  /// A verdict, why, and the statement or declaration that makes it so.
  public struct Outcome: Hashable, Sendable {
    public var verdict: WayBackVerdict
    public var reason: String
    public var at: SourceRange?
  }

  /// One configuration where a `depends` way does one thing: its outcome and a path there.
  public struct Case: Sendable {
    public var outcome: Outcome
    public var path: String
  }

  public struct Way: Sendable {
    public var way: WayBack
    public var ios: IOSBand
    public var outcome: Outcome
    /// For `depends`: one configuration per verdict, the first found (a short path).
    public var cases: [Case] = []
  }

  public struct ScreenWays: Sendable {
    public var screen: String
    public var range: SourceRange
    public var ways: [Way]
  }

  public var screens: [ScreenWays]
  /// Screens that are on top in no reachable configuration, so not in the table.
  public var unreachedCount: Int
}

/// Computes the `WaysBackReport` of a module without front-end errors.
public enum WaysBackAudit {
  /// Who makes the ways back behave: the NavRules runtime enforcing a rule file, or UIKit
  /// running a hand-written app that `navrc scan` read.
  public enum Enforcer: Sendable {
    case runtime
    /// UIKit alone; `contentGestureAlsoDisabledBy` holds the `popGesture disabled` actions
    /// whose method also disables iOS 26's content gesture.
    case handWritten(contentGestureAlsoDisabledBy: Set<SourceRange>)
  }

  public static func audit(_ module: Module, enforcer: Enforcer) -> WaysBackReport {
    let hooks = HookTable(module)
    let context = RuleContext(module: module, hooks: hooks)
    let table = TransitionTable(module: module, hooks: hooks)
    // Per screen, per (way, band): the distinct outcomes in the order found, each with where
    // it was first seen.
    var seen = [[Key: [(Outcome, navigator: Int, edge: NavigatorExploration.EdgeID)]]](
      repeating: [:], count: module.screens.count)
    var explorations: [NavigatorExploration] = []
    for navigator in module.navigatorIDs {
      let exploration = NavigatorExploration(navigator: navigator, module: module, table: table)
      explorations.append(exploration)
      guard exploration.edgeCount > 0 else { continue }
      let origins = Origins(exploration, context)
      let frozen = Set(exploration.freezes)
      let auditor = ConfigurationAuditor(
        context: context, enforcer: enforcer, origins: origins, frozen: frozen)
      for index in 0..<exploration.edgeCount {
        let edge = NavigatorExploration.EdgeID(index)
        let configuration = exploration.configuration(edge)
        for (key, outcome) in auditor.outcomes(configuration) {
          var list = seen[configuration.top.index][key, default: []]
          if !list.contains(where: { $0.0 == outcome }) {
            list.append((outcome, navigator.index, edge))
            seen[configuration.top.index][key] = list
          }
        }
      }
    }
    var witnesses: [Int: WitnessBuilder] = [:]
    func path(navigator: Int, edge: NavigatorExploration.EdgeID) -> String {
      let builder =
        witnesses[navigator] ?? WitnessBuilder(exploration: explorations[navigator])
      witnesses[navigator] = builder
      var text = UTF8Text(capacity: 256)
      let id = NavigatorID(navigator)
      text.append("in ")
      text.append(module[id].kindName)
      text.append(" '")
      text.append(module.displayName(id))
      text.append("': ")
      builder.witness(to: edge).render(into: &text, in: module)
      return text.string
    }
    var screens: [WaysBackReport.ScreenWays] = []
    var unreached = 0
    for index in module.screens.indices {
      guard !seen[index].isEmpty else {
        unreached += 1
        continue
      }
      var ways: [WaysBackReport.Way] = []
      for way in WayBack.allCases {
        let merged = IOSBand.allCases26(way).map { band in
          (band, merge(seen[index][Key(way: way, iOS26: band == .from26)] ?? [], path: path))
        }
        if merged.count == 2, merged[0].1.outcome == merged[1].1.outcome,
          merged[0].1.cases.map(\.outcome) == merged[1].1.cases.map(\.outcome)
        {
          ways.append(
            WaysBackReport.Way(
              way: way, ios: .all, outcome: merged[0].1.outcome, cases: merged[0].1.cases))
        } else {
          for (band, value) in merged {
            ways.append(
              WaysBackReport.Way(way: way, ios: band, outcome: value.outcome, cases: value.cases))
          }
        }
      }
      screens.append(
        WaysBackReport.ScreenWays(
          screen: module.displayName(ScreenID(index)), range: module.screens[index].nameRange,
          ways: ways))
    }
    return WaysBackReport(screens: screens, unreachedCount: unreached)
  }

  typealias Outcome = WaysBackReport.Outcome

  struct Key: Hashable {
    var way: WayBack
    var iOS26: Bool
  }

  /// One verdict over all configurations: the common one (its reasons joined when they
  /// differ), or `depends` with a case per verdict.
  private static func merge(
    _ found: [(Outcome, navigator: Int, edge: NavigatorExploration.EdgeID)],
    path: (Int, NavigatorExploration.EdgeID) -> String
  ) -> (outcome: Outcome, cases: [WaysBackReport.Case]) {
    guard let first = found.first?.0 else {
      return (Outcome(verdict: .unknown, reason: "not reached", at: nil), [])
    }
    let verdicts = found.map(\.0.verdict)
    if verdicts.allSatisfy({ $0 == first.verdict }) {
      var reasons: [String] = []
      for (outcome, _, _) in found where !reasons.contains(outcome.reason) {
        reasons.append(outcome.reason)
      }
      return (
        Outcome(verdict: first.verdict, reason: reasons.joined(separator: "; or "), at: first.at),
        []
      )
    }
    var cases: [WaysBackReport.Case] = []
    var shown: [WayBackVerdict] = []
    for (outcome, navigator, edge) in found where !shown.contains(outcome.verdict) {
      shown.append(outcome.verdict)
      cases.append(WaysBackReport.Case(outcome: outcome, path: path(navigator, edge)))
    }
    return (
      Outcome(
        verdict: .depends,
        reason: "differs with the path: " + shown.map(\.rawValue).joined(separator: ", "),
        at: nil),
      cases
    )
  }
}

extension IOSBand {
  /// The bands a way is judged on: the content swipe exists from iOS 26 only.
  static func allCases26(_ way: WayBack) -> [IOSBand] {
    way == .contentSwipe ? [.from26] : [.before26, .from26]
  }
}

/// Who wrote the gesture's `isEnabled` and delegate values in effect on each path edge, found
/// with the checker's own origin search.
private struct Origins {
  var gesture: [ActionID?]
  var delegate: [ActionID?]

  init(_ exploration: NavigatorExploration, _ context: RuleContext) {
    gesture = Array(repeating: nil, count: exploration.edgeCount)
    delegate = gesture
    guard let root = context.module[exploration.navigator].root?.value else { return }
    for field in [StateField.gesture, .delegate] {
      let search = OriginSearch(field: field, exploration: exploration, root: root)
      var found = [ActionID?](repeating: nil, count: exploration.edgeCount)
      for writer in search.writers {
        search.search(writer) { edge in
          if found[edge.index] == nil { found[edge.index] = writer }
          return true
        }
      }
      if field == .gesture { gesture = found } else { delegate = found }
    }
  }
}

/// The outcome of each way back in one idle configuration.
private struct ConfigurationAuditor {
  typealias Outcome = WaysBackReport.Outcome

  let context: RuleContext
  let enforcer: WaysBackAudit.Enforcer
  let origins: Origins
  let frozen: Set<NavigatorExploration.EdgeID>

  var module: Module { context.module }

  func outcomes(_ configuration: IdleConfiguration) -> [(WaysBackAudit.Key, Outcome)] {
    var result: [(WaysBackAudit.Key, Outcome)] = []
    for way in WayBack.allCases {
      for band in IOSBand.allCases26(way) {
        result.append(
          (WaysBackAudit.Key(way: way, iOS26: band == .from26), outcome(way, configuration)))
      }
    }
    return result
  }

  private var handWritten: Bool {
    if case .handWritten = enforcer { true } else { false }
  }

  private func action(_ id: ActionID?) -> SourceRange? {
    id.map { context.range($0) }
  }

  private func quoted(_ range: SourceRange) -> String { "'\(context.text(of: range))'" }

  func outcome(_ way: WayBack, _ configuration: IdleConfiguration) -> Outcome {
    let screen = module[configuration.top]
    let navigator = module[configuration.navigator]
    let state = configuration.state
    let edge = configuration.edge
    if configuration.isRootAtDepthOne {
      let root = navigator.root?.range
      if way == .edgeSwipe, state.gestureEnabled, state.delegate.allowsSwipeAtRoot {
        return Outcome(
          verdict: .blocked,
          reason:
            "the root: the gesture delegate lets a swipe begin, which hangs the navigation controller (root-pop)",
          at: action(origins.delegate[edge.index]) ?? root)
      }
      return Outcome(verdict: .blocked, reason: "the root: nothing to go back to", at: root)
    }
    let back = screen.effectiveBack
    let backRange = screen.back?.range
    switch way {
    case .tap, .backMenu:
      if let hidden = barHiddenOutcome(configuration) { return hidden }
      if screen.effectiveLeftBarButton == .custom {
        // A SwiftUI view's `back intercept taps` is its own leading button, which asks before
        // it leaves (docs/scan.md#swiftui): the tap asks, at that button.
        if way == .tap, back == .interceptTaps, module.isSwiftUIView(configuration.top) {
          return Outcome(
            verdict: .asks,
            reason: "the app's leading button asks first (the back button is hidden)",
            at: screen.leftBarButton?.range)
        }
        // A plain custom back button (SwiftUI's `dismiss()` with nothing before it): the tap
        // pops, at that button; there is still no back button, so no back menu.
        if way == .tap, back != .interceptTaps,
          let button = module.leftButtonsThatPop[configuration.top.index]
        {
          return Outcome(
            verdict: .pops,
            reason: "the app's leading button goes back without asking",
            at: button)
        }
        if let unknown = conditionalLeftButtonOutcome(configuration) { return unknown }
        return Outcome(
          verdict: .blocked, reason: leftButtonReason(screen) + ": no back button",
          at: screen.leftBarButton?.range)
      }
      return way == .tap ? tap(back, backRange) : backMenu(back, backRange)
    case .edgeSwipe:
      if !state.gestureEnabled {
        let writer = action(origins.gesture[edge.index])
        return Outcome(
          verdict: .blocked,
          reason: "the gesture is disabled" + (writer.map { " by \(quoted($0))" } ?? ""),
          at: writer)
      }
      if frozen.contains(edge) {
        return Outcome(
          verdict: .blocked,
          reason:
            "a swipe begins and freezes: a hook disables the gesture in flight (gesture-deadlock)",
          at: nil)
      }
      switch state.delegate {
      case .block:
        let writer = action(origins.delegate[edge.index])
        return Outcome(
          verdict: .blocked,
          reason: "a blocking delegate" + (writer.map { ": \(quoted($0))" } ?? ""), at: writer)
      case .none, .viewController, .guarded:
        let writer = action(origins.delegate[edge.index])
        var reason = "the delegate allows every swipe"
        if let writer { reason += " (\(quoted(writer)))" }
        if back.guardsLeaving { reason += ": nothing asks the screen (back-bypass)" }
        return Outcome(verdict: .pops, reason: reason, at: writer)
      case .system:
        return swipe(configuration, recognizer: .edge)
      }
    case .contentSwipe:
      if case .handWritten(let alsoDisabled) = enforcer, !state.gestureEnabled,
        let writer = action(origins.gesture[edge.index]), alsoDisabled.contains(writer)
      {
        return Outcome(
          verdict: .blocked,
          reason: "the content gesture is disabled beside \(quoted(writer))", at: writer)
      }
      return swipe(configuration, recognizer: .content)
    }
  }

  /// `leftBarButton custom` as the code made it: SwiftUI's `.navigationBarBackButtonHidden(true)`
  /// and UIKit's `navigationItem.hidesBackButton = true` become one too
  /// (docs/scan.md#what-becomes-what).
  private func leftButtonReason(_ screen: Screen) -> String {
    let hidesBackButton =
      screen.leftBarButton.map {
        let text = context.text(of: $0.range)
        return text.contains("BackButtonHidden") || text.contains("idesBackButton")
      } ?? false
    return hidesBackButton ? "the back button is hidden" : "a custom left button"
  }

  /// A left button set only under a condition (`Module.conditionalLeftButtons`): whether
  /// UIKit's rule applies is not known.
  private func conditionalLeftButtonOutcome(_ configuration: IdleConfiguration) -> Outcome? {
    guard module.conditionalLeftButtons.contains(configuration.top.index) else { return nil }
    let screen = module[configuration.top]
    return Outcome(
      verdict: .unknown,
      reason: leftButtonReason(screen) + " only under a condition navrc does not decide",
      at: screen.leftBarButton?.range)
  }

  /// A hidden bar has no back button, so neither a tap nor a menu.
  private func barHiddenOutcome(_ configuration: IdleConfiguration) -> Outcome? {
    guard configuration.state.barHidden else { return nil }
    let screen = module[configuration.top]
    let at =
      screen.navigationBar.flatMap { $0.value.isHidden ? $0.range : nil }
      ?? screen.hooks.lazy.flatMap(\.actions).first { $0.action == .setNavigationBar(.hidden) }?
      .range
    return Outcome(verdict: .blocked, reason: "the bar is hidden: no back button", at: at)
  }

  private func tap(_ back: BackPolicy, _ range: SourceRange?) -> Outcome {
    switch back {
    case .allow: Outcome(verdict: .pops, reason: "the back button pops", at: range)
    case .block: Outcome(verdict: .blocked, reason: "\(policyText(range, back)) refuses", at: range)
    case .intercept, .interceptTaps, .confirm:
      Outcome(verdict: .asks, reason: "\(policyText(range, back)) asks first", at: range)
    }
  }

  private func backMenu(_ back: BackPolicy, _ range: SourceRange?) -> Outcome {
    if handWritten {
      switch back {
      case .allow:
        return Outcome(verdict: .pops, reason: "a pick pops; UIKit asks no one", at: range)
      case .interceptTaps:
        return Outcome(
          verdict: .pops,
          reason:
            "a pick pops without asking: UIKit's back menu does not call navigationBar(_:shouldPop:)",
          at: range)
      case .block, .intercept, .confirm:
        return Outcome(
          verdict: .unknown,
          reason: "what UIKit's back menu does with \(policyText(range, back)) is not established",
          at: range)
      }
    }
    switch back {
    case .allow: return Outcome(verdict: .pops, reason: "a pick pops", at: range)
    case .block, .intercept, .interceptTaps, .confirm:
      let above = back == .block ? "refuses" : "asks"
      return Outcome(
        verdict: .blocked,
        reason:
          "the runtime offers no back menu while \(policyText(range, back)) is on top (a pick from a screen above \(above))",
        at: range)
    }
  }

  /// How the table names the screen's `back`: the method a hand-written interceptor asks, or
  /// the directive without its message (`back confirm`).
  private func policyText(_ range: SourceRange?, _ back: BackPolicy) -> String {
    guard let range else { return "the screen" }
    if handWritten { return "\(quoted(range)) (asked by navigationBar(_:shouldPop:))" }
    return switch back {
    case .allow: "'back allow'"
    case .block: "'back block'"
    case .intercept: "'back intercept'"
    case .interceptTaps: "'back intercept taps'"
    case .confirm: "'back confirm'"
    }
  }

  /// A swipe under the system delegate (the content swipe's always): the declarative policy.
  private func swipe(_ configuration: IdleConfiguration, recognizer: PopRecognizer) -> Outcome {
    let screen = module[configuration.top]
    let navigator = module[configuration.navigator]
    let back = screen.effectiveBack
    let backRange = screen.back?.range
    switch back {
    case .block, .confirm:
      return Outcome(
        verdict: .blocked, reason: "\(policyText(backRange, back)) keeps the swipe from beginning",
        at: backRange)
    case .allow, .intercept, .interceptTaps: break
    }
    let gesture = screen.effectivePopGesture(in: navigator)
    let gestureRange = screen.popGesture?.range ?? navigator.popGesture?.range
    switch gesture {
    case .disabled:
      return Outcome(
        verdict: .blocked, reason: "\(gestureRange.map(quoted) ?? "popGesture disabled")",
        at: gestureRange)
    case .forced: break
    case .system, .enabled:
      if let hidden = barHiddenOutcome(configuration) {
        return Outcome(
          verdict: .blocked, reason: "the bar is hidden (UIKit's rule)", at: hidden.at)
      }
      if screen.effectiveLeftBarButton == .custom {
        if let unknown = conditionalLeftButtonOutcome(configuration) { return unknown }
        return Outcome(
          verdict: .blocked, reason: leftButtonReason(screen) + " (UIKit's rule)",
          at: screen.leftBarButton?.range)
      }
    }
    switch back {
    case .intercept:
      return Outcome(
        verdict: .asks, reason: "\(policyText(backRange, back)) asks first", at: backRange)
    case .interceptTaps:
      return Outcome(
        verdict: .pops,
        reason: "\(policyText(backRange, back)) is asked on taps only (back-bypass)",
        at: backRange)
    default:
      return Outcome(
        verdict: .pops,
        reason: recognizer == .content ? "the content swipe pops" : "the edge swipe pops",
        at: gesture == .forced ? gestureRange : nil)
    }
  }
}
