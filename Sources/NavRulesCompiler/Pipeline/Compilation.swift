/// One run of the pipeline over a set of files: source → tokens → syntax trees → module →
/// analysis → diagnostics. Every stage's product is kept, so `emit`, `fmt`, `graph` and the
/// language server read the same values `check` does.
public struct Compilation: Sendable {
  public let files: [SourceFile]
  /// The syntax trees, in file order; empty when `Options.keepsSyntaxTrees` is false.
  public let syntax: [SyntaxFile]
  public let module: Module
  /// Every diagnostic, in report order, after suppressions and `disabled` ids are applied.
  public let diagnostics: [Diagnostic]
  /// Whether the front end reported errors; the analysis only runs on a module without them,
  /// because a half-understood rule file would give it false alarms.
  public let hasFrontEndErrors: Bool
  /// How long lexing and parsing, resolving, checking and ordering the diagnostics took.
  public let stageTimes: StageTimes

  /// Options that change which diagnostics are reported.
  public struct Options: Sendable {
    /// Ids to drop (`--disable`).
    public var disabled: Set<DiagnosticID> = []
    /// Whether `syntax` keeps the trees after resolution. A command that only reports
    /// diagnostics does not need them, and they are the largest thing the front end builds
    /// (about 8 bytes per input byte): dropping them before the analysis lowers the peak.
    public var keepsSyntaxTrees: Bool

    public init(disabled: Set<DiagnosticID> = [], keepsSyntaxTrees: Bool = true) {
      self.disabled = disabled
      self.keepsSyntaxTrees = keepsSyntaxTrees
    }
  }

  /// Runs the whole pipeline. The files are taken in sorted path order (as `InputFiles` finds
  /// them), which decides which of two duplicates is "the later one".
  public init(files: [SourceFile], options: Options = Options()) {
    var times = StageTimes()
    let files = files.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    var engine = DiagnosticsEngine()
    var syntax: [SyntaxFile] = []
    var syntaxDiagnostics: [Diagnostic] = []
    // On several threads, with the result of lexing and parsing each file in turn.
    for parsed in ParallelParser.parse(files) {
      syntaxDiagnostics += parsed.diagnostics
      syntax.append(parsed.syntax)
    }
    times.end("parse")
    engine.emit(contentsOf: syntaxDiagnostics)
    let (module, semantic, moduleChecks) = Resolver.resolveDeferringModuleChecks(
      syntax, syntaxDiagnostics: syntaxDiagnostics)
    // Each copy of a list of diagnostics is a few hundred bytes per diagnostic, and hostile
    // input has one every few bytes: the engine holds them from here on.
    syntaxDiagnostics = []
    // Suppressions read only the comments.
    if !options.keepsSyntaxTrees { syntax = syntax.map(\.withoutDirectives) }
    times.end("resolve")
    engine.emit(contentsOf: semantic)
    // The module checks only warn, so they cannot stop the analysis, and they run beside it.
    let frontEndErrors = engine.hasErrors
    // The suppressions' comments are read beside the analysis too, when it runs on several
    // threads: on one, after it (a large file has a comment every few lines, long out of the
    // caches by then).
    var suppressions: [Suppressions.Entry]?
    if frontEndErrors {
      engine.emit(contentsOf: moduleChecks.diagnostics())
    } else if module.screens.count < Checker.minimumParallelScreens {
      // Checked on one thread: nothing to run beside.
      engine.emit(contentsOf: moduleChecks.diagnostics())
      engine.emit(contentsOf: Checker.check(module))
    } else {
      let warnings = ResultSlots<[Diagnostic]>(count: 1)
      let entries = ResultSlots<[Suppressions.Entry]>(count: 1)
      let comments = syntax
      let findings = Checker.check(
        module,
        beside: {
          warnings.set(0, moduleChecks.diagnostics())
          entries.set(0, Suppressions.entries(in: comments))
        })
      engine.emit(contentsOf: warnings.take()[0])
      engine.emit(contentsOf: findings)
      suppressions = entries.take()[0]
    }
    times.end("check")
    var finishing = Finishing(disabled: options.disabled)
    finishing.reportsUnusedSuppressions = !frontEndErrors
    let reported = finishing.finish(
      engine.takeDiagnostics(), suppressions: suppressions ?? Suppressions.entries(in: syntax)
    ).reported
    times.end("order")
    self.files = files
    self.syntax = options.keepsSyntaxTrees ? syntax : []
    self.module = module
    self.diagnostics = reported
    self.hasFrontEndErrors = frontEndErrors
    self.stageTimes = times
  }

  public var errorCount: Int { diagnostics.count { $0.severity == .error } }
  public var warningCount: Int { diagnostics.count { $0.severity == .warning } }
}

extension Compilation {
  /// Names the declaration around a finding, for a baseline (`Baseline`): the screen,
  /// navigator or style whose name is the last one declared before it in its file
  /// (`screen Home`), or "" before the first.
  public func declarationNamer() -> @Sendable (SourceRange) -> String {
    var starts: [ObjectIdentifier: [(offset: Int, name: String)]] = [:]
    func add(_ kind: String, _ name: String, _ range: SourceRange) {
      starts[ObjectIdentifier(range.file), default: []].append(
        (range.bytes.lowerBound, kind + " " + name))
    }
    for screen in module.screens { add("screen", screen.name, screen.nameRange) }
    for navigator in module.navigators { add("navigator", navigator.name, navigator.nameRange) }
    for style in module.styles { add("style", style.name, style.nameRange) }
    let sorted = starts.mapValues { $0.sorted { $0.offset < $1.offset } }
    return { range in
      guard let list = sorted[ObjectIdentifier(range.file)] else { return "" }
      var low = 0
      var high = list.count
      while low < high {
        let middle = (low + high) / 2
        if list[middle].offset <= range.bytes.lowerBound { low = middle + 1 } else { high = middle }
      }
      return low == 0 ? "" : list[low - 1].name
    }
  }
}
