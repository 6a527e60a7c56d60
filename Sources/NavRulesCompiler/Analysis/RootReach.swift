/// Which writes of an allow-all delegate can still be in effect when the root is alone on the
/// stack (`root-pop`), for all writers at once.
///
/// A writer's forward search (`OriginSearch`) would have to explore everything its value
/// reaches to prove that it never gets back to depth 1, so this rule is answered backwards,
/// once per navigator, in two writer-independent passes over the exploration:
/// 1. `keptStates`: path edges reachable from their frame's entry without writing the delegate
///    (nested pushes and pops included), so a value inherited at the entry is still there;
/// 2. `next`: path edges from which a value written within the frame reaches a depth-1
///    configuration holding `none` or `self` without being overwritten, each with its first
///    step towards it (the backward search is breadth first, so the steps are short).
/// A writer can break the rule exactly when one of the transitions that write it lands on such
/// an edge. The witness walks `next` up to the root and descends through the callers it used.
///
/// Noncopyable: it owns growing `PairLists`.
struct RootReach: ~Copyable {
  typealias EdgeID = NavigatorExploration.EdgeID
  typealias FrameID = NavigatorExploration.FrameID
  typealias GroupID = NavigatorExploration.GroupID

  /// The first step from an edge towards a depth-1 configuration, the value unchanged.
  enum Step {
    /// The edge is such a configuration.
    case target
    /// A swipe back is cancelled.
    case cancel(to: EdgeID)
    /// The top pops, back to the frame that pushed it.
    case pop(to: EdgeID)
    /// The top pushes the frame of `callee`, which keeps the value until it pops from `callee`.
    case excursion(callee: EdgeID, to: EdgeID)
  }

  /// Why an edge keeps its frame's entry value.
  enum Keep {
    case entry
    case cancel(from: EdgeID)
    case excursion(caller: EdgeID, callee: EdgeID)
  }

  let witnesses: WitnessBuilder
  let exploration: NavigatorExploration
  private let table: TransitionTable
  /// The parts of witness paths built so far.
  private var pathMemo: [PathPart: WitnessPath] = [:]
  /// The states of each frame's edges that keep its entry value, as a bit set (why each
  /// does is in `keepReasons`): per frame rather than per edge, so that testing an edge needs
  /// no lookup of the edge, and a frame's kept exits are read from one number.
  private var keptStates: [UInt32]
  private var keepReasons: [Keep]
  /// Each edge's first `Step` (`next(_:)`), packed in two numbers: `nextTo` is the edge the
  /// step leads to, or `unreached`, or `reachedTarget`; `nextVia` is an excursion's callee, or
  /// `viaCancel`, or `viaPop`. Four bytes an edge rather than the twelve of a `Step?`: the
  /// backward search reads `nextTo` at random for about every edge it meets, and is
  /// memory-bound.
  private var nextTo: [EdgeID]
  private var nextVia: [EdgeID]
  private static let unreached = EdgeID(raw: -2)
  private static let reachedTarget = EdgeID(raw: -1)
  private static let viaCancel = EdgeID(raw: -1)
  private static let viaPop = EdgeID(raw: -2)
  /// Steps from each edge in `next` to its target, to pick the shortest witness.
  private var distance: [Int32]
  private let field = StateField.delegate
  private let frameKeeps: FrameKeeps

  /// Per group (see `NavigatorExploration`), once its pushes that keep the value are known:
  /// the states its callees return with while still holding their entry value, each with
  /// the exit it pops from; and the group's members that keep their own frame's entry value.
  private var groupRegistered: [Bool]
  private var keptReturnEnds: [ChunkedLists.Ends]
  private var keptReturnMask: [UInt32]
  private var keptReturns = PairLists<Int32, EdgeID>()
  private var keptMemberEnds: [ChunkedLists.Ends]
  private var keptMembers = PairLists<EdgeID, FrameID>()
  /// Per frame: the groups registered as pushing it with the value kept.
  private var keepGroupEnds: [ChunkedLists.Ends]
  private var keepGroups = PairLists<GroupID, Int32>()
  /// Per writer: the representative sites whose push, pop or cancelled swipe writes its
  /// value, in site order; indexed by the first witness (one pass over the sites, not one per
  /// writer).
  private var landingSites: [ActionID: [Int32]]?

