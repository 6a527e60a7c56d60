/// Where a blamable write stays in effect: searched writer by writer, for the rules that
/// report at the action that wrote a value (`root-pop`, `delegate-leak`, `state-leak`).
///
/// Origins never change what can happen next, so they are found after the exploration, on its
/// frames and path edges. A write is *generated* by the transitions that run its hook (the
/// exploration's transition table says which), then stays in effect along transitions that do
/// not write the field. Facts are relative to frames, in the IFDS manner: at a path edge the
/// value is either written within the frame (`local`, which any frame that pushed this one
/// resumes with when it pops) or was already in effect when the frame was entered
/// (`inherited`, which only the path edges that pushed the frame with the value in effect
/// resume with). That keeps the search exact across calls, for stacks of any depth.
///
/// Each writer's search stops as soon as every rule it can break has fired, so the cost is the
/// part of the state space each leaking value reaches before it is reported. Every fact keeps
/// its first derivation so `Witness` can replay a path for a finding.
final class OriginSearch {
  typealias EdgeID = NavigatorExploration.EdgeID
  typealias FrameID = NavigatorExploration.FrameID
  typealias GroupID = NavigatorExploration.GroupID

  enum Context: Int {
    case local = 0
    case inherited = 1
  }

  /// How a fact was first derived.
  enum Reason {
    /// At launch, the root's hooks wrote it.
    case launchWrote
    /// The push that entered the frame wrote it.
    case pushWrote
    /// `caller` pushed a frame that popped from `callee`, and the pop wrote it.
    case popWrote(caller: EdgeID, callee: EdgeID)
    /// A swipe from `from` was cancelled and its hooks wrote it.
    case cancelWrote(from: EdgeID)
    /// A swipe from `from` was cancelled, leaving it in effect.
    case cancelKept(from: EdgeID)
    /// A frame pushed by `caller` wrote it and popped from `callee`.
    case returnedLocal(caller: EdgeID, callee: EdgeID)
    /// `caller` had it in effect (`callerContext`), pushed a frame that kept it and popped
    /// from `callee`.
    case returnedInherited(caller: EdgeID, callerContext: Context, callee: EdgeID)
    /// `caller` had it in effect (`callerContext`) and pushed the frame without writing it.
    case pushKept(caller: EdgeID, callerContext: Context)
  }

  /// A transition that writes a blamable value.
  private enum Source {
    case launch
    case push(site: Int)
    case pop(site: Int)
    case cancel(site: Int)

    /// Seeds go in this order, so the first derivation of a fact, which witnesses replay, is
    /// a short one: a launch or a push writes at a frame's entry, a pop or a cancelled swipe
    /// only after a round trip.
    var order: Int {
      switch self {
      case .launch: 0
      case .push: 1
      case .pop: 2
      case .cancel: 3
      }
    }
  }

  let field: StateField
  let exploration: NavigatorExploration
  /// The exploration's table, held directly: reading it through `exploration` in the inner
  /// loops would copy the table's arrays' references each time.
  private let table: TransitionTable
  /// The transitions that write each writer's value: those of `writers[i]` are
  /// `writerSources[writerStarts[i]..<writerStarts[i + 1]]`, in the order the sites were met.
  /// Sorted arrays rather than a dictionary of arrays: each origin search (two per field and
  /// navigator on two threads) built one, a hash and an array per write.
  private var writerSources: [Source] = []
  private var writerStarts: [Int] = []
  /// The actions that write a blamable value somewhere in this navigator, in source order.
  private(set) var writers: [ActionID] = []

