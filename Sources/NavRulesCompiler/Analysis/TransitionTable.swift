import Dispatch
import NavRulesModel

/// What each possible transition of the module writes, computed once by walking
/// `Transition.steps` (the model's lifecycle orders) over each screen's hooks.
///
/// Every transition but launch moves between a screen and one it pushes, so transitions are
/// indexed by *push site*: the `k`-th target of screen `B`'s `push` list, seen from where `B`
/// stands. The pushed screen is always at depth 2 or deeper, but `B` may be its navigator's
/// root at depth 1, and then its `if pushed` hooks do not run in the push, the pop or the
/// swipes: such a screen has two sites per target, one for each depth. A screen without
/// `if pushed` actions has one site per target, which serves both.
struct TransitionTable {
  /// A transition's writes and, for swipes, the actions that disable the gesture mid-flight.
  struct Effect {
    var write = StateWrite()
    var disabledInFlight: [ActionID] = []
  }

  /// `siteSource[s]` pushes `siteTarget[s]`.
  private(set) var siteSource: [ScreenID] = []
  private(set) var siteTarget: [ScreenID] = []
  /// The sites of each screen: for a screen that splits by depth, the first half is seen
  /// from the root at depth 1, the second from deeper.
  private var spans: [PushSiteLayout.Span] = []
  /// What a site's push, pop (a back tap or programmatic pop of the site's target, back to its
  /// source; a completed swipe writes the same, its hooks run in the same order) and cancelled
  /// swipe write: only needed while the table is built (`fieldEffects` and the classes keep
  /// what the analysis reads), so not kept, which saves 72 bytes per site. Plain data, with
  /// the first of the actions that disable the gesture in flight and their number (the others
  /// are asked again for the rare site with several): an array here made the 600,000 writes of
  /// 44 MB of rules a pass to free, releasing the array in each.
  private struct SiteWrite {
    var push = StateWrite()
    var pop = StateWrite()
    var cancel = StateWrite()
    var disabledInFlightCount: Int32 = 0
    var firstDisabledInFlight = ActionID(0)

    var disablesInFlight: Bool { disabledInFlightCount > 0 }
  }
  /// What the analysis reads of each site: the kinds of its push, pop and cancelled swipe
  /// writes, whether some action disables the gesture while a swipe from the site's target to
  /// its source is in flight, and its class. In one 8-byte record: the exploration reads a
  /// site's together (`pushed(_:from:)`, `siteClass(_:)` and their siblings), and most sites'
  /// classes are found from the kinds alone.
  private struct SiteRecord {
    var push: WriteKind
    var pop: WriteKind
    var cancel: WriteKind
    var disablesInFlight: Bool
    var siteClass: Int32 = -1

    /// For a site whose push, pop and cancelled swipe write the bar and nothing else, the
    /// three values as three bits; nil for any other site.
    var barOnlyValues: Int? {
      guard !disablesInFlight, let push = push.barOnly, let pop = pop.barOnly,
        let cancel = cancel.barOnly
      else { return nil }
      return (push ? 4 : 0) | (pop ? 2 : 0) | (cancel ? 1 : 0)
    }
  }
  private var sites: [SiteRecord] = []
  /// `WriteKind.appliedByKind`, kept here: the exploration and the origin searches read it
  /// millions of times, and a read of the static first checks that it is initialised.
  private let appliedByKind = WriteKind.appliedByKind
  /// The actions that disable the gesture in flight, for the few sites where some do.
  private var disabledInFlightActions: [Int: [ActionID]] = [:]
  /// What each site's push, pop and cancelled swipe do to each blamed field's origin,
  /// precomputed (`PackedFieldEffect`): the origin searches ask for every edge they visit.
  private var fieldEffects: [PackedFieldEffect] = []
  /// How many fields `fieldEffects` has per site: the appearance slots' only when some hook
  /// writes one.
  private var fieldCount = StateField.stateCount
  /// Per site, what its push, pop and cancelled swipe write to the bar's appearance slots: only
  /// for a module whose hooks write them, and only while the table is built.
  private var appearanceWrites: [SiteAppearanceWrites] = []

