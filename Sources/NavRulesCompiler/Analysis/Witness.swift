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
    var shown: [Step?] = path.head.map { $0 }
    if path.count > Self.shownSteps {
      shown += [nil] + path.tail
    } else if path.count > path.head.count {
      shown += path.tail.suffix(path.count - path.head.count)
    }
    var text = ""
    for step in shown {
      switch step {
      case .launch(let screen)?: text += module[screen].name
      case .push(let screen)?: text += " → \(module[screen].name)"
      case .back(let screen)?: text += ", back to \(module[screen].name)"
      case .swipeCancelled?: text += ", swipe back cancelled"
      case nil: text += " … (\(path.count - Self.shownSteps) more steps) …"
      }
    }
    // An ending may continue the path with a push (`→ Detail, then tap Back`).
    if let ending { text += (ending.hasPrefix("→ ") ? " " : ", ") + ending }
    return text
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
  private var packedHead: [PackedStep]
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

  private var packedTail: [PackedStep] { count > Self.kept ? longTail : packedHead }

  /// Every step, when the path is short enough to have kept them all.
  var steps: [Witness.Step]? {
    guard count <= 2 * Self.kept else { return nil }
    return count <= packedHead.count ? head : head + tail.suffix(count - packedHead.count)
  }

  static func + (first: WitnessPath, second: WitnessPath) -> WitnessPath {
    if first.count == 0 { return second }
    if second.count == 0 { return first }
    let count = first.count + second.count
    let head =
      first.packedHead.count < kept
      ? first.packedHead + second.packedHead.prefix(kept - first.packedHead.count)
      : first.packedHead
    guard count > kept else { return WitnessPath(count: count, head: head, longTail: []) }
    let secondTail = second.packedTail
    let tail =
      secondTail.count < kept
      ? Array(first.packedTail.suffix(kept - secondTail.count) + secondTail) : secondTail
    return WitnessPath(count: count, head: head, longTail: tail)
  }

  static func += (path: inout WitnessPath, other: WitnessPath) {
    path = path + other
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
  private var replay: Replay
  private var memo: [Segment: WitnessPath] = [:]
  private var originMemo: [Segment: WitnessPath] = [:]
  private var originSearch: (search: ObjectIdentifier, number: Int32)?
  /// How many segments were replayed, for the tests that hold witnesses to linear work.
  private(set) var expansionCount = 0

  init(exploration: NavigatorExploration) {
    self.exploration = exploration
    replay = Replay(exploration: exploration, origin: nil)
  }

  /// The steps from launch to the idle configuration of `edge`; with `origin`, a path along
  /// which the action `origin` is searching for wrote the field's value last.
  func witness(to edge: EdgeID, origin: OriginSearch? = nil) -> Witness {
    if let origin, let context = origin.context(of: edge) {
      return Witness(path: path(.fullWriting(edge, context), origin: origin))
    }
    return Witness(path: path(.full(edge), origin: nil))
  }

  /// From the entry of the edge's frame to the edge.
  func local(_ edge: EdgeID) -> WitnessPath { path(.local(edge), origin: nil) }

  /// Evaluates a segment bottom up with an explicit stack (derivations nest as deep as the
  /// stack can grow), remembering every part.
  private func path(_ root: Segment, origin: OriginSearch?) -> WitnessPath {
    if let origin {
      let current = (ObjectIdentifier(origin), origin.searchNumber)
      if originSearch == nil || originSearch! != current {
        originMemo.removeAll(keepingCapacity: true)
        originSearch = current
      }
    }
    replay.origin = origin
    var pending: [(segment: Segment, parts: Int?)] = [(root, nil)]
    var values: [WitnessPath] = []
    while let (segment, parts) = pending.popLast() {
      if case .step(let step) = segment {
        values.append(WitnessPath(step))
        continue
      }
      if let parts {
        var joined = WitnessPath.empty
        for value in values.suffix(parts) { joined += value }
        values.removeLast(parts)
        remember(segment, joined)
        values.append(joined)
        continue
      }
      if let known = recalled(segment) {
        values.append(known)
        continue
      }
      let expansion = replay.expand(segment)
      expansionCount += 1
      pending.append((segment, expansion.count))
      pending += expansion.reversed().map { ($0, nil) }
    }
    return values.last ?? .empty
  }

  private func recalled(_ segment: Segment) -> WitnessPath? {
    segment.followsOrigin ? originMemo[segment] : memo[segment]
  }

  private func remember(_ segment: Segment, _ path: WitnessPath) {
    if segment.followsOrigin {
      originMemo[segment] = path
    } else {
      memo[segment] = path
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

  /// Whether the segment reads the facts of an origin search.
  var followsOrigin: Bool {
    switch self {
    case .step, .full, .prefix, .local: false
    case .fullWriting, .entryWriting, .localWriting, .localInheriting: true
    }
  }
}

extension Witness.Step: Hashable {}

/// Expands a segment into smaller ones, in path order, from the recorded derivations.
private struct Replay {
  typealias EdgeID = NavigatorExploration.EdgeID

  let exploration: NavigatorExploration
  var origin: OriginSearch?

  func top(_ edge: EdgeID) -> ScreenID {
    exploration.top(ofFrame: exploration.edgeFrame[Int(edge)])
  }

  /// `caller`'s top pushes the frame of `callee`, which pops back.
  func pushAndReturn(_ before: Segment, _ caller: EdgeID, _ inside: Segment, _ callee: EdgeID)
    -> [Segment]
  {
    [before, .step(.push(top(callee))), inside, .step(.back(to: top(caller)))]
  }

  func entry(of edge: EdgeID) -> EdgeID {
    exploration.frameEntryEdge[Int(exploration.edgeFrame[Int(edge)])]
  }

  func expand(_ segment: Segment) -> [Segment] {
    switch segment {
    case .step:
      return [segment]
    case .full(let edge):
      return [.prefix(entry(of: edge)), .local(edge)]
    case .prefix(let entry):
      if case .push(let caller) = exploration.edgeReason[Int(entry)] {
        return [.full(caller), .step(.push(top(entry)))]
      }
      return [.step(.launch(top(entry)))]
    case .local(let edge):
      switch exploration.edgeReason[Int(edge)] {
      case .launch, .push:
        return []
      case .cancelled(let from):
        return [.local(from), .step(.swipeCancelled)]
      case .returned(let caller, let callee):
        return pushAndReturn(.local(caller), caller, .local(callee), callee)
      }
    case .fullWriting(let edge, .local):
      return [.prefix(entry(of: edge)), .localWriting(edge)]
    case .fullWriting(let edge, .inherited):
      return [.entryWriting(exploration.edgeFrame[Int(edge)]), .localInheriting(edge)]
    case .entryWriting(let frame):
      let entry = exploration.frameEntryEdge[Int(frame)]
      guard case .pushKept(let caller, let context)? = origin?.reason(entry, .inherited) else {
        return [.prefix(entry)]
      }
      return [.fullWriting(caller, context), .step(.push(exploration.top(ofFrame: frame)))]
    case .localWriting(let edge):
      switch origin?.reason(edge, .local) {
      case .launchWrote?, .pushWrote?, .pushKept?, nil:
        return []
      case .popWrote(let caller, let callee)?:
        return pushAndReturn(.local(caller), caller, .local(callee), callee)
      case .cancelWrote(let from)?:
        return [.local(from), .step(.swipeCancelled)]
      case .cancelKept(let from)?:
        return [.localWriting(from), .step(.swipeCancelled)]
      case .returnedLocal(let caller, let callee)?:
        return pushAndReturn(.local(caller), caller, .localWriting(callee), callee)
      case .returnedInherited(let caller, _, let callee)?:
        return pushAndReturn(.localWriting(caller), caller, .localInheriting(callee), callee)
      }
    case .localInheriting(let edge):
      switch origin?.reason(edge, .inherited) {
      case .cancelKept(let from)?:
        return [.localInheriting(from), .step(.swipeCancelled)]
      case .returnedInherited(let caller, _, let callee)?:
        return pushAndReturn(.localInheriting(caller), caller, .localInheriting(callee), callee)
      default:
        return []
      }
    }
  }
}
