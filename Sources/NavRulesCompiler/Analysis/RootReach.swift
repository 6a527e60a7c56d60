/// Which writes of an allow-all delegate can still be in effect when the root is alone on the
/// stack (`root-pop`), for all writers at once.
///
/// A writer's forward search (`OriginSearch`) would have to explore everything its value
/// reaches to prove that it never gets back to depth 1, so this rule is answered backwards,
/// once per navigator, in two writer-independent passes over the exploration:
/// 1. `keeps`: path edges reachable from their frame's entry without writing the delegate
///    (nested pushes and pops included), so a value inherited at the entry is still there;
/// 2. `next`: path edges from which a value written within the frame reaches a depth-1
///    configuration holding `none` or `self` without being overwritten, each with its first
///    step towards it (the backward search is breadth first, so the steps are short).
/// A writer can break the rule exactly when one of the transitions that write it lands on such
/// an edge. The witness walks `next` up to the root and descends through the callers it used.
struct RootReach {
  typealias EdgeID = NavigatorExploration.EdgeID
  typealias FrameID = NavigatorExploration.FrameID

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

  let exploration: NavigatorExploration
  /// Whether each edge keeps its frame's entry value, and why (`keepReasons`, set with it).
  private(set) var keeps: [Bool]
  private var keepReasons: [Keep]
  private(set) var next: [Step?]
  /// Steps from each edge in `next` to its target, to pick the shortest witness.
  private var distance: [Int32]
  private let field = StateField.delegate

  init(exploration: NavigatorExploration) {
    self.exploration = exploration
    keeps = [Bool](repeating: false, count: exploration.edgeCount)
    keepReasons = [Keep](repeating: .entry, count: exploration.edgeCount)
    next = [Step?](repeating: nil, count: exploration.edgeCount)
    distance = [Int32](repeating: 0, count: exploration.edgeCount)
    computeKeeps()
    computeNext()
  }

  private var table: TransitionTable { exploration.table }

  private func keepsOnPush(_ frame: FrameID) -> Bool {
    table.effect(on: field, .push, site: Int(exploration.frameSite[Int(frame)])) == .keep
  }

  private func keepsOnPop(_ frame: FrameID) -> Bool {
    let site = Int(exploration.frameSite[Int(frame)])
    return site >= 0 && table.effect(on: field, .pop, site: site) == .keep
  }

  private func keepsOnCancel(_ frame: FrameID) -> Bool {
    table.effect(on: field, .cancel, site: Int(exploration.frameSite[Int(frame)])) == .keep
  }

  private func resume(_ caller: EdgeID, after exit: EdgeID) -> EdgeID {
    exploration.edge(
      inFrame: exploration.edgeFrame[Int(caller)], state: exploration.edgeReturnState(exit))!
  }

  // MARK: - Pass 1: values kept from a frame's entry

  /// Edge by edge: an edge kept from its frame's entry keeps through a cancelled swipe, and
  /// through a round trip via a frame it pushes to any exit that frame keeps; an exit that
  /// becomes kept completes the round trips of the kept edges that push its frame. Only
  /// frames entered with `none` or `self` matter.
  private mutating func computeKeeps() {
    var work: [EdgeID] = []
    for frame in 0..<exploration.frameCount {
      let entry = exploration.frameEntryEdge[frame]
      guard exploration.edgeState[Int(entry)].delegate.allowsSwipeAtRoot else { continue }
      keeps[Int(entry)] = true
      work.append(entry)
    }
    while let edge = work.popLast() {
      let frame = exploration.edgeFrame[Int(edge)]
      let target = exploration.cancelTarget[Int(edge)]
      if target >= 0, !keeps[Int(target)], keepsOnCancel(frame) {
        keeps[Int(target)] = true
        keepReasons[Int(target)] = .cancel(from: edge)
        work.append(target)
      }
      // Plain loops: a closure here would capture `self` while it is being mutated, forcing a
      // copy of the tables on every call.
      let state = exploration.edgeState[Int(edge)]
      for site in exploration.pushSites(ofFrame: frame)
      where table.effect(on: field, .push, site: site) == .keep {
        guard
          let callee = exploration.frame(
            site: site, entry: table.pushed[site * ValueState.count + state.index]),
          keepsOnPop(callee)
        else { continue }
        for exit in exploration.edges(ofFrame: callee) where keeps[Int(exit)] {
          let resumed = resume(edge, after: exit)
          if !keeps[Int(resumed)] {
            keeps[Int(resumed)] = true
            keepReasons[Int(resumed)] = .excursion(caller: edge, callee: exit)
            work.append(resumed)
          }
        }
      }
      guard keepsOnPop(frame), keepsOnPush(frame) else { continue }
      for caller in exploration.callers(ofFrame: frame) where keeps[Int(caller)] {
        let resumed = resume(caller, after: edge)
        if !keeps[Int(resumed)] {
          keeps[Int(resumed)] = true
          keepReasons[Int(resumed)] = .excursion(caller: caller, callee: edge)
          work.append(resumed)
        }
      }
    }
  }

