import NavRulesCompiler

/// `navrc graph [--format dot|mermaid] PATH…`: the navigation graph on standard output.
///
/// The graph is printed even when the rules have errors (the declarations with problems are
/// marked in it); the exit status is then 1, as for `check`.
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
    io.writeOutput(GraphRenderer.render(NavigationGraph(compilation), as: format))
    if !inputs.failures.isEmpty { return ExitStatus.usage }
    return compilation.errorCount > 0 ? ExitStatus.failure : ExitStatus.success
  }
}
