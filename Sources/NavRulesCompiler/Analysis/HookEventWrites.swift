import NavRulesModel

/// What each screen's hooks for one event write, with its `if pushed` actions run or not: the
/// transition table composes a transition's write from these (`StateWrite.then`) instead of
/// running every action of both screens again for each of a screen's push sites.
///
/// Kept only for the events that have actions, two writes each (`TransitionTable` builds it
/// once and lets it go when it is built).
struct HookEventWrites: Sendable {
  /// Per screen: where its writes start in `writes`, or -1 for a screen without actions.
  private var first: [Int32]
  /// For each screen with actions, for each event with actions in event order: the write seen
  /// from deeper than the root at depth 1, then the one seen from the root.
  private var writes: [StateWrite] = []
  private let hooks: HookTable

  init(hooks: HookTable, screenCount: Int) {
    self.hooks = hooks
    first = [Int32](repeating: -1, count: screenCount)
    let events = LifecycleEvent.allCases
    for index in 0..<screenCount {
      let screen = ScreenID(index)
      guard hooks.hasActions(of: screen) else { continue }
      first[index] = Int32(writes.count)
      for event in events where hooks.hasActions(of: screen, at: event) {
        for isRoot in [false, true] {
          var write = StateWrite()
          for entry in hooks.actions(of: screen, at: event)
          where entry.condition.holds(isRootAtDepthOne: isRoot) {
            write.apply(entry.action, writer: entry.id)
          }
          writes.append(write)
        }
      }
    }
  }

  /// What `screen`'s actions for `event` write, standing as the root at depth 1 or not; the
  /// screen must have actions for the event.
  func write(of screen: ScreenID, at event: LifecycleEvent, isRoot: Bool) -> StateWrite {
    let earlier = hooks.eventsWithActions(of: screen) & ((1 << event.index) - 1)
    return writes[Int(first[screen.index]) + 2 * earlier.nonzeroBitCount + (isRoot ? 1 : 0)]
  }
}
