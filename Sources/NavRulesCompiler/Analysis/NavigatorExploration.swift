import NavRulesModel

/// All reachable configurations of one navigator, computed exactly with summaries.
///
/// A navigation stack is a call stack: a screen is a procedure, a push is a call and a pop is
/// a return. A *frame* `(below, top, entry)` stands for `top` pushed onto `below` (or launched
/// as the root, with no `below`) and entering with navigator state `entry`. A *path edge*
/// `(frame, state)` says: some reachable idle configuration has `top` on top, `below` directly
/// under it, and navigator state `state`, where `top`'s frame was entered with `entry`. What
/// lies deeper in the stack is summarised: when a frame pops with some state, every path edge
/// that pushed it resumes with the state the pop produced (the frame's *summaries*).
///
/// There are at most 20 states, so the fixpoint terminates, and it is exact for stacks of any
/// depth and for cycles in the push graph: the classical summary-based (functional)
/// interprocedural analysis, not a bounded search. The worklist is first-in first-out, so the
/// first derivation of each path edge, which `Witness` replays, is a short one.
///
/// What a path edge pushes depends only on its top screen, whether that is the root at depth 1
/// (the root frame) and its state, not on the frame: path edges that agree on those three form
/// a *group*, whose pushes are made once, whose callees remember the group rather than each
/// path edge, and which hands every return state its callees produce to all its members. A
/// screen that pushes `n` screens then costs `n` per group, not per path edge, and no list of
/// callers grows with the number of path edges times pushes (see docs/performance.md).
///
/// Storage is flat arrays indexed by frame, edge and group numbers: this loop runs millions of
/// times on large rule sets.
final class NavigatorExploration: Sendable {
  /// How a path edge was first derived.
  enum Reason {
    /// The root screen appeared at launch.
    case launch
    /// `caller`'s top pushed this frame's top.
    case push(caller: EdgeID)
    /// `caller`'s top pushed a screen whose frame later popped from `callee`.
    case returned(caller: EdgeID, callee: EdgeID)
    /// A swipe-back from `from` was cancelled.
    case cancelled(from: EdgeID)
  }

  let navigator: NavigatorID
  let table: TransitionTable

  /// What the rules and the searches read of a frame, in one record (see `Exploring.Frame`):
  /// they reach frames at random, and in four arrays a visit cost four cache misses once the
  /// frames outgrow the caches.
  struct FrameRecord {
    var top: Int32
    /// The screen under the top, or -1 in the root frame.
    var below: Int32
    var site: Int32
    var entryEdge: EdgeID

    var topScreen: ScreenID { ScreenID(Int(top)) }
    var belowScreen: ScreenID? { below < 0 ? nil : ScreenID(Int(below)) }
  }

  /// What the rules and the searches read of a path edge, in one record, for the same reason.
  struct EdgeRecord {
    var frame: FrameID
    var group: GroupID
    /// The path edge a cancelled swipe from this edge returns to, or `absent`.
    var cancelTarget: EdgeID
    var state: ValueState

    /// A path edge before it is explored: no group, no cancelled swipe yet.
    init(frame: FrameID, state: ValueState) {
      self.frame = frame
      self.group = .absent
      self.cancelTarget = .absent
      self.state = state
    }
  }

  private let frameRecords: [FrameRecord]
  /// The frame's path edges by state.
  private let frameEdges: StateSlots<EdgeID>
  /// The groups that push the frame, in the order they first did.
  private let pushers: FrozenLists<GroupID>
  /// The frame of each site class and entry state.
  private let classFrames: StateSlots<FrameID>

  // Groups.
  let groupTop: [Int32]
  let groupFromRoot: [Bool]
  let groupState: [ValueState]
  /// The group's path edges, in the order they joined it.
  private let members: FrozenLists<EdgeID>

  // Path edges.
  private let edgeRecords: [EdgeRecord]
  let edgeReason: [Reason]
  /// Path edges whose swipe-back freezes: the gesture is disabled while it is in flight.
  let freezes: [EdgeID]
  /// How many pushes the exploration made (a group's pushes are made once for all its
  /// members), for the tests that hold the analysis to its bound.
  let pushCount: Int

