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
/// Storage is flat arrays indexed by frame and edge numbers: this loop runs millions of times
/// on large rule sets.
struct NavigatorExploration {
  typealias FrameID = Int32
  typealias EdgeID = Int32

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

  // Frames.
  /// The screen under the frame's top in the push that created it, or -1 for the root frame.
  /// Frames are shared by the screens whose sites have the same effects (`siteClass`), so this
  /// is one of them: the one the frame's witnesses go through.
  private(set) var frameBelow: [Int32] = []
  private(set) var frameTop: [Int32] = []
  /// The push site `below → top` that created the frame (its class's effects are the frame's),
  /// or -1 for the root frame. Only the root frame's top is the root at depth 1; every other
  /// frame's top is pushed, so a frame's site also says whether the screen below it is the
  /// root at depth 1, which decides its `if pushed` hooks in the frame's transitions.
  private(set) var frameSite: [Int32] = []
  private(set) var frameEntryEdge: [EdgeID] = []
  /// `frameEdges[frame * 20 + state]`: the frame's path edge with that state, or -1.
  private(set) var frameEdges: [EdgeID] = []
  /// The states of the frame's path edges as a bit set: `addEdge` is called tens of times per
  /// edge it creates, and this small array answers most calls without touching `frameEdges`.
  private(set) var frameEdgeMask: [UInt32] = []
  /// Every path edge that pushed the frame, with the caller's frame alongside so returns need
  /// not look it up, in insertion order (breadth-first order: witnesses that pick the first
  /// caller get the shortest path).
  private var callerEnds: [PairLists.Ends] = []
  private var callers = PairLists()
  /// The frame's summaries: the states it returns with, each with the path edge it pops from.
  private var summaryEnds: [PairLists.Ends] = []
  private var summaries = PairLists()
  private var summaryMask: [UInt32] = []
  /// `classFrames[class * 20 + entry]`: the frame a push through a site of that class entering
  /// `entry` starts (see `TransitionTable.siteClass`).
  private var classFrames: [FrameID]

  // Path edges.
  private(set) var edgeFrame: [FrameID] = []
  private(set) var edgeState: [ValueState] = []
  private(set) var edgeReason: [Reason] = []
  /// The path edge a cancelled swipe from this edge returns to, or -1.
  private(set) var cancelTarget: [EdgeID] = []
  /// Path edges whose swipe-back freezes: the gesture is disabled while it is in flight.
  private(set) var freezes: [EdgeID] = []

  private var worklist: [EdgeID] = []

  /// Explores the navigator; `module` must have no front-end errors (the root exists).
  init(navigator: NavigatorID, module: Module, table: TransitionTable) {
    self.navigator = navigator
    self.table = table
    classFrames = [FrameID](repeating: -1, count: table.classCount * ValueState.count)
    guard let root = module[navigator].root?.value else { return }
    let policy = SwipePolicyTable(module: module, navigator: navigator)
    let launched = table.launch(root).applied(to: .initial)
    let rootFrame = newFrame(below: -1, top: root, site: -1)
    frameEntryEdge[Int(rootFrame)] = addEdge(rootFrame, launched, .launch)
    var next = 0
    while next < worklist.count {
      explore(worklist[next], policy: policy)
      next += 1
    }
    worklist = []
  }

  var edgeCount: Int { edgeFrame.count }
  var frameCount: Int { frameTop.count }

  // MARK: - Transitions from one idle configuration

