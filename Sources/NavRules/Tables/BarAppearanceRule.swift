/// A declared `barAppearance [SLOT] …` of a screen or navigator: the appearance the runtime
/// gives the screen's own navigation item in those slots, which UIKit puts back on every
/// transition and prefers to the bar's (so it never reaches another screen).
public struct BarAppearanceRule: Hashable, Sendable {
  /// The slots it is for: the one named, else all four.
  public var slots: [BarAppearanceSlot]
  public var appearance: BarAppearance

  public init(slots: [BarAppearanceSlot], appearance: BarAppearance) {
    self.slots = slots
    self.appearance = appearance
  }
}

extension [BarAppearanceRule] {
  /// The appearance declared for `slot`, if any.
  func appearance(_ slot: BarAppearanceSlot) -> BarAppearance? {
    first { $0.slots.contains(slot) }?.appearance
  }
}

extension RuleBook {
  /// The appearances `screen`'s navigation item gets inside `navigator`, per slot
  /// (`BarAppearanceSlot.index`): the screen's own, else the navigator's; `nil` declares none.
  public func itemAppearances(of screen: ScreenID?, in navigator: NavigatorID)
    -> [BarAppearance?]
  {
    let own = screen.map { self[$0].barAppearances } ?? []
    let inherited = self[navigator].barAppearances
    return BarAppearanceSlot.allCases.map { own.appearance($0) ?? inherited.appearance($0) }
  }
}
