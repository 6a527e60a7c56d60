import NavRulesModel

/// The checker rules of docs/checker.md, run on a module the front end accepted.
///
/// Declaration rules read the declarations; the others are evaluated on the reachable idle
/// configurations of every navigator, which `NavigatorExploration` computes exactly, with the
/// actions to blame found by `OriginSearch`; `gesture-deadlock` is read off the swipes the
/// exploration found frozen.
public enum Checker {
  // The rules, from the one list of them (`CheckerRules`).
  static let declarationRules = CheckerRules.declarationRules
  /// At most 32: `checkConfigurations` keeps a bit per rule for each screen.
  static let configurationRules = CheckerRules.configurationRules
  static let originRules = CheckerRules.originRules

  public static func check(_ module: Module) -> [Diagnostic] {
    check(module, beside: nil)
  }

  /// The diagnostics of `module`; `work`, if any, runs beside the explorations, on a thread
  /// they leave idle (a navigator is explored on one thread).
  static func check(_ module: Module, beside work: (@Sendable () -> Void)?) -> [Diagnostic] {
    // `NAVRC_THREADS=1` checks on the calling thread alone, and so does a small module: its
    // check costs less than starting the dispatch pool's threads.
    check(
      module,
      threads: module.screens.count < minimumParallelScreens ? 1 : Concurrency.threadCount,
      beside: work)
  }

  /// Modules with fewer screens are checked on one thread (`Tuning`).
  static let minimumParallelScreens = Tuning.minimumParallelCheckScreens

  /// The diagnostics of `module`, the same whatever `threads` is.
  ///
  /// The transition table is built first; then each navigator is explored, with the
  /// declaration rules beside the explorations, and a navigator's `NavigatorTask`s, which only
  /// read its exploration, run side by side. Each job keeps its own `FindingSet` (and
  /// `WitnessBuilder`), and the sets are merged in the order one thread makes the findings:
  /// the findings the rules make do not depend on the ones made before them (`back-bypass`'s
  /// `known` only spares building a message the merge would drop), so the first finding of
  /// each (id, location), and with it every note, is the one a single thread reports.
  static func check(
    _ module: Module, threads: Int, beside work: (@Sendable () -> Void)? = nil
  ) -> [Diagnostic] {
    let hooks = HookTable(module, threads: threads)
    let context = RuleContext(module: module, hooks: hooks)
    let navigators = module.navigatorIDs
    let tasks = NavigatorTask.all(searchParts: threads > 1 ? 2 : 1)
    // Slot 0: the declaration rules; then each navigator's tasks, in order.
    let results = ResultSlots<TaskFindings>(count: 1 + navigators.count * tasks.count)
    let declarations = WorkPool.Job {
      var findings = TaskFindings()
      for rule in declarationRules {
        for finding in rule.check(context) { findings.set.insert(finding, module: module) }
      }
      findings.endSlice(order: 0)
      results.set(0, findings)
      return []
    }
    // After the declaration rules, on the thread they run on.
    var beside: [WorkPool.Job] = []
    if let work {
      beside.append(
        WorkPool.Job {
          work()
          return []
        })
    }
    let besideJobs = beside
    let explorations = WorkPool.Job {
      let table = TransitionTable(module: module, hooks: hooks, threads: threads)
      // The declaration rules come after the explorations: the table is built on every
      // thread, and an exploration on one, which leaves the others free for them.
      return navigators.enumerated().map { number, navigator in
        WorkPool.Job {
          let exploration = NavigatorExploration(
            navigator: navigator, module: module, table: table)
          let claims = StateField.allCases.map { _ in WriterClaims() }
          return NavigatorTask.startOrder(tasks).map { index in
            WorkPool.Job {
              results.set(
                1 + number * tasks.count + index,
                tasks[index].run(exploration, context, claims: claims))
              return []
            }
          }
        }
      } + [declarations] + besideJobs
    }
    WorkPool.run([explorations], threads: threads)
    var values = results.take()
    var findings = FindingSet()
    findings.append(contentsOf: values[0].set.diagnostics)
    for number in navigators.indices {
      let first = 1 + number * tasks.count
      // The slices of the tasks that split one piece of work, in the order they were made.
      // A slice names its task's slot: paired with the task's findings themselves, each of
      // the thousands of slices copied (retained and released) them, twice.
      for piece in Set(tasks.map(\.piece)).sorted() {
        var slices: [(slot: Int, order: Int, range: Range<Int>)] = []
        for index in tasks.indices where tasks[index].piece == piece {
          for slice in values[first + index].slices {
            slices.append((first + index, slice.order, slice.range))
          }
        }
        slices.sort(by: { $0.order < $1.order })
        for slice in slices {
          findings.append(
            takingFrom: &values[slice.slot].set, slice.range, placeholder: Self.movedOut)
        }
      }
    }
    return findings.diagnostics
  }