  /// Explores the navigator; `module` must have no front-end errors (the root exists).
  ///
  /// The result is a class of constants: the rules, the origin searches and the witnesses
  /// read it millions of times, and a struct of arrays would be copied into each of them; the
  /// checks of a navigator read it from several threads.
  ///
  /// The fixpoint's tables have room to grow, and a key with several states a slot for each
  /// of 20 (`GrowingStateSlots`); what is kept is laid out without either (`StateSlots`,
  /// `FrozenLists`, `GrowingBuffer.array()`), since it outlives the exploration through every
  /// rule and origin search of the navigator (the 10,000-screen case's peak: 95 → 85 MiB).
  /// Each table is taken out of the fixpoint in turn, which lets go of its own copy at once, so
  /// the fixpoint and the result are never both whole in memory; the fixpoint's frame records
  /// go once the pusher lists and the result's frame records are made from them.
  init(navigator: NavigatorID, module: Module, table: TransitionTable) {
    var exploring = Exploring(navigator: navigator, module: module, table: table)
    exploring.run()
    exploring.dropBookkeeping()
    self.navigator = navigator
    self.table = table
    frameEdges = StateSlots(exploring.frameEdges)
    exploring.frameEdges = GrowingStateSlots()
    classFrames = StateSlots(exploring.classFrames)
    exploring.classFrames = GrowingStateSlots()
    pushers = FrozenLists(exploring.pushers, ends: exploring.frames.map(\.pusherEnds))
    exploring.pushers = NumberLists<GroupID>()
    members = FrozenLists(firstsOf: exploring.members, ends: exploring.memberEnds.array())
    exploring.members = PairLists<EdgeID, FrameID>()
    exploring.memberEnds = GrowingBuffer()
    frameRecords = (0..<exploring.frames.count).map { index in
      let frame = exploring.frames[index]
      return FrameRecord(
        top: frame.top, below: exploring.frameBelow[index], site: frame.site,
        entryEdge: frame.entryEdge)
    }
    exploring.frames = GrowingBuffer()
    exploring.frameBelow = GrowingBuffer()
    groupTop = Self.take(&exploring.groupTop)
    groupFromRoot = Self.take(&exploring.groupFromRoot)
    groupState = Self.take(&exploring.groupState)
    edgeRecords = Self.take(&exploring.edgeRecords)
    edgeReason = Self.take(&exploring.edgeReason)
    freezes = exploring.freezes
    pushCount = exploring.pushCount
  }

  /// `buffer`'s elements in an array of their exact size, the fixpoint's copy freed.
  private static func take<Element>(_ buffer: inout GrowingBuffer<Element>) -> [Element] {
    defer { buffer = GrowingBuffer() }
    return buffer.array()
  }

  var edgeCount: Int { edgeRecords.count }
  var frameCount: Int { frameRecords.count }
  var groupCount: Int { groupTop.count }

  /// The state a frame resumes with when `exit`'s frame pops from it.
  func edgeReturnState(_ exit: EdgeID) -> ValueState {
    let edge = edgeRecords[exit.index]
    return table.popped(Int(frameRecords[edge.frame.index].site), from: edge.state)
  }

  // MARK: - Reading the result

  @inline(__always)
  func frame(ofEdge edge: EdgeID) -> FrameID { edgeRecords[edge.index].frame }

  @inline(__always)
  func state(ofEdge edge: EdgeID) -> ValueState { edgeRecords[edge.index].state }

  @inline(__always)
  func group(ofEdge edge: EdgeID) -> GroupID { edgeRecords[edge.index].group }

  /// The path edge a cancelled swipe from `edge` returns to, if the swipe can begin there.
  @inline(__always)
  func cancelTarget(ofEdge edge: EdgeID) -> EdgeID? {
    let target = edgeRecords[edge.index].cancelTarget
    return target.isAbsent ? nil : target
  }

