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
    var paths: [String] = []

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
          disabled.insert(try CheckCommand.diagnosticID(String(name)))
        }
      default:
        return false
      }
      return true
    }

    /// The positional arguments, at least one.
    mutating func readPaths(from list: ArgumentList) throws(UsageError) {
      paths = list.positional
      guard !paths.isEmpty else {
        throw UsageError("navrc \(list.command): expected at least one PATH; see 'navrc --help'")
      }
    }
  }

  static func run(_ arguments: [String], io: CommandIO) throws(UsageError) -> Int32 {
    let options = try parse(arguments)
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
    report(compilation, options: options, io: io)
    times.end("report")
    if EnvironmentVariable.value("NAVRC_STAGE_TIMES") == "1" {
      io.writeError("navrc: stage times: \(times.summary)\n")
    }
    let failed =
      compilation.errorCount > 0 || (options.warningsAsErrors && compilation.warningCount > 0)
    if !inputs.failures.isEmpty { return ExitStatus.usage }
    return failed ? ExitStatus.failure : ExitStatus.success
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

  /// A `--disable` argument: an id a user may turn off.
  static func diagnosticID(_ name: String) throws(UsageError) -> DiagnosticID {
    guard let id = DiagnosticID(rawValue: name) else {
      throw UsageError("navrc check: unknown diagnostic id '\(name)'; see 'navrc explain'")
    }
    guard !(id.isFrontEnd && id.defaultSeverity == .error) else {
      throw UsageError(
        "navrc check: '\(name)' cannot be disabled: it means the rule file was not understood")
    }
    return id
  }

  static func report(_ compilation: Compilation, options: Options, io: CommandIO) {
    let diagnostics = compilation.diagnostics
    switch options.format {
    case .text:
      TextRenderer(isTerminal: io.errorIsTerminal).render(diagnostics, write: io.writeErrorBytes)
      if !(options.quiet && diagnostics.isEmpty) {
        io.writeError(
          TextRenderer.summary(errors: compilation.errorCount, warnings: compilation.warningCount)
            + "\n")
      }
    case .json:
      io.writeOutput(JSONRenderer.render(diagnostics))
    case .sarif:
      io.writeOutput(
        SARIFRenderer.render(
          diagnostics, workingDirectory: PathNames.currentDirectory()))
    case .github:
      io.writeOutput(GitHubRenderer.render(diagnostics))
    }
  }
}
