import NavRules
import NavRulesCompiler
import NavRulesTestSupport
import Testing

/// Long random navigation sessions on random rule sets without errors, under the UIKit of iOS 12,
/// 13, 14–25 and 26, checking the guarantees of docs/runtime.md#what-the-runtime-guarantees at
/// every step, for every way back a user has (back taps, double taps, the back menu's picks to any
/// depth, the edge swipe, the content swipe, and all of them while a transition runs) and for the
/// app's own pops, while the device does what the overrides are not told of: alerts that never
/// show or that the app dismisses, launches without `viewDidAppear`, pops bypassing the overrides.
@Suite struct SimulationTests {
  static let ruleSets = 120
  static let operationsPerNavigator = 400

  @Test(arguments: IOSBehaviour.allCases)
  func randomSessionsKeepEveryGuarantee(behaviour: IOSBehaviour) throws {
    var random = SeededGenerator(seed: 0x5EED_0000 + UInt64(behaviour.major))
    var simulated = 0
    var tally: [String: Int] = [:]
    for index in 0..<Self.ruleSets {
      let withHooks = index % 2 == 1
      let source = RandomRuleSource.make(using: &random, withHooks: withHooks)
      let compilation = Compilation(files: [SourceFile(path: "random.navrules", text: source)])
      guard compilation.errorCount == 0 else {
        // The checker rejects it, so `emit` would too: not a rule set an app can have.
        #expect(withHooks, "a rule set without hooks has errors:\n\(source)")
        continue
      }
      let book = try #require(RuleBookBuilder.book(from: compilation.module))
      for navigator in book.navigators.indices.map(NavRules.NavigatorID.init) {
        let violations = Self.simulate(
          book: book, navigator: navigator, behaviour: behaviour, strictAppearance: !withHooks,
          tally: &tally, random: &random)
        #expect(violations.isEmpty, "\(violations.prefix(5))\nrules:\n\(source)")
        if !violations.isEmpty { return }
      }
      simulated += 1
    }
    #expect(simulated >= Self.ruleSets / 2)
    // Not vacuous: every way back this iOS has was taken, and refused, many times.
    var expected = [
      "tap pops", "swipe pops", "edge swipes", "input during a transition",
      "input during a modal transition", "presentations refused",
      "confirmations ended without an answer", "pops bypassing the overrides", "re-syncs",
      "back buttons restored",
    ]
    if behaviour.hasBackMenu {
      expected += [
        "menu pops", "menu pops of several screens", "menu picks that asked",
        "confirmed menu pops",
      ]
    }
    if behaviour.recognizers.contains(.content) {
      expected += ["content swipes", "content swipes past a hook"]
    }
    if behaviour.interactsDuringTransitions { expected.append("menu picks during a transition") }
    for key in expected {
      #expect(tally[key, default: 0] >= 10, "\(key): \(tally[key, default: 0]) in \(tally)")
    }
  }

  /// Runs one session and returns the broken guarantees.
  static func simulate(
    book: RuleBook, navigator: NavRules.NavigatorID, behaviour: IOSBehaviour,
    strictAppearance: Bool, tally: inout [String: Int], random: inout SeededGenerator
  ) -> [String] {
    var ui = SimulatedNavigationController(book: book, navigator: navigator, behaviour: behaviour)
    var reference = ReferenceModel(book: book, navigator: navigator)
    var lastActedTap: Double?
    var walked = 0
    ui.forwardsAppearance = random.chance(0.7)
    ui.launch()
    for _ in 0..<operationsPerNavigator {
      ui.nowMilliseconds += Double(Int.random(in: 0...250, using: &random))
      // Something else is presented over the navigation controller now and then.
      ui.presentationsRefused = random.chance(0.15)
      if ui.confirmation != nil {
        if random.chance(0.2) {
          // The app dismisses everything (a logout, a deep link): no button is tapped.
          ui.confirmation = nil
        } else {
          ui.answerConfirmation(leave: random.chance(0.5))
        }
      } else if let running = ui.running {
        if running.kind == .swipe, !running.released {
          ui.releaseSwipe(cancelled: random.chance(0.4))
        } else if random.chance(0.3) {
          interactDuringTransition(&ui, random: &random)
        } else {
          ui.finishTransition()
        }
      } else if ui.scheduledTapPop != nil || ui.scheduledMenuPop != nil {
        if random.chance(0.3) {
          // The second tap of a double tap, before the first one's pop began.
          let asksBefore = ui.asks.count
          if ui.tapBack() || ui.asks.count != asksBefore {
            ui.violations.append("a tap before a scheduled pop did something")
          }
        }
        ui.runScheduledTapPop()
        ui.runScheduledMenuPop()
      } else {
        // Pushes twice as often as anything else, for stacks deep enough to pop over.
        let available =
          Operation.allCases.filter { $0.isAvailable(under: behaviour) } + [.push, .push]
        perform(
          random.pick(available), on: &ui, lastActedTap: &lastActedTap, random: &random)
      }
      while walked < ui.finished.count {
        let transition = ui.finished[walked]
        reference.walk(
          transition.kind, outgoing: transition.outgoing, incoming: transition.incoming,
          lowerIsRoot: transition.lowerIsRoot)
        walked += 1
      }
      if ui.isIdle {
        checkIdle(ui: &ui, reference: &reference, walked: &walked, strict: strictAppearance)
      }
      if !ui.violations.isEmpty { break }
    }
    tally.merge(ui.tally, uniquingKeysWith: +)
    return ui.violations
  }

