/// A concrete navigation path to a configuration, replayed from the first derivations the
/// exploration (and, for blame, the origin analysis) recorded, for the note on each checker
/// diagnostic.
struct Witness {
  enum Step: Equatable {
    case launch(ScreenID)
    case push(ScreenID)
    /// A pop (back tap or programmatic) revealing the screen.
    case back(to: ScreenID)
    case swipeCancelled
  }

  /// Paths longer than this are shown with their middle elided.
  static let shownSteps = 40

  let path: WitnessPath

  /// `Home → List → Web, back to List, swipe back cancelled`, then `ending` if given.
  func rendered(in module: Module, ending: String? = nil) -> String {
    var text = UTF8Text(capacity: 256)
    render(into: &text, in: module, ending: ending)
    return text.string
  }

  /// Appends what `rendered` returns to `text`: a note's prefix and its path are made into one
  /// string at the end, where appending each name to a `String` cost a few hundred
  /// instructions (most of a note).
  func render(into text: inout UTF8Text, in module: Module, ending: String? = nil) {
    // The packed steps are read in place: `head` and `tail` make arrays of `Step`s.
    let head = path.packedHead
    for step in head { Self.render(step.step, into: &text, in: module) }
    if path.count > Self.shownSteps {
      text.append(" … (")
      text.append(String(path.count - Self.shownSteps))
      text.append(" more steps) …")
      for step in path.packedTail { Self.render(step.step, into: &text, in: module) }
    } else if path.count > head.count {
      for step in path.packedTail.suffix(path.count - head.count) {
        Self.render(step.step, into: &text, in: module)
      }
    }
    // An ending may continue the path with a push (`→ Detail, then tap Back`). Its first byte
    // is compared first (0xE2 starts `→`): `hasPrefix` compares characters, and most endings
    // start otherwise.
    if let ending {
      let continues = ending.utf8.first == 0xE2 && ending.hasPrefix("→ ")
      text.append(continues ? " " : ", ")
      text.append(ending)
    }
  }

  /// A screen is named as messages name it (`Module.displayName`): by its name in a rule
  /// file, by its class in a scanned app.
  private static func render(_ step: Step, into text: inout UTF8Text, in module: Module) {
    switch step {
    case .launch(let screen): text.append(module.displayName(screen))
    case .push(let screen):
      text.append(" → ")
      text.append(module.displayName(screen))
    case .back(let screen):
      text.append(", back to ")
      text.append(module.displayName(screen))
    case .swipeCancelled: text.append(", swipe back cancelled")
    }
  }
}

/// A witness path as a note shows it: its length, and its first and last
/// `Witness.shownSteps / 2` steps. Joining two costs at most that many steps, whatever their
/// lengths, so a path around a cycle of a hundred thousand screens is built in constant time
/// from its memoised parts, and thousands of findings on it stay linear.
///
/// The memo of every derivation replayed holds one of these per part, so they are small: steps
/// packed in 4 bytes (`PackedStep`), and a path of `kept` steps or fewer keeps them once, as
/// its head, instead of once as its head and again as its tail.
struct WitnessPath {
  static let kept = Witness.shownSteps / 2
  static let empty = WitnessPath(count: 0, head: [], longTail: [])

  /// How many steps the path has.
  private(set) var count: Int
  /// The first `min(count, kept)` steps.
  fileprivate private(set) var packedHead: [PackedStep]
  /// The last `kept` steps of a path longer than that; empty otherwise.
  private var longTail: [PackedStep]

  private init(count: Int, head: [PackedStep], longTail: [PackedStep]) {
    self.count = count
    self.packedHead = head
    self.longTail = longTail
  }

  init(_ step: Witness.Step) {
    self.init(count: 1, head: [PackedStep(step)], longTail: [])
  }

  init(_ steps: [Witness.Step]) {
    self.init(
      count: steps.count, head: steps.prefix(Self.kept).map(PackedStep.init),
      longTail: steps.count > Self.kept ? steps.suffix(Self.kept).map(PackedStep.init) : [])
  }

