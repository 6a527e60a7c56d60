import NavRules
import NavRulesCompiler
import Testing

/// Long random navigation sessions on random rule sets without errors, in both bar behaviours
/// (before and from iOS 13), checking the guarantees of §3 at every step.
@Suite struct SimulationTests {
  static let ruleSets = 120
  static let operationsPerNavigator = 400

  @Test(arguments: [false, true])
  func randomSessionsKeepEveryGuarantee(modernBar: Bool) throws {
    var random = SeededGenerator(seed: modernBar ? 0x5EED_0013 : 0x5EED_0012)
    var simulated = 0
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
          book: book, navigator: navigator, modernBar: modernBar, strictAppearance: !withHooks,
          random: &random)
        #expect(violations.isEmpty, "\(violations.prefix(5))\nrules:\n\(source)")
        if !violations.isEmpty { return }
      }
      simulated += 1
    }
    #expect(simulated >= Self.ruleSets / 2)
  }

  /// Runs one session and returns the broken guarantees.
  static func simulate(
    book: RuleBook, navigator: NavRules.NavigatorID, modernBar: Bool, strictAppearance: Bool,
    random: inout SeededGenerator
  ) -> [String] {
    var ui = SimulatedNavigationController(book: book, navigator: navigator, modernBar: modernBar)
    var reference = ReferenceModel(book: book, navigator: navigator)
    var lastActedTap: Double?
    var walked = 0
    ui.launch()
    for _ in 0..<operationsPerNavigator {
      ui.nowMilliseconds += Double(Int.random(in: 0...250, using: &random))
      let asksBefore = ui.asks.count
      if ui.confirmation != nil {
        ui.answerConfirmation(leave: random.chance(0.5))
      } else if let running = ui.running {
        if running.kind == .swipe, !running.released {
          ui.releaseSwipe(cancelled: random.chance(0.4))
        } else if random.chance(0.3) {
          // A back tap or a swipe while the transition runs does nothing.
          let answer = ui.tapBack()
          let began = ui.attemptSwipe()
          if answer || began || ui.asks.count != asksBefore {
            ui.violations.append("a tap or swipe during a transition did something")
          }
        } else {
          ui.finishTransition()
        }
      } else if ui.scheduledTapPop {
        if random.chance(0.3) {
          // The second tap of a double tap, before the first one's pop began.
          if ui.tapBack() || ui.asks.count != asksBefore {
            ui.violations.append("the second tap of a double tap did something")
          }
        }
        ui.runScheduledTapPop()
      } else {
        perform(
          random.pick(Operation.allCases), on: &ui, lastActedTap: &lastActedTap,
          random: &random)
      }
      while walked < ui.finished.count {
        let transition = ui.finished[walked]
        reference.walk(
          transition.kind, outgoing: transition.outgoing, incoming: transition.incoming,
          lowerIsRoot: transition.lowerIsRoot)
        walked += 1
      }
      if ui.isIdle {
        checkIdle(ui: &ui, reference: reference, strict: strictAppearance)
      }
      if !ui.violations.isEmpty { break }
    }
    return ui.violations
  }

  enum Operation: CaseIterable {
    case push, tapBack, doubleTap, programmaticPop, swipe
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
      guard let top = ui.top, let screen = top.screen, ui.controllers.count >= 2,
        !ui.barHidden, ui.book[screen].leftBarButton == .none
      else { return }
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
      if operation == .doubleTap, ui.scheduledTapPop {
        let countBefore = ui.asks.count
        if ui.tapBack() || ui.asks.count != countBefore {
          ui.violations.append("the second tap of a double tap did something")
        }
      }
    case .programmaticPop:
      ui.pop(interactive: false, fromTap: false)
      if ui.asks.count != asksBefore { ui.violations.append("asked about a pop in code") }
    case .swipe:
      ui.attemptSwipe()
    }
  }

  /// Whatever happened, an idle navigator shows what its top declares (as the lifecycle model
  /// plays the hooks), and the gesture is in the state the hooks left it.
  static func checkIdle(
    ui: inout SimulatedNavigationController, reference: ReferenceModel, strict: Bool
  ) {
    let top = ui.top?.screen
    if ui.titleAttributes != reference.state.title {
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
      if ui.titleAttributes != declared.title || ui.barHidden != declared.barHidden {
        ui.violations.append("idle top \(String(describing: top)) does not show its declared bar")
      }
    }
    if ui.session.stack != ui.controllers.map(\.screen) {
      ui.violations.append("the session's stack differs from UIKit's")
    }
  }
}
