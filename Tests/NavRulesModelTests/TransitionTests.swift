import Foundation
import NavRulesModel
import NavRulesTestSupport
import Testing

/// The lifecycle orders of `Transition.steps`, checked against the lifecycle table of
/// docs/model.md#lifecycle-orders, which is rendered from them.
@Suite struct TransitionTests {
  /// The letter each role takes in the contract's table for a transition.
  static func letter(_ role: TransitionRole, in transition: Transition) -> String {
    switch (transition, role) {
    case (.launch, _): "R"
    case (.push, .outgoing): "A"
    case (.push, .incoming): "B"
    case (_, .outgoing): "B"
    case (_, .incoming): "A"
    }
  }

  /// The events in order, with the swipe markers, as the contract writes them.
  static func events(_ transition: Transition) -> [String] {
    transition.steps.compactMap { step in
      switch step {
      case .hooks(let role, let event, _, _): "\(letter(role, in: transition)).\(event.rawValue)"
      case .swipeReleased: transition == .swipeCompleted ? "(gesture in flight)" : "(released)"
      case .resetToDeclared, .swipeBegins, .navigatorHooks: nil
      }
    }
  }

  static let contract: [Transition: String] = [
    .launch: "R.viewDidLoad, R.viewWillAppear, R.viewDidAppear",
    .push:
      "B.viewDidLoad, A.viewWillDisappear, B.viewWillAppear, A.viewDidDisappear, B.viewDidAppear",
    .backTap: "B.viewWillDisappear, A.viewWillAppear, B.viewDidDisappear, A.viewDidAppear",
    .programmaticPop:
      "B.viewWillDisappear, A.viewWillAppear, B.viewDidDisappear, A.viewDidAppear",
    .swipeCompleted:
      "B.viewWillDisappear, A.viewWillAppear, (gesture in flight), B.viewDidDisappear, "
      + "A.viewDidAppear",
    .swipeCancelled:
      "B.viewWillDisappear, A.viewWillAppear, (released), A.viewWillDisappear, "
      + "A.viewDidDisappear, B.viewWillAppear, B.viewDidAppear",
  ]

  @Test(arguments: Transition.allCases)
  func ordersAreTheContracts(_ transition: Transition) {
    #expect(Self.events(transition).joined(separator: ", ") == Self.contract[transition])
  }

  /// The runtime resets bar and title right before every `viewWillAppear`, and only then.
  @Test(arguments: Transition.allCases)
  func resetsPrecedeEveryViewWillAppear(_ transition: Transition) {
    let steps = transition.steps
    for (index, step) in steps.enumerated() {
      if case .hooks(let role, .viewWillAppear, _, _) = step {
        #expect(index > 0 && steps[index - 1] == .resetToDeclared(role))
      }
      if case .resetToDeclared(let role) = step {
        #expect(index + 1 < steps.count)
        #expect(
          steps[index + 1]
            == .hooks(
              role, .viewWillAppear, titleTakesEffect: steps[index + 1].titleTakesEffect,
              duringSwipe: steps[index + 1].duringSwipe))
      }
    }
  }

  /// Title writes in the revealed screen's viewWillAppear are lost on non-interactive pops only.
  @Test(arguments: Transition.allCases)
  func titleIsLostOnlyOnTapAndProgrammaticPops(_ transition: Transition) {
    let lost = transition.steps.filter { !$0.titleTakesEffect }
    if transition == .backTap || transition == .programmaticPop {
      #expect(lost == [.hooks(.incoming, .viewWillAppear, titleTakesEffect: false)])
    } else {
      #expect(lost.isEmpty)
    }
  }

  /// The hooks that run while the finger is down: the two "will" events of a swipe.
  @Test(arguments: Transition.allCases)
  func onlyTheFirstTwoHooksOfASwipeRunInFlight(_ transition: Transition) {
    let inFlight = transition.steps.compactMap { step -> String? in
      guard case .hooks(let role, let event, _, true) = step else { return nil }
      return "\(Self.letter(role, in: transition)).\(event.rawValue)"
    }
    #expect(inFlight == (transition.isSwipe ? ["B.viewWillDisappear", "A.viewWillAppear"] : []))
  }

  /// `docs/model.md` shows the same tables.
  @Test func documentationShowsTheTables() throws {
    var tables = ""
    for transition in Transition.allCases {
      tables += "**\(Self.title(transition))**\n\n| # | event |\n|---|---|\n"
      var number = 0
      for step in transition.steps {
        switch step {
        case .hooks(let role, let event, let titleTakesEffect, let duringSwipe):
          number += 1
          var note = ""
          if duringSwipe { note += " (gesture in flight)" }
          if !titleTakesEffect { note += " (title writes have no effect)" }
          tables +=
            "| \(number) | \(Self.letter(role, in: transition)).\(event.rawValue)\(note) |\n"
        case .resetToDeclared(let role):
          tables +=
            "| – | *runtime: \(Self.letter(role, in: transition))'s declared bar and title* |\n"
        case .navigatorHooks:
          tables += "| – | *the navigation controller's own viewDidLoad hooks* |\n"
        case .swipeBegins:
          tables += "| – | *the swipe begins* |\n"
        case .swipeReleased:
          tables += "| – | *the finger is lifted* |\n"
        }
      }
      tables += "\n"
    }
    let url = Repository.url("docs/model.md")
    let document = try String(contentsOf: url, encoding: .utf8)
    let begin = "<!-- lifecycle:begin -->\n"
    let end = "<!-- lifecycle:end -->"
    let start = try #require(document.range(of: begin))
    let finish = try #require(document.range(of: end))
    let expected = String(document[start.upperBound..<finish.lowerBound])
    if Golden.isRecording {
      try (document[..<start.upperBound] + tables + document[finish.lowerBound...])
        .write(to: url, atomically: true, encoding: .utf8)
      return
    }
    #expect(expected == tables, "docs/model.md is stale; NAVRC_RECORD=1 regenerates it")
  }

  static func title(_ transition: Transition) -> String {
    switch transition {
    case .launch: "Launch of R"
    case .push: "Push A → B"
    case .backTap: "Back tap B → A"
    case .programmaticPop: "Programmatic pop B → A"
    case .swipeCompleted: "Swipe B → A, completed"
    case .swipeCancelled: "Swipe B → A, cancelled"
    }
  }
}

extension TransitionStep {
  var titleTakesEffect: Bool {
    if case .hooks(_, _, let takesEffect, _) = self { return takesEffect }
    return true
  }

  var duringSwipe: Bool {
    if case .hooks(_, _, _, let during) = self { return during }
    return false
  }
}