  init(witnesses: WitnessBuilder) {
    self.witnesses = witnesses
    let exploration = witnesses.exploration
    self.exploration = exploration
    table = exploration.table
    keptStates = [UInt32](repeating: 0, count: exploration.frameCount)
    keepReasons = [Keep](repeating: .entry, count: exploration.edgeCount)
    nextTo = [EdgeID](repeating: Self.unreached, count: exploration.edgeCount)
    nextVia = [EdgeID](repeating: EdgeID(raw: 0), count: exploration.edgeCount)
    distance = [Int32](repeating: 0, count: exploration.edgeCount)
    groupRegistered = [Bool](repeating: false, count: exploration.groupCount)
    keptReturnEnds = [ChunkedLists.Ends](
      repeating: ChunkedLists.Ends(), count: exploration.groupCount)
    keptReturnMask = [UInt32](repeating: 0, count: exploration.groupCount)
    keptMemberEnds = keptReturnEnds
    keepGroupEnds = [ChunkedLists.Ends](
      repeating: ChunkedLists.Ends(), count: exploration.frameCount)
    frameKeeps = FrameKeeps(exploration: exploration, field: field)
    computeKeeps()
    computeNext()
  }

  /// The edge's first step towards a depth-1 configuration, if it has one.
  private func next(_ edge: EdgeID) -> Step? {
    let to = nextTo[edge.index]
    switch to {
    case Self.unreached: return nil
    case Self.reachedTarget: return .target
    default:
      switch nextVia[edge.index] {
      case Self.viaCancel: return .cancel(to: to)
      case Self.viaPop: return .pop(to: to)
      case let callee: return .excursion(callee: callee, to: to)
      }
    }
  }

  @inline(__always)
  private func isReached(_ edge: EdgeID) -> Bool { nextTo[edge.index] != Self.unreached }

  @inline(__always)
  private mutating func setNext(_ edge: EdgeID, _ step: Step, distance: Int32) {
    switch step {
    case .target:
      nextTo[edge.index] = Self.reachedTarget
    case .cancel(let to):
      nextTo[edge.index] = to
      nextVia[edge.index] = Self.viaCancel
    case .pop(let to):
      nextTo[edge.index] = to
      nextVia[edge.index] = Self.viaPop
    case .excursion(let callee, let to):
      nextTo[edge.index] = to
      nextVia[edge.index] = callee
    }
    self.distance[edge.index] = distance
  }

  private func resume(_ caller: EdgeID, after exit: EdgeID) -> EdgeID {
    exploration.edge(
      inFrame: exploration.frame(ofEdge: caller), state: exploration.edgeReturnState(exit))!
  }

  // MARK: - Pass 1: values kept from a frame's entry

  /// Edge by edge: an edge kept from its frame's entry keeps through a cancelled swipe, and
  /// through a round trip via a frame it pushes to any exit that frame keeps; an exit that
  /// becomes kept completes the round trips of the kept edges that push its frame. Round trips
  /// are joined per group: the frames a group pushes, and the states they return with kept,
  /// are the same for all its members. Only frames entered with `none` or `self` matter.
  private mutating func computeKeeps() {
    var work: [EdgeID] = []
    for frame in 0..<exploration.frameCount {
      let entry = exploration.entryEdge(ofFrame: FrameID(frame))
      let state = exploration.state(ofEdge: entry)
      guard state.delegate.allowsSwipeAtRoot else { continue }
      keptStates[frame] |= UInt32(1) << UInt32(state.raw)
      work.append(entry)
    }
    while let edge = work.popLast() {
      let frame = exploration.frame(ofEdge: edge)
      if let target = exploration.cancelTarget(ofEdge: edge), frameKeeps.onCancel(frame) {
        // A cancelled swipe returns to the same frame.
        let bit = UInt32(1) << UInt32(exploration.state(ofEdge: target).raw)
        if keptStates[frame.index] & bit == 0 {
          keptStates[frame.index] |= bit
          keepReasons[target.index] = .cancel(from: edge)
          work.append(target)
        }
      }
      let group = exploration.group(ofEdge: edge)
      keptMembers.append(edge, frame, to: &keptMemberEnds[group.index])
      if groupRegistered[group.index] {
        var cursor = keptReturns.cursor(from: keptReturnEnds[group.index].head)
        while let (returned, exit) = keptReturns.next(&cursor) {
          keep(
            inFrame: frame, state: ValueState(raw: UInt8(returned)),
            .excursion(caller: edge, callee: exit), &work)
        }
      } else {
        register(group, &work)
      }
      guard frameKeeps.onPop(frame), frameKeeps.onPush(frame) else { continue }
      // The state the pushers resume with is the same for all of them: most have it already
      // (`offerKept` checks again), answered here without the call.
      let returned = exploration.edgeReturnState(edge)
      let bit = UInt32(1) << UInt32(returned.raw)
      var groups = keepGroups.cursor(from: keepGroupEnds[frame.index].head)
      while let (pusher, _) = keepGroups.next(&groups) {
        guard keptReturnMask[pusher.index] & bit == 0 else { continue }
        offerKept(pusher, from: edge, returning: returned, &work)
      }
    }
  }

