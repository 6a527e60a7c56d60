import Testing

@testable import NavRulesCompiler

/// Each rule on the pattern that triggers it and on the safe pattern next to it, which must
/// not (docs/checker.md and issue #3: no false alarms on the recipes that work).
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
      name:
        "gesture off in viewDidAppear, on again in viewWillDisappear: no leak, no freeze, but "
        + "iOS 26's content swipe walks around it",
      source: """
        navigator Main { root Home }
        screen Home { push Form }
        screen Form {
          push Help
          on viewDidAppear { popGesture disabled }
          on viewWillDisappear { popGesture enabled }
        }
        screen Help { push Form }
        """, expected: [.contentSwipeBypass]),
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
        """, expected: [.contentSwipeBypass, .gestureDeadlock]),
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
        """, expected: [.contentSwipeBypass]),
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
        """, expected: [.contentSwipeBypass, .contentSwipeBypass]),
    Pattern(
      name: "a hook that disables what the declared policy refuses anyway: no content-swipe-bypass",
      source: """
        navigator Main { root Home }
        screen Home { push Form, Search, Checkout }
        screen Form {
          popGesture disabled
          on viewDidAppear { popGesture disabled }
          on viewWillDisappear { popGesture enabled }
        }
        screen Search {
          navigationBar hidden
          on viewDidAppear { popGestureDelegate block }
          on viewWillDisappear { popGestureDelegate system }
        }
        screen Checkout {
          back confirm "Leave?"
          on viewDidAppear { popGesture disabled }
          on viewWillDisappear { popGesture enabled }
        }
        """, expected: []),
    Pattern(
      name: "the root disabling the gesture while alone on the stack: no content-swipe-bypass",
      source: """
        navigator Main { root Home }
        screen Home {
          push Detail
          on viewDidAppear { popGesture disabled }
          on viewWillDisappear { popGesture enabled }
        }
        screen Detail { }
        """, expected: []),
    Pattern(
      name: "a hook's disable leaking to a screen that allows swipes is both leak and bypass",
      source: """
        navigator Main { root Home }
        screen Home { push Player }
        screen Player {
          push Settings
          navigationBar hidden
          on viewDidAppear { popGesture disabled }
        }
        screen Settings { }
        """, expected: [.contentSwipeBypass, .stateLeak]),
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
        """, expected: [.delegateLeak, .contentSwipeBypass]),
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
    Pattern(
      name: "a base class that sets self only when pushed and restores it on the way out: clean",
      source: """
        navigator Main { root Home }
        screen Home {
          push Detail
          on viewDidAppear if pushed { popGestureDelegate self }
          on viewWillDisappear { popGestureDelegate system }
        }
        screen Detail {
          push Home
          on viewDidAppear if pushed { popGestureDelegate self }
          on viewWillDisappear { popGestureDelegate system }
        }
        """, expected: []),
    Pattern(
      name: "the same base class without the guard: the root swipes",
      source: """
        navigator Main { root Home }
        screen Home {
          push Detail
          on viewDidAppear { popGestureDelegate self }
          on viewWillDisappear { popGestureDelegate system }
        }
        screen Detail {
          on viewDidAppear { popGestureDelegate self }
          on viewWillDisappear { popGestureDelegate system }
        }
        """, expected: [.rootPop]),
    Pattern(
      name: "a guard that never holds on the root: the restore it guards never runs there",
      source: """
        navigator Main { root Home }
        screen Home {
          push Detail
          on viewWillAppear if pushed { popGestureDelegate system }
        }
        screen Detail {
          on viewDidAppear { popGestureDelegate self }
        }
        """, expected: [.rootPop]),
    Pattern(
      name: "the root's class pushed again deeper runs its guarded hooks",
      source: """
        navigator Main { root Home }
        screen Home {
          push Detail
          on viewDidAppear if pushed { popGesture disabled }
        }
        screen Detail { push Home }
        """, expected: [.contentSwipeBypass, .stateLeak]),
    Pattern(
      name: "a guarded disable in viewWillAppear of the root cannot freeze a swipe back to it",
      source: """
        navigator Main { root Home }
        screen Home {
          push Detail
          on viewWillAppear if pushed { popGesture disabled }
          on viewWillDisappear { popGesture enabled }
        }
        screen Detail { }
        """, expected: []),
    Pattern(
      name: "but it freezes a swipe back to the same class deeper",
      source: """
        navigator Main { root Home }
        screen Home {
          push Detail
          on viewWillAppear if pushed { popGesture disabled }
          on viewWillDisappear { popGesture enabled }
        }
        screen Detail { push Home }
        """, expected: [.contentSwipeBypass, .gestureDeadlock]),
    Pattern(
      name: "a guarded title in viewWillAppear of a root that is never pushed again: clean",
      source: """
        style Dark { color #222222 }
        navigator Main { root Home }
        screen Home {
          push Detail
          on viewWillAppear if pushed { titleStyle Dark }
        }
        screen Detail { }
        """, expected: []),
  ]

  /// A navigation controller's own viewDidLoad sets the delegate for all its screens.
  static let navigatorHookPatterns: [Pattern] = [
    Pattern(
      name: "a navigation controller that replaces the delegate with nil: the root swipes",
      source: """
        navigator Main {
          root Home
          on viewDidLoad { popGestureDelegate none }
        }
        screen Home { push Detail }
        screen Detail { }
        """, expected: [.rootPop]),
    Pattern(
      name: "one that installs a guarded delegate for all its screens: clean, not a leak",
      source: """
        navigator Main {
          root Home
          on viewDidLoad { popGestureDelegate guarded }
        }
        screen Home { push Detail }
        screen Detail { navigationBar hidden }
        """, expected: []),
    Pattern(
      name: "but a screen that guards leaving is walked around",
      source: """
        navigator Main {
          root Home
          on viewDidLoad { popGestureDelegate guarded }
        }
        screen Home { push Form }
        screen Form { back confirm "Discard?" }
        """, expected: [.backBypass]),
  ]

  @Test(arguments: navigatorHookPatterns)
  func navigatorHooksRunAtLaunch(_ pattern: Pattern) {
    #expect(Self.ids(pattern.source) == pattern.expected)
  }

  /// Path notes of `if pushed` findings go through a place where the guarded action ran: the
  /// root's class pushed again, not the root itself.
  @Test func guardedFindingsShowAPathWhereTheActionRan() throws {
    let source = """
      navigator Main { root Home }
      screen Home {
        push Detail
        on viewDidAppear if pushed { popGesture disabled }
      }
      screen Detail { push Home }
      """
    let compilation = Compilation(files: [SourceFile(path: "p.navrules", text: source)])
    let diagnostics = compilation.diagnostics
    #expect(diagnostics.map(\.id) == [.contentSwipeBypass, .stateLeak])
    #expect(
      diagnostics.first?.notes.map(\.message) == [
        "in navigator 'Main': Home → Detail → Home, then swipe back across the content on iOS 26"
      ])
    let stateLeak = try #require(diagnostics.last)
    let note = try #require(stateLeak.notes.first?.message)
    // Home's second instance, at depth 3, is the one that runs the hook.
    #expect(note.hasPrefix("in navigator 'Main': Home → Detail → Home"), "\(note)")
    try Self.expectReplay(of: note, endsWhere: stateLeak, in: compilation.module)
  }

  /// A delegate written inside a pushed frame, by a cancelled swipe, then carried back to the
  /// root by the pop: the caller that pushed the frame held another delegate, which
  /// `RootReach` once required the caller to hold. The note makes the write once.
  @Test func rootPopThroughACancelledSwipeInAPushedScreen() throws {
    let source = """
      navigator Main { root Home }
      screen Home {
        push Detail
        on viewDidDisappear { popGestureDelegate guarded }
      }
      screen Detail {
        on viewWillAppear { popGestureDelegate none }
        on viewDidDisappear { popGesture disabled }
      }
      """
    let compilation = Compilation(files: [SourceFile(path: "p.navrules", text: source)])
    let diagnostics = compilation.diagnostics
    #expect(
      diagnostics.map(\.id) == [.delegateLeak, .rootPop, .contentSwipeBypass, .stateLeak])
    let rootPop = try #require(diagnostics.first { $0.id == .rootPop })
    #expect(compilation.module.files[0].text(rootPop.range.bytes) == "popGestureDelegate none")
    let note = try #require(rootPop.notes.first?.message)
    #expect(
      note == "in navigator 'Main': Home → Detail, swipe back cancelled, back to Home, "
        + "then swipe on Home")
    try Self.expectReplay(of: note, endsWhere: rootPop, in: compilation.module)
  }

  /// The note's path, replayed by the brute-force explorer on the module's first navigator,
  /// ends in a configuration where `finding` holds.
  static func expectReplay(
    of note: String, endsWhere finding: Diagnostic, in module: Module
  ) throws {
    let explorer = BruteForceExplorer(module: module, maximumDepth: .max)
    let (_, steps, _) = try #require(BruteForceExplorer.parse(note: note))
    let end = try #require(explorer.replay(steps, in: NavigatorID(0)))
    #expect(
      explorer.holds(
        BruteForceExplorer.Finding(id: finding.id, offset: finding.range.bytes.lowerBound),
        at: end, in: NavigatorID(0)))
  }

  @Test(arguments: patterns)
  func reportsExactlyTheExpectedIds(_ pattern: Pattern) {
    #expect(Self.ids(pattern.source) == pattern.expected)
  }
}