  private struct SiteAppearanceWrites: Hashable {
    var push = AppearanceWriters()
    var pop = AppearanceWriters()
    var cancel = AppearanceWriters()
  }
  /// The first site of each class (`siteClass(_:)`), whose effects stand for the class's.
  private(set) var classRepresentative: [Int32] = []

  private let hooks: HookTable
  private let declaredBarHidden: [Bool]
  /// `Transition.steps` builds its array on each call; the table walks each transition tens of
  /// thousands of times. Indexed by `Self.index(of:)`: hashing a `Transition` hashes its
  /// `String` raw value.
  private let steps: [[TransitionStep]] = Transition.allCases.map(\.steps)

  private static func index(of transition: Transition) -> Int {
    switch transition {
    case .launch: 0
    case .push: 1
    case .backTap: 2
    case .programmaticPop: 3
    case .swipeCompleted: 4
    case .swipeCancelled: 5
    }
  }

  /// Builds the table; the sites' layout and writes are worked out on up to `threads` threads
  /// when there are at least `minimumParallelSites` screens and sites.
  init(
    module: Module, hooks: HookTable, threads: Int = 1,
    minimumParallelSites: Int = TransitionTable.minimumParallelSites
  ) {
    self.hooks = hooks
    // Both read every screen: on up to `threads` threads from `minimumParallelSites` screens.
    let screenParts = module.screens.count >= minimumParallelSites ? max(1, threads) : 1
    declaredBarHidden = ParallelArray.map(count: module.screens.count, parts: screenParts) {
      module.screens[$0].effectiveNavigationBar.isHidden
    }
    let layout = PushSiteLayout(
      module: module, hasConditionalActions: hooks.hasConditionalActions, parts: screenParts)
    spans = layout.spans
    siteSource = layout.source
    siteTarget = layout.target
    let parts = siteSource.count >= minimumParallelSites ? max(1, threads) : 1
    let eventWrites = HookEventWrites(hooks: hooks, screenCount: module.screens.count)
    let writes = siteWrites(eventWrites: eventWrites, parts: parts)
    // What the analysis keeps of each write, read off on the same threads.
    sites = ParallelArray.map(count: writes.count, parts: parts) {
      SiteRecord(
        push: writes[$0].push.kind, pop: writes[$0].pop.kind, cancel: writes[$0].cancel.kind,
        disablesInFlight: writes[$0].disablesInFlight)
    }
    for site in sites.indices where sites[site].disablesInFlight {
      disabledInFlightActions[site] =
        writes[site].disabledInFlightCount == 1
        ? [writes[site].firstDisabledInFlight]
        : effect(
          .swipeCancelled, outgoing: siteTarget[site], incoming: siteSource[site],
          lowerIsRoot: isFromRoot(site), eventWrites: eventWrites
        ).disabledInFlight
    }
    // The appearance slots' effects only for a module whose hooks write them: most write
    // none, and their tables stay a third of the size.
    let fieldCount = hooks.writesBarAppearance ? StateField.count : StateField.stateCount
    self.fieldCount = fieldCount
    if hooks.writesBarAppearance {
      appearanceWrites = (0..<writes.count).map { site in
        let (source, target, fromRoot) = (siteSource[site], siteTarget[site], isFromRoot(site))
        return SiteAppearanceWrites(
          push: appearanceWrite(.push, outgoing: source, incoming: target, lowerIsRoot: fromRoot),
          pop: appearanceWrite(
            .programmaticPop, outgoing: target, incoming: source, lowerIsRoot: fromRoot),
          cancel: appearanceWrite(
            .swipeCancelled, outgoing: target, incoming: source, lowerIsRoot: fromRoot))
      }
    }
    let appearances = appearanceWrites
    // `(site * fieldCount + field) * 3 + kind`, as `effect(on:_:site:)` reads it.
    fieldEffects = ParallelArray.map(count: writes.count * fieldCount * 3, parts: parts) {
      let site = $0 / (fieldCount * 3)
      let write = writes[site]
      // By `StateField.index`, without an array of the cases: an array captured here is
      // retained per element, and `allCases` read per element allocates unless folded.
      let field = StateField(index: $0 / 3 % fieldCount)
      let appearance = appearances.isEmpty ? SiteAppearanceWrites() : appearances[site]
      let effect =
        switch $0 % 3 {
        case 0: field.effect(of: write.push, appearances: appearance.push)
        case 1: field.effect(of: write.pop, appearances: appearance.pop)
        default: field.effect(of: write.cancel, appearances: appearance.cancel)
        }
      return PackedFieldEffect(effect)
    }
    // Most sites write only the bar: their class is found in `barOnlyClasses` by the target and
    // the three values written, read from the kinds alone; the others in `otherClasses`, by a
    // hash of their writes. The hashes are worked out first, on the same threads as the
    // writes: hashed in the class loop, when it ran on one thread, they were a third of its
    // time, with the other thread idle.
    let table = self
    let classHashes = ParallelArray.map(count: writes.count, parts: parts) {
      table.barOnlyValues(of: $0) == nil ? table.classHash(of: $0, writes) : 0
    }
    // Sites of different targets never share a class, so the targets are split into
    // consecutive ranges, one per thread, each numbering its own sites' classes in site
    // order; the classes are then numbered in the order of their first sites, as one loop
    // over all the sites numbers them. On one thread the loop, a read at random for each
    // site, kept the other thread idle.
    let screenCount = module.screens.count
    let classParts = parts > 1 && screenCount >= parts ? parts : 1
    var siteClasses = [Int32](repeating: -1, count: writes.count)
    var barOnlyClasses = [Int32](repeating: -1, count: screenCount * 8)
    let representatives = siteClasses.withUnsafeMutableBufferPointer { siteClasses in
      barOnlyClasses.withUnsafeMutableBufferPointer { barOnlyClasses in
        let shared = ClassNumbering(siteClasses: siteClasses, barOnlyClasses: barOnlyClasses)
        guard classParts > 1 else {
          return ClassParts.one(
            table.numberClasses(targets: 0..<screenCount, classHashes, writes, into: shared))
        }
        let slots = ResultSlots<[Int32]>(count: classParts)
        DispatchQueue.concurrentPerform(iterations: classParts) { part in
          let targets = Self.classTargets(part: part, of: classParts, screenCount: screenCount)
          slots.set(
            part, table.numberClasses(targets: targets, classHashes, writes, into: shared))
        }
        return ClassParts.several(slots.take())
      }
    }
    switch representatives {
    case .one(let representatives):
      // The part's numbers are the classes'.
      classRepresentative = representatives
      for site in sites.indices { sites[site].siteClass = siteClasses[site] }
    case .several(let representatives):
      mergeClasses(
        representatives, siteClasses: siteClasses, parts: classParts, screenCount: screenCount)
    }
    appearanceWrites = []
  }