  /// Makes the group's pushes that keep the value into frames that keep it on their pop.
  private mutating func register(_ group: GroupID, _ work: inout [EdgeID]) {
    groupRegistered[group.index] = true
    for site in exploration.pushSites(ofGroup: group)
    where table.effect(on: field, .push, site: site) == .keep {
      let callee = exploration.callee(ofGroup: group, site: site)
      guard frameKeeps.onPop(callee) else { continue }
      keepGroups.append(group, 0, to: &keepGroupEnds[callee.index])
      // The callee's kept exits in state order. `offerKept` may keep more of them (a frame
      // can push its own class): the set is read again after each, for the states not yet
      // passed.
      let calleeSite = Int(exploration.site(ofFrame: callee))
      let states = exploration.edgeStates(ofFrame: callee)
      let firstSlot = exploration.edgeSlots(ofFrame: callee).lowerBound
      var passed: UInt32 = 0
      while true {
        let remaining = keptStates[callee.index] & ~passed
        guard remaining != 0 else { break }
        let bit = remaining & (0 &- remaining)
        passed |= bit | (bit &- 1)
        let exit = exploration.edge(atSlot: firstSlot + (states & (bit &- 1)).nonzeroBitCount)
        let returned = table.popped(
          calleeSite, from: ValueState(raw: UInt8(bit.trailingZeroBitCount)))
        offerKept(group, from: exit, returning: returned, &work)
      }
    }
  }

  /// A frame the group pushes pops from `exit` with its entry value: the group's kept
  /// members resume with `returned` (`exploration.edgeReturnState(exit)`, which the callers
  /// have at hand).
  private mutating func offerKept(
    _ group: GroupID, from exit: EdgeID, returning returned: ValueState, _ work: inout [EdgeID]
  ) {
    let bit = UInt32(1) << UInt32(returned.raw)
    guard keptReturnMask[group.index] & bit == 0 else { return }
    keptReturnMask[group.index] |= bit
    keptReturns.append(Int32(returned.raw), exit, to: &keptReturnEnds[group.index])
    var cursor = keptMembers.cursor(from: keptMemberEnds[group.index].head)
    while let (caller, frame) = keptMembers.next(&cursor) {
      keep(inFrame: frame, state: returned, .excursion(caller: caller, callee: exit), &work)
    }
  }

  /// Keeps the edge of `frame` with `state`, which exists: the frame's bit set answers
  /// whether it is kept already without looking the edge up.
  private mutating func keep(
    inFrame frame: FrameID, state: ValueState, _ reason: Keep, _ work: inout [EdgeID]
  ) {
    let bit = UInt32(1) << UInt32(state.raw)
    guard keptStates[frame.index] & bit == 0 else { return }
    keptStates[frame.index] |= bit
    let edge = exploration.edge(inFrame: frame, state: state)!
    keepReasons[edge.index] = reason
    work.append(edge)
  }

  // MARK: - Pass 2: the way back to the root