  // MARK: - Pass 2: the way back to the root

  /// Breadth first from the depth-1 configurations, edge by edge. When an edge `r` is
  /// reached, so are: edges whose cancelled swipe lands on `r`; exits of frames pushed from
  /// `r`'s frame that pop back onto `r`; and edges of `r`'s frame that push a frame keeping
  /// the value to an exit that pops back onto `r`.
  private mutating func computeNext() {
    var queue: [EdgeID] = []
    for edge in exploration.edges(ofFrame: 0)
    where exploration.edgeState[Int(edge)].delegate.allowsSwipeAtRoot {
      next[Int(edge)] = .target
      queue.append(edge)
    }
    guard !queue.isEmpty else { return }
    var cancelSources = [[EdgeID]](repeating: [], count: exploration.edgeCount)
    for edge in 0..<exploration.edgeCount {
      let target = exploration.cancelTarget[edge]
      if target >= 0, exploration.edgeState[edge].delegate.allowsSwipeAtRoot,
        keepsOnCancel(exploration.edgeFrame[edge])
      {
        cancelSources[Int(target)].append(EdgeID(edge))
      }
    }
    var index = 0
    while index < queue.count {
      let reached = queue[index]
      index += 1
      let further = distance[Int(reached)] + 1
      for source in cancelSources[Int(reached)] where next[Int(source)] == nil {
        next[Int(source)] = .cancel(to: reached)
        distance[Int(source)] = further
        queue.append(source)
      }
      let frame = exploration.edgeFrame[Int(reached)]
      let state = exploration.edgeState[Int(reached)]
      for caller in exploration.edges(ofFrame: frame) {
        let callerState = exploration.edgeState[Int(caller)]
        guard callerState.delegate.allowsSwipeAtRoot else { continue }
        for site in exploration.pushSites(ofFrame: frame) {
          guard
            let callee = exploration.frame(
              site: site, entry: table.pushed[site * ValueState.count + callerState.index]),
            keepsOnPop(callee)
          else { continue }
          let keepsOnTheWayIn = keepsOnPush(callee)
          for exit in exploration.edges(ofFrame: callee)
          where exploration.edgeReturnState(exit) == state {
            if next[Int(exit)] == nil {
              next[Int(exit)] = .pop(to: reached)
              distance[Int(exit)] = further
              queue.append(exit)
            }
            if keepsOnTheWayIn, keeps[Int(exit)], next[Int(caller)] == nil {
              next[Int(caller)] = .excursion(callee: exit, to: reached)
              distance[Int(caller)] = further
              queue.append(caller)
            }
          }
        }
      }
    }
  }

  // MARK: - Writers