  /// What a task's findings hold where a diagnostic was moved out to the merged set: a value
  /// that owns nothing costly to let go.
  private static let movedOut = Diagnostic(
    .syntax, "", at: SourceRange(SourceFile(path: "", bytes: []), 0..<0))

  /// The checks of one navigator that read its exploration and nothing another check writes.
  enum NavigatorTask: Sendable {
    /// The configuration rules on every path edge, then `gesture-deadlock` on the freezes.
    case configurations
    /// The origin rules about one field, for the writers that part `part` claims
    /// (`WriterClaims`); `root-pop`, answered for all writers at once, in part 0.
    case origins(StateField, part: Int)

    static func all(searchParts: Int) -> [NavigatorTask] {
      [.configurations]
        + StateField.allCases.flatMap { field in
          (0..<searchParts).map { origins(field, part: $0) }
        }
    }

    /// The indices of `tasks` in the order their jobs start: work of a fixed size first, the
    /// parts 0 (whose `root-pop`, `RootReach`, can take longest of all) then the configurations,
    /// so the other parts, which only search the writers still unclaimed, end with them.
    static func startOrder(_ tasks: [NavigatorTask]) -> [Int] {
      let first = tasks.indices.reversed().filter {
        if case .origins(_, 0) = tasks[$0] { true } else { false }
      }
      let configurations = tasks.indices.filter {
        if case .configurations = tasks[$0] { true } else { false }
      }
      let rest = tasks.indices.filter { !first.contains($0) && !configurations.contains($0) }
      return first + configurations + rest
    }

    /// Which piece of work the task does part of, in the order their findings are reported.
    var piece: Int {
      switch self {
      case .configurations: 0
      case .origins(let field, _): 1 + field.index
      }
    }

    /// The task's findings, with paths built by a `WitnessBuilder` of its own (its memos are
    /// not shared between threads; a path is the same whoever builds it).
    func run(
      _ exploration: NavigatorExploration, _ context: RuleContext, claims: [WriterClaims]
    ) -> TaskFindings {
      var findings = TaskFindings()
      let witnesses = WitnessBuilder(exploration: exploration)
      switch self {
      case .configurations:
        Checker.checkConfigurations(exploration, witnesses, context, &findings.set)
        for edge in exploration.freezes {
          for finding in GestureDeadlockRule.check(edge, in: exploration, context) {
            findings.set.insert(finding, witnesses: witnesses, module: context.module)
          }
        }
        findings.endSlice(order: 0)
      case .origins(let field, let part):
        Checker.checkOrigins(
          of: field, part: part, claims: claims[field.index], exploration, witnesses, context,
          &findings)
      }
      return findings
    }
  }

  /// A task's findings, in slices whose `order` says where each goes among the slices of the
  /// other tasks doing the same piece of work.
  struct TaskFindings: Sendable {
    var set = FindingSet()
    private(set) var slices: [(order: Int, range: Range<Int>)] = []
    private var sliceStart = 0

    /// Ends a slice with the diagnostics kept since the last one.
    mutating func endSlice(order: Int) {
      let end = set.diagnostics.count
      if end > sliceStart { slices.append((order, sliceStart..<end)) }
      sliceStart = end
    }
  }

