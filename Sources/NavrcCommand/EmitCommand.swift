import NavRulesCompiler

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `navrc emit [--type-name NAME] [--access public|internal] -o OUT.swift PATH…`; `-o -`
/// writes to standard output.
enum EmitCommand {
  struct Options {
    var emit = EmitOptions()
    var output: String?
    var paths: [String] = []
    /// `--config FILE` / `--no-config`, as for `check`.
    var configPath: String?
    var ignoresConfig = false
  }

  static func run(_ arguments: [String], io: CommandIO) throws(UsageError) -> Int32 {
    let options = try parse(arguments)
    guard let output = options.output else {
      throw UsageError("navrc emit: expected '-o OUT.swift'; see 'navrc --help'")
    }
    // `-o -`: standard output.
    let toStandardOutput = output == "-"
    // `-o rules.navrules` is a slip of the keyboard that would replace a rule file with Swift.
    if !toStandardOutput,
      PathNames.pathExtension(ofName: PathNames.lastComponent(output)).lowercased()
        == InputFiles.fileExtension
    {
      throw UsageError(
        "navrc emit: refusing to write Swift to '\(output)', a .\(InputFiles.fileExtension) file;"
          + " name the output NAME.swift")
    }
    let inputs: InputFiles.Gathered
    do {
      inputs = try InputFiles.gather(options.paths)
    } catch {
      throw UsageError("navrc emit: \(error.description)")
    }
    // Without every file the module is incomplete: write nothing.
    guard inputs.failures.isEmpty else {
      io.report(inputs.failures, command: "emit")
      return ExitStatus.usage
    }
    let files = inputs.files
    if !toStandardOutput {
      // Before the work, then again as it writes.
      try checkOutput(output, inputs: files)
    }
    // The `.navrc` above the rule files (the build plugin's run finds it so): its disabled ids
    // and severities decide, as for `check`, whether there are errors.
    var shared = CheckCommand.Options()
    shared.paths = options.paths
    shared.configPath = options.configPath
    shared.ignoresConfig = options.ignoresConfig
    let configuration = try shared.applyConfiguration(command: "emit", io: io)
    let compilation = Compilation(
      files: files, options: .init(disabled: shared.disabled, keepsSyntaxTrees: false))
    let diagnostics = configuration.applySeverities(to: compilation.diagnostics)
    report(diagnostics, io: io)
    guard !diagnostics.contains(where: { $0.severity == .error }),
      let content = SwiftEmitter.emit(compilation.module, options: options.emit)
    else { return ExitStatus.failure }
    if toStandardOutput {
      io.writeOutput(content)
      return ExitStatus.success
    }
    do {
      _ = try OutputFileWriter.write(
        content, to: output, inputs: files.map(\.path), refusedExtension: InputFiles.fileExtension)
    } catch {
      throw usageError(error, output: output)
    }
    return ExitStatus.success
  }

  /// Refuses an output that reaches an input or a rule file (the check is made on the file
  /// the write reaches, through any links).
  static func checkOutput(_ output: String, inputs: [SourceFile]) throws(UsageError) {
    do {
      try OutputFileWriter.check(
        output, inputs: inputs.map(\.path), refusedExtension: InputFiles.fileExtension)
    } catch {
      throw usageError(error, output: output)
    }
  }

  static func usageError(_ error: OutputFileWriter.Failure, output: String) -> UsageError {
    switch error.kind {
    case .isInput:
      UsageError("navrc emit: refusing to write to '\(output)': it is one of the inputs")
    case .refusedExtension(let resolved):
      UsageError(
        "navrc emit: refusing to write Swift to '\(output)': it leads to '\(resolved)', a"
          + " .\(InputFiles.fileExtension) file")
    case .system:
      UsageError("navrc emit: \(error.description)")
    }
  }

  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var list = ArgumentList(command: "emit", arguments: arguments)
    while let option = list.nextOption() {
      switch option {
      case "-o", "--output":
        options.output = try list.value(for: option)
      case "--type-name":
        let name = try list.value(for: option)
        guard SwiftNames.isValidTypeName(name) else {
          throw UsageError(
            "navrc emit: '\(name)' cannot name the generated type; "
              + "expected a Swift identifier that is not a keyword")
        }
        options.emit.typeName = name
      case "--access":
        let value = try list.value(for: option)
        guard let access = EmitOptions.AccessLevel(rawValue: value) else {
          throw UsageError(
            "navrc emit: unknown access level '\(value)'; expected public or internal")
        }
        options.emit.access = access
      case "--config":
        options.configPath = try list.value(for: option)
      case "--no-config":
        try list.flag(option)
        options.ignoresConfig = true
      default:
        throw list.unknown(option)
      }
    }
    options.paths = list.positional
    guard !options.paths.isEmpty else {
      throw UsageError("navrc emit: expected at least one PATH; see 'navrc --help'")
    }
    return options
  }

  /// Diagnostics as `check` prints them, on stderr; nothing when there are none.
  static func report(_ diagnostics: [Diagnostic], io: CommandIO) {
    guard !diagnostics.isEmpty else { return }
    TextRenderer(isTerminal: io.errorIsTerminal).render(diagnostics, write: io.writeError)
    io.writeError(
      TextRenderer.summary(
        errors: diagnostics.count { $0.severity == .error },
        warnings: diagnostics.count { $0.severity == .warning }) + "\n")
  }
}