  // Per-search scratch space; an entry belongs to the current search when its stamp is the
  // search's number, so nothing is cleared between searches.
  //
  // `@exclusivity(unchecked)`: the run-time check of each access to a class's stored property
  // (`swift_beginAccess`) cost more than the loops' own work. It is safe here: a search runs
  // on the one thread of its task, and no access to one of these properties overlaps another
  // access to the same property (`visit` is handed edges, never this search's storage, and
  // the only nested accesses, such as `valueGroups.append(…, to: &valueGroupEnds[…])`, are
  // to two different properties).
  @exclusivity(unchecked) private var search: Int32 = 0
  @exclusivity(unchecked) private var facts: [EdgeFacts]
  /// Per group (see `NavigatorExploration`): whether its members' pushes that keep the value
  /// were made in this search; the members that had the value; and the states the frames
  /// they pushed returned with, still holding the value they were entered with. Reset through
  /// `touchedGroups` between searches.
  @exclusivity(unchecked) private var groupStamp: [Int32]
  @exclusivity(unchecked) private var factMemberEnds: [ChunkedLists.Ends]
  @exclusivity(unchecked) private var factMembers = PairLists<EdgeID, FrameID>()
  @exclusivity(unchecked) private var inheritedReturnEnds: [ChunkedLists.Ends]
  @exclusivity(unchecked) private var inheritedReturnMask: [UInt32]
  @exclusivity(unchecked) private var inheritedReturns = PairLists<Int32, EdgeID>()
  /// Per group: the states its members already resumed with a local fact (a frame it pushed
  /// popped with the value written inside): every member got it at once.
  @exclusivity(unchecked) private var localReturnMask: [UInt32]
  @exclusivity(unchecked) private var touchedGroups: [GroupID] = []
  /// Per frame: the groups that pushed it with the value in effect, and its exits that still
  /// hold the value it was entered with; reset through `touchedFrames` between searches.
  @exclusivity(unchecked) private var valueGroupEnds: [ChunkedLists.Ends]
  @exclusivity(unchecked) private var valueGroups = PairLists<GroupID, Int32>()
  @exclusivity(unchecked) private var inheritedExitHead: [Int32]
  @exclusivity(unchecked) private var touchedFrames: [FrameID] = []
  @exclusivity(unchecked) private var inheritedExits = LinkedLists<EdgeID>()
  @exclusivity(unchecked) private var queue: [Pending] = []

  /// What the current search knows of one path edge, in one record: a visit reads its facts
  /// and whether it joined its group's members together, and in three arrays that was three
  /// cache misses a path edge once the edges outgrow the caches. A field
  /// belongs to the current search when its stamp is the search's number.
  private struct EdgeFacts {
    var localStamp: Int32 = 0
    var inheritedStamp: Int32 = 0
    /// Whether the edge has joined its group's members with the value in effect.
    var registeredStamp: Int32 = 0
    var localReason = Reason.pushWrote
    var inheritedReason = Reason.pushWrote
  }

  /// An entry of the breadth-first queue: a fact to visit and propagate, or the local facts a
  /// group's members get when a frame it pushed pops with the value written inside, made one
  /// by one when the queue reaches them (a group can have as many members as its top screen
  /// has configurations, and a search often ends long before).
  private struct Pending {
    var edge: EdgeID
    var context: Context
    /// The group whose members resume, or `absent` for a fact at `edge`; `edge` is then the
    /// exit.
    var group = GroupID.absent
    var returned = ValueState.initial
  }

