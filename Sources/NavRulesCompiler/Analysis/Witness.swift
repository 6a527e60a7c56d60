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

  let steps: [Step]

  init(steps: [Step]) {
    self.steps = steps
  }

  /// The steps from launch to the idle configuration of `edge`; with `origin`, a path along
  /// which the action `origin` is searching for wrote the field's value last.
  init(
    to edge: NavigatorExploration.EdgeID, in exploration: NavigatorExploration,
    origin: OriginSearch? = nil
  ) {
    let context = origin?.context(of: edge)
    steps = Replay(exploration: exploration, origin: origin).steps(
      context.map { .fullWriting(edge, $0) } ?? .full(edge))
  }

  /// `Home → List → Web, back to List, swipe back cancelled`, then `ending` if given.
  func rendered(in module: Module, ending: String? = nil) -> String {
    var shown: [Step?] = steps.map { $0 }
    if steps.count > Self.shownSteps {
      let half = Self.shownSteps / 2
      shown = Array(steps.prefix(half)) + [nil] + Array(steps.suffix(half))
    }
    var text = ""
    for step in shown {
      switch step {
      case .launch(let screen)?: text += module[screen].name
      case .push(let screen)?: text += " → \(module[screen].name)"
      case .back(let screen)?: text += ", back to \(module[screen].name)"
      case .swipeCancelled?: text += ", swipe back cancelled"
      case nil: text += " … (\(steps.count - 2 * (Self.shownSteps / 2)) more steps) …"
      }
    }
    // An ending may continue the path with a push (`→ Detail, then tap Back`).
    if let ending { text += (ending.hasPrefix("→ ") ? " " : ", ") + ending }
    return text
  }
}

/// A part of a witness path still to be replayed.
private enum Segment {
  typealias EdgeID = NavigatorExploration.EdgeID

  case step(Witness.Step)
  /// Launch to the edge's configuration, by any path.
  case full(EdgeID)
  /// Launch to the entry of the edge's frame, by any path.
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
}

/// Paths the exploration recorded, for other witnesses to splice in.
struct WitnessReplay {
  let exploration: NavigatorExploration

  /// From the entry of the edge's frame to the edge.
  func local(_ edge: NavigatorExploration.EdgeID) -> [Witness.Step] {
    Replay(exploration: exploration, origin: nil).steps(.local(edge))
  }
}

/// Expands a segment into smaller ones, in path order, from the recorded derivations.
private struct Replay {
  typealias EdgeID = NavigatorExploration.EdgeID

  let exploration: NavigatorExploration
  let origin: OriginSearch?

  func top(_ edge: EdgeID) -> ScreenID {
    exploration.top(ofFrame: exploration.edgeFrame[Int(edge)])
  }

  /// `caller`'s top pushes the frame of `callee`, which pops back.
  func pushAndReturn(_ before: Segment, _ caller: EdgeID, _ inside: Segment, _ callee: EdgeID)
    -> [Segment]
  {
    [before, .step(.push(top(callee))), inside, .step(.back(to: top(caller)))]
  }

  /// Derivations nest as deep as the stack can grow, so they are replayed with an explicit
  /// stack of segments rather than by recursion.
  func steps(_ segment: Segment) -> [Witness.Step] {
    var steps: [Witness.Step] = []
    var pending = [segment]
    while let segment = pending.popLast() {
      if case .step(let step) = segment {
        steps.append(step)
      } else {
        pending += expand(segment).reversed()
      }
    }
    return steps
  }

  func expand(_ segment: Segment) -> [Segment] {
    switch segment {
    case .step:
      return [segment]
    case .full(let edge):
      return [.prefix(edge), .local(edge)]
    case .prefix(let edge):
      let frame = exploration.edgeFrame[Int(edge)]
      let entry = exploration.frameEntryEdge[Int(frame)]
      if case .push(let caller) = exploration.edgeReason[Int(entry)] {
        return [.full(caller), .step(.push(top(edge)))]
      }
      return [.step(.launch(top(edge)))]
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
      return [.prefix(edge), .localWriting(edge)]
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
