import NavRulesModel

/// What the rules can read: the module and its numbered hook actions.
///
/// A class of constants: rules read it on every configuration they check, from the threads
/// that check a module's navigators.
final class RuleContext: Sendable {
  let module: Module
  let hooks: HookTable

  init(module: Module, hooks: HookTable) {
    self.module = module
    self.hooks = hooks
  }

  /// How messages name `screen`: by its name in a rule file, by its class in a scanned app.
  func name(_ screen: ScreenID) -> String { module.displayName(screen) }

  /// How messages name `navigator`, as `name(_:)` names screens.
  func name(_ navigator: NavigatorID) -> String { module.displayName(navigator) }

  /// The screen whose hook holds `action`.
  func owner(_ action: ActionID) -> ScreenID? {
    if case .screen(let screen) = hooks.owner(of: action) { screen } else { nil }
  }

  /// How messages name whose code an action is: `'Form'`, or `navigator 'Main'`.
  func ownerName(_ action: ActionID) -> String {
    switch hooks.owner(of: action) {
    case .screen(let screen): "'\(name(screen))'"
    case .navigator(let navigator): "navigator '\(name(navigator))'"
    }
  }

  /// Appends what `ownerName` returns to `text`, without making it a `String` first.
  func appendOwnerName(_ action: ActionID, to text: inout UTF8Text) {
    switch hooks.owner(of: action) {
    case .screen(let screen):
      text.append("'")
      text.append(name(screen))
      text.append("'")
    case .navigator(let navigator):
      text.append("navigator '")
      text.append(name(navigator))
      text.append("'")
    }
  }

  /// The range of the owner's declarative `popGesture`, which a fix-it may replace.
  func ownerPopGesture(_ action: ActionID) -> SourceRange? {
    switch hooks.owner(of: action) {
    case .screen(let screen): module[screen].popGesture?.range
    case .navigator(let navigator): module[navigator].popGesture?.range
    }
  }

  func range(_ action: ActionID) -> SourceRange { hooks.declaration(of: action).range }

  /// The action as written, e.g. `popGestureDelegate self`.
  func text(_ action: ActionID) -> String { text(of: range(action)) }

  func text(of range: SourceRange) -> String { range.file.text(range.bytes) }
}

/// A rule checked on every reachable idle configuration.
protocol ConfigurationRule: Sendable {
  /// Whether the rule can fire on a configuration with `screen` on top. Asked once per
  /// screen, so that `check` runs only on the path edges whose top it concerns: reading the
  /// top's declaration on every path edge cost a cache miss each once the module outgrew the
  /// cache (200,000 screens of 208 bytes, then; 224 now).
  static func concerns(_ screen: ScreenID, in module: Module) -> Bool

  /// `known` holds the findings so far: a finding whose (id, location) it knows would be
  /// dropped, so the rule need not build its message.
  static func check(
    _ configuration: IdleConfiguration, _ context: RuleContext, known: FindingSet
  ) -> Finding?
}

/// A rule that blames the action whose value of `field` is in effect in a configuration; it
/// fires at most once per action.
protocol OriginRule: Sendable {
  static var field: StateField { get }
  /// Which configurations holding the writer's value the rule can fire in: the scheduler
  /// searches a writer only for the rules whose scope some configuration holds its value in.
  static var scope: BlameScope { get }
  /// Whether the rule is about values such as the one `action` writes.
  static func blames(_ action: HookAction) -> Bool
  /// The finding for `writer`'s value being in effect in `configuration`, if that is wrong.
  static func check(
    _ configuration: IdleConfiguration, writer: ActionID, _ context: RuleContext
  ) -> Finding?
}

/// Where an origin rule's value must be in effect for it to fire, judged by the top screen
/// and depth alone (`BlameCandidates`).
enum BlameScope: Sendable {
  /// The root alone on the stack.
  case rootAlone
  /// Deeper than the root, under another screen than the writer's.
  case deeperUnderAnotherScreen
  /// Deeper than the root, under any screen, the writer's own included.
  case deeperUnderAnyScreen
  /// Under another screen than the writer's, at any depth.
  case underAnotherScreen
}