  init(field: StateField, exploration: NavigatorExploration, root: ScreenID) {
    self.field = field
    self.exploration = exploration
    let table = exploration.table
    self.table = table
    var found: [(writer: Int32, source: Source)] = []
    let launchAppearance =
      field.appearanceSlot == nil
      ? AppearanceWriters() : table.launchAppearance(exploration.navigator, root: root)
    if case .generate(let writer) = field.effect(
      of: table.launch(exploration.navigator, root: root), appearances: launchAppearance)
    {
      found.append((writer.rawValue, .launch))
    }
    // One site per class: the frames of a class are shared by all its sites.
    for site in 0..<table.siteCount where table.isRepresentative(site) {
      if case .generate(let writer) = table.effect(on: field, .push, site: site) {
        found.append((writer.rawValue, .push(site: site)))
      }
      if case .generate(let writer) = table.effect(on: field, .pop, site: site) {
        found.append((writer.rawValue, .pop(site: site)))
      }
      if case .generate(let writer) = table.effect(on: field, .cancel, site: site) {
        found.append((writer.rawValue, .cancel(site: site)))
      }
    }
    // Grouped by writer with a counting sort, each writer's in the order found; built in
    // locals (a class's stored properties are checked for exclusive access on each use).
    let maxWriter = found.reduce(Int32(-1)) { max($0, $1.writer) }
    var starts = [Int](repeating: 0, count: Int(maxWriter) + 2)
    for entry in found { starts[Int(entry.writer) + 1] += 1 }
    var writers: [ActionID] = []
    var writerStarts: [Int] = []
    // `starts[w + 1]` counts writer `w`'s sources; `starts[w]` becomes where they start.
    for writer in 0..<Int(maxWriter) + 1 {
      if writer > 0 { starts[writer] += starts[writer - 1] }
      if starts[writer + 1] > 0 {
        writers.append(ActionID(Int32(writer)))
        writerStarts.append(starts[writer])
      }
    }
    writerStarts.append(found.count)
    var writerSources = [Source](repeating: .launch, count: found.count)
    for entry in found {
      writerSources[starts[Int(entry.writer)]] = entry.source
      starts[Int(entry.writer)] += 1
    }
    // Each writer's in seeding order (`Source.order`), arranged once here rather than on each
    // search: a stable counting sort by order through one scratch array, where sorting each
    // writer's slice made an array per writer.
    var scratch: [Source] = []
    for index in writers.indices where writerStarts[index + 1] - writerStarts[index] > 1 {
      let range = writerStarts[index]..<writerStarts[index + 1]
      scratch.removeAll(keepingCapacity: true)
      for order in 0..<4 {
        for position in range where writerSources[position].order == order {
          scratch.append(writerSources[position])
        }
      }
      for offset in scratch.indices { writerSources[range.lowerBound + offset] = scratch[offset] }
    }
    self.writers = writers
    self.writerStarts = writerStarts
    self.writerSources = writerSources
    facts = [EdgeFacts](repeating: EdgeFacts(), count: exploration.edgeCount)
    groupStamp = [Int32](repeating: 0, count: exploration.groupCount)
    factMemberEnds = [ChunkedLists.Ends](
      repeating: ChunkedLists.Ends(), count: exploration.groupCount)
    inheritedReturnEnds = factMemberEnds
    inheritedReturnMask = [UInt32](repeating: 0, count: exploration.groupCount)
    localReturnMask = inheritedReturnMask
    valueGroupEnds = [ChunkedLists.Ends](
      repeating: ChunkedLists.Ends(), count: exploration.frameCount)
    inheritedExitHead = [Int32](repeating: -1, count: exploration.frameCount)
  }

  /// How many facts all searches made so far, for the tests that hold searches to the part
  /// of the state space they visit.
  @exclusivity(unchecked) private(set) var factCount = 0

  /// Which search is running (or ran last): facts and their derivations belong to it.
  var searchNumber: Int32 { search }

  /// The transitions that write `writer`'s value, in seeding order, then in the order the
  /// sites were met.
  private func sources(of writer: ActionID) -> ArraySlice<Source> {
    var low = 0
    var high = writers.count
    while low < high {
      let middle = (low + high) / 2
      if writers[middle].rawValue < writer.rawValue { low = middle + 1 } else { high = middle }
    }
    guard low < writers.count, writers[low] == writer else { return [] }
    return writerSources[writerStarts[low]..<writerStarts[low + 1]]
  }

  /// Visits every path edge where `writer`'s value is in effect, breadth first, until `visit`
  /// returns false.
  func search(_ writer: ActionID, visit: (EdgeID) -> Bool) {
    search += 1
    for frame in touchedFrames {
      valueGroupEnds[frame.index] = ChunkedLists.Ends()
      inheritedExitHead[frame.index] = -1
    }
    for group in touchedGroups {
      factMemberEnds[group.index] = ChunkedLists.Ends()
      inheritedReturnEnds[group.index] = ChunkedLists.Ends()
      inheritedReturnMask[group.index] = 0
      localReturnMask[group.index] = 0
    }
    touchedFrames.removeAll(keepingCapacity: true)
    touchedGroups.removeAll(keepingCapacity: true)
    valueGroups.removeAll()
    factMembers.removeAll()
    inheritedReturns.removeAll()
    inheritedExits.removeAll()
    queue.removeAll(keepingCapacity: true)
    // The seeds come first in breadth-first order, so each is visited as it is made: a search
    // that ends at a seed makes no more (a value written on every pop of a screen that many
    // screens push has as many seeds). Propagation starts once all seeds are in the queue,
    // which keeps every seed's own derivation.
    for source in sources(of: writer) {
      // `self` is captured unretained: this method holds it while the seeds are made.
      let finished = !seed(source) { [unowned(unsafe) self] edge, reason in
        guard add(edge, .local, reason) else { return true }
        return visit(edge)
      }
      if finished { return }
    }
    let seeds = queue.count
    var next = 0
    while next < queue.count {
      let item = queue[next]
      next += 1
      if !item.group.isAbsent {
        for caller in exploration.members(ofGroup: item.group) {
          let resumed = resumed(caller, item.returned)
          let reason = Reason.returnedLocal(caller: caller, callee: item.edge)
          guard add(resumed, .local, reason, enqueue: false) else { continue }
          guard visit(resumed) else { return }
          propagate(resumed, .local)
        }
        continue
      }
      // A local fact does everything an inherited one does, and more.
      if item.context == .inherited, has(item.edge, .local) { continue }
      if next > seeds { guard visit(item.edge) else { return } }
      propagate(item.edge, item.context)
    }
  }