  /// Breadth first from the depth-1 configurations, edge by edge. When an edge `r` is
  /// reached, so are: edges whose cancelled swipe lands on `r`; exits of frames pushed from
  /// `r`'s frame that pop back onto `r`; and edges of `r`'s frame that push a frame keeping
  /// the value to an exit that pops back onto `r`. Exits are found per group and return state
  /// once (a group's members pop back onto their own frames with the same states).
  private mutating func computeNext() {
    // Each edge is queued once at most.
    var queue: [EdgeID] = []
    queue.reserveCapacity(exploration.edgeCount)
    for slot in exploration.edgeSlots(ofFrame: .root) {
      let edge = exploration.edge(atSlot: slot)
      guard exploration.state(ofEdge: edge).delegate.allowsSwipeAtRoot else { continue }
      setNext(edge, .target, distance: 0)
      queue.append(edge)
    }
    guard !queue.isEmpty else { return }
    let cancelSources = CancelSources(exploration: exploration, frameKeeps: frameKeeps)
    var work: [EdgeID] = []
    var popsFound = [UInt32](repeating: 0, count: exploration.groupCount)
    // A pop that keeps the delegate returns with the exit's own: only exits holding the
    // delegate `reached` holds can pop back onto it. Per state, the states with its delegate.
    let sameDelegate = ValueState.all.map { state in
      ValueState.all.reduce(UInt32(0)) { mask, other in
        other.delegate == state.delegate ? mask | UInt32(1) << UInt32(other.raw) : mask
      }
    }
    var index = 0
    while index < queue.count {
      let reached = queue[index]
      index += 1
      let further = distance[reached.index] + 1
      for slot in cancelSources.slots(of: reached) {
        let source = cancelSources.source(atSlot: slot)
        guard !isReached(source) else { continue }
        setNext(source, .cancel(to: reached), distance: further)
        queue.append(source)
      }
      let frame = exploration.frame(ofEdge: reached)
      let state = exploration.state(ofEdge: reached)
      let bit = UInt32(1) << UInt32(state.raw)
      let exitMask = sameDelegate[Int(state.raw)]
      for slot in exploration.edgeSlots(ofFrame: frame) {
        let caller = exploration.edge(atSlot: slot)
        let group = exploration.group(ofEdge: caller)
        // Whatever the caller's own delegate: the value may be written inside the frame it
        // pushes (a cancelled swipe there), and the pop brings it back onto `reached`.
        if popsFound[group.index] & bit == 0 {
          popsFound[group.index] |= bit
          for site in exploration.pushSites(ofGroup: group) {
            let callee = exploration.callee(ofGroup: group, site: site)
            guard frameKeeps.onPop(callee) else { continue }
            // The callee's exits in state order, read from its bit set of states: an exit's
            // own state and `next` are read only when it pops back with `state` (a cache
            // miss each, and this loop tests about every exit of every pushed frame).
            let calleeSite = Int(exploration.site(ofFrame: callee))
            let allStates = exploration.edgeStates(ofFrame: callee)
            let firstSlot = exploration.edgeSlots(ofFrame: callee).lowerBound
            var exitStates = allStates & exitMask
            while exitStates != 0 {
              let exitBit = exitStates & (0 &- exitStates)
              let exitState = ValueState(raw: UInt8(exitStates.trailingZeroBitCount))
              exitStates &= exitStates - 1
              guard table.popped(calleeSite, from: exitState) == state else { continue }
              // Its slot: the frame's edges are in state order.
              let exit = exploration.edge(
                atSlot: firstSlot + (allStates & (exitBit &- 1)).nonzeroBitCount)
              guard !isReached(exit) else { continue }
              setNext(exit, .pop(to: reached), distance: further)
              queue.append(exit)
            }
          }
        }
        // A round trip keeps the caller's own value, which must be the one `reached` holds.
        guard exploration.state(ofEdge: caller).delegate.allowsSwipeAtRoot, !isReached(caller)
        else { continue }
        if !groupRegistered[group.index] { register(group, &work) }
        guard keptReturnMask[group.index] & bit != 0 else { continue }
        var cursor = keptReturns.cursor(from: keptReturnEnds[group.index].head)
        while let (returned, exit) = keptReturns.next(&cursor) {
          guard returned == Int32(state.raw) else { continue }
          setNext(caller, .excursion(callee: exit, to: reached), distance: further)
          queue.append(caller)
          break
        }
      }
    }
  }