/// A rule checked on the declarations alone.
protocol DeclarationRule: Sendable {
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
  /// The action whose value the path must leave in effect, for blame findings.
  var writer: ActionID? = nil
}

/// The first finding of each (id, location), in the order found: exploration is breadth
/// first, so the first witness is a short one.
struct FindingSet {
  private(set) var diagnostics: [Diagnostic] = []
  private var seen = FindingKeys()

  /// Whether a finding of `id` at `range` is known, so another would be dropped.
  func contains(_ id: DiagnosticID, at range: SourceRange) -> Bool {
    seen.contains(id, at: range)
  }

  /// Keeps, in order, the diagnostics of `later` (from another set) whose (id, location) is not
  /// known: what inserting their findings after this set's one by one would have kept.
  mutating func append(contentsOf later: some Sequence<Diagnostic>) {
    for diagnostic in later where seen.insert(diagnostic.id, at: diagnostic.range) {
      diagnostics.append(diagnostic)
    }
  }

  /// `append(contentsOf: later.diagnostics[range])`, moving each diagnostic kept out of `later`
  /// rather than copying it; `placeholder` takes its place there.
  ///
  /// A copy retained the diagnostic's message, notes and fix-its, and letting `later` go
  /// released them again, all long out of the caches: the checker merges its tasks' findings
  /// on one thread.
  mutating func append(
    takingFrom later: inout FindingSet, _ range: Range<Int>, placeholder: Diagnostic
  ) {
    later.diagnostics.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      for index in range where seen.insert(buffer[index].id, at: buffer[index].range) {
        diagnostics.append((base + index).move())
        (base + index).initialize(to: placeholder)
      }
    }
  }

  /// Keeps a finding whose path was found by other means, unless its (id, location) is known.
  mutating func insert(
    _ finding: Finding, note witness: Witness, navigator: NavigatorID, module: Module,
    ending: String
  ) {
    guard seen.insert(finding.id, at: finding.range) else { return }
    let note = Self.note(witness, in: navigator, module: module, ending: ending)
    diagnostics.append(
      Diagnostic(
        finding.id, finding.message, at: finding.range, notes: [note], fixIts: finding.fixIts))
  }

  /// Keeps `finding` unless its (id, location) is known; the path note is only built for
  /// findings that are kept.
  @discardableResult
  mutating func insert(
    _ finding: Finding, witnesses: WitnessBuilder? = nil, origin: OriginSearch? = nil,
    module: Module
  ) -> Bool {
    guard seen.insert(finding.id, at: finding.range) else { return false }
    // One array of the note, made at once rather than grown from empty.
    let notes: [Diagnostic.Note]
    if let path = finding.path, let witnesses {
      let witness = witnesses.witness(
        to: path.edge, origin: path.writer == nil ? nil : origin, writer: path.writer)
      notes = [
        Self.note(
          witness, in: witnesses.exploration.navigator, module: module, ending: path.ending)
      ]
    } else {
      notes = []
    }
    diagnostics.append(
      Diagnostic(
        finding.id, finding.message, at: finding.range, notes: notes, fixIts: finding.fixIts))
    return true
  }

  /// `in navigator 'Main': Home → List, then swipe back` (`in navigation controller
  /// 'UINavigationController': …` in a scanned app, by class), at the navigator's name, made as
  /// UTF-8 and turned into a `String` once (`Witness.render`). The navigator's fields are read
  /// in place: a copy of the `Navigator` retained and released each of its references.
  private static func note(
    _ witness: Witness, in navigator: NavigatorID, module: Module, ending: String
  ) -> Diagnostic.Note {
    var text = UTF8Text(capacity: 256)
    text.append("in ")
    text.append(module[navigator].kindName)
    text.append(" '")
    text.append(module.displayName(navigator))
    text.append("': ")
    witness.render(into: &text, in: module, ending: ending)
    return Diagnostic.Note(text.string, at: module[navigator].nameRange)
  }
}