  private mutating func explore(_ edge: EdgeID, policy: SwipePolicyTable) {
    let frame = Int(edgeFrame[Int(edge)])
    let top = ScreenID(Int(frameTop[frame]))
    let state = edgeState[Int(edge)]
    for site in table.sites(of: top, fromRoot: frame == 0) {
      let entered = table.pushed[site * ValueState.count + state.index]
      call(startFrame(site: site, entry: entered), from: edge, entry: entered)
    }
    let site = Int(frameSite[frame])
    guard site >= 0 else { return }
    // A back tap, a programmatic pop and a completed swipe all run the same hooks in the same
    // order, so one return stands for the three.
    summarize(
      FrameID(frame), returning: table.popped[site * ValueState.count + state.index], from: edge)
    let canSwipe = SwipeRule.canBegin(
      depth: 2, gestureEnabled: state.gestureEnabled, delegate: state.delegate,
      declarativePolicyAllows: policy.allows(top, barHidden: state.barHidden))
    guard canSwipe else { return }
    guard table.disabledInFlight[site].isEmpty else {
      freezes.append(edge)
      return
    }
    cancelTarget[Int(edge)] = addEdge(
      FrameID(frame), table.cancelled[site * ValueState.count + state.index],
      .cancelled(from: edge))
  }

  /// `caller`'s top pushes the top of `callee`.
  private mutating func call(_ callee: FrameID, from caller: EdgeID, entry: ValueState) {
    let index = Int(callee)
    if frameEntryEdge[index] < 0 {
      frameEntryEdge[index] = addEdge(callee, entry, .push(caller: caller))
    }
    let callerFrame = edgeFrame[Int(caller)]
    callers.append(caller, callerFrame, to: &callerEnds[index])
    let head = summaryEnds[index].head
    guard head >= 0 else { return }
    var cursor = summaries.cursor(from: head)
    while let (exit, state) = summaries.next(&cursor) {
      addEdge(
        callerFrame, ValueState(raw: UInt8(state)), .returned(caller: caller, callee: exit))
    }
  }

  /// `frame` pops back to the screen below it with `state`.
  private mutating func summarize(_ frame: FrameID, returning state: ValueState, from edge: EdgeID)
  {
    let index = Int(frame)
    let bit = UInt32(1) << UInt32(state.raw)
    guard summaryMask[index] & bit == 0 else { return }
    summaryMask[index] |= bit
    summaries.append(edge, Int32(state.raw), to: &summaryEnds[index])
    var cursor = callers.cursor(from: callerEnds[index].head)
    while let (caller, callerFrame) = callers.next(&cursor) {
      if frameEdgeMask[Int(callerFrame)] & bit == 0 {
        addEdge(callerFrame, state, .returned(caller: caller, callee: edge))
      }
    }
  }

  /// The state a frame resumes with when `exit`'s frame pops from it.
  func edgeReturnState(_ exit: EdgeID) -> ValueState {
    let site = Int(frameSite[Int(edgeFrame[Int(exit)])])
    return table.popped[site * ValueState.count + edgeState[Int(exit)].index]
  }

  // MARK: - Storage

  @discardableResult
  private mutating func addEdge(_ frame: FrameID, _ state: ValueState, _ reason: Reason) -> EdgeID {
    let slot = Int(frame) * ValueState.count + state.index
    let bit = UInt32(1) << UInt32(state.raw)
    if frameEdgeMask[Int(frame)] & bit != 0 { return frameEdges[slot] }
    frameEdgeMask[Int(frame)] |= bit
    let id = EdgeID(edgeFrame.count)
    edgeFrame.append(frame)
    edgeState.append(state)
    edgeReason.append(reason)
    cancelTarget.append(-1)
    frameEdges[slot] = id
    worklist.append(id)
    return id
  }

  /// The frame for `site`'s class; a new one remembers `site`'s source as the screen below it,
  /// the one its witnesses pass through.
  private mutating func startFrame(site: Int, entry: ValueState) -> FrameID {
    let key = Int(table.siteClass[site]) * ValueState.count + entry.index
    if classFrames[key] >= 0 { return classFrames[key] }
    let id = newFrame(
      below: Int32(table.siteSource[site].index), top: table.siteTarget[site], site: Int32(site))
    classFrames[key] = id
    return id
  }

