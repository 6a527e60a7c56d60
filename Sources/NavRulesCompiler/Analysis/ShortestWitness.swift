/// Witness paths that never pass the same configuration twice.
///
/// The witnesses replayed from derivations (`WitnessBuilder`, `RootReach`) join the first
/// derivation of each part, which keeps them linear on any module, but a joined path can go
/// round a loop: down to a frame by one caller, back up, and down again by another, or a
/// cancelled swipe that rewrites the value it found. A short path (`WitnessPath.steps`) is
/// replayed here configuration by configuration; when one comes back, a breadth-first search
/// over configurations from launch (parent pointers, each configuration met once) gives the
/// shortest path to the same finding instead. Paths without a repeat are kept as they are.
///
/// Only paths of up to `Witness.shownSteps` steps are replayed, and the search meets at most
/// `budget` configurations; a longer path, or one the search gives up on, is kept joined, and
/// may repeat a configuration. Both bounds keep notes linear: a longer path is kept as its
/// first and last steps only, so that findings around a long cycle share their parts
/// (`WitnessPath`), and replaying it would cost its length for each finding, the square of
/// the cycle in all; configurations hold the whole stack, so a search costs more the deeper
/// it goes (docs/checker.md says what this leaves on long rings).
struct ShortestWitness {
  typealias EdgeID = NavigatorExploration.EdgeID

  /// A configuration: the path edge of each frame on the stack, the top last, and the writer
  /// of the field's value in effect (-1 for none, or when no field is followed).
  ///
  /// Two are the same configuration when they have the same screens on the stack and the
  /// same state and writer (`key`), as in UIKit: what happens next depends on nothing else.
  /// Their edges can still differ, since the exploration also tells frames apart by the state
  /// they were entered with and the site that pushed them.
  struct Configuration: Hashable {
    private(set) var stack: [EdgeID]
    private(set) var writer: Int32
    private var key: [Int32]

    init(stack: [EdgeID], writer: Int32, in exploration: NavigatorExploration) {
      self.stack = stack
      self.writer = writer
      key = stack.map { Int32(exploration.top(ofFrame: exploration.frame(ofEdge: $0)).index) }
      key.append(Int32(exploration.state(ofEdge: stack[stack.count - 1]).raw))
      key.append(writer)
    }

