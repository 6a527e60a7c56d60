extension Module {
  /// Which screens some navigator's root reaches through `push` edges, indexed by
  /// `ScreenID.index`: the screens the analysis explores. The resolver reports the others as
  /// `unreachable-screen`; `navrc scan`, whose apps push through code it cannot always read,
  /// counts them instead.
  ///
  /// The edges are first copied, in one pass in declaration order, into two flat arrays that
  /// the search then follows: searching the screens themselves jumped from declaration to
  /// declaration (hundreds of bytes each) and to each one's list of pushes, a cache miss or
  /// two per screen. (Indices fit in 32 bits: a screen takes far more than 2 bytes.) They are
  /// `GrowingBuffer`s: an array's append asks whether its buffer is shared, once per edge.
  public func screensReachedFromRoots() -> [Bool] {
    // Screen `i`'s targets are `targets[firstTarget[i]..<firstTarget[i + 1]]`.
    var firstTarget = GrowingBuffer<Int32>(capacity: screens.count + 1)
    firstTarget.append(0)
    var targets = GrowingBuffer<Int32>(capacity: screens.count * 2)
    for index in screens.indices {
      // Each target read in place: copying an edge retains and releases its range's file.
      let pushes = screens[index].pushes
      for position in pushes.indices { targets.append(Int32(pushes[position].value.index)) }
      firstTarget.append(Int32(targets.count))
    }
    var reached = [Bool](repeating: false, count: screens.count)
    var pending: [Int32] = navigators.compactMap { $0.root.map { Int32($0.value.index) } }
    for id in pending { reached[Int(id)] = true }
    while let id = pending.popLast() {
      for position in Int(firstTarget[Int(id)])..<Int(firstTarget[Int(id) + 1]) {
        let target = targets[position]
        if !reached[Int(target)] {
          reached[Int(target)] = true
          pending.append(target)
        }
      }
    }
    return reached
  }
}
