import NavRulesCompiler

/// `navrc fmt [--check] PATH…`: rewrites files in the canonical layout, in place.
///
/// With `--check` nothing is written: the files that would change are named on standard output
/// and the exit status is 1. Files with syntax errors are left untouched and their diagnostics
/// printed (exit status 1).
enum FmtCommand {
  static func run(_ arguments: [String], io: CommandIO) throws(UsageError) -> Int32 {
    var check = false
    var list = ArgumentList(command: "fmt", arguments: arguments)
    while let option = list.nextOption() {
      switch option {
      case "--check":
        try list.flag(option)
        check = true
      default:
        throw list.unknown(option)
      }
    }
    guard !list.positional.isEmpty else {
      throw UsageError("navrc fmt: expected at least one PATH; see 'navrc --help'")
    }
    let inputs: InputFiles.Gathered
    do {
      inputs = try InputFiles.gather(list.positional)
    } catch {
      throw UsageError("navrc fmt: \(error.description)")
    }
    // Files that cannot be read are reported and the others formatted; exit status 2.
    io.report(inputs.failures, command: "fmt")
    let files = inputs.files
    var failed = false
    let renderer = TextRenderer(isTerminal: io.errorIsTerminal)
    for file in files {
      // The path as printed: escaped, so that no file name can forge a line of output.
      let shown = TextRenderer.oneLine(file.path)
      switch Formatter.format(file) {
      case .syntaxErrors(let diagnostics):
        failed = true
        renderer.render(diagnostics.sorted(by: Diagnostic.reportOrder), write: io.writeErrorBytes)
        io.writeError("navrc fmt: \(shown) not formatted: fix the syntax errors first\n")
      case .refused(let reason):
        failed = true
        io.writeError(
          "navrc fmt: \(shown) left unchanged: \(reason) (a formatter bug; please report it)\n")
      case .unsupported(let reason):
        failed = true
        io.writeError("navrc fmt: \(shown) left unchanged: \(reason)\n")
      case .formatted(let text):
        guard Array(text.utf8) != file.bytes else { continue }
        if check {
          failed = true
          io.writeOutput(shown + "\n")
        } else {
          do {
            _ = try OutputFileWriter.write(text, to: file.path)
          } catch {
            throw UsageError(
              "navrc fmt: cannot write '\(shown)': \(TextRenderer.oneLine(error.description))")
          }
        }
      }
    }
    if !inputs.failures.isEmpty { return ExitStatus.usage }
    return failed ? ExitStatus.failure : ExitStatus.success
  }
}