    var top: EdgeID { stack[stack.count - 1] }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.key == rhs.key }
    func hash(into hasher: inout Hasher) { hasher.combine(key) }
  }

  let exploration: NavigatorExploration
  /// The field whose writer a configuration keeps, if any.
  let field: StateField?

  /// How many configurations a search may meet before it gives up and the joined path is
  /// kept (`Tuning`).
  static let budget = Tuning.shortestWitnessConfigurations

  /// The shortest path to a configuration `isTarget` accepts, when `path` meets a
  /// configuration twice; `nil` when `path` should be kept: it repeats none, it is too long
  /// to replay, or the search gives up within its budget.
  func withoutRepeats(
    _ path: WitnessPath, isTarget: (Configuration) -> Bool
  ) -> (steps: [Witness.Step], end: Configuration)? {
    guard let steps = path.steps, repeatsAConfiguration(steps) else { return nil }
    return shortest(to: isTarget)
  }

  /// Whether replaying `steps` meets a configuration twice. A push is replayed through the
  /// first site of its screen; a step that does not replay answers no.
  func repeatsAConfiguration(_ steps: [Witness.Step]) -> Bool {
    // Pushes alone only deepen the stack: most paths are answered without a replay.
    guard
      steps.contains(where: {
        if case .push = $0 { false } else if case .launch = $0 { false } else { true }
      })
    else { return false }
    var seen: Set<Configuration> = []
    var current: Configuration?
    for step in steps {
      var next: Configuration?
      if case .launch = step {
        next = launch()
      } else if let current {
        successors(of: current, only: step) { _, configuration in
          if next == nil { next = configuration }
        }
      }
      guard let next else { return false }
      guard seen.insert(next).inserted else { return true }
      current = next
    }
    return false
  }

  /// Breadth first from launch: the steps to the first configuration `isTarget` accepts.
  func shortest(
    to isTarget: (Configuration) -> Bool
  ) -> (steps: [Witness.Step], end: Configuration)? {
    var configurations = [launch()]
    var parents: [(index: Int, step: Witness.Step)] = [
      (-1, .launch(exploration.top(ofFrame: .root)))
    ]
    var seen: Set<Configuration> = [configurations[0]]
    var index = 0
    var found: Int? = isTarget(configurations[0]) ? 0 : nil
    while found == nil, index < configurations.count, configurations.count < Self.budget {
      let current = configurations[index]
      successors(of: current) { step, configuration in
        guard found == nil, seen.insert(configuration).inserted else { return }
        configurations.append(configuration)
        parents.append((index, step))
        if isTarget(configuration) { found = configurations.count - 1 }
      }
      index += 1
    }
    guard let found else { return nil }
    var at = found
    var steps: [Witness.Step] = []
    while at >= 0 {
      steps.append(parents[at].step)
      at = parents[at].index
    }
    return (steps.reversed(), configurations[found])
  }

  private var table: TransitionTable { exploration.table }

  private func launch() -> Configuration {
    let root = exploration.top(ofFrame: .root)
    let writer = apply(
      field.map {
        $0.effect(
          of: table.launch(exploration.navigator, root: root),
          appearances: $0.appearanceSlot == nil
            ? AppearanceWriters() : table.launchAppearance(exploration.navigator, root: root))
      },
      to: -1)
    return Configuration(
      stack: [exploration.entryEdge(ofFrame: .root)], writer: writer, in: exploration)
  }

  private func apply(_ effect: FieldEffect?, to writer: Int32) -> Int32 {
    switch effect {
    case .keep?, nil: writer
    case .kill?: -1
    case .generate(let action)?: action.rawValue
    }
  }

  private func effect(_ kind: TransitionTable.Kind, site: Int) -> FieldEffect? {
    field.map { table.effect(on: $0, kind, site: site) }
  }

  /// Each step the top of `configuration` can take, in the exploration's order: its pushes,
  /// the pop, the cancelled swipe.
  private func successors(
    of configuration: Configuration, only wanted: Witness.Step? = nil,
    _ body: (Witness.Step, Configuration) -> Void
  ) {
    let top = configuration.top
    let frame = exploration.frame(ofEdge: top)
    let group = exploration.group(ofEdge: top)
    let stack = configuration.stack
    let writer = configuration.writer
    for site in exploration.pushSites(ofGroup: group) {
      let callee = exploration.callee(ofGroup: group, site: site)
      let step = Witness.Step.push(exploration.top(ofFrame: callee))
      guard wanted == nil || wanted == step else { continue }
      body(
        step,
        Configuration(
          stack: stack + [exploration.entryEdge(ofFrame: callee)],
          writer: apply(effect(.push, site: site), to: writer), in: exploration))
    }
    let site = Int(exploration.site(ofFrame: frame))
    if stack.count >= 2, wanted == nil || { if case .back = wanted! { true } else { false } }() {
      let caller = stack[stack.count - 2]
      let callerFrame = exploration.frame(ofEdge: caller)
      if let resumed = exploration.edge(
        inFrame: callerFrame, state: exploration.edgeReturnState(top))
      {
        body(
          .back(to: exploration.top(ofFrame: callerFrame)),
          Configuration(
            stack: stack.dropLast(2) + [resumed],
            writer: apply(effect(.pop, site: site), to: writer), in: exploration))
      }
    }
    if let target = exploration.cancelTarget(ofEdge: top),
      wanted == nil || wanted == .swipeCancelled
    {
      body(
        .swipeCancelled,
        Configuration(
          stack: stack.dropLast() + [target],
          writer: apply(effect(.cancel, site: site), to: writer), in: exploration))
    }
  }
}