  private static func checkConfigurations(
    _ exploration: NavigatorExploration, _ witnesses: WitnessBuilder, _ context: RuleContext,
    _ findings: inout FindingSet
  ) {
    let module = context.module
    var titles = TitleLostOnBackRule(screenCount: module.screens.count)
    // Per screen, a bit for each configuration rule that concerns it (`concerns`).
    var concerned = [UInt32](repeating: 0, count: module.screens.count)
    for (bit, rule) in configurationRules.enumerated() {
      for index in concerned.indices where rule.concerns(ScreenID(index), in: module) {
        concerned[index] |= 1 << UInt32(bit)
      }
    }
    for edge in 0..<exploration.edgeCount {
      let configuration = exploration.configuration(NavigatorExploration.EdgeID(edge))
      let rules = concerned[configuration.top.index]
      for (bit, rule) in configurationRules.enumerated() where rules & (1 << UInt32(bit)) != 0 {
        if let finding = rule.check(configuration, context, known: findings) {
          findings.insert(finding, witnesses: witnesses, module: module)
        }
      }
      for finding in titles.check(configuration, context) {
        findings.insert(finding, witnesses: witnesses, module: context.module)
      }
    }
  }

  /// Searches, writer by writer, where each blamable write of `field` stays in effect, until
  /// every rule that could blame the writer has.
  ///
  /// Writer `i`'s findings are two slices: `root-pop`'s (order `2 i`), then the search's
  /// (`2 i + 1`). Part 0 answers `root-pop` for all writers first; then each part searches
  /// the writers it claims, in order, until none is left.
  private static func checkOrigins(
    of field: StateField, part: Int, claims: WriterClaims, _ exploration: NavigatorExploration,
    _ witnesses: WitnessBuilder, _ context: RuleContext, _ findings: inout TaskFindings
  ) {
    // Most modules write no bar appearance: those fields have no writers to search.
    if field.appearanceSlot != nil, !context.hooks.writesBarAppearance { return }
    let rules = originRules.filter { $0.field == field }
    // The rules about the root alone (`root-pop`) are answered for all writers at once.
    let rootRules = part == 0 ? rules.filter { $0.scope == .rootAlone } : []
    let answersAtRoot = !rootRules.isEmpty
    // A part that starts after the others searched every writer has nothing left to do.
    guard answersAtRoot || !claims.isExhausted else { return }
    let candidates = BlameCandidates(field: field, exploration: exploration)
    guard !candidates.isEmpty, let root = context.module[exploration.navigator].root?.value
    else { return }
    let search = OriginSearch(field: field, exploration: exploration, root: root)
    // Whether a value gets back to the root is answered for all writers at once.
    if answersAtRoot {
      var rootReach: RootReach?
      for (index, writer) in search.writers.enumerated() {
        let action = context.hooks.declaration(of: writer).action
        for rule in rootRules
        where rule.blames(action)
          && candidates.mayFire(rule, writer: writer, action: action, context)
        {
          if rootReach == nil { rootReach = RootReach(witnesses: witnesses) }
          guard var (path, edge) = rootReach?.witness(for: writer) else { continue }
          // A path that meets a configuration twice gives way to the shortest one.
          let walk = ShortestWitness(exploration: exploration, field: rule.field)
          if let shorter = walk.withoutRepeats(
            path,
            isTarget: {
              $0.stack.count == 1 && $0.writer == writer.rawValue
                && exploration.state(ofEdge: $0.top).delegate.allowsSwipeAtRoot
            })
          {
            (path, edge) = (WitnessPath(shorter.steps), shorter.end.top)
          }
          let configuration = exploration.configuration(edge)
          if var finding = rule.check(configuration, writer: writer, context) {
            finding.path = nil
            findings.set.insert(
              finding, note: Witness(path: path), navigator: exploration.navigator,
              module: context.module, ending: "then swipe on \(context.name(configuration.top))")
          }
        }
        findings.endSlice(order: 2 * index)
      }
    }
    let searchedRules = rules.filter { $0.scope != .rootAlone }
    guard !searchedRules.isEmpty else { return }
    assert(searchedRules.count <= 32, "a bit per rule in `pending`")
    // The rules are read through a buffer pointer: the array, captured by the visit closure,
    // was retained and released at every configuration visited.
    searchedRules.withUnsafeBufferPointer { rules in
      while let index = claims.claim(of: search.writers.count) {
        let writer = search.writers[index]
        let action = context.hooks.declaration(of: writer).action
        // A bit for each rule still to fire: an array of the rules, filtered for each writer,
        // would allocate an array of existential metatypes per writer.
        var pending: UInt32 = 0
        for (bit, rule) in rules.enumerated()
        where rule.blames(action)
          && candidates.mayFire(rule, writer: writer, action: action, context)
        {
          pending |= 1 << UInt32(bit)
        }
        guard pending != 0 else { continue }
        // The classes are captured unretained (`unowned(unsafe)`: this function holds them for
        // the whole search): captured strongly, each was retained and released four times at
        // every configuration visited.
        search.search(writer) {
          [
            unowned(unsafe) exploration, unowned(unsafe) context, unowned(unsafe) witnesses,
            unowned(unsafe) search
          ] edge in
          let configuration = exploration.configuration(edge)
          // The pending rules in order; those that fire are dropped.
          var remaining = pending
          while remaining != 0 {
            let bit = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            guard
              let finding = rules[bit].check(configuration, writer: writer, context)
            else { continue }
            findings.set.insert(
              finding, witnesses: witnesses, origin: search, module: context.module)
            pending &= ~(1 << UInt32(bit))
          }
          return pending != 0
        }
        findings.endSlice(order: 2 * index + 1)
      }
    }
  }
}

