import NavRules
import NavRulesCompiler
import Testing

/// The declarative `barAppearance` applied by the runtime, in the simulated UIKit of each iOS:
/// whatever screen is on top, after pushes, back taps, pops from code and swipes (completed or
/// cancelled), the bar shows that screen's declared appearance (its own, else its navigator's)
/// in every slot it declares, through its navigation item, even after another screen's hook
/// wrote the bar's (docs/language.md#bar-appearance).
@Suite struct BarAppearanceSimulationTests {
  static let source = """
    style Dark { background opaque; backgroundColor #222222 }
    style Clear { background transparent }
    navigator Main { root Home; barAppearance scrollEdge Clear }
    screen Home { push Gallery, Plain; barAppearance standard Dark }
    screen Gallery {
        push Plain
        barAppearance standard { backgroundColor systemRed }
        on viewWillAppear { barAppearance standard Clear }
    }
    screen Plain { push Gallery }
    """

  @Test(arguments: IOSBehaviour.allCases)
  func theTopScreensDeclaredAppearanceShows(behaviour: IOSBehaviour) throws {
    let compilation = Compilation(files: [SourceFile(path: "a.navrules", text: Self.source)])
    let book = try #require(RuleBookBuilder.book(from: compilation.module))
    let navigator = NavRules.NavigatorID(0)
    var ui = SimulatedNavigationController(book: book, navigator: navigator, behaviour: behaviour)
    let home = NavRules.ScreenID(0)
    let gallery = NavRules.ScreenID(1)
    let plain = NavRules.ScreenID(2)
    ui.launch()
    var checked = 0
    func check(_ ui: SimulatedNavigationController) {
      guard let top = ui.controllers.last?.screen else { return }
      let declared = book.itemAppearances(of: top, in: navigator)
      for slot in BarAppearanceSlot.allCases where declared[slot.index] != nil {
        #expect(ui.shownAppearance(slot) == declared[slot.index], "\(slot) on \(top)")
      }
      checked += 1
    }
    check(ui)
    for (step, screen) in [gallery, plain, gallery, plain].enumerated() {
      ui.push(ui.controller(for: screen, answer: nil))
      ui.finishTransition()
      check(ui)
      if step.isMultiple(of: 2) {
        _ = ui.tapBack()
        ui.runScheduledTapPop()
        ui.finishTransition()
        check(ui)
        ui.push(ui.controller(for: screen, answer: nil))
        ui.finishTransition()
      }
    }
    // Swipes back, cancelled then completed, down to the root.
    while ui.controllers.count > 1 {
      if ui.attemptSwipe() {
        ui.releaseSwipe(cancelled: true)
        ui.finishTransition()
        check(ui)
      }
      ui.pop(interactive: false, action: nil)
      ui.finishTransition()
      check(ui)
    }
    #expect(ui.controllers.last?.screen == home)
    #expect(ui.violations.isEmpty, "\(ui.violations)")
    // The hook wrote the bar's: a screen declaring no standard slot (Plain) would show it.
    #expect(ui.barAppearances[BarAppearanceSlot.standard.index] != nil)
    #expect(checked >= 10)
  }
}