  /// The representatives of the classes each part numbered: a small module's one part is not
  /// put in an array of parts, whose type the runtime would instantiate for every `emit`.
  private enum ClassParts {
    case one([Int32])
    case several([[Int32]])
  }

  /// Numbers the classes of several parts in the order of their first sites, and gives each
  /// site its class.
  private mutating func mergeClasses(
    _ representatives: [[Int32]], siteClasses: [Int32], parts: Int, screenCount: Int
  ) {
    // Part `p`'s class `c` is class `globalClass[partStarts[p] + c]`: one flat list, which the
    // threads below read without a list per part to look up first.
    let partStarts = representatives.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1.count) }
    var globalClass = [Int32](repeating: -1, count: partStarts[representatives.count])
    classRepresentative.reserveCapacity(globalClass.count)
    // Each part's next class and its representative (its first site), or `Int32.max` once
    // the part has none left: a site's index is smaller.
    var next = [Int](repeating: 0, count: representatives.count)
    var heads = representatives.map { $0.first ?? .max }
    for _ in globalClass.indices {
      var part = 0
      for candidate in heads.indices.dropFirst() where heads[candidate] < heads[part] {
        part = candidate
      }
      globalClass[partStarts[part] + next[part]] = newClass(representative: Int(heads[part]))
      next[part] += 1
      heads[part] =
        next[part] < representatives[part].count ? representatives[part][next[part]] : .max
    }
    // Each site's class, on as many threads as there are parts: a read at random for each
    // site, on one thread it was about half of `mergeClasses`, the other thread idle.
    let siteTarget = siteTarget
    let globalClasses = globalClass
    sites.withUnsafeMutableBufferPointer { sites in
      let records = SiteRecords(buffer: sites)
      DispatchQueue.concurrentPerform(iterations: parts) { index in
        let count = records.buffer.count
        for site in count * index / parts..<count * (index + 1) / parts {
          let part = Self.classPart(
            of: siteTarget[site].index, parts: parts, screenCount: screenCount)
          records.buffer[site].siteClass = globalClasses[partStarts[part] + Int(siteClasses[site])]
        }
      }
    }
  }

  /// The sites while `mergeClasses` writes their classes.
  ///
  /// `@unchecked Sendable`: each thread writes the classes of its own range of sites, and
  /// they are read only after `DispatchQueue.concurrentPerform` has returned.
  private struct SiteRecords: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<SiteRecord>
  }

  /// The part of the class numbering that numbers the classes of target `target`'s sites.
  private static func classPart(of target: Int, parts: Int, screenCount: Int) -> Int {
    target * parts / screenCount
  }

  /// The targets part `part` of `parts` numbers the classes of: those `classPart` gives it.
  private static func classTargets(part: Int, of parts: Int, screenCount: Int) -> Range<Int> {
    // `t * parts / screenCount == part` exactly when `t * parts >= part * screenCount` and
    // `t * parts < (part + 1) * screenCount`: rounded up, both bounds.
    let lower = (part * screenCount + parts - 1) / parts
    let upper = ((part + 1) * screenCount + parts - 1) / parts
    return lower..<upper
  }

  /// Where the parts of the class numbering write: each site's class within its part, and
  /// the class of each target and bar-only writes; each part writes only the entries of its
  /// own targets' sites.
  ///
  /// `@unchecked Sendable`: the parts write disjoint entries, and they are read only after
  /// `DispatchQueue.concurrentPerform` has returned.
  private struct ClassNumbering: @unchecked Sendable {
    let siteClasses: UnsafeMutableBufferPointer<Int32>
    let barOnlyClasses: UnsafeMutableBufferPointer<Int32>
  }

  /// Numbers the classes of the sites whose targets are in `targets`, from 0 in site order,
  /// writing each site's class to `shared.siteClasses`; returns each class's representative,
  /// its first site.
  private func numberClasses(
    targets: Range<Int>, _ classHashes: [UInt64], _ writes: [SiteWrite],
    into shared: ClassNumbering
  ) -> [Int32] {
    var representatives: [Int32] = []
    let barOnlyClasses = shared.barOnlyClasses
    var otherSites = 0
    for site in sites.indices
    where barOnlyValues(of: site) == nil && targets.contains(siteTarget[site].index) {
      otherSites += 1
    }
    var otherClasses = SiteClassIndex(capacity: otherSites)
    // The sites of this part's targets, in order, with the one a few ahead.
    func nextOwnSite(after site: Int) -> Int {
      var next = site + 1
      while next < sites.count, !targets.contains(siteTarget[next].index) { next += 1 }
      return next
    }
    var site = nextOwnSite(after: -1)
    var ahead = site
    for _ in 0..<Self.classPrefetchDistance where ahead < sites.count {
      ahead = nextOwnSite(after: ahead)
    }
    while site < sites.count {
      // The slot a site a few ahead will read, at random by its target: asked for early.
      if ahead < sites.count {
        if let values = barOnlyValues(of: ahead) {
          barOnlyClasses.baseAddress!.prefetch(siteTarget[ahead].index * 8 + values)
        } else {
          otherClasses.prefetch(otherClasses.firstSlot(classHashes[ahead]))
        }
        ahead = nextOwnSite(after: ahead)
      }
      defer { site = nextOwnSite(after: site) }
      if let values = barOnlyValues(of: site) {
        let slot = siteTarget[site].index * 8 + values
        if barOnlyClasses[slot] < 0 {
          barOnlyClasses[slot] = Int32(representatives.count)
          representatives.append(Int32(site))
        }
        shared.siteClasses[site] = barOnlyClasses[slot]
        continue
      }
      let hash = classHashes[site]
      var probe = otherClasses.firstSlot(hash)
      while true {
        let found = otherClasses.probe(probe, hash: hash)
        if case .empty = found {
          let id = Int32(representatives.count)
          representatives.append(Int32(site))
          otherClasses.insert(id, at: probe, hash: hash)
          shared.siteClasses[site] = id
          break
        }
        if case .candidate(let known) = found,
          sameClass(site, Int(representatives[Int(known)]), writes)
        {
          shared.siteClasses[site] = known
          break
        }
        probe = otherClasses.nextSlot(after: probe)
      }
    }
    return representatives
  }

  /// `SiteRecord.barOnlyValues`, but nil for every site of a module whose hooks write bar
  /// appearances, which the kinds do not show: its sites are all classed by their writes (a
  /// flag in each record would have made it 12 bytes instead of 8).
  @inline(__always)
  private func barOnlyValues(of site: Int) -> Int? {
    hooks.writesBarAppearance ? nil : sites[site].barOnlyValues
  }

  /// How many sites ahead the class loop asks for the slot a site reads.
  private static let classPrefetchDistance = 16

  /// Whether `site` has the target and the writes of `representative`, a class's first site.
  private func sameClass(_ site: Int, _ representative: Int, _ writes: [SiteWrite]) -> Bool {
    siteTarget[representative] == siteTarget[site]
      && sameWrites(site, representative, writes)
  }

  /// A hash of what makes a site's class (`sameWrites` and the target), for `SiteClassIndex`.
  private func classHash(of site: Int, _ writes: [SiteWrite]) -> UInt64 {
    var hash = SiteClassIndex.Hash(siteTarget[site].index)
    Self.combine(writes[site].push, into: &hash)
    Self.combine(writes[site].pop, into: &hash)
    Self.combine(writes[site].cancel, into: &hash)
    hash.combine(Int(writes[site].disabledInFlightCount))
    if !appearanceWrites.isEmpty { hash.combine(appearanceWrites[site].hashValue) }
    if writes[site].disablesInFlight {
      hash.combine(Int(writes[site].firstDisabledInFlight.rawValue))
    }
    return hash.value
  }

  private static func combine(_ write: StateWrite, into hash: inout SiteClassIndex.Hash) {
    hash.combine(Int(write.kind.raw))
    hash.combine(Int(write.gesture?.writer.rawValue ?? -1))
    hash.combine(Int(write.delegate?.writer.rawValue ?? -1))
  }

  /// Whether two sites' push, pop, cancelled swipe and in-flight writes are the same.
  private func sameWrites(_ site: Int, _ other: Int, _ writes: [SiteWrite]) -> Bool {
    (appearanceWrites.isEmpty || appearanceWrites[site] == appearanceWrites[other])
      && writes[site].push == writes[other].push && writes[site].pop == writes[other].pop
      && writes[site].cancel == writes[other].cancel
      && writes[site].disabledInFlightCount == writes[other].disabledInFlightCount
      && (!writes[site].disablesInFlight
        || (writes[site].firstDisabledInFlight == writes[other].firstDisabledInFlight
          && (writes[site].disabledInFlightCount == 1
            || disabledInFlight(site) == disabledInFlight(other))))
  }

  private mutating func newClass(representative site: Int) -> Int32 {
    classRepresentative.append(Int32(site))
    return Int32(classRepresentative.count - 1)
  }

  /// The writes of every site, each worked out from its source, target and depth alone: in
  /// `parts` consecutive parts on as many threads for a large module.
  private func siteWrites(eventWrites: HookEventWrites, parts: Int)
    -> [SiteWrite]
  {
    ParallelArray.map(count: siteSource.count, parts: parts) { site in
      siteWrite(
        source: siteSource[site], target: siteTarget[site], sourceIsRoot: isFromRoot(site),
        eventWrites: eventWrites)
    }
  }

  /// Fewer sites than this are worked out on one thread (`Tuning`).
  static let minimumParallelSites = Tuning.minimumParallelSites

  private func siteWrite(
    source: ScreenID, target: ScreenID, sourceIsRoot: Bool, eventWrites: HookEventWrites
  ) -> SiteWrite {
    guard hooks.hasActions(of: source) || hooks.hasActions(of: target) else {
      // Neither screen has state-changing hooks: each transition writes only the bar of the
      // screen it resets last (the model's steps, walked for the others, say the same).
      let pushWrite = StateWrite(barHidden: declaredBarHidden[target.index])
      return SiteWrite(
        push: pushWrite, pop: StateWrite(barHidden: declaredBarHidden[source.index]),
        cancel: pushWrite)
    }
    let swipe = effect(
      .swipeCancelled, outgoing: target, incoming: source, lowerIsRoot: sourceIsRoot,
      eventWrites: eventWrites)
    return SiteWrite(
      push: effect(
        .push, outgoing: source, incoming: target, lowerIsRoot: sourceIsRoot,
        eventWrites: eventWrites
      ).write,
      pop: effect(
        .programmaticPop, outgoing: target, incoming: source, lowerIsRoot: sourceIsRoot,
        eventWrites: eventWrites
      ).write,
      cancel: swipe.write, disabledInFlightCount: Int32(swipe.disabledInFlight.count),
      firstDisabledInFlight: swipe.disabledInFlight.first ?? ActionID(0))
  }

  var classCount: Int { classRepresentative.count }

  /// The class of `site`. Sites with the same target and the same effects (push, pop, cancel,
  /// in-flight writes) form a class: a frame behaves identically under any of them, so the
  /// exploration keeps one frame per class and entry state, not one per site. Screens without
  /// state-changing hooks and with the same declared bar all push a given screen with the same
  /// effects, so most sites of a real module share a class.
  @inline(__always)
  func siteClass(_ site: Int) -> Int32 { sites[site].siteClass }

  /// Whether `site` is the one that stands for its class.
  func isRepresentative(_ site: Int) -> Bool {
    classRepresentative[Int(sites[site].siteClass)] == Int32(site)
  }

  /// The kinds of transition a site has.
  enum Kind: Int {
    case push = 0
    case pop = 1
    case cancel = 2
  }

  /// What the site's transition of `kind` does to `field`'s origin.
  @inline(__always)
  func effect(on field: StateField, _ kind: Kind, site: Int) -> FieldEffect {
    guard field.index < fieldCount else { return .keep }
    return fieldEffects[(site * fieldCount + field.index) * 3 + kind.rawValue].effect
  }

  /// The state after the site's push from `state`.
  @inline(__always)
  func pushed(_ site: Int, from state: ValueState) -> ValueState {
    sites[site].push.applied(to: state, in: appliedByKind)
  }

  /// The state after a pop of the site's target back to its source from `state`: a back tap,
  /// a programmatic pop or a completed swipe.
  @inline(__always)
  func popped(_ site: Int, from state: ValueState) -> ValueState {
    sites[site].pop.applied(to: state, in: appliedByKind)
  }

  /// The state after a cancelled swipe from the site's target to its source from `state`.
  @inline(__always)
  func cancelled(_ site: Int, from state: ValueState) -> ValueState {
    sites[site].cancel.applied(to: state, in: appliedByKind)
  }

  /// Whether some action disables the gesture while a swipe back through the site is in
  /// flight.
  @inline(__always)
  func disablesGestureInFlight(_ site: Int) -> Bool { sites[site].disablesInFlight }

  /// The actions that disable the gesture while a swipe back through the site is in flight.
  func disabledInFlight(_ site: Int) -> [ActionID] { disabledInFlightActions[site] ?? [] }

  var siteCount: Int { siteSource.count }

  /// Starts bringing `screen`'s span of sites into the cache (`Array.prefetch`).
  @inline(__always)
  func prefetchSpan(of screen: ScreenID) { spans.prefetch(screen.index) }

  /// Starts bringing `site`'s record into the cache (`Array.prefetch`).
  @inline(__always)
  func prefetchSite(_ site: Int) { sites.prefetch(site) }

  /// Whether `site` is seen from its source standing as the root at depth 1.
  private func isFromRoot(_ site: Int) -> Bool {
    spans[siteSource[site].index].isFromRoot(site)
  }

  /// The sites through which `screen` pushes, standing as the root at depth 1 or deeper.
  func sites(of screen: ScreenID, fromRoot: Bool) -> Range<Int> {
    spans[screen.index].sites(fromRoot: fromRoot)
  }

  /// The navigator loading and its root screen appearing, at launch.
  func launch(_ navigator: NavigatorID, root: ScreenID) -> StateWrite {
    effect(.launch, outgoing: nil, incoming: root, lowerIsRoot: true, navigator: navigator).write
  }

  /// What the launch writes to the bar's appearance slots.
  func launchAppearance(_ navigator: NavigatorID, root: ScreenID) -> AppearanceWriters {
    appearanceWrite(.launch, outgoing: nil, incoming: root, lowerIsRoot: true, navigator: navigator)
  }

  /// Walks the model's steps for one transition, as `effect` does, for the bar's appearance
  /// slots alone: who writes each last.
  private func appearanceWrite(
    _ transition: Transition, outgoing: ScreenID?, incoming: ScreenID, lowerIsRoot: Bool,
    navigator: NavigatorID? = nil
  ) -> AppearanceWriters {
    var writers = AppearanceWriters()
    for step in steps[Self.index(of: transition)] {
      switch step {
      case .navigatorHooks:
        guard let navigator else { continue }
        for entry in hooks.actions(of: navigator) {
          if case .setBarAppearance(let slot, _) = entry.action {
            writers[slot] = entry.id.rawValue
          }
        }
      case .hooks(let role, let event, _, _):
        guard let screen = role == .incoming ? incoming : outgoing,
          hooks.hasActions(of: screen, at: event)
        else { continue }
        let isRoot = transition.isRootAtDepthOne(role, lowerScreenIsRoot: lowerIsRoot)
        for entry in hooks.actions(of: screen, at: event)
        where entry.condition.holds(isRootAtDepthOne: isRoot) {
          if case .setBarAppearance(let slot, _) = entry.action {
            writers[slot] = entry.id.rawValue
          }
        }
      default:
        continue
      }
    }
    return writers
  }

  /// Walks the model's steps for one transition; `lowerIsRoot` says whether the lower of the
  /// two screens is the root at depth 1 (`Transition.lowerRole`). With `eventWrites`, a step
  /// that runs a screen's hooks, outside a swipe in flight, writes what they write together.
  func effect(
    _ transition: Transition, outgoing: ScreenID?, incoming: ScreenID, lowerIsRoot: Bool,
    navigator: NavigatorID? = nil, eventWrites: HookEventWrites? = nil
  ) -> Effect {
    var effect = Effect()
    for step in steps[Self.index(of: transition)] {
      switch step {
      case .navigatorHooks:
        guard let navigator else { continue }
        for entry in hooks.actions(of: navigator) {
          effect.write.apply(entry.action, writer: entry.id)
        }
      case .resetToDeclared(let role):
        guard let screen = role == .incoming ? incoming : outgoing else { continue }
        effect.write.barHidden = declaredBarHidden[screen.index]
      case .hooks(let role, let event, _, let duringSwipe):
        guard let screen = role == .incoming ? incoming : outgoing,
          hooks.hasActions(of: screen, at: event)
        else { continue }
        let isRoot = transition.isRootAtDepthOne(role, lowerScreenIsRoot: lowerIsRoot)
        if !duringSwipe, let eventWrites {
          effect.write.then(eventWrites.write(of: screen, at: event, isRoot: isRoot))
          continue
        }
        for entry in hooks.actions(of: screen, at: event)
        where entry.condition.holds(isRootAtDepthOne: isRoot) {
          if duringSwipe, entry.action == .setGestureEnabled(false) {
            effect.disabledInFlight.append(entry.id)
          }
          effect.write.apply(entry.action, writer: entry.id)
        }
      case .swipeBegins, .swipeReleased:
        continue
      }
    }
    return effect
  }
}
