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
  private var sources: [ActionID: [Source]] = [:]

  // Per-search scratch space; an entry belongs to the current search when its stamp is the
  // search's number, so nothing is cleared between searches.
  private var search: Int32 = 0
  private var factStamp: [Int32]
  private var factReason: [Reason]
  /// Whether an edge has registered as a caller of the frames it pushes, in this search.
  private var registeredStamp: [Int32]
  /// Per frame: path edges that pushed it with the value in effect, and its exits that still
  /// hold the value it was entered with; reset through `touchedFrames` between searches.
  private var valueCallerHead: [Int32]
  private var inheritedExitHead: [Int32]
  private var touchedFrames: [FrameID] = []
  private var valueCallers = LinkedLists()
  private var inheritedExits = LinkedLists()
  private var queue: [(edge: EdgeID, context: Context)] = []

  init(field: StateField, exploration: NavigatorExploration, root: ScreenID) {
    self.field = field
    self.exploration = exploration
    let table = exploration.table
    if case .generate(let writer) = field.effect(of: table.launch(root)) {
      sources[writer, default: []].append(.launch)
    }
    // One site per class: the frames of a class are shared by all its sites.
    for site in 0..<table.siteCount where table.isRepresentative(site) {
      if case .generate(let writer) = table.effect(on: field, .push, site: site) {
        sources[writer, default: []].append(.push(site: site))
      }
      if case .generate(let writer) = table.effect(on: field, .pop, site: site) {
        sources[writer, default: []].append(.pop(site: site))
      }
      if case .generate(let writer) = table.effect(on: field, .cancel, site: site) {
        sources[writer, default: []].append(.cancel(site: site))
      }
    }
    factStamp = [Int32](repeating: 0, count: exploration.edgeCount * 2)
    factReason = [Reason](repeating: .pushWrote, count: exploration.edgeCount * 2)
    registeredStamp = [Int32](repeating: 0, count: exploration.edgeCount)
    valueCallerHead = [Int32](repeating: -1, count: exploration.frameCount)
    inheritedExitHead = [Int32](repeating: -1, count: exploration.frameCount)
  }

  /// The actions that write a blamable value somewhere in this navigator, in source order.
  var writers: [ActionID] { sources.keys.sorted { $0.rawValue < $1.rawValue } }

  /// Visits every path edge where `writer`'s value is in effect, breadth first, until `visit`
  /// returns false.
  func search(_ writer: ActionID, visit: (EdgeID) -> Bool) {
    search += 1
    for frame in touchedFrames {
      valueCallerHead[Int(frame)] = -1
      inheritedExitHead[Int(frame)] = -1
    }
    touchedFrames.removeAll(keepingCapacity: true)
    valueCallers.removeAll()
    inheritedExits.removeAll()
    queue.removeAll(keepingCapacity: true)
    for source in (sources[writer] ?? []).sorted(by: { $0.order < $1.order }) { seed(source) }
    var next = 0
    while next < queue.count {
      let (edge, context) = queue[next]
      next += 1
      // A local fact does everything an inherited one does, and more.
      if context == .inherited, has(edge, .local) { continue }
      guard visit(edge) else { return }
      propagate(edge, context)
    }
  }

  // MARK: - Facts

  private var table: TransitionTable { exploration.table }

  func has(_ edge: EdgeID, _ context: Context) -> Bool {
    factStamp[Int(edge) * 2 + context.rawValue] == search
  }

  /// The derivation of a fact of the current search.
  func reason(_ edge: EdgeID, _ context: Context) -> Reason? {
    has(edge, context) ? factReason[Int(edge) * 2 + context.rawValue] : nil
  }

  /// The strongest fact at `edge`.
  func context(of edge: EdgeID) -> Context? {
    has(edge, .local) ? .local : has(edge, .inherited) ? .inherited : nil
  }

  private func add(_ edge: EdgeID, _ context: Context, _ reason: Reason) {
    let index = Int(edge) * 2 + context.rawValue
    guard factStamp[index] != search else { return }
    factStamp[index] = search
    factReason[index] = reason
    queue.append((edge, context))
  }

  /// The frames pushed through `site`'s class, in the order the exploration met them (shortest
  /// witnesses first).
  private func frames(of site: Int) -> [FrameID] {
    ValueState.all.compactMap { exploration.frame(site: site, entry: $0) }.sorted()
  }

  private func seed(_ source: Source) {
    switch source {
    case .launch:
      add(exploration.frameEntryEdge[0], .local, .launchWrote)
    case .push(let site):
      for frame in frames(of: site) {
        add(exploration.frameEntryEdge[Int(frame)], .local, .pushWrote)
      }
    case .pop(let site):
      for frame in frames(of: site) {
        for exit in exploration.edges(ofFrame: frame) {
          for caller in exploration.callers(ofFrame: frame) {
            add(resume(caller, after: exit), .local, .popWrote(caller: caller, callee: exit))
          }
        }
      }
    case .cancel(let site):
      for frame in frames(of: site) {
        for edge in exploration.edges(ofFrame: frame) {
          let target = exploration.cancelTarget[Int(edge)]
          if target >= 0 { add(target, .local, .cancelWrote(from: edge)) }
        }
      }
    }
  }

  /// The path edge `caller`'s frame resumes with when the frame it pushed pops from `exit`.
  private func resume(_ caller: EdgeID, after exit: EdgeID) -> EdgeID {
    exploration.edge(
      inFrame: exploration.edgeFrame[Int(caller)], state: exploration.edgeReturnState(exit))!
  }

  private func propagate(_ edge: EdgeID, _ context: Context) {
    let frame = exploration.edgeFrame[Int(edge)]
    let site = Int(exploration.frameSite[Int(frame)])
    // A cancelled swipe.
    let target = exploration.cancelTarget[Int(edge)]
    if target >= 0, table.effect(on: field, .cancel, site: site) == .keep {
      add(target, context, .cancelKept(from: edge))
    }
    // Pushes that keep the value.
    let state = exploration.edgeState[Int(edge)]
    // One registration serves both contexts: later returns read the caller's strongest fact.
    let register = registeredStamp[Int(edge)] != search
    registeredStamp[Int(edge)] = search
    for pushSite in exploration.pushSites(ofFrame: frame)
    where table.effect(on: field, .push, site: pushSite) == .keep {
      let entered = table.pushed[pushSite * ValueState.count + state.index]
      guard let callee = exploration.frame(site: pushSite, entry: entered) else { continue }
      add(
        exploration.frameEntryEdge[Int(callee)], .inherited,
        .pushKept(caller: edge, callerContext: context))
      if register {
        touch(callee)
        valueCallers.push(edge, onto: &valueCallerHead[Int(callee)])
      }
      for exit in inheritedExits.elements(from: inheritedExitHead[Int(callee)]) {
        add(
          resume(edge, after: exit), context,
          .returnedInherited(caller: edge, callerContext: context, callee: exit))
      }
    }
    // The pop back to the frame below.
    guard site >= 0, table.effect(on: field, .pop, site: site) == .keep else { return }
    switch context {
    case .local:
      for caller in exploration.callers(ofFrame: frame) {
        add(resume(caller, after: edge), .local, .returnedLocal(caller: caller, callee: edge))
      }
    case .inherited:
      touch(frame)
      inheritedExits.push(edge, onto: &inheritedExitHead[Int(frame)])
      for caller in valueCallers.elements(from: valueCallerHead[Int(frame)]) {
        let callerContext = self.context(of: caller) ?? .inherited
        add(
          resume(caller, after: edge), callerContext,
          .returnedInherited(caller: caller, callerContext: callerContext, callee: edge))
      }
    }
  }

  private func touch(_ frame: FrameID) {
    if valueCallerHead[Int(frame)] < 0, inheritedExitHead[Int(frame)] < 0 {
      touchedFrames.append(frame)
    }
  }
}