  /// The first `min(count, kept)` steps.
  var head: [Witness.Step] { packedHead.map(\.step) }

  /// The last `min(count, kept)` steps.
  var tail: [Witness.Step] { packedTail.map(\.step) }

  fileprivate var packedTail: [PackedStep] { count > Self.kept ? longTail : packedHead }

  /// Every step, when the path is short enough to have kept them all.
  var steps: [Witness.Step]? {
    guard count <= 2 * Self.kept else { return nil }
    return count <= packedHead.count ? head : head + tail.suffix(count - packedHead.count)
  }

  /// A part of a path being joined: a single step (which needs no arrays of its own) or a
  /// path.
  enum Part {
    case step(PackedStep)
    case path(WitnessPath)

    var count: Int {
      switch self {
      case .step: 1
      case .path(let path): path.count
      }
    }
  }

  /// `parts` one after the other, with one array for the head and one for the tail: joining
  /// them two at a time made the arrays of every intermediate path.
  init(joining parts: ArraySlice<Part>) {
    var count = 0
    var nonEmptyParts = 0
    var onlyPath: WitnessPath?
    var first = parts.endIndex
    var last = parts.endIndex
    for index in parts.indices where parts[index].count > 0 {
      count += parts[index].count
      nonEmptyParts += 1
      if case .path(let path) = parts[index] { onlyPath = path }
      if first == parts.endIndex { first = index }
      last = index
    }
    // A segment that adds nothing to one part (a launch's or a push's empty local part) shares
    // that part's arrays.
    if nonEmptyParts == 1, let onlyPath {
      self = onlyPath
      return
    }
    // A first part at least `kept` long gives the joined path its head, and a last one its
    // tail: shared, not copied (on a long cycle, each join made both arrays).
    var head: [PackedStep] = []
    if first < parts.endIndex, case .path(let path) = parts[first], path.count >= Self.kept {
      head = path.packedHead
    } else {
      head.reserveCapacity(min(count, Self.kept))
      for part in parts where head.count < Self.kept {
        switch part {
        case .step(let step): head.append(step)
        case .path(let path): head += path.packedHead.prefix(Self.kept - head.count)
        }
      }
    }
    guard count > Self.kept else {
      self.init(count: count, head: head, longTail: [])
      return
    }
    if last < parts.endIndex, case .path(let path) = parts[last], path.count >= Self.kept {
      self.init(count: count, head: head, longTail: path.packedTail)
      return
    }
    // Filled from the end: each part's last steps, as many as are still missing.
    var tail = [PackedStep](repeating: PackedStep(.swipeCancelled), count: Self.kept)
    var missing = Self.kept
    for part in parts.reversed() where missing > 0 {
      switch part {
      case .step(let step):
        missing -= 1
        tail[missing] = step
      case .path(let path):
        let steps = path.packedTail.suffix(missing)
        missing -= steps.count
        tail.replaceSubrange(missing..<missing + steps.count, with: steps)
      }
    }
    self.init(count: count, head: head, longTail: tail)
  }
}

/// A `Witness.Step` in 4 bytes instead of 16 (a screen number and a tag, padded): the kind in
/// the low two bits, the screen above them. Screens number fewer than 2^30: a declaration
/// takes more than 4 bytes, and files stop short of 4 GiB.
struct PackedStep: Hashable {
  private var raw: UInt32

  init(_ step: Witness.Step) {
    raw =
      switch step {
      case .launch(let screen): UInt32(truncatingIfNeeded: screen.index) << 2
      case .push(let screen): UInt32(truncatingIfNeeded: screen.index) << 2 | 1
      case .back(let screen): UInt32(truncatingIfNeeded: screen.index) << 2 | 2
      case .swipeCancelled: 3
      }
  }

