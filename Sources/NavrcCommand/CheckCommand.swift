import NavRulesCompiler

/// `navrc check [--format F] [--warnings-as-errors] [--disable ID]… [--quiet] PATH…`.
enum CheckCommand {
  enum Format: String, CaseIterable {
    case text
    case json
    case sarif
    case github
  }

  /// The options `check` and `scan` share.
  struct Options {
    var format = Format.text
    var warningsAsErrors = false
    var disabled: Set<DiagnosticID> = []
    var quiet = false
    /// `--ways-back`: the ways-back audit after the diagnostics (docs/scan.md#every-way-back).
    var waysBack = false
    var paths: [String] = []
    /// `--config FILE`: the configuration read instead of the `.navrc` found above the inputs.
    var configPath: String?
    /// `--no-config`: no configuration file at all.
    var ignoresConfig = false
    /// `--baseline FILE`: findings recorded there are not reported.
    var baseline: String?
    /// `--write-baseline FILE`: records the findings of this run there.
    var writeBaseline: String?
    /// `--strict-baseline`: a recorded finding that is gone is an error.
    var strictBaseline = false

    /// Reads `option` (and its value) when it is one of the shared options; false otherwise.
    mutating func read(_ option: String, from list: inout ArgumentList) throws(UsageError) -> Bool {
      switch option {
      case "--format":
        let value = try list.value(for: option)
        guard let format = Format(rawValue: value) else {
          throw UsageError(
            "navrc \(list.command): unknown format '\(value)'; expected text, json, sarif or github"
          )
        }
        self.format = format
      case "--warnings-as-errors":
        try list.flag(option)
        warningsAsErrors = true
      case "--quiet", "-q":
        try list.flag(option)
        quiet = true
      case "--disable":
        for name in try list.value(for: option).split(separator: ",") {
          disabled.insert(try CheckCommand.diagnosticID(String(name), command: list.command))
        }
      case "--config":
        configPath = try list.value(for: option)
      case "--no-config":
        try list.flag(option)
        ignoresConfig = true
      case "--baseline":
        baseline = try list.value(for: option)
      case "--write-baseline":
        writeBaseline = try list.value(for: option)
      case "--strict-baseline":
        try list.flag(option)
        strictBaseline = true
      case "--ways-back":
        try list.flag(option)
        waysBack = true
      default:
        return false
      }
      return true
    }

    /// The positional arguments; none is allowed here, as a configuration file may list
    /// them (`applyConfiguration` requires at least one in the end).
    mutating func readPaths(from list: ArgumentList) throws(UsageError) {
      paths = list.positional
      if configPath != nil, ignoresConfig {
        throw UsageError("navrc \(list.command): --config and --no-config contradict each other")
      }
    }
  }

  static func run(_ arguments: [String], io: CommandIO) throws(UsageError) -> Int32 {
    var options = try parse(arguments)
    let configuration = try options.applyConfiguration(command: "check", io: io)
    var times = StageTimes()
    let inputs: InputFiles.Gathered
    do {
      inputs = try InputFiles.gather(options.paths)
    } catch {
      throw UsageError("navrc check: \(error.description)")
    }
    times.end("read")
    // Files that cannot be read are reported and the others still checked; the run then
    // exits with status 2, whatever the diagnostics.
    io.report(inputs.failures, command: "check")
    let compilation = Compilation(
      files: inputs.files, options: .init(disabled: options.disabled, keepsSyntaxTrees: false))
    ProcessLifetime.keep(compilation)
    times.append(compilation.stageTimes)
    let findings = try Findings.finish(
      compilation.diagnostics, configuration: configuration, options: options,
      declaration: compilation.declarationNamer(), inputs: inputs.files, command: "check",
      io: io)
    // Only over a module the checker explored: with front-end errors there is none.
    let waysBack =
      options.waysBack && !compilation.hasFrontEndErrors
      ? WaysBackAudit.audit(compilation.module, enforcer: .runtime) : nil
    report(findings, waysBack: waysBack, options: options, io: io)
    times.end("report")
    if EnvironmentVariable.value("NAVRC_STAGE_TIMES") == "1" {
      io.writeError("navrc: stage times: \(times.summary)\n")
    }
    if !inputs.failures.isEmpty { return ExitStatus.usage }
    return findings.failed(warningsAsErrors: options.warningsAsErrors)
      ? ExitStatus.failure : ExitStatus.success
  }

  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var list = ArgumentList(command: "check", arguments: arguments)
    while let option = list.nextOption() {
      guard try options.read(option, from: &list) else { throw list.unknown(option) }
    }
    try options.readPaths(from: list)
    return options
  }

  /// A `--disable` argument of `command` (`check` or `scan`): an id a user may turn off.
  static func diagnosticID(_ name: String, command: String) throws(UsageError) -> DiagnosticID {
    guard let id = DiagnosticID(rawValue: name) else {
      throw UsageError("navrc \(command): unknown diagnostic id '\(name)'; see 'navrc explain'")
    }
    guard !(id.isFrontEnd && id.defaultSeverity == .error) else {
      throw UsageError(
        "navrc \(command): '\(name)' cannot be disabled: it means the rule file was not understood"
      )
    }
    return id
  }

  static func report(
    _ findings: Findings, waysBack: WaysBackReport? = nil, options: Options, io: CommandIO
  ) {
    let diagnostics = findings.diagnostics
    for line in findings.goneLines { io.writeError(line) }
    switch options.format {
    case .text:
      TextRenderer(isTerminal: io.errorIsTerminal).render(diagnostics, write: io.writeErrorBytes)
      if !(options.quiet && diagnostics.isEmpty && findings.goneLines.isEmpty) {
        io.writeError(
          TextRenderer.summary(errors: findings.errorCount, warnings: findings.warningCount)
            + "\n")
      }
      if let waysBack { io.writeError(waysBack.text) }
    case .json:
      io.writeOutput(
        JSONRenderer.render(diagnostics, extraMembers: waysBack.map { [$0.jsonMember] } ?? []))
    case .sarif:
      io.writeOutput(
        SARIFRenderer.render(
          diagnostics, workingDirectory: PathNames.currentDirectory()))
    case .github:
      io.writeOutput(GitHubRenderer.render(diagnostics))
    }
  }
}