  /// The shortest way a transition writing `writer` leads to the root with the value kept, as
  /// the witness steps of a path from launch to the depth-1 configuration; `nil` if none does.
  func witness(for writer: ActionID) -> (steps: [Witness.Step], edge: EdgeID)? {
    var best: Landing?
    for landing in landings(of: writer) where next[Int(landing.edge)] != nil {
      if best == nil || distance[Int(landing.edge)] < distance[Int(best!.edge)] {
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

  private func landings(of writer: ActionID) -> [Landing] {
    var landings: [Landing] = []
    if case .generate(writer) = field.effect(of: table.launch(exploration.top(ofFrame: 0))) {
      landings.append(Landing(edge: exploration.frameEntryEdge[0], write: .launch))
    }
    for site in 0..<table.siteCount where table.isRepresentative(site) {
      let push = table.effect(on: field, .push, site: site) == .generate(writer)
      let pop = table.effect(on: field, .pop, site: site) == .generate(writer)
      let cancel = table.effect(on: field, .cancel, site: site) == .generate(writer)
      guard push || pop || cancel else { continue }
      for frame in ValueState.all.compactMap({ exploration.frame(site: site, entry: $0) }).sorted()
      {
        if push {
          landings.append(Landing(edge: exploration.frameEntryEdge[Int(frame)], write: .push))
        }
        for edge in exploration.edges(ofFrame: frame) {
          if pop {
            for caller in exploration.callers(ofFrame: frame) {
              landings.append(
                Landing(edge: resume(caller, after: edge), write: .pop(caller: caller, exit: edge)))
            }
          }
          let target = exploration.cancelTarget[Int(edge)]
          if cancel, target >= 0 {
            landings.append(Landing(edge: target, write: .cancel(from: edge)))
          }
        }
      }
    }
    return landings
  }

  /// The path inside the landing edge's frame from its entry, the write included.
  private func localPath(to landing: Landing, _ replay: WitnessReplay) -> [Witness.Step] {
    switch landing.write {
    case .launch, .push:
      return []
    case .pop(let caller, let exit):
      let callee = exploration.edgeFrame[Int(exit)]
      return replay.local(caller) + [.push(exploration.top(ofFrame: callee))] + replay.local(exit)
        + [.back(to: exploration.top(ofFrame: exploration.edgeFrame[Int(caller)]))]
    case .cancel(let from):
      return replay.local(from) + [.swipeCancelled]
    }
  }

  private func target(from edge: EdgeID) -> EdgeID {
    var edge = edge
    while true {
      switch next[Int(edge)]! {
      case .target: return edge
      case .cancel(let to), .pop(let to), .excursion(_, let to): edge = to
      }
    }
  }

  /// Launch → down through the callers the way up will return to → the landing's frame → the
  /// write → up along `next` to the root.
  private func path(from landing: Landing) -> [Witness.Step] {
    let replay = WitnessReplay(exploration: exploration)
    var upward: [Witness.Step] = []
    /// The frames the way up pops into, each with the edge of the frame below it that was left.
    var descents: [(frame: FrameID, left: FrameID)] = []
    var edge = landing.edge
    walk: while true {
      switch next[Int(edge)]! {
      case .target:
        break walk
      case .cancel(let to):
        upward.append(.swipeCancelled)
        edge = to
      case .excursion(let callee, let to):
        let calleeFrame = exploration.edgeFrame[Int(callee)]
        upward.append(.push(exploration.top(ofFrame: calleeFrame)))
        upward += keptPath(to: callee, replay)
        upward.append(.back(to: exploration.top(ofFrame: exploration.edgeFrame[Int(edge)])))
        edge = to
      case .pop(let to):
        let parent = exploration.edgeFrame[Int(to)]
        descents.append((parent, exploration.edgeFrame[Int(edge)]))
        upward.append(.back(to: exploration.top(ofFrame: parent)))
        edge = to
      }
    }
    // Descend from the root: in each frame on the way up, reach a caller of the frame below.
    var downward: [Witness.Step] = [.launch(exploration.top(ofFrame: 0))]
    for (frame, left) in descents.reversed() {
      let caller = exploration.callers(ofFrame: left).first {
        exploration.edgeFrame[Int($0)] == frame
      }!
      downward += replay.local(caller)
      downward.append(.push(exploration.top(ofFrame: left)))
    }
    if descents.isEmpty, exploration.edgeFrame[Int(landing.edge)] != 0 {
      // Unreachable: only the root frame holds targets, so the way up pops at least once.
      return downward
    }
    return downward + localPath(to: landing, replay) + upward
  }

  /// A path inside a frame from its entry to `edge`, the entry value kept.
  private func keptPath(to edge: EdgeID, _ replay: WitnessReplay) -> [Witness.Step] {
    var steps: [Witness.Step] = []
    var pending: [Either] = [.kept(edge)]
    enum Either {
      case kept(EdgeID)
      case step(Witness.Step)
    }
    while let item = pending.popLast() {
      switch item {
      case .step(let step): steps.append(step)
      case .kept(let edge):
        switch keepReasons[Int(edge)] {
        case .entry: break
        case .cancel(let from): pending += [.step(.swipeCancelled), .kept(from)]
        case .excursion(let caller, let callee):
          let calleeFrame = exploration.edgeFrame[Int(callee)]
          pending += [
            .step(.back(to: exploration.top(ofFrame: exploration.edgeFrame[Int(caller)]))),
            .kept(callee), .step(.push(exploration.top(ofFrame: calleeFrame))), .kept(caller),
          ]
        }
      }
    }
    return steps
  }
}
