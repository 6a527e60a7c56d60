import NavRulesModel

/// What the rules can read: the module and its numbered hook actions.
struct RuleContext {
  let module: Module
  let hooks: HookTable

  func name(_ screen: ScreenID) -> String { module[screen].name }

  /// The screen whose hook holds `action`.
  func owner(_ action: ActionID) -> ScreenID { hooks[action].screen }

  func range(_ action: ActionID) -> SourceRange { hooks[action].declaration.range }

  /// The action as written, e.g. `popGestureDelegate self`.
  func text(_ action: ActionID) -> String { text(of: range(action)) }

  func text(of range: SourceRange) -> String { range.file.text(range.bytes) }
}

/// A rule checked on every reachable idle configuration.
protocol ConfigurationRule {
  static func check(_ configuration: IdleConfiguration, _ context: RuleContext) -> [Finding]
}

/// A rule checked on the declarations alone.
protocol DeclarationRule {
  static func check(_ context: RuleContext) -> [Finding]
}

/// A problem a rule found, before it becomes a diagnostic.
struct Finding {
  var id: DiagnosticID
  var message: String
  var range: SourceRange
  /// How to reach the problem, for the note; `nil` for declaration rules.
  var path: PathEnding?
  var fixIts: [Diagnostic.FixIt] = []
}

/// The configuration a finding was seen in, and what happens next there.
struct PathEnding {
  var edge: NavigatorExploration.EdgeID
  /// Appended to the path, e.g. `then swipe back`.
  var ending: String
}

/// The first finding of each (id, location), in the order found: exploration is breadth
/// first, so the first witness is a short one.
struct FindingSet {
  private(set) var diagnostics: [Diagnostic] = []
  private var seen: Set<Key> = []

  private struct Key: Hashable {
    var id: DiagnosticID
    var range: SourceRange
  }

  /// Keeps `finding` unless its (id, location) is known; the path note is only rendered for
  /// findings that are kept.
  mutating func insert(
    _ finding: Finding, exploration: NavigatorExploration? = nil, module: Module
  ) {
    guard seen.insert(Key(id: finding.id, range: finding.range)).inserted else { return }
    var notes: [Diagnostic.Note] = []
    if let path = finding.path, let exploration {
      let navigator = module[exploration.navigator]
      let witness = Witness(to: path.edge, in: exploration)
      notes.append(
        Diagnostic.Note(
          "in navigator '\(navigator.name)': \(witness.rendered(in: module, ending: path.ending))",
          at: navigator.nameRange))
    }
    diagnostics.append(
      Diagnostic(
        finding.id, finding.message, at: finding.range, notes: notes, fixIts: finding.fixIts))
  }
}