  // MARK: - Writers

  /// The shortest way a transition writing `writer` leads to the root with the value kept, as
  /// the witness path from launch to the depth-1 configuration; `nil` if none does.
  mutating func witness(for writer: ActionID) -> (path: WitnessPath, edge: EdgeID)? {
    var best: Landing?
    if landingSites == nil { landingSites = indexLandingSites() }
    forEachLanding(of: writer, sites: landingSites![writer, default: []]) { landing in
      guard isReached(landing.edge) else { return }
      guard let chosen = best else {
        best = landing
        return
      }
      if distance[landing.edge.index] < distance[chosen.edge.index] {
        best = landing
      } else if landing.edge == chosen.edge,
        localLength(of: landing) < localLength(of: chosen)
      {
        // Two writes that leave the value on the same edge share the rest of the path: the
        // shorter way to make the write (one cancelled swipe from the frame's entry rather
        // than from the edge an earlier one made).
        best = landing
      }
    }
    guard let best else { return nil }
    return (path(from: best), target(from: best.edge))
  }

  /// Where a transition that writes `writer` leaves the value.
  private struct Landing {
    enum Write {
      case launch
      case push
      case pop(caller: EdgeID, exit: EdgeID)
      case cancel(from: EdgeID)
    }

    var edge: EdgeID
    var write: Write
  }

  /// How many steps `localPath(to:)` has.
  private func localLength(of landing: Landing) -> Int {
    switch landing.write {
    case .launch, .push: 0
    case .pop(let caller, let exit):
      witnesses.local(caller).count + witnesses.local(exit).count + 2
    case .cancel(let from): witnesses.local(from).count + 1
    }
  }

  /// Every landing through `sites` (the writer's, in site order), in the order of the
  /// exploration; a pop lands on the same edges for every frame a group pushed, so each group
  /// and return state is visited once.
  private func forEachLanding(
    of writer: ActionID, sites: [Int32], _ body: (Landing) -> Void
  ) {
    if case .generate(writer) = field.effect(
      of: table.launch(exploration.navigator, root: exploration.top(ofFrame: .root)))
    {
      body(Landing(edge: exploration.entryEdge(ofFrame: .root), write: .launch))
    }
    var popped: [GroupID: UInt32] = [:]
    for site in sites.lazy.map(Int.init) {
      let push = table.effect(on: field, .push, site: site) == .generate(writer)
      let pop = table.effect(on: field, .pop, site: site) == .generate(writer)
      let cancel = table.effect(on: field, .cancel, site: site) == .generate(writer)
      guard push || pop || cancel else { continue }
      for frame in exploration.frames(site: site).sorted() {
        if push {
          body(Landing(edge: exploration.entryEdge(ofFrame: frame), write: .push))
        }
        for edge in exploration.edges(ofFrame: frame) {
          if pop {
            let returned = exploration.edgeReturnState(edge)
            let bit = UInt32(1) << UInt32(returned.raw)
            for group in exploration.pushers(ofFrame: frame)
            where popped[group, default: 0] & bit == 0 {
              popped[group, default: 0] |= bit
              for caller in exploration.members(ofGroup: group) {
                body(
                  Landing(
                    edge: resume(caller, after: edge), write: .pop(caller: caller, exit: edge)))
              }
            }
          }
          if cancel, let target = exploration.cancelTarget(ofEdge: edge) {
            body(Landing(edge: target, write: .cancel(from: edge)))
          }
        }
      }
    }
  }

  /// `landingSites`, in one pass over the representative sites.
  private func indexLandingSites() -> [ActionID: [Int32]] {
    var sites: [ActionID: [Int32]] = [:]
    for site in 0..<table.siteCount where table.isRepresentative(site) {
      for kind in 0..<3 {
        let effect = table.effect(on: field, TransitionTable.Kind(rawValue: kind)!, site: site)
        if case .generate(let writer) = effect, sites[writer]?.last != Int32(site) {
          sites[writer, default: []].append(Int32(site))
        }
      }
    }
    return sites
  }