  func top(ofFrame frame: FrameID) -> ScreenID { frameRecords[frame.index].topScreen }

  func below(ofFrame frame: FrameID) -> ScreenID? { frameRecords[frame.index].belowScreen }

  /// The push site `below → top` that created the frame, or -1 for the root frame.
  @inline(__always)
  func site(ofFrame frame: FrameID) -> Int32 { frameRecords[frame.index].site }

  /// The path edge the frame was entered with.
  @inline(__always)
  func entryEdge(ofFrame frame: FrameID) -> EdgeID { frameRecords[frame.index].entryEdge }

  /// The push sites of the frame's top, which is the root at depth 1 in the root frame only.
  func pushSites(ofFrame frame: FrameID) -> Range<Int> {
    table.sites(of: top(ofFrame: frame), fromRoot: frame == .root)
  }

  /// The push sites of the group's top screen.
  func pushSites(ofGroup group: GroupID) -> Range<Int> {
    table.sites(of: ScreenID(Int(groupTop[group.index])), fromRoot: groupFromRoot[group.index])
  }

  /// The frame the group's members start by pushing through `site` (one of `pushSites`).
  func callee(ofGroup group: GroupID, site: Int) -> FrameID {
    frame(site: site, entry: table.pushed(site, from: groupState[group.index]))!
  }

  /// The groups that push `frame`, in the order they first did.
  func pushers(ofFrame frame: FrameID) -> ArraySlice<GroupID> { pushers[frame.index] }

  /// The path edges of a group, in the order they joined it.
  func members(ofGroup group: GroupID) -> ArraySlice<EdgeID> { members[group.index] }

  /// Every path edge that pushed `frame`: the members of the groups that push it, group by
  /// group in the order they first did, each group's members in the order they joined.
  func callers(ofFrame frame: FrameID) -> CallerSequence {
    CallerSequence(groups: pushers[frame.index].makeIterator(), members: members)
  }

  /// The callers of a frame, read group by group (no allocation).
  struct CallerSequence: Sequence, IteratorProtocol {
    var groups: ArraySlice<GroupID>.Iterator
    let members: FrozenLists<EdgeID>
    var current: ArraySlice<EdgeID>.Iterator = ArraySlice().makeIterator()

    mutating func next() -> EdgeID? {
      while true {
        if let member = current.next() { return member }
        guard let group = groups.next() else { return nil }
        current = members[group.index].makeIterator()
      }
    }
  }

  /// The path edges of a frame, in state order.
  func edges(ofFrame frame: FrameID) -> ArraySlice<EdgeID> { frameEdges.values(frame.index) }

  /// The states of a frame's path edges, as a bit set.
  @inline(__always)
  func edgeStates(ofFrame frame: FrameID) -> UInt32 { frameEdges.states(frame.index) }

  /// Where a frame's path edges are, in state order, for `edge(atSlot:)`: the root-pop
  /// passes walk them for about every edge, and a slice would be retained and released.
  @inline(__always)
  func edgeSlots(ofFrame frame: FrameID) -> Range<Int> { frameEdges.slots(frame.index) }

  @inline(__always)
  func edge(atSlot slot: Int) -> EdgeID { frameEdges.value(atSlot: slot) }

  /// The frame a push through `site` entering with `entry` starts, if it was reached.
  func frame(site: Int, entry: ValueState) -> FrameID? {
    classFrames.value(Int(table.siteClass(site)), entry)
  }

  /// The frames pushes through `site` start, one per entry state reached, in state order.
  func frames(site: Int) -> ArraySlice<FrameID> {
    classFrames.values(Int(table.siteClass(site)))
  }

  /// The path edge of `frame` with `state`, if reachable.
  func edge(inFrame frame: FrameID, state: ValueState) -> EdgeID? {
    frameEdges.value(frame.index, state)
  }

