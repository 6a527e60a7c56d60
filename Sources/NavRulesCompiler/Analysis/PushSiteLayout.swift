/// Where each push site of a module is: screen by screen, each screen's distinct targets in
/// the order it first pushes them, twice for a screen that splits by depth (seen from the root
/// at depth 1 first, then from deeper; see `TransitionTable`).
///
/// Laid out in two passes over the screens' `push` lists, on up to `parts` threads: the sites
/// of each screen are counted, their starts summed, and then written in place.
struct PushSiteLayout {
  /// A screen's sites, and whether they split by depth: in one record, since the exploration
  /// asks for a screen's sites at random, once per group it makes.
  struct Span {
    var start: Int32
    var end: Int32
    var splitsByDepth: Bool

    /// The sites seen from the root at depth 1 (`fromRoot`) or from deeper.
    func sites(fromRoot: Bool) -> Range<Int> {
      guard splitsByDepth else { return Int(start)..<Int(end) }
      return fromRoot ? Int(start)..<middle : middle..<Int(end)
    }

    /// Whether `site`, one of these, is seen from the root at depth 1: the first half of a
    /// split screen's.
    func isFromRoot(_ site: Int) -> Bool { splitsByDepth && site < middle }

    private var middle: Int { Int(start) + Int(end - start) / 2 }
  }

  /// The sites of each screen.
  var spans: [Span]
  var source: [ScreenID]
  var target: [ScreenID]

  init(module: Module, hasConditionalActions: [Bool], parts partCount: Int) {
    let screens = module.screens
    // Part `i`'s screens (computed, not kept in an array: see `ParallelArray.make`).
    @Sendable func screenPart(_ part: Int) -> Range<Int> {
      screens.count * part / partCount..<screens.count * (part + 1) / partCount
    }
    // Each screen's site count: twice its targets for a screen that splits.
    let counts = ParallelArray.make(count: screens.count, parts: partCount) { part, buffer in
      var seen = DistinctTargets(screenCount: screens.count)
      for index in screenPart(part) {
        var targets: Int32 = 0
        seen.forEach(of: index, in: screens) { _ in targets += 1 }
        let splits = hasConditionalActions[index] && targets > 0
        (buffer.baseAddress! + index).initialize(to: splits ? targets * 2 : targets)
      }
    }
    var total: Int32 = 0
    let spans = counts.indices.map { index in
      defer { total += counts[index] }
      return Span(
        start: total, end: total + counts[index],
        splitsByDepth: hasConditionalActions[index] && counts[index] > 0)
    }
    self.spans = spans
    target = ParallelArray.make(count: Int(total), parts: partCount) { part, buffer in
      var seen = DistinctTargets(screenCount: screens.count)
      for index in screenPart(part) {
        var site = Int(spans[index].start)
        seen.forEach(of: index, in: screens) {
          (buffer.baseAddress! + site).initialize(to: $0)
          site += 1
        }
        if spans[index].splitsByDepth {
          // The second half repeats the first.
          let first = Int(spans[index].start)
          (buffer.baseAddress! + site).initialize(
            from: buffer.baseAddress! + first, count: site - first)
        }
      }
    }
    source = ParallelArray.make(count: Int(total), parts: partCount) { part, buffer in
      for index in screenPart(part) {
        let sites = Int(spans[index].start)..<Int(spans[index].end)
        (buffer.baseAddress! + sites.lowerBound).initialize(
          repeating: ScreenID(index), count: sites.count)
      }
    }
  }
}

/// A screen's `push` targets, each once, in the order first pushed.
///
/// `lastSeenFrom[target]` is the last screen whose targets named `target`: one array for all
/// screens instead of a set per screen. Each thread has its own.
private struct DistinctTargets {
  private var lastSeenFrom: [Int32]

  init(screenCount: Int) {
    lastSeenFrom = [Int32](repeating: -1, count: screenCount)
  }

  mutating func forEach(of source: Int, in screens: [Screen], _ body: (ScreenID) -> Void) {
    for push in screens[source].pushes where lastSeenFrom[push.value.index] != Int32(source) {
      lastSeenFrom[push.value.index] = Int32(source)
      body(push.value)
    }
  }
}
