import NavRulesModel

/// A concrete navigation path to a configuration, replayed from the derivations the
/// exploration recorded, for the note on each checker diagnostic.
struct Witness {
  enum Step: Equatable {
    case launch(ScreenID)
    case push(ScreenID)
    /// A pop (back tap or programmatic) or a completed swipe revealing the screen.
    case back(to: ScreenID, via: Transition)
    case swipeCancelled
  }

  /// Paths longer than this are shown with their middle elided.
  static let shownSteps = 24

  let steps: [Step]

  /// The steps from launch to the idle configuration of `edge`.
  init(to edge: NavigatorExploration.EdgeID, in exploration: NavigatorExploration) {
    // Derivations nest as deep as the stack can grow, so they are replayed with an explicit
    // stack of tasks rather than by recursion.
    enum Task {
      case full(NavigatorExploration.EdgeID)
      case local(NavigatorExploration.EdgeID)
      case step(Step)
    }
    var steps: [Step] = []
    var tasks: [Task] = [.full(edge)]
    while let task = tasks.popLast() {
      switch task {
      case .step(let step):
        steps.append(step)
      case .full(let edge):
        let frame = exploration.frames[Int(exploration.edges[Int(edge)].frame)]
        tasks.append(.local(edge))
        if frame.below == nil {
          tasks.append(.step(.launch(frame.top)))
        } else if case .push(let caller) = exploration.edges[Int(frame.entryEdge)].reason {
          tasks.append(.step(.push(frame.top)))
          tasks.append(.full(caller))
        }
      case .local(let edge):
        switch exploration.edges[Int(edge)].reason {
        case .launch, .push:
          break
        case .cancelled(let from):
          tasks.append(.step(.swipeCancelled))
          tasks.append(.local(from))
        case .returned(let caller, let callee, let via):
          let callerTop = exploration.frames[Int(exploration.edges[Int(caller)].frame)].top
          let calleeTop = exploration.frames[Int(exploration.edges[Int(callee)].frame)].top
          tasks.append(.step(.back(to: callerTop, via: via)))
          tasks.append(.local(callee))
          tasks.append(.step(.push(calleeTop)))
          tasks.append(.local(caller))
        }
      }
    }
    self.steps = steps
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
      case .back(let screen, .swipeCompleted)?: text += ", swipe back to \(module[screen].name)"
      case .back(let screen, _)?: text += ", back to \(module[screen].name)"
      case .swipeCancelled?: text += ", swipe back cancelled"
      case nil: text += " … (\(steps.count - 2 * (Self.shownSteps / 2)) more steps) …"
      }
    }
    if let ending { text += ", " + ending }
    return text
  }
}
