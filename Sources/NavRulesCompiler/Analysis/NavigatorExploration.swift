import NavRulesModel

/// All reachable configurations of one navigator, computed exactly with summaries.
///
/// A navigation stack is a call stack: a screen is a procedure, a push is a call and a pop is
/// a return. A *frame* `(below, top, entry)` stands for `top` pushed onto `below` (or launched
/// as the root, with no `below`) and entering with navigator state `entry`. A *path edge*
/// `(frame, state)` says: some reachable idle configuration has `top` on top, `below` directly
/// under it, and navigator state `state`, where `top`'s frame was entered with `entry`. What
/// lies deeper in the stack is summarised: when a frame pops with some state, every frame that
/// pushed it resumes with the state the pop produced (its *summaries*).
///
/// States are finite (gesture enabled, delegate, bar hidden and the actions that wrote them),
/// so the fixpoint terminates, and it is exact for stacks of any depth and for cycles in the
/// push graph: it is the classical summary-based (functional) interprocedural analysis, not a
/// bounded search. The worklist is first-in first-out, so the first derivation of each path
/// edge, which `Witness` replays, is a short one.
struct NavigatorExploration {
  typealias StateID = Int32
  typealias FrameID = Int32
  typealias EdgeID = Int32

  struct Frame {
    /// The screen under `top`; `nil` for the root frame (depth 1).
    var below: ScreenID?
    var top: ScreenID
    var entry: StateID
    /// The path edge that created the frame.
    var entryEdge: EdgeID = -1
    /// The frame's path edges by state.
    var edges: [StateID: EdgeID] = [:]
    /// Path edges of frames that pushed this frame (one per pushing frame).
    var callers: [EdgeID] = []
    var callerFrames: Set<FrameID> = []
    /// States the frame returns to `below` with, and the derivation of each.
    var summaries: [(state: StateID, edge: EdgeID, via: Transition)] = []
    var summaryStates: Set<StateID> = []
  }

  /// How a path edge was first derived.
  enum Reason {
    /// The root screen appeared at launch.
    case launch
    /// `caller`'s top pushed this frame's top.
    case push(caller: EdgeID)
    /// `caller`'s top pushed a screen, whose frame later returned through `callee`'s pop or
    /// completed swipe.
    case returned(caller: EdgeID, callee: EdgeID, via: Transition)
    /// A swipe-back from `from` was cancelled.
    case cancelled(from: EdgeID)
  }

  struct PathEdge {
    var frame: FrameID
    var state: StateID
    var reason: Reason
  }

  /// A swipe that freezes the screen: the gesture is disabled while it is in flight.
  struct Freeze {
    /// The idle configuration the swipe starts from.
    var edge: EdgeID
    var actions: [ActionID]
  }

  let navigator: NavigatorID
  private(set) var states: [AnalysisState] = []
  private(set) var frames: [Frame] = []
  private(set) var edges: [PathEdge] = []
  private(set) var freezes: [Freeze] = []

  private var stateIDs: [AnalysisState: StateID] = [:]
  private var frameIDs: [FrameKey: FrameID] = [:]
  private var worklist: [EdgeID] = []
  private var next = 0

  private struct FrameKey: Hashable {
    var below: Int32
    var top: Int32
    var entry: StateID
  }

  /// Explores the navigator; `module` must have no front-end errors (the root exists).
  init(navigator: NavigatorID, module: Module, runner: TransitionRunner) {
    self.navigator = navigator
    guard let root = module[navigator].root?.value else { return }
    let policy = SwipePolicyTable(module: module, navigator: navigator)
    let pushes = module.screens.map { screen in screen.pushes.map(\.value) }
    var scratch: [ActionID] = []
    let launched = runner.run(
      .launch, outgoing: nil, incoming: root,
      from: AnalysisState(), disabledInFlight: &scratch)
    let rootFrame = frame(below: nil, top: root, entry: intern(launched))
    frames[Int(rootFrame)].entryEdge = addEdge(rootFrame, intern(launched), .launch)

    while next < worklist.count {
      let edge = worklist[next]
      next += 1
      explore(edge, runner: runner, pushes: pushes, policy: policy)
    }
    worklist = []
  }

  // MARK: - Transitions from one idle configuration