  var step: Witness.Step {
    let screen = ScreenID(Int(raw >> 2))
    switch raw & 3 {
    case 0: return .launch(screen)
    case 1: return .push(screen)
    case 2: return .back(to: screen)
    default: return .swipeCancelled
    }
  }
}

/// Builds witness paths for one navigator's findings, remembering the path of every derivation
/// it replays: findings on a long cycle share their prefixes, so each is replayed once.
///
/// Paths within the exploration are kept for the whole check; paths that follow the facts of
/// an origin search only while that search runs.
final class WitnessBuilder {
  typealias EdgeID = NavigatorExploration.EdgeID

  let exploration: NavigatorExploration
  private var evaluation: PathEvaluation

  /// How many segments were replayed, for the tests that hold witnesses to linear work.
  var expansionCount: Int { evaluation.expansionCount }

  init(exploration: NavigatorExploration) {
    self.exploration = exploration
    evaluation = PathEvaluation(replay: Replay(exploration: exploration, origin: nil))
  }

  /// The steps from launch to the idle configuration of `edge`; with `origin`, a path along
  /// which `writer`, the action `origin` is searching for, wrote the field's value last. The
  /// path never meets a configuration twice (`ShortestWitness`).
  func witness(to edge: EdgeID, origin: OriginSearch? = nil, writer: ActionID? = nil) -> Witness {
    let path: WitnessPath
    var field: StateField?
    if let origin, let context = origin.context(of: edge) {
      path = evaluation.path(.fullWriting(edge, context), origin: origin)
      field = writer == nil ? nil : origin.field
    } else {
      path = evaluation.path(.full(edge), origin: nil)
    }
    let walk = ShortestWitness(exploration: exploration, field: field)
    let writer = field == nil ? -1 : writer?.rawValue ?? -1
    guard
      let shorter = walk.withoutRepeats(
        path, isTarget: { $0.top == edge && $0.writer == writer })
    else { return Witness(path: path) }
    return Witness(path: WitnessPath(shorter.steps))
  }

  /// From the entry of the edge's frame to the edge.
  func local(_ edge: EdgeID) -> WitnessPath { evaluation.path(.local(edge), origin: nil) }
}

/// The memos and stacks of a `WitnessBuilder`, in a struct its one mutating call works on: a
/// class's own stored properties are checked for exclusive access at run time on each use,
/// which cost a third of a witness.
private struct PathEvaluation {
  var replay: Replay
  var memo = PathMemo()
  var originMemo = PathMemo()
  var originSearch: (search: ObjectIdentifier, number: Int32)?
  /// The evaluation's stacks, kept between paths for their capacity.
  var pending: [(segment: Segment, parts: Int)] = []
  var values: [WitnessPath.Part] = []
  var expansionCount = 0

  init(replay: Replay) {
    self.replay = replay
  }

  /// Evaluates a segment bottom up with an explicit stack (derivations nest as deep as the
  /// stack can grow), remembering every part. `parts` is -1 for a segment still to expand, or
  /// how many of the values above it are its parts, to join.
  mutating func path(_ root: Segment, origin: OriginSearch?) -> WitnessPath {
    if let origin {
      let current = (ObjectIdentifier(origin), origin.searchNumber)
      if originSearch == nil || originSearch! != current {
        originMemo.removeAll()
        originSearch = current
      }
    }
    replay.origin = origin
    // Both stacks are empty between paths, the result popped off `values` at the end:
    // `removeAll(keepingCapacity:)` went through `replaceSubrange` twice a path.
    assert(pending.isEmpty && values.isEmpty)
    pending.append((root, -1))
    while let (segment, parts) = pending.popLast() {
      if case .step(let step) = segment {
        values.append(.step(PackedStep(step)))
        continue
      }
      if parts >= 0 {
        let joined = WitnessPath(joining: values[(values.count - parts)...])
        for _ in 0..<parts { values.removeLast() }
        // The root of a path that follows an origin search is not remembered: the memo is
        // dropped with the search, which seldom asks for the same edge twice.
        if !(pending.isEmpty && segment.followsOrigin) { remember(segment, joined) }
        values.append(.path(joined))
        continue
      }
      if let known = recalled(segment) {
        values.append(.path(known))
        continue
      }
      let expansion = replay.expand(segment)
      // A segment with no parts (the local part of a launch or a push) is the empty path,
      // neither joined nor remembered: a memo entry cost more than expanding it again.
      if expansion.count == 0 {
        values.append(.path(.empty))
        continue
      }
      expansionCount += 1
      pending.append((segment, expansion.count))
      for index in (0..<expansion.count).reversed() {
        pending.append((expansion[index], -1))
      }
    }
    defer { assert(values.isEmpty) }
    switch values.popLast() {
    case .path(let path)?: return path
    case .step(let step)?: return WitnessPath(step.step)
    case nil: return .empty
    }
  }