  // MARK: - Facts

  func has(_ edge: EdgeID, _ context: Context) -> Bool {
    switch context {
    case .local: facts[edge.index].localStamp == search
    case .inherited: facts[edge.index].inheritedStamp == search
    }
  }

  /// The derivation of a fact of the current search.
  func reason(_ edge: EdgeID, _ context: Context) -> Reason? {
    guard has(edge, context) else { return nil }
    return switch context {
    case .local: facts[edge.index].localReason
    case .inherited: facts[edge.index].inheritedReason
    }
  }

  /// The strongest fact at `edge`.
  func context(of edge: EdgeID) -> Context? {
    has(edge, .local) ? .local : has(edge, .inherited) ? .inherited : nil
  }

  /// Records a fact unless it is known; returns whether it was new.
  @discardableResult
  private func add(
    _ edge: EdgeID, _ context: Context, _ reason: Reason, enqueue: Bool = true
  ) -> Bool {
    let index = edge.index
    switch context {
    case .local:
      guard facts[index].localStamp != search else { return false }
      facts[index].localStamp = search
      facts[index].localReason = reason
    case .inherited:
      guard facts[index].inheritedStamp != search else { return false }
      facts[index].inheritedStamp = search
      facts[index].inheritedReason = reason
    }
    factCount += 1
    if enqueue { queue.append(Pending(edge: edge, context: context)) }
    return true
  }

  /// The frames pushed through `site`'s class, in the order the exploration met them (shortest
  /// witnesses first). They are listed in state order, which is most often the same: then
  /// they are read in place, without a sorted copy made for each seed.
  private func frames(of site: Int) -> ArraySlice<FrameID> {
    let frames = exploration.frames(site: site)
    var previous = FrameID(raw: .min)
    for frame in frames {
      guard frame > previous else { return ArraySlice(frames.sorted()) }
      previous = frame
    }
    return frames
  }

  /// Makes the local facts a source writes, in order, handing each to `emit` until it
  /// returns false; returns whether all were made.
  private func seed(_ source: Source, _ emit: (EdgeID, Reason) -> Bool) -> Bool {
    switch source {
    case .launch:
      return emit(exploration.entryEdge(ofFrame: .root), .launchWrote)
    case .push(let site):
      for frame in frames(of: site) {
        guard emit(exploration.entryEdge(ofFrame: frame), .pushWrote) else { return false }
      }
    case .pop(let site):
      for frame in frames(of: site) {
        for exit in exploration.edges(ofFrame: frame) {
          let returned = exploration.edgeReturnState(exit)
          for group in exploration.pushers(ofFrame: frame) {
            guard claimLocalReturn(group, returned) else { continue }
            for caller in exploration.members(ofGroup: group) {
              guard
                emit(
                  resumed(caller, returned), .popWrote(caller: caller, callee: exit))
              else { return false }
            }
          }
        }
      }
    case .cancel(let site):
      for frame in frames(of: site) {
        for edge in exploration.edges(ofFrame: frame) {
          if let target = exploration.cancelTarget(ofEdge: edge) {
            guard emit(target, .cancelWrote(from: edge)) else { return false }
          }
        }
      }
    }
    return true
  }

  /// The path edge `caller`'s frame resumes with when a frame it pushed pops with `state`.
  private func resumed(_ caller: EdgeID, _ state: ValueState) -> EdgeID {
    exploration.edge(inFrame: exploration.frame(ofEdge: caller), state: state)!
  }