  /// The idle configuration a path edge stands for.
  func configuration(_ edge: EdgeID) -> IdleConfiguration {
    let record = edgeRecords[edge.index]
    let frame = frameRecords[record.frame.index]
    return IdleConfiguration(
      navigator: navigator, top: frame.topScreen, below: frame.belowScreen, state: record.state,
      edge: edge)
  }
}

/// The fixpoint that computes a `NavigatorExploration`.
///
/// Noncopyable: it owns growing `PairLists` and `NumberLists`.
private struct Exploring: ~Copyable {
  typealias FrameID = NavigatorExploration.FrameID
  typealias EdgeID = NavigatorExploration.EdgeID
  typealias GroupID = NavigatorExploration.GroupID
  typealias Reason = NavigatorExploration.Reason

  let navigator: NavigatorID
  let table: TransitionTable

  // Frames.
  /// The screen under the frame's top in the push that created it, or -1 for the root frame.
  /// Frames are shared by the screens whose sites have the same effects (`siteClass(_:)`), so this
  /// is one of them: the one the frame's witnesses go through.
  var frameBelow = GrowingBuffer<Int32>()
  /// What the fixpoint reads of each frame.
  var frames = GrowingBuffer<Frame>()
  /// The frame's path edges by state. Its states as a bit set (`states`) are a small array:
  /// `addEdge` is called tens of times per edge it creates, and they answer most calls.
  var frameEdges = GrowingStateSlots<EdgeID>()
  /// The groups that push each frame (`Frame.pusherEnds`).
  var pushers = NumberLists<GroupID>()
  /// Each frame's summaries (`Frame.summaryEnds`): the exit and the state it returns with.
  var summaries = PairLists<EdgeID, Int32>()
  /// The frame a push through a site of a class entering with a state starts, by class and
  /// state (see `TransitionTable.siteClass(_:)`).
  var classFrames: GrowingStateSlots<FrameID>

  /// What the fixpoint reads of a frame, in one record: the visits to a frame read these
  /// together, and in six arrays a visit read six places at the same index, each a cache miss
  /// of its own once the frames outgrow the caches.
  struct Frame {
    var top: Int32
    /// The push site `below → top` that created the frame (its class's effects are the
    /// frame's), or -1 for the root frame. Only the root frame's top is the root at depth 1;
    /// every other frame's top is pushed, so a frame's site also says whether the screen below
    /// it is the root at depth 1, which decides its `if pushed` hooks in the frame's
    /// transitions.
    var site: Int32
    var entryEdge = EdgeID.absent
    /// The states of the frame's summaries, as a bit set.
    var summaryMask: UInt32 = 0
    /// The groups that push the frame, in the order they first did (breadth-first order:
    /// witnesses that pick the first caller get the shortest path).
    var pusherEnds = ChunkedLists.Ends()
    /// The frame's summaries: the states it returns with, each with the path edge it pops
    /// from.
    var summaryEnds = ChunkedLists.Ends()
  }

  // Groups.
  /// The group of each top and state, keyed by `groupKey`: flat arrays instead of a
  /// dictionary keyed by (top, root, state), since `join` asks once per path edge, and most
  /// tops have one group (no 20-slot row each).
  var groupIndex: GrowingStateSlots<GroupID>

  /// The `groupIndex` key of `frame`'s path edges, whose top is `top`: the screen, and whether
  /// it is the root at depth 1 (the root frame).
  @inline(__always)
  private static func groupKey(top: Int32, frame: Int) -> Int {
    Int(top) * 2 + (frame == 0 ? 1 : 0)
  }
  var groupTop = GrowingBuffer<Int32>()
  var groupFromRoot = GrowingBuffer<Bool>()
  var groupState = GrowingBuffer<ValueState>()
  /// The group's path edges, each with its frame, in the order they joined.
  var memberEnds = GrowingBuffer<ChunkedLists.Ends>()
  var members = PairLists<EdgeID, FrameID>()
  /// The states the group's callees return with, each with the path edge it pops from, in the
  /// order found; and the same as a bit set.
  var returnEnds = GrowingBuffer<ChunkedLists.Ends>()
  var returns = PairLists<Int32, EdgeID>()
  var returnMask = GrowingBuffer<UInt32>()