  /// The path inside the landing edge's frame from its entry, the write included.
  private func localPath(to landing: Landing) -> [PathPart] {
    switch landing.write {
    case .launch, .push:
      return []
    case .pop(let caller, let exit):
      let callee = exploration.frame(ofEdge: exit)
      return [
        .local(caller), .step(.push(exploration.top(ofFrame: callee))), .local(exit),
        .step(.back(to: exploration.top(ofFrame: exploration.frame(ofEdge: caller)))),
      ]
    case .cancel(let from):
      return [.local(from), .step(.swipeCancelled)]
    }
  }

  private func target(from edge: EdgeID) -> EdgeID {
    var edge = edge
    while true {
      switch next(edge)! {
      case .target: return edge
      case .cancel(let to), .pop(let to), .excursion(_, let to): edge = to
      }
    }
  }

  /// Launch → down through the callers the way up will return to → the landing's frame → the
  /// write → up along `next` to the root.
  private mutating func path(from landing: Landing) -> WitnessPath {
    evaluate([.down(landing.edge)] + localPath(to: landing) + [.up(landing.edge)])
  }

  /// A part of a root-pop witness. `up(edge)` walks `next` from the edge to the root;
  /// `down(edge)` is the launch and the descents that walk needs: in each frame it pops into,
  /// a caller of the frame it leaves, the one nearest the root first. `kept(edge)` is a path
  /// inside a frame from its entry to the edge with the entry value kept.
  private enum PathPart: Hashable {
    case step(Witness.Step)
    case local(EdgeID)
    case up(EdgeID)
    case down(EdgeID)
    case kept(EdgeID)
  }

  private func expand(_ part: PathPart) -> [PathPart] {
    switch part {
    case .step, .local:
      return [part]
    case .up(let edge):
      switch next(edge)! {
      case .target:
        return []
      case .cancel(let to):
        return [.step(.swipeCancelled), .up(to)]
      case .excursion(let callee, let to):
        let calleeFrame = exploration.frame(ofEdge: callee)
        return [
          .step(.push(exploration.top(ofFrame: calleeFrame))), .kept(callee),
          .step(.back(to: exploration.top(ofFrame: exploration.frame(ofEdge: edge)))), .up(to),
        ]
      case .pop(let to):
        return [
          .step(.back(to: exploration.top(ofFrame: exploration.frame(ofEdge: to)))), .up(to),
        ]
      }
    case .down(let edge):
      switch next(edge)! {
      case .target:
        return [.step(.launch(exploration.top(ofFrame: .root)))]
      case .cancel(let to), .excursion(_, let to):
        return [.down(to)]
      case .pop(let to):
        let frame = exploration.frame(ofEdge: to)
        let left = exploration.frame(ofEdge: edge)
        let caller = exploration.callers(ofFrame: left).first {
          exploration.frame(ofEdge: $0) == frame
        }!
        return [.down(to), .local(caller), .step(.push(exploration.top(ofFrame: left)))]
      }
    case .kept(let edge):
      switch keepReasons[edge.index] {
      case .entry:
        return []
      case .cancel(let from):
        return [.kept(from), .step(.swipeCancelled)]
      case .excursion(let caller, let callee):
        let calleeFrame = exploration.frame(ofEdge: callee)
        return [
          .kept(caller), .step(.push(exploration.top(ofFrame: calleeFrame))), .kept(callee),
          .step(.back(to: exploration.top(ofFrame: exploration.frame(ofEdge: caller)))),
        ]
      }
    }
  }