  private func recalled(_ segment: Segment) -> WitnessPath? {
    segment.followsOrigin ? originMemo[segment.memoKey] : memo[segment.memoKey]
  }

  private mutating func remember(_ segment: Segment, _ path: WitnessPath) {
    if segment.followsOrigin {
      originMemo.insert(path, for: segment.memoKey)
    } else {
      memo.insert(path, for: segment.memoKey)
    }
  }
}

/// A part of a witness path still to be replayed.
enum Segment: Hashable {
  typealias EdgeID = NavigatorExploration.EdgeID

  case step(Witness.Step)
  /// Launch to the edge's configuration, by any path.
  case full(EdgeID)
  /// Launch to the entry of a frame, by any path (named by the frame's entry edge, so all
  /// edges of a frame share it).
  case prefix(EdgeID)
  /// The frame's entry to the edge, by any path.
  case local(EdgeID)
  /// Launch to the edge, with the searched value in effect, held as `context` says.
  case fullWriting(EdgeID, OriginSearch.Context)
  /// Launch to the frame's entry, entered with the value in effect.
  case entryWriting(NavigatorExploration.FrameID)
  /// The frame's entry to the edge, the value written on the way.
  case localWriting(EdgeID)
  /// The frame's entry to the edge, the value it was entered with kept.
  case localInheriting(EdgeID)

  /// The segment as a number, for `PathMemo`: a kind above an edge or frame number (steps are
  /// not remembered).
  var memoKey: UInt64 {
    let (kind, number): (UInt64, Int32) =
      switch self {
      case .step: (0, 0)
      case .full(let edge): (1, edge.raw)
      case .prefix(let edge): (2, edge.raw)
      case .local(let edge): (3, edge.raw)
      case .fullWriting(let edge, let context): (4 + UInt64(context.rawValue), edge.raw)
      case .entryWriting(let frame): (6, frame.raw)
      case .localWriting(let edge): (7, edge.raw)
      case .localInheriting(let edge): (8, edge.raw)
      }
    return kind << 32 | UInt64(UInt32(bitPattern: number))
  }

  /// Whether the segment reads the facts of an origin search.
  var followsOrigin: Bool {
    switch self {
    case .step, .full, .prefix, .local: false
    case .fullWriting, .entryWriting, .localWriting, .localInheriting: true
    }
  }
}

extension Witness.Step: Hashable {}

/// The parts a segment expands into, in path order: at most four, kept inline instead of in
/// an array allocated and freed for each segment replayed.
private struct Expansion {
  private(set) var count = 0
  private var parts: (Segment, Segment, Segment, Segment)

  init() {
    parts = (
      .step(.swipeCancelled), .step(.swipeCancelled), .step(.swipeCancelled), .step(.swipeCancelled)
    )
  }

  init(_ first: Segment) {
    self.init()
    append(first)
  }

  init(_ first: Segment, _ second: Segment) {
    self.init(first)
    append(second)
  }

  init(_ first: Segment, _ second: Segment, _ third: Segment, _ fourth: Segment) {
    self.init(first, second)
    append(third)
    append(fourth)
  }

