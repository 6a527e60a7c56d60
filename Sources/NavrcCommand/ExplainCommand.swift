import NavRulesCompiler

/// `navrc explain [ID]`: the long form of a diagnostic, or the list of ids.
enum ExplainCommand {
  static func run(_ arguments: [String], io: CommandIO) throws(UsageError) -> Int32 {
    var list = ArgumentList(command: "explain", arguments: arguments)
    if let option = list.nextOption() { throw list.unknown(option) }
    let names = list.positional
    guard let name = names.first else {
      io.writeOutput(catalogue())
      return ExitStatus.success
    }
    guard names.count == 1 else {
      throw UsageError("navrc explain: expected one diagnostic id, got \(names.count)")
    }
    guard let id = DiagnosticID(rawValue: name) else {
      var message = "navrc explain: unknown diagnostic id '\(name)'"
      let close = DiagnosticID.allCases.map(\.rawValue).filter {
        $0.contains(name) || name.contains($0)
      }
      if let suggestion = close.first { message += "; did you mean '\(suggestion)'?" }
      throw UsageError(message + "; 'navrc explain' lists them")
    }
    io.writeOutput(Explanation.of(id).text())
    return ExitStatus.success
  }

  /// Every id with its severity and summary.
  static func catalogue() -> String {
    let width = DiagnosticID.allCases.map(\.rawValue.count).max() ?? 0
    var output = "Diagnostics (navrc explain ID for details):\n\n"
    for id in DiagnosticID.allCases {
      let padding = String(repeating: " ", count: width - id.rawValue.count)
      output +=
        "  \(id.rawValue)\(padding)  \(id.defaultSeverity.rawValue.padding(7))  \(id.summary)\n"
    }
    return output
  }
}

extension String {
  fileprivate func padding(_ width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }
}
