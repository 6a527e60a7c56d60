import NavRulesCompiler
import Testing

/// Each rule on the pattern that triggers it and on the safe pattern next to it, which must
/// not (§5 and issue #3: no false alarms on the recipes that work).
@Suite struct RulePatternTests {
  struct Pattern: Sendable, CustomTestStringConvertible {
    var name: String
    var source: String
    /// The ids reported, in report order.
    var expected: [DiagnosticID]
    var testDescription: String { name }
  }

  static func ids(_ source: String) -> [DiagnosticID] {
    Compilation(files: [SourceFile(path: "p.navrules", text: source)]).diagnostics.map(\.id)
  }

  static let patterns: [Pattern] = [
    Pattern(
      name: "gesture off in viewDidAppear, on again in viewWillDisappear: clean",
      source: """
        navigator Main { root Home }
        screen Home { push Form }
        screen Form {
          push Help
          on viewDidAppear { popGesture disabled }
          on viewWillDisappear { popGesture enabled }
        }
        screen Help { push Form }
        """, expected: []),
    Pattern(
      name: "gesture off in viewWillAppear: the swipe back to it freezes",
      source: """
        navigator Main { root Home }
        screen Home { push Form }
        screen Form {
          push Help
          on viewWillAppear { popGesture disabled }
          on viewWillDisappear { popGesture enabled }
        }
        screen Help { }
        """, expected: [.gestureDeadlock]),
    Pattern(
      name: "a screen whose swipe never begins cannot deadlock the one below",
      source: """
        navigator Main { root Home }
        screen Home { push Form }
        screen Form {
          push Help
          on viewWillAppear { popGesture disabled }
          on viewWillDisappear { popGesture enabled }
        }
        screen Help { back confirm "Discard?" }
        """, expected: []),
    Pattern(
      name: "nor can one under a blocking delegate",
      source: """
        navigator Main { root Home }
        screen Home { push Form }
        screen Form {
          push Help
          on viewWillAppear { popGesture disabled }
          on viewWillDisappear { popGesture enabled }
        }
        screen Help {
          on viewDidAppear { popGestureDelegate block }
          on viewWillDisappear { popGestureDelegate system }
        }
        """, expected: []),
    Pattern(
      name: "a delegate replaced deep down, restored by the screen below in viewWillAppear: clean",
      source: """
        navigator Main { root Home }
        screen Home { push List }
        screen List {
          push Photo
          on viewWillAppear { popGestureDelegate system }
        }
        screen Photo {
          navigationBar hidden
          on viewDidAppear { popGestureDelegate guarded }
        }
        """, expected: []),
    Pattern(
      name: "the same delegate, when Photo can push on: it leaks",
      source: """
        navigator Main { root Home }
        screen Home { push List }
        screen List {
          push Photo
          on viewWillAppear { popGestureDelegate system }
        }
        screen Photo {
          navigationBar hidden
          push Share
          on viewDidAppear { popGestureDelegate guarded }
        }
        screen Share { }
        """, expected: [.delegateLeak]),
    Pattern(
      name: "guarded at the root is no root-pop; self is",
      source: """
        navigator Main { root Home }
        screen Home {
          on viewDidAppear { popGestureDelegate guarded }
        }
        navigator Other { root Start }
        screen Start {
          on viewDidAppear { popGestureDelegate self }
        }
        """, expected: [.rootPop]),
    Pattern(
      name: "a title style written in viewWillAppear equal to the declared one: clean",
      source: """
        style Brand { color #7B2FF7 }
        navigator Main { root Home; titleStyle Brand }
        screen Home {
          push Detail
          on viewWillAppear { titleStyle Brand }
        }
        screen Detail { titleStyle { color black } }
        """, expected: []),
    Pattern(
      name: "a different one is lost on Back",
      source: """
        style Brand { color #7B2FF7 }
        navigator Main { root Home; titleStyle Brand }
        screen Home {
          push Detail
          on viewWillAppear { titleStyle { color #7B2FF7; font system 17 bold } }
        }
        screen Detail { titleStyle { color black } }
        """, expected: [.titleLostOnBack]),
    Pattern(
      name: "a screen never revealed by a pop may write its title in viewWillAppear",
      source: """
        navigator Main { root Home }
        screen Home { push Leaf }
        screen Leaf { on viewWillAppear { titleStyle { color systemRed } } }
        """, expected: []),
    Pattern(
      name: "back confirm under the system delegate: clean",
      source: """
        navigator Main { root Home }
        screen Home { push Checkout }
        screen Checkout { back confirm "Leave?" }
        """, expected: []),
    Pattern(
      name: "back intercept with the gesture off while on top: no back-bypass (the delegate leaks)",
      source: """
        navigator Main { root Home }
        screen Home {
          push Web
          on viewDidLoad { popGestureDelegate guarded }
        }
        screen Web {
          back intercept
          on viewDidAppear { popGesture disabled }
          on viewWillDisappear { popGesture enabled }
        }
        """, expected: [.delegateLeak]),
    Pattern(
      name: "popGesture forced with a hidden bar: clean",
      source: """
        navigator Main { root Home }
        screen Home { push Search }
        screen Search { navigationBar hidden; popGesture forced }
        """, expected: []),
    Pattern(
      name: "a root that is pushed elsewhere may guard leaving",
      source: """
        navigator Main { root Home }
        navigator Modal { root Compose }
        screen Home { push Compose }
        screen Compose { back confirm "Discard the draft?" }
        """, expected: []),
  ]

  @Test(arguments: patterns)
  func reportsExactlyTheExpectedIds(_ pattern: Pattern) {
    #expect(Self.ids(pattern.source) == pattern.expected)
  }
}