  private mutating func newFrame(below: Int32, top: ScreenID, site: Int32) -> FrameID {
    let id = FrameID(frameTop.count)
    frameBelow.append(below)
    frameTop.append(Int32(top.index))
    frameSite.append(site)
    frameEntryEdge.append(-1)
    frameEdges.append(contentsOf: repeatElement(-1, count: ValueState.count))
    frameEdgeMask.append(0)
    callerEnds.append(PairLists.Ends())
    summaryEnds.append(PairLists.Ends())
    summaryMask.append(0)
    return id
  }

  // MARK: - Reading the result

  func top(ofFrame frame: FrameID) -> ScreenID { ScreenID(Int(frameTop[Int(frame)])) }

  /// The push sites of the frame's top, which is the root at depth 1 in the root frame only.
  func pushSites(ofFrame frame: FrameID) -> Range<Int> {
    table.sites(of: top(ofFrame: frame), fromRoot: frame == 0)
  }

  func below(ofFrame frame: FrameID) -> ScreenID? {
    let below = frameBelow[Int(frame)]
    return below < 0 ? nil : ScreenID(Int(below))
  }

  /// Every path edge that pushed `frame`, in the order they were found, with its frame.
  func callers(ofFrame frame: FrameID) -> CallerSequence {
    CallerSequence(lists: callers, cursor: callers.cursor(from: callerEnds[Int(frame)].head))
  }

  /// The callers of a frame, read through a cursor (no allocation).
  struct CallerSequence: Sequence, IteratorProtocol {
    let lists: PairLists
    var cursor: PairLists.Cursor

    mutating func next() -> EdgeID? { lists.next(&cursor)?.0 }
  }

  /// The path edges of a frame, in state order.
  func edges(ofFrame frame: FrameID) -> FrameEdges {
    FrameEdges(
      edges: frameEdges, base: Int(frame) * ValueState.count, mask: frameEdgeMask[Int(frame)])
  }

  /// A frame's path edges, found through its state bit set rather than by scanning all 20
  /// slots.
  struct FrameEdges: Sequence, IteratorProtocol {
    let edges: [EdgeID]
    let base: Int
    var mask: UInt32

    mutating func next() -> EdgeID? {
      guard mask != 0 else { return nil }
      let state = mask.trailingZeroBitCount
      mask &= mask - 1
      return edges[base + state]
    }
  }

  /// The frame a push through `site` entering with `entry` starts, if it was reached.
  func frame(site: Int, entry: ValueState) -> FrameID? {
    let frame = classFrames[Int(table.siteClass[site]) * ValueState.count + entry.index]
    return frame >= 0 ? frame : nil
  }

  /// The path edge of `frame` with `state`, if reachable.
  func edge(inFrame frame: FrameID, state: ValueState) -> EdgeID? {
    let edge = frameEdges[Int(frame) * ValueState.count + state.index]
    return edge >= 0 ? edge : nil
  }

  /// The idle configuration a path edge stands for.
  func configuration(_ edge: EdgeID) -> IdleConfiguration {
    let frame = edgeFrame[Int(edge)]
    return IdleConfiguration(
      navigator: navigator, top: top(ofFrame: frame), below: below(ofFrame: frame),
      state: edgeState[Int(edge)], edge: edge)
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
    for screen in module.screens {
      let gesture = screen.effectivePopGesture(in: navigatorDeclaration)
      for barHidden in [false, true] {
        let allows = SwipeRule.declarativePolicyAllows(
          back: screen.effectiveBack, popGesture: gesture,
          leftBarButton: screen.effectiveLeftBarButton, barHidden: barHidden)
        if barHidden {
          allowsWithBarHidden.append(allows)
        } else {
          allowsWithBarShown.append(allows)
        }
      }
    }
  }

  func allows(_ screen: ScreenID, barHidden: Bool) -> Bool {
    barHidden ? allowsWithBarHidden[screen.index] : allowsWithBarShown[screen.index]
  }
}
