extension Module {
  /// Which screens some navigator's root reaches through `push` edges, indexed by
  /// `ScreenID.index`: the screens the analysis explores. The resolver reports the others as
  /// `unreachable-screen`; `navrc scan`, whose apps push through code it cannot always read,
  /// counts them instead.
  public func screensReachedFromRoots() -> [Bool] {
    var reached = [Bool](repeating: false, count: screens.count)
    var pending: [ScreenID] = navigators.compactMap { $0.root?.value }
    for id in pending { reached[id.index] = true }
    while let id = pending.popLast() {
      for edge in self[id].pushes where !reached[edge.value.index] {
        reached[edge.value.index] = true
        pending.append(edge.value)
      }
    }
    return reached
  }
}