  /// A tap, the swipes and (iOS 26, over the bar of a push or pop) a back menu pick while a
  /// transition runs: none of them may do anything, whether the session follows the transition
  /// or only UIKit knows of it.
  static func interactDuringTransition(
    _ ui: inout SimulatedNavigationController, random: inout SeededGenerator
  ) {
    let asksBefore = ui.asks.count
    let count = ui.controllers.count
    let kind =
      ui.running?.kind == .modal ? "input during a modal transition" : "input during a transition"
    ui.tally[kind, default: 0] += 1
    var acted = ui.tapBack()
    for recognizer in ui.behaviour.recognizers { acted = ui.attemptSwipe(recognizer) || acted }
    if ui.behaviour.interactsDuringTransitions, ui.running?.kind != .modal, ui.showsBackButton,
      ui.backMenuOffered
    {
      ui.pickFromBackMenu(Int.random(in: 0..<(count - 1), using: &random))
    }
    if acted || ui.asks.count != asksBefore || ui.scheduledTapPop != nil
      || ui.scheduledMenuPop != nil || ui.confirmation != nil || ui.controllers.count != count
    {
      ui.violations.append("a tap, swipe or menu pick during a transition did something")
    }
  }

  enum Operation: CaseIterable {
    case push, tapBack, doubleTap, programmaticPop, appPopTo, appPopToRoot, edgeSwipe
    case contentSwipe, backMenu, presentModal
    /// UIKit pops without the overrides: the back menu or the content swipe taking a path the
    /// runtime does not see.
    case popBypassingOverrides
    /// App code calling `popToViewController(_:animated:)` or `popToRootViewController(animated:)`
    /// with UIKit's own signatures, which the runtime cannot tell from a back menu pick.
    case uikitPopTo

    func isAvailable(under behaviour: IOSBehaviour) -> Bool {
      switch self {
      case .contentSwipe: behaviour.recognizers.contains(.content)
      case .backMenu, .uikitPopTo: behaviour.hasBackMenu
      default: true
      }
    }
  }

  static func perform(
    _ operation: Operation, on ui: inout SimulatedNavigationController,
    lastActedTap: inout Double?, random: inout SeededGenerator
  ) {
    let asksBefore = ui.asks.count
    switch operation {
    case .push:
      let pushes = ui.top?.screen.map { ui.book[$0].pushes } ?? []
      let target = pushes.isEmpty ? ui.book[ui.navigator].root : random.pick(pushes)
      ui.push(ui.controller(for: target, answer: random.pick([true, false, nil])))
    case .tapBack, .doubleTap:
      guard ui.showsBackButton, let screen = ui.top?.screen else { return }
      let back = ui.book[screen].back
      let debounce = ui.book[ui.navigator].backDebounceMilliseconds
      let debounced = lastActedTap.map { ui.nowMilliseconds - $0 < debounce } ?? false
      ui.tapBack()
      let expectsAsk = back == .intercept && !debounced
      let expected = expectsAsk ? [ui.controllers.count - 1] : []
      let asked = ui.asks[asksBefore...].map(\.stackIndex)
      if asked != expected || ui.asks[asksBefore...].contains(where: { $0.trigger != .backButton })
      {
        ui.violations.append("a back tap asked \(asked), expected \(expected) (\(back))")
      }
      if back != .block, !debounced { lastActedTap = ui.nowMilliseconds }
      // The second tap of a double tap arrives before the first one's pop began (when the
      // first was refused, it is a tap like any other).
      if operation == .doubleTap, ui.scheduledTapPop != nil {
        let countBefore = ui.asks.count
        if ui.tapBack() || ui.asks.count != countBefore {
          ui.violations.append("the second tap of a double tap did something")
        }
      }
    case .programmaticPop:
      ui.pop(interactive: false, action: nil)
    case .appPopTo, .appPopToRoot:
      guard ui.controllers.count >= 2 else { return }
      let index =
        operation == .appPopToRoot
        ? 0 : Int.random(in: 0..<(ui.controllers.count - 1), using: &random)
      ui.popToViewController(at: index, applyingRules: false)
    case .edgeSwipe:
      // On iOS 26 a user whose edge swipe does nothing tries across the content.
      if !ui.attemptSwipe(.edge), random.chance(0.5) { ui.attemptSwipe(.content) }
    case .contentSwipe:
      ui.attemptSwipe(.content)
    case .backMenu, .uikitPopTo:
      if operation == .backMenu, !ui.showsBackButton || !ui.backMenuOffered { return }
      let stackBefore = ui.controllers
      guard stackBefore.count >= 2 else { return }
      let index = Int.random(in: 0..<(stackBefore.count - 1), using: &random)
      ui.pickFromBackMenu(
        index, viaRoot: index == 0 && random.chance(0.5), fromMenu: operation == .backMenu)
      checkMenuAsks(ui: &ui, from: asksBefore, pickedIndex: index, stackBefore: stackBefore)
    case .presentModal:
      ui.presentModal()
    case .popBypassingOverrides:
      guard ui.controllers.count >= 2 else { return }
      ui.popBypassingOverrides(to: Int.random(in: 0..<(ui.controllers.count - 1), using: &random))
    }
    if operation.isAppCode, ui.asks.count != asksBefore {
      ui.violations.append("asked about a pop in code (\(operation))")
    }
  }