  // Path edges. They are explored in the order they were made (first in, first out), so
  // their numbers are the worklist.
  var edgeRecords = GrowingBuffer<NavigatorExploration.EdgeRecord>()
  var edgeReason = GrowingBuffer<Reason>()
  /// Path edges whose swipe-back freezes: the gesture is disabled while it is in flight.
  var freezes: [EdgeID] = []

  var pushCount = 0

  let module: Module

  init(navigator: NavigatorID, module: Module, table: TransitionTable) {
    self.navigator = navigator
    self.table = table
    self.module = module
    classFrames = GrowingStateSlots(keyCount: table.classCount)
    // Most frames are pushed through one site class, and most of their lists and their groups'
    // hold one chunk: room for a chunk a site in each, made at once.
    let chunks = table.siteCount + 1
    pushers.reserveChunks(chunks)
    summaries.reserveChunks(chunks)
    members.reserveChunks(chunks)
    returns.reserveChunks(chunks)
    groupIndex = GrowingStateSlots(keyCount: module.screens.count * 2)
    // Room for a frame and a path edge per site class, and for a group per screen, made at
    // once: about what a large module needs. Grown by doubling from a few, each table was
    // moved a dozen times into fresh memory, which the kernel clears first, on the
    // exploration's one thread.
    let frameRoom = table.classCount + 1
    frames.reserveCapacity(frameRoom)
    frameBelow.reserveCapacity(frameRoom)
    frameEdges.reserveKeys(frameRoom)
    edgeRecords.reserveCapacity(frameRoom)
    edgeReason.reserveCapacity(frameRoom)
    let groupRoom = module.screens.count + 1
    groupTop.reserveCapacity(groupRoom)
    groupFromRoot.reserveCapacity(groupRoom)
    groupState.reserveCapacity(groupRoom)
    memberEnds.reserveCapacity(groupRoom)
    returnEnds.reserveCapacity(groupRoom)
    returnMask.reserveCapacity(groupRoom)
  }

  /// Explores the navigator; the module must have no front-end errors (the root exists).
  mutating func run() {
    guard let root = module[navigator].root?.value else { return }
    let policy = SwipePolicyTable(module: module, navigator: navigator)
    let launched = table.launch(navigator, root: root).applied(to: .initial)
    let rootFrame = newFrame(below: -1, top: root, site: -1)
    frames[rootFrame.index].entryEdge = addEdge(rootFrame, launched, .launch)
    var next = 0
    while next < edgeRecords.count {
      if next + Self.prefetchDistance < edgeRecords.count {
        prefetch(EdgeID(next + Self.prefetchDistance), policy: policy)
      }
      if next + Self.groupPrefetchDistance < edgeRecords.count {
        prefetchGroup(EdgeID(next + Self.groupPrefetchDistance))
      }
      if next + Self.classPrefetchDistance < edgeRecords.count {
        prefetchClasses(EdgeID(next + Self.classPrefetchDistance))
      }
      explore(EdgeID(next), policy: policy)
      next += 1
    }
  }

  /// Lets go of what only the fixpoint reads (summaries, return states, the group index)
  /// before its result is laid out.
  mutating func dropBookkeeping() {
    summaries = PairLists<EdgeID, Int32>()
    returns = PairLists<Int32, EdgeID>()
    returnEnds = GrowingBuffer()
    returnMask = GrowingBuffer()
    groupIndex = GrowingStateSlots()
  }

  /// How many path edges ahead of the one explored `prefetch` looks.
  private static let prefetchDistance = 8

