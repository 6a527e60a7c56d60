import NavRulesCompiler

/// The `navrc` command line: parses the subcommand and hands over; no logic of its own.
public enum Navrc {
  /// The process's entry point: runs the command, keeping what it built until the exit
  /// (`ProcessLifetime`), with large blocks returned to the system when freed (`MallocTuning`)
  /// and, for large inputs, on huge pages (`HugePages`, which may start the process again).
  public static func main(_ arguments: [String]) -> Int32 {
    HugePages.restartIfWorthwhile(arguments)
    ProcessLifetime.isEnabled = true
    MallocTuning.apply()
    return run(arguments)
  }

  /// Runs `navrc` with `arguments` (without the program name) and returns the exit status.
  public static func run(_ arguments: [String], io: CommandIO = .standard) -> Int32 {
    guard let first = arguments.first else {
      io.writeError("navrc: missing command; see 'navrc --help'\n")
      return ExitStatus.usage
    }
    let rest = Array(arguments.dropFirst())
    // `navrc COMMAND --help` (or `-h`, before any `--`): that command's usage, whatever else
    // is written.
    if Usage.isRequested(in: rest), let usage = Usage.of(first) {
      io.writeOutput(usage)
      return ExitStatus.success
    }
    do throws(UsageError) {
      switch first {
      case "--help", "-h", "help":
        io.writeOutput(Usage.text)
        return ExitStatus.success
      case "--version":
        io.writeOutput("navrc \(NavrcVersion.current)\n")
        return ExitStatus.success
      case "check":
        return try CheckCommand.run(rest, io: io)
      case "scan":
        return try ScanCommand.run(rest, io: io)
      case "explain":
        return try ExplainCommand.run(rest, io: io)
      case "emit":
        return try EmitCommand.run(rest, io: io)
      case "fmt":
        return try FmtCommand.run(rest, io: io)
      case "graph":
        return try GraphCommand.run(rest, io: io)
      case "lsp":
        return try LSPCommand.run(rest, io: io)
      default:
        throw UsageError("navrc: unknown command '\(first)'; see 'navrc --help'")
      }
    } catch {
      // One line, whatever the paths or arguments it quotes hold.
      io.writeError(TextRenderer.oneLine(error.message) + "\n")
      return ExitStatus.usage
    }
  }
}