  /// A pick asks the `intercept` view controllers it would remove, top first, up to the first
  /// that refuses, with `PopTrigger.backMenu`, and none at all when it removes a `block` screen.
  static func checkMenuAsks(
    ui: inout SimulatedNavigationController, from asksBefore: Int, pickedIndex: Int,
    stackBefore: [SimulatedNavigationController.Controller]
  ) {
    var expected: [Int] = []
    for index in stride(from: stackBefore.count - 1, to: pickedIndex, by: -1) {
      guard let screen = stackBefore[index].screen else { continue }
      switch ui.book[screen].back {
      case .block:
        expected = []
      case .intercept, .interceptTaps:
        if expected.last.map({ stackBefore[$0].answer != false }) ?? true {
          expected.append(index)
        }
        continue
      case .allow, .confirm:
        continue
      }
      break
    }
    let asked = ui.asks[asksBefore...]
    if asked.map(\.stackIndex) != expected || asked.contains(where: { $0.trigger != .backMenu }) {
      ui.violations.append(
        "a back menu pick to \(pickedIndex) asked \(asked.map(\.stackIndex)), expected \(expected)")
    }
  }
}

extension SimulationTests.Operation {
  /// Pops and pushes the app makes in code, which nobody may be asked about.
  var isAppCode: Bool {
    switch self {
    case .push, .programmaticPop, .appPopTo, .appPopToRoot, .presentModal, .popBypassingOverrides:
      true
    default: false
    }
  }
}

extension SimulationTests {
  /// Whatever happened, an idle navigator shows what its top declares (as the lifecycle model
  /// plays the hooks), the gesture is in the state the hooks left it, and the back menu is
  /// offered exactly where the top's `back` is `allow`.
  static func checkIdle(
    ui: inout SimulatedNavigationController, reference: inout ReferenceModel, walked: inout Int,
    strict: Bool
  ) {
    // The adapter looks at UIKit at the next user action, at the latest: whatever it waited
    // for that never came (an answer, a `viewDidAppear`, a pop it was not told of) is over.
    ui.observeUIKit()
    while walked < ui.finished.count {
      let transition = ui.finished[walked]
      reference.walk(
        transition.kind, outgoing: transition.outgoing, incoming: transition.incoming,
        lowerIsRoot: transition.lowerIsRoot)
      walked += 1
    }
    if ui.session.isBusy {
      ui.violations.append("stuck: the session is busy while UIKit is idle")
    }
    let top = ui.top?.screen
    let appTitle = SimulatedNavigationController.appTitle
    if ui.titleAttributes != reference.state.title ?? appTitle {
      ui.violations.append(
        "idle top \(String(describing: top)) shows title \(String(describing: ui.titleAttributes)), the model says \(String(describing: reference.state.title))"
      )
    }
    if ui.barHidden != reference.state.barHidden {
      ui.violations.append("idle top \(String(describing: top)) has barHidden \(ui.barHidden)")
    }
    if ui.gestureEnabled != reference.state.gestureEnabled {
      ui.violations.append("idle gesture enabled \(ui.gestureEnabled), the model says otherwise")
    }
    if strict {
      let declared = ui.book.appearance(of: top, in: ui.navigator)
      if ui.titleAttributes != declared.title ?? appTitle || ui.barHidden != declared.barHidden {
        ui.violations.append("idle top \(String(describing: top)) does not show its declared bar")
      }
    }
    if ui.session.stack != ui.controllers.map(\.screen) {
      ui.violations.append("the session's stack differs from UIKit's")
    }
    if ui.behaviour.hasBackMenu, ui.controllers.count >= 2 {
      let allows = top.map { ui.book[$0].back == .allow } ?? true
      if ui.backMenuOffered != allows {
        ui.violations.append(
          "the back menu is \(ui.backMenuOffered ? "offered" : "dropped") on \(String(describing: top))"
        )
      }
    }
  }
}