/// What the exploration says about where blamable values of one field occur at all, so a
/// writer's search only looks for findings that are possible: a cheap, exact filter on values
/// (a rule can only fire where some configuration holds the value it is about).
private struct BlameCandidates {
  /// Per value state: whether some root configuration at depth 1 holds it, and up to two
  /// distinct top screens of deeper configurations (or of any configuration) holding it.
  private var atRoot = [Bool](repeating: false, count: ValueState.count)
  private var deeperTops = [[ScreenID]](repeating: [], count: ValueState.count)
  private var anyTops = [[ScreenID]](repeating: [], count: ValueState.count)
  private let field: StateField

  init(field: StateField, exploration: NavigatorExploration) {
    self.field = field
    for edge in 0..<exploration.edgeCount {
      let state = exploration.state(ofEdge: NavigatorExploration.EdgeID(edge))
      guard field.isBlamable(state) else { continue }
      let configuration = exploration.configuration(NavigatorExploration.EdgeID(edge))
      Self.note(configuration.top, in: &anyTops[state.index])
      if configuration.isRootAtDepthOne {
        atRoot[state.index] = true
      } else {
        Self.note(configuration.top, in: &deeperTops[state.index])
      }
    }
  }

  var isEmpty: Bool { anyTops.allSatisfy { $0.isEmpty } }

  private static func note(_ screen: ScreenID, in tops: inout [ScreenID]) {
    if tops.count < 2, !tops.contains(screen) { tops.append(screen) }
  }

  /// Whether `rule` could blame `writer` somewhere, judging by values alone.
  func mayFire(
    _ rule: any OriginRule.Type, writer: ActionID, action: HookAction, _ context: RuleContext
  ) -> Bool {
    let owner = context.owner(writer)
    // A navigator's own writes are for all its screens: no other screen's to leak to.
    let other = { (tops: [ScreenID]) in owner != nil && tops.contains { $0 != owner } }
    let scope = rule.scope
    // The states are read without a filtered copy.
    for state in ValueState.all where field.isBlamable(state) && Self.writes(action, state) {
      let fires =
        switch scope {
        case .rootAlone: atRoot[state.index]
        case .deeperUnderAnotherScreen: other(deeperTops[state.index])
        case .deeperUnderAnyScreen: !deeperTops[state.index].isEmpty
        case .underAnotherScreen: other(anyTops[state.index])
        }
      if fires { return true }
    }
    return false
  }

  /// Whether `state` holds the value `action` writes.
  private static func writes(_ action: HookAction, _ state: ValueState) -> Bool {
    switch action {
    case .setGestureEnabled(let enabled): state.gestureEnabled == enabled
    case .setGestureDelegate(let delegate): state.delegate == delegate
    // Appearances are not in the state: any state may hold one.
    case .setBarAppearance: true
    default: false
    }
  }
}
