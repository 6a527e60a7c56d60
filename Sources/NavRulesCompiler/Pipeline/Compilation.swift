/// One run of the pipeline over a set of files: source → tokens → syntax trees → module →
/// analysis → diagnostics. Every stage's product is kept, so `emit`, `fmt`, `graph` and the
/// language server read the same values `check` does.
public struct Compilation: Sendable {
  public let files: [SourceFile]
  public let syntax: [SyntaxFile]
  public let module: Module
  /// Every diagnostic, in report order, after suppressions and `disabled` ids are applied.
  public let diagnostics: [Diagnostic]
  /// Whether the front end reported errors; the analysis only runs on a module without them,
  /// because a half-understood rule file would give it false alarms.
  public let hasFrontEndErrors: Bool

  /// Options that change which diagnostics are reported.
  public struct Options: Sendable {
    /// Ids to drop (`--disable`).
    public var disabled: Set<DiagnosticID> = []

    public init(disabled: Set<DiagnosticID> = []) {
      self.disabled = disabled
    }
  }

  /// Runs the whole pipeline. `files` should be in sorted path order (see `InputFiles`).
  public init(files: [SourceFile], options: Options = Options()) {
    var engine = DiagnosticsEngine()
    var syntax: [SyntaxFile] = []
    var hasSyntaxErrors = false
    for file in files {
      let (tokens, lexical) = Lexer.lex(file)
      let (tree, parse) = Parser.parse(tokens)
      hasSyntaxErrors = hasSyntaxErrors || !lexical.isEmpty || !parse.isEmpty
      engine.emit(contentsOf: lexical)
      engine.emit(contentsOf: parse)
      syntax.append(tree)
    }
    let (module, semantic) = Resolver.resolve(syntax, hasSyntaxErrors: hasSyntaxErrors)
    engine.emit(contentsOf: semantic)
    let frontEndErrors = engine.hasErrors
    if !frontEndErrors {
      engine.emit(contentsOf: Checker.check(module))
    }
    var reported = engine.diagnostics.filter { !options.disabled.contains($0.id) }
    reported = Suppressions.apply(
      to: reported, comments: syntax, disabled: options.disabled, reportUnused: !frontEndErrors)
    self.files = files
    self.syntax = syntax
    self.module = module
    self.diagnostics = reported.sorted(by: Diagnostic.reportOrder)
    self.hasFrontEndErrors = frontEndErrors
  }

  public var errorCount: Int { diagnostics.count { $0.severity == .error } }
  public var warningCount: Int { diagnostics.count { $0.severity == .warning } }
}