  private mutating func explore(
    _ edgeID: EdgeID, runner: TransitionRunner, pushes: [[ScreenID]], policy: SwipePolicyTable
  ) {
    let edge = edges[Int(edgeID)]
    let frameID = edge.frame
    let top = frames[Int(frameID)].top
    let below = frames[Int(frameID)].below
    let state = states[Int(edge.state)]
    var frozen: [ActionID] = []

    for target in pushes[top.index] {
      let entered = intern(
        runner.run(.push, outgoing: top, incoming: target, from: state, disabledInFlight: &frozen))
      call(frame(below: top, top: target, entry: entered), from: edgeID, entry: entered)
    }

    guard let below else { return }
    // A back tap and a programmatic pop run the same hooks; one stands for both.
    let popped = runner.run(
      .programmaticPop, outgoing: top, incoming: below, from: state, disabledInFlight: &frozen)
    summarize(frameID, returning: intern(popped), from: edgeID, via: .programmaticPop)

    let canSwipe = SwipeRule.canBegin(
      depth: 2, gestureEnabled: state.gestureEnabled, delegate: state.delegate,
      declarativePolicyAllows: policy.allows(top, barHidden: state.barHidden))
    guard canSwipe else { return }
    let completed = runner.run(
      .swipeCompleted, outgoing: top, incoming: below, from: state, disabledInFlight: &frozen)
    if !frozen.isEmpty {
      // The same two hooks run in flight whether the swipe completes or not.
      freezes.append(Freeze(edge: edgeID, actions: frozen))
      return
    }
    summarize(frameID, returning: intern(completed), from: edgeID, via: .swipeCompleted)
    let cancelled = runner.run(
      .swipeCancelled, outgoing: top, incoming: below, from: state, disabledInFlight: &frozen)
    addEdge(frameID, intern(cancelled), .cancelled(from: edgeID))
  }

  /// `caller`'s top pushes the top of `callee`.
  private mutating func call(_ callee: FrameID, from caller: EdgeID, entry: StateID) {
    let callerFrame = edges[Int(caller)].frame
    if frames[Int(callee)].entryEdge < 0 {
      frames[Int(callee)].entryEdge = addEdge(callee, entry, .push(caller: caller))
    }
    guard frames[Int(callee)].callerFrames.insert(callerFrame).inserted else { return }
    frames[Int(callee)].callers.append(caller)
    for summary in frames[Int(callee)].summaries {
      addEdge(
        callerFrame, summary.state,
        .returned(caller: caller, callee: summary.edge, via: summary.via))
    }
  }

  /// `frame` pops back to the screen below it with `state`.
  private mutating func summarize(
    _ frame: FrameID, returning state: StateID, from edge: EdgeID, via: Transition
  ) {
    guard frames[Int(frame)].summaryStates.insert(state).inserted else { return }
    frames[Int(frame)].summaries.append((state, edge, via))
    for caller in frames[Int(frame)].callers {
      addEdge(edges[Int(caller)].frame, state, .returned(caller: caller, callee: edge, via: via))
    }
  }

  // MARK: - Interning

  @discardableResult
  private mutating func addEdge(_ frame: FrameID, _ state: StateID, _ reason: Reason) -> EdgeID {
    if let existing = frames[Int(frame)].edges[state] { return existing }
    let id = EdgeID(edges.count)
    edges.append(PathEdge(frame: frame, state: state, reason: reason))
    frames[Int(frame)].edges[state] = id
    worklist.append(id)
    return id
  }

  private mutating func frame(below: ScreenID?, top: ScreenID, entry: StateID) -> FrameID {
    let key = FrameKey(below: Int32(below?.index ?? -1), top: Int32(top.index), entry: entry)
    if let id = frameIDs[key] { return id }
    let id = FrameID(frames.count)
    frames.append(Frame(below: below, top: top, entry: entry))
    frameIDs[key] = id
    return id
  }

  private mutating func intern(_ state: AnalysisState) -> StateID {
    if let id = stateIDs[state] { return id }
    let id = StateID(states.count)
    states.append(state)
    stateIDs[state] = id
    return id
  }

  // MARK: - Reading the result

  /// The idle configuration a path edge stands for.
  func configuration(_ edge: EdgeID) -> IdleConfiguration {
    let pathEdge = edges[Int(edge)]
    let frame = frames[Int(pathEdge.frame)]
    return IdleConfiguration(
      navigator: navigator, top: frame.top, below: frame.below,
      state: states[Int(pathEdge.state)], edge: edge)
  }
}

/// A reachable configuration with no transition in progress, as rules see it.
struct IdleConfiguration {
  var navigator: NavigatorID
  var top: ScreenID
  /// The screen directly below `top`; `nil` when `top` is the root at depth 1.
  var below: ScreenID?
  var state: AnalysisState
  /// The path edge, for the witness path.
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
        if barHidden { allowsWithBarHidden.append(allows) } else { allowsWithBarShown.append(allows) }
      }
    }
  }

  func allows(_ screen: ScreenID, barHidden: Bool) -> Bool {
    barHidden ? allowsWithBarHidden[screen.index] : allowsWithBarShown[screen.index]
  }
}