  private mutating func append(_ part: Segment) {
    switch count {
    case 0: parts.0 = part
    case 1: parts.1 = part
    case 2: parts.2 = part
    default: parts.3 = part
    }
    count += 1
  }

  subscript(index: Int) -> Segment {
    switch index {
    case 0: parts.0
    case 1: parts.1
    case 2: parts.2
    default: parts.3
    }
  }
}

/// Expands a segment into smaller ones, in path order, from the recorded derivations.
private struct Replay {
  typealias EdgeID = NavigatorExploration.EdgeID

  let exploration: NavigatorExploration
  var origin: OriginSearch?

  func top(_ edge: EdgeID) -> ScreenID {
    exploration.top(ofFrame: exploration.frame(ofEdge: edge))
  }

  /// `caller`'s top pushes the frame of `callee`, which pops back.
  func pushAndReturn(_ before: Segment, _ caller: EdgeID, _ inside: Segment, _ callee: EdgeID)
    -> Expansion
  {
    Expansion(before, .step(.push(top(callee))), inside, .step(.back(to: top(caller))))
  }

  func entry(of edge: EdgeID) -> EdgeID {
    exploration.entryEdge(ofFrame: exploration.frame(ofEdge: edge))
  }

  func expand(_ segment: Segment) -> Expansion {
    switch segment {
    case .step:
      return Expansion(segment)
    case .full(let edge):
      return Expansion(.prefix(entry(of: edge)), .local(edge))
    case .prefix(let entry):
      if case .push(let caller) = exploration.edgeReason[entry.index] {
        return Expansion(.full(caller), .step(.push(top(entry))))
      }
      return Expansion(.step(.launch(top(entry))))
    case .local(let edge):
      switch exploration.edgeReason[edge.index] {
      case .launch, .push:
        return Expansion()
      case .cancelled(let from):
        return Expansion(.local(from), .step(.swipeCancelled))
      case .returned(let caller, let callee):
        return pushAndReturn(.local(caller), caller, .local(callee), callee)
      }
    case .fullWriting(let edge, .local):
      return Expansion(.prefix(entry(of: edge)), .localWriting(edge))
    case .fullWriting(let edge, .inherited):
      return Expansion(.entryWriting(exploration.frame(ofEdge: edge)), .localInheriting(edge))
    case .entryWriting(let frame):
      let entry = exploration.entryEdge(ofFrame: frame)
      guard case .pushKept(let caller, let context)? = origin?.reason(entry, .inherited) else {
        return Expansion(.prefix(entry))
      }
      return Expansion(.fullWriting(caller, context), .step(.push(exploration.top(ofFrame: frame))))
    case .localWriting(let edge):
      switch origin?.reason(edge, .local) {
      case .launchWrote?, .pushWrote?, .pushKept?, nil:
        return Expansion()
      case .popWrote(let caller, let callee)?:
        return pushAndReturn(.local(caller), caller, .local(callee), callee)
      case .cancelWrote(let from)?:
        return Expansion(.local(from), .step(.swipeCancelled))
      case .cancelKept(let from)?:
        return Expansion(.localWriting(from), .step(.swipeCancelled))
      case .returnedLocal(let caller, let callee)?:
        return pushAndReturn(.local(caller), caller, .localWriting(callee), callee)
      case .returnedInherited(let caller, _, let callee)?:
        return pushAndReturn(.localWriting(caller), caller, .localInheriting(callee), callee)
      }
    case .localInheriting(let edge):
      switch origin?.reason(edge, .inherited) {
      case .cancelKept(let from)?:
        return Expansion(.localInheriting(from), .step(.swipeCancelled))
      case .returnedInherited(let caller, _, let callee)?:
        return pushAndReturn(.localInheriting(caller), caller, .localInheriting(callee), callee)
      default:
        return Expansion()
      }
    }
  }
}
