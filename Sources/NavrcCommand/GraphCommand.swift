import NavRulesCompiler

/// `navrc graph [--format dot|mermaid] PATH…`: the navigation graph on standard output.
///
/// Rules with errors are not drawn: their diagnostics are printed on standard error as
/// `navrc check` prints them (text format), and the exit status is 1. Without errors the graph
/// is printed, the declarations with warnings marked in it.
enum GraphCommand {
  static func run(_ arguments: [String], io: CommandIO) throws(UsageError) -> Int32 {
    var format = GraphRenderer.Format.dot
    var list = ArgumentList(command: "graph", arguments: arguments)
    while let option = list.nextOption() {
      switch option {
      case "--format":
        let value = try list.value(for: option)
        guard let chosen = GraphRenderer.Format(rawValue: value) else {
          throw UsageError("navrc graph: unknown format '\(value)'; expected dot or mermaid")
        }
        format = chosen
      default:
        throw list.unknown(option)
      }
    }
    guard !list.positional.isEmpty else {
      throw UsageError("navrc graph: expected at least one PATH; see 'navrc --help'")
    }
    let inputs: InputFiles.Gathered
    do {
      inputs = try InputFiles.gather(list.positional)
    } catch {
      throw UsageError("navrc graph: \(error.description)")
    }
    // Files that cannot be read are reported and the graph drawn from the others; exit 2.
    io.report(inputs.failures, command: "graph")
    let compilation = Compilation(files: inputs.files)
    guard compilation.errorCount == 0 else {
      let findings = Findings(
        diagnostics: compilation.diagnostics, errorCount: compilation.errorCount,
        warningCount: compilation.warningCount)
      CheckCommand.report(findings, options: CheckCommand.Options(), io: io)
      return inputs.failures.isEmpty ? ExitStatus.failure : ExitStatus.usage
    }
    io.writeOutput(GraphRenderer.render(NavigationGraph(compilation), as: format))
    return inputs.failures.isEmpty ? ExitStatus.success : ExitStatus.usage
  }
}
