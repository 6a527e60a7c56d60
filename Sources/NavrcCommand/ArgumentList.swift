/// A cursor over a subcommand's arguments: options in `--name value` or `--name=value`
/// form, flags, and positional paths (everything after `--` is positional).
struct ArgumentList {
  private var remaining: [String]
  private(set) var positional: [String] = []
  let command: String

  init(command: String, arguments: [String]) {
    self.command = command
    self.remaining = arguments
  }

  /// The next option or flag name, or `nil` when only positionals remain; positionals met on
  /// the way are collected.
  mutating func nextOption() -> String? {
    while let argument = remaining.first {
      remaining.removeFirst()
      if argument == "--" {
        positional += remaining
        remaining = []
        return nil
      }
      if argument.hasPrefix("-"), argument != "-" {
        if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
          remaining.insert(String(argument[argument.index(after: equals)...]), at: 0)
          pendingInlineValue = true
          return String(argument[..<equals])
        }
        pendingInlineValue = false
        return argument
      }
      positional.append(argument)
    }
    return nil
  }

  private var pendingInlineValue = false

  /// The value of the option just returned by `nextOption()`.
  mutating func value(for option: String) throws(UsageError) -> String {
    guard let value = remaining.first, pendingInlineValue || !value.hasPrefix("-") || value == "-"
    else {
      throw UsageError("navrc \(command): option '\(option)' needs a value")
    }
    remaining.removeFirst()
    pendingInlineValue = false
    return value
  }

  /// Rejects an inline `=value` on a flag that takes none.
  mutating func flag(_ option: String) throws(UsageError) {
    if pendingInlineValue {
      throw UsageError("navrc \(command): flag '\(option)' does not take a value")
    }
  }

  func unknown(_ option: String) -> UsageError {
    UsageError("navrc \(command): unknown option '\(option)'; see 'navrc --help'")
  }
}