  /// Starts bringing into the cache what exploring `edge` reads at random, keyed by its top
  /// screen and its frame's site: its group index slot, its span of sites, the swipe policy,
  /// its frame's site. The worklist is first-in first-out, so the edges explored next are
  /// known; on 44 MB of rules these tables outgrow the caches, and each read was a wait.
  ///
  /// `mutating` though it writes nothing: called from `run`, a non-mutating method copied the
  /// transition table at each call (a `memcpy` of its fields and a retain of each array: 40 M
  /// more instructions on the 10k case, with a second such method since dropped).
  private mutating func prefetch(_ edge: EdgeID, policy: SwipePolicyTable) {
    let frame = edgeRecords[edge.index].frame.index
    let top = frames[frame].top
    groupIndex.prefetch(Self.groupKey(top: top, frame: frame))
    table.prefetchSpan(of: ScreenID(Int(top)))
    policy.prefetch(ScreenID(Int(top)))
    let site = frames[frame].site
    if site >= 0 { table.prefetchSite(Int(site)) }
  }

  /// How many path edges ahead `prefetchGroup` and `prefetchClasses` look: each reads what
  /// the stage before it asked for.
  private static let groupPrefetchDistance = 4
  private static let classPrefetchDistance = 2

  /// Starts bringing into the cache what `join` reads of `edge`'s group, found in the group
  /// index slot `prefetch` asked for: a known group's members and return states, or for a
  /// group still to make, the records of the sites its top pushes through (read from the
  /// span `prefetch` asked for).
  ///
  /// `join` waited for these, each a miss on 8.6 MB of rules, the most of any step of the
  /// fixpoint, which runs on one thread while the other has nothing to do. A group found
  /// here may be made by an edge explored before this one: then only the wrong lines are
  /// asked for.
  private mutating func prefetchGroup(_ edge: EdgeID) {
    let (frame, top, group) = knownGroup(of: edge)
    if let group {
      memberEnds.prefetch(group.index)
      returnEnds.prefetch(group.index)
      returnMask.prefetch(group.index)
      return
    }
    for site in table.sites(of: ScreenID(Int(top)), fromRoot: frame == 0) {
      table.prefetchSite(site)
    }
  }

  /// Starts bringing into the cache what `join` reads next for `edge`, from what
  /// `prefetchGroup` asked for: for a known group, the chunks its member joins and its return
  /// states begin; for a group still to make, the class slots of the sites its top pushes
  /// through.
  private mutating func prefetchClasses(_ edge: EdgeID) {
    let (frame, top, group) = knownGroup(of: edge)
    if let group {
      members.prefetch(chunk: memberEnds[group.index].tail)
      returns.prefetch(chunk: returnEnds[group.index].head)
      return
    }
    for site in table.sites(of: ScreenID(Int(top)), fromRoot: frame == 0) {
      classFrames.prefetch(Int(table.siteClass(site)))
    }
  }

  /// `edge`'s frame and top, and the group it joins if the group is known yet: what `join`
  /// will find, as far as the prefetch stages can tell ahead of it.
  @inline(__always)
  private func knownGroup(of edge: EdgeID) -> (frame: Int, top: Int32, group: GroupID?) {
    let frame = edgeRecords[edge.index].frame.index
    let top = frames[frame].top
    let group = groupIndex.value(
      Self.groupKey(top: top, frame: frame), edgeRecords[edge.index].state)
    return (frame, top, group)
  }

  // MARK: - Transitions from one idle configuration

  private mutating func explore(_ edge: EdgeID, policy: SwipePolicyTable) {
    let frame = edgeRecords[edge.index].frame
    let top = ScreenID(Int(frames[frame.index].top))
    let state = edgeRecords[edge.index].state
    join(edge)
    let site = Int(frames[frame.index].site)
    guard site >= 0 else { return }
    // A back tap, a programmatic pop and a completed swipe all run the same hooks in the same
    // order, so one return stands for the three.
    summarize(frame, returning: table.popped(site, from: state), from: edge)
    let canSwipe = SwipeRule.canBegin(
      depth: 2, gestureEnabled: state.gestureEnabled, delegate: state.delegate,
      declarativePolicyAllows: policy.allows(top, barHidden: state.barHidden))
    guard canSwipe else { return }
    guard !table.disablesGestureInFlight(site) else {
      freezes.append(edge)
      return
    }
    edgeRecords[edge.index].cancelTarget = addEdge(
      frame, table.cancelled(site, from: state), .cancelled(from: edge))
  }