  /// Whether the group's members are still to resume with a local fact and `state`; the
  /// group is marked as done. A frame's pop lands on the same path edges for every frame the
  /// group pushed, so each group and state is handed out once per search.
  private func claimLocalReturn(_ group: GroupID, _ state: ValueState) -> Bool {
    let bit = UInt32(1) << UInt32(state.raw)
    guard localReturnMask[group.index] & bit == 0 else { return false }
    // Listed for the reset between searches (a group listed twice is reset twice).
    if localReturnMask[group.index] == 0 { touchedGroups.append(group) }
    localReturnMask[group.index] |= bit
    return true
  }

  private func propagate(_ edge: EdgeID, _ context: Context) {
    let frame = exploration.frame(ofEdge: edge)
    let site = Int(exploration.site(ofFrame: frame))
    // A cancelled swipe.
    if let target = exploration.cancelTarget(ofEdge: edge),
      table.effect(on: field, .cancel, site: site) == .keep
    {
      add(target, context, .cancelKept(from: edge))
    }
    // Pushes that keep the value, made once per group: its members push the same frames.
    let group = exploration.group(ofEdge: edge)
    if groupStamp[group.index] != search {
      groupStamp[group.index] = search
      touchedGroups.append(group)
      for pushSite in exploration.pushSites(ofGroup: group)
      where table.effect(on: field, .push, site: pushSite) == .keep {
        let callee = exploration.callee(ofGroup: group, site: pushSite)
        add(
          exploration.entryEdge(ofFrame: callee), .inherited,
          .pushKept(caller: edge, callerContext: context))
        touch(callee)
        valueGroups.append(group, 0, to: &valueGroupEnds[callee.index])
        for exit in inheritedExits.elements(from: inheritedExitHead[callee.index]) {
          offerInherited(group, from: exit)
        }
      }
    }
    // One registration serves both contexts: later returns read the caller's strongest fact.
    if facts[edge.index].registeredStamp != search {
      facts[edge.index].registeredStamp = search
      factMembers.append(edge, frame, to: &factMemberEnds[group.index])
    }
    var cursor = inheritedReturns.cursor(from: inheritedReturnEnds[group.index].head)
    while let (returned, exit) = inheritedReturns.next(&cursor) {
      add(
        exploration.edge(inFrame: frame, state: ValueState(raw: UInt8(returned)))!, context,
        .returnedInherited(caller: edge, callerContext: context, callee: exit))
    }
    // The pop back to the frame below.
    guard site >= 0, table.effect(on: field, .pop, site: site) == .keep else { return }
    switch context {
    case .local:
      let returned = exploration.edgeReturnState(edge)
      for group in exploration.pushers(ofFrame: frame) where claimLocalReturn(group, returned) {
        queue.append(Pending(edge: edge, context: .local, group: group, returned: returned))
      }
    case .inherited:
      touch(frame)
      inheritedExits.push(edge, onto: &inheritedExitHead[frame.index])
      var groups = valueGroups.cursor(from: valueGroupEnds[frame.index].head)
      while let (group, _) = valueGroups.next(&groups) {
        offerInherited(group, from: edge)
      }
    }
  }

  /// A frame that `group` pushed with the value in effect pops from `exit` with the value it
  /// was entered with: the group's members that had the value resume with it.
  private func offerInherited(_ group: GroupID, from exit: EdgeID) {
    let returned = exploration.edgeReturnState(exit)
    let bit = UInt32(1) << UInt32(returned.raw)
    guard inheritedReturnMask[group.index] & bit == 0 else { return }
    inheritedReturnMask[group.index] |= bit
    inheritedReturns.append(Int32(returned.raw), exit, to: &inheritedReturnEnds[group.index])
    var cursor = factMembers.cursor(from: factMemberEnds[group.index].head)
    while let (caller, callerFrame) = factMembers.next(&cursor) {
      let callerContext = context(of: caller) ?? .inherited
      add(
        exploration.edge(inFrame: callerFrame, state: returned)!, callerContext,
        .returnedInherited(caller: caller, callerContext: callerContext, callee: exit))
    }
  }

  private func touch(_ frame: FrameID) {
    if valueGroupEnds[frame.index].head < 0, inheritedExitHead[frame.index] < 0 {
      touchedFrames.append(frame)
    }
  }
}
