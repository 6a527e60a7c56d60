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
    let compilation = Compilation(files: files, options: .init(keepsSyntaxTrees: false))
    report(compilation, io: io)
    guard compilation.errorCount == 0,
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
  static func report(_ compilation: Compilation, io: CommandIO) {
    guard !compilation.diagnostics.isEmpty else { return }
    TextRenderer(isTerminal: io.errorIsTerminal).render(
      compilation.diagnostics, write: io.writeError)
    io.writeError(
      TextRenderer.summary(errors: compilation.errorCount, warnings: compilation.warningCount)
        + "\n")
  }
}