  /// Joins the parts' paths, evaluating each with an explicit stack (the walks are as long as
  /// the stack is deep) and remembering them for the next writer's witness.
  private mutating func evaluate(_ parts: [PathPart]) -> WitnessPath {
    var pending: [(part: PathPart, count: Int?)] = parts.reversed().map { ($0, nil) }
    var values: [WitnessPath.Part] = []
    while let (part, count) = pending.popLast() {
      if let count {
        let joined = WitnessPath(joining: values[(values.count - count)...])
        values.removeLast(count)
        pathMemo[part] = joined
        values.append(.path(joined))
        continue
      }
      switch part {
      case .step(let step):
        values.append(.step(PackedStep(step)))
      case .local(let edge):
        values.append(.path(witnesses.local(edge)))
      case .up, .down, .kept:
        if let known = pathMemo[part] {
          values.append(.path(known))
        } else {
          let expansion = expand(part)
          pending.append((part, expansion.count))
          pending += expansion.reversed().map { ($0, nil) }
        }
      }
    }
    return WitnessPath(joining: values[...])
  }
}

/// The edges whose cancelled swipe lands on each edge with the delegate's value kept, as one
/// flat index (no array per edge).
private struct CancelSources {
  typealias EdgeID = NavigatorExploration.EdgeID

  private var start: [Int32]
  private var sources: [EdgeID]

  /// Counted in one pass over the edges and filled in a second, which tests each edge again
  /// rather than keeping a list of (source, target) pairs.
  init(exploration: NavigatorExploration, frameKeeps: RootReach.FrameKeeps) {
    let count = exploration.edgeCount
    func keptTarget(_ edge: EdgeID) -> EdgeID? {
      guard let target = exploration.cancelTarget(ofEdge: edge),
        exploration.state(ofEdge: edge).delegate.allowsSwipeAtRoot,
        frameKeeps.onCancel(exploration.frame(ofEdge: edge))
      else { return nil }
      return target
    }
    var counts = [Int32](repeating: 0, count: count + 1)
    for edge in 0..<count {
      if let target = keptTarget(EdgeID(edge)) { counts[target.index + 1] += 1 }
    }
    for index in 0..<count { counts[index + 1] += counts[index] }
    var sources = [EdgeID](repeating: EdgeID(raw: 0), count: Int(counts[count]))
    var fill = counts
    for edge in 0..<count {
      guard let target = keptTarget(EdgeID(edge)) else { continue }
      sources[Int(fill[target.index])] = EdgeID(edge)
      fill[target.index] += 1
    }
    start = counts
    self.sources = sources
  }

  /// Where the sources of `edge` are, for `source(atSlot:)`: a range rather than a slice,
  /// which would be retained and released for each edge the search reaches.
  @inline(__always)
  func slots(of edge: EdgeID) -> Range<Int> {
    Int(start[edge.index])..<Int(start[edge.index + 1])
  }

  @inline(__always)
  func source(atSlot slot: Int) -> EdgeID { sources[slot] }
}

extension RootReach {
  /// Whether each frame's push, pop and cancelled swipe keep the field's value, one byte a
  /// frame, read from the transition table in one pass over the frames: both passes ask for
  /// about every edge they meet, and the table's effects (a frame's site, then that site's
  /// effect, far apart) cost two cache misses an answer.
  struct FrameKeeps {
    private static let push: UInt8 = 1
    private static let pop: UInt8 = 2
    private static let cancel: UInt8 = 4
    private let flags: [UInt8]

    init(exploration: NavigatorExploration, field: StateField) {
      let table = exploration.table
      flags = (0..<exploration.frameCount).map { frame in
        let site = exploration.site(ofFrame: NavigatorExploration.FrameID(frame))
        // The root frame (no site) neither pops nor has a swipe back.
        guard site >= 0 else { return 0 }
        let keeps = { (kind: TransitionTable.Kind, flag: UInt8) -> UInt8 in
          table.effect(on: field, kind, site: Int(site)) == .keep ? flag : 0
        }
        return keeps(.push, Self.push) | keeps(.pop, Self.pop) | keeps(.cancel, Self.cancel)
      }
    }

    @inline(__always)
    func onPush(_ frame: FrameID) -> Bool { flags[frame.index] & Self.push != 0 }

    @inline(__always)
    func onPop(_ frame: FrameID) -> Bool { flags[frame.index] & Self.pop != 0 }

    @inline(__always)
    func onCancel(_ frame: FrameID) -> Bool { flags[frame.index] & Self.cancel != 0 }
  }
}