  /// The path edge joins its group: the group's first member makes its pushes, every member
  /// resumes with the states the group's callees return with.
  private mutating func join(_ edge: EdgeID) {
    let frame = edgeRecords[edge.index].frame
    let top = frames[frame.index].top
    let state = edgeRecords[edge.index].state
    let key = Self.groupKey(top: top, frame: frame.index)
    if let group = groupIndex.value(key, state) {
      edgeRecords[edge.index].group = group
      members.append(edge, frame, to: &memberEnds[group.index])
      // Most of these path edges exist already (491,000 of the 574,000 calls `join` made to
      // `addEdge` on the 10,000-screen case): the frame's bit set, as it was before the loop
      // (`addEdge` checks again), answers without the call.
      let mask = frameEdges.states(frame.index)
      // Mostly all of them: the group's return states as a bit set say so without walking
      // its list, a cache miss per chunk (the loop is memory-bound).
      guard returnMask[group.index] & ~mask != 0 else { return }
      var cursor = returns.cursor(from: returnEnds[group.index].head)
      while let (returned, exit) = returns.next(&cursor) {
        guard mask & (UInt32(1) << UInt32(returned)) == 0 else { continue }
        addEdge(
          frame, ValueState(raw: UInt8(returned)), .returned(caller: edge, callee: exit))
      }
      return
    }
    let group = GroupID(groupTop.count)
    groupIndex.insert(group, at: key, state)
    groupTop.append(top)
    groupFromRoot.append(frame == .root)
    groupState.append(state)
    memberEnds.append(ChunkedLists.Ends())
    returnEnds.append(ChunkedLists.Ends())
    returnMask.append(0)
    edgeRecords[edge.index].group = group
    members.append(edge, frame, to: &memberEnds[group.index])
    let sites = table.sites(of: ScreenID(Int(top)), fromRoot: frame == .root)
    // The sites' class slots, then the frames they hold, are reads at random: asked for all
    // the sites at once, they are waited for together, not one after another.
    for site in sites { classFrames.prefetch(Int(table.siteClass(site))) }
    for site in sites {
      if let known = classFrames.value(
        Int(table.siteClass(site)), table.pushed(site, from: state))
      {
        frames.prefetch(known.index)
      }
    }
    for site in sites {
      pushCount += 1
      let entered = table.pushed(site, from: state)
      let callee = startFrame(site: site, entry: entered)
      if frames[callee.index].entryEdge.isAbsent {
        frames[callee.index].entryEdge = addEdge(callee, entered, .push(caller: edge))
      }
      pushers.append(group, to: &frames[callee.index].pusherEnds)
      var cursor = summaries.cursor(from: frames[callee.index].summaryEnds.head)
      while let (exit, returned) = summaries.next(&cursor) {
        offer(group, returning: ValueState(raw: UInt8(returned)), from: exit)
      }
    }
  }

  /// A callee of `group` pops with `state`: every member of the group resumes with it.
  private mutating func offer(_ group: GroupID, returning state: ValueState, from exit: EdgeID) {
    let bit = UInt32(1) << UInt32(state.raw)
    guard returnMask[group.index] & bit == 0 else { return }
    returnMask[group.index] |= bit
    returns.append(Int32(state.raw), exit, to: &returnEnds[group.index])
    var cursor = members.cursor(from: memberEnds[group.index].head)
    while let (member, frame) = members.next(&cursor) {
      if frameEdges.states(frame.index) & bit == 0 {
        addEdge(frame, state, .returned(caller: member, callee: exit))
      }
    }
  }

  /// `frame` pops back to the screen below it with `state`.
  private mutating func summarize(_ frame: FrameID, returning state: ValueState, from edge: EdgeID)
  {
    let index = frame.index
    let bit = UInt32(1) << UInt32(state.raw)
    guard frames[index].summaryMask & bit == 0 else { return }
    frames[index].summaryMask |= bit
    summaries.append(edge, Int32(state.raw), to: &frames[index].summaryEnds)
    var cursor = pushers.cursor(from: frames[index].pusherEnds.head)
    while let group = pushers.next(&cursor) {
      // Most pushers have this return state already (`offer` checks again): answered here,
      // without the call.
      guard returnMask[group.index] & bit == 0 else { continue }
      offer(group, returning: state, from: edge)
    }
  }

  // MARK: - Storage

  @discardableResult
  private mutating func addEdge(_ frame: FrameID, _ state: ValueState, _ reason: Reason) -> EdgeID {
    let mask = frameEdges.states(frame.index)
    if mask & (UInt32(1) << UInt32(state.raw)) != 0 {
      return frameEdges.present(frame.index, state, mask: mask)
    }
    let id = EdgeID(edgeRecords.count)
    // Appended: room made ahead by appending a repeated record was filled a record at a
    // time, which cost more than the appends.
    edgeRecords.append(NavigatorExploration.EdgeRecord(frame: frame, state: state))
    edgeReason.append(reason)
    frameEdges.insert(id, at: frame.index, state)
    return id
  }

  /// The frame for `site`'s class; a new one remembers `site`'s source as the screen below it,
  /// the one its witnesses pass through.
  private mutating func startFrame(site: Int, entry: ValueState) -> FrameID {
    let siteClass = Int(table.siteClass(site))
    if let known = classFrames.value(siteClass, entry) { return known }
    let id = newFrame(
      below: Int32(table.siteSource[site].index), top: table.siteTarget[site], site: Int32(site))
    classFrames.insert(id, at: siteClass, entry)
    return id
  }

  private mutating func newFrame(below: Int32, top: ScreenID, site: Int32) -> FrameID {
    let id = FrameID(frames.count)
    frameBelow.append(below)
    frames.append(Frame(top: Int32(top.index), site: site))
    frameEdges.appendKey()
    return id
  }
}

/// A reachable configuration with no transition in progress, as rules see it.
struct IdleConfiguration {
  var navigator: NavigatorID
  var top: ScreenID
  /// The screen directly below `top`; `nil` when `top` is the root at depth 1.
  var below: ScreenID?
  var state: ValueState
  /// The path edge, for the witness path and the origins.
  var edge: NavigatorExploration.EdgeID

  var isRootAtDepthOne: Bool { below == nil }
}

/// Each screen's declarative verdict on a swipe under the system delegate, in one navigator.
struct SwipePolicyTable {
  private var allowsWithBarShown: [Bool] = []
  private var allowsWithBarHidden: [Bool] = []

  init(module: Module, navigator: NavigatorID) {
    let navigatorDeclaration = module[navigator]
    let screens = module.screens
    allowsWithBarShown.reserveCapacity(screens.count)
    allowsWithBarHidden.reserveCapacity(screens.count)
    // Fields are read in place: a loop variable would copy every screen.
    for index in screens.indices {
      let gesture = screens[index].effectivePopGesture(in: navigatorDeclaration)
      for barHidden in [false, true] {
        let allows = SwipeRule.declarativePolicyAllows(
          back: screens[index].effectiveBack, popGesture: gesture,
          leftBarButton: screens[index].effectiveLeftBarButton, barHidden: barHidden)
        if barHidden {
          allowsWithBarHidden.append(allows)
        } else {
          allowsWithBarShown.append(allows)
        }
      }
    }
  }

  /// Starts bringing `screen`'s verdicts into the cache (`Array.prefetch`).
  func prefetch(_ screen: ScreenID) {
    allowsWithBarShown.prefetch(screen.index)
    allowsWithBarHidden.prefetch(screen.index)
  }

  func allows(_ screen: ScreenID, barHidden: Bool) -> Bool {
    barHidden ? allowsWithBarHidden[screen.index] : allowsWithBarShown[screen.index]
  }
}
