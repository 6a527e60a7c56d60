/// Values a command keeps until the process exits instead of freeing them.
///
/// A large check or scan builds millions of small values (tokens, statements, expressions),
/// and freeing them one by one when the command returns costs a tenth of the run; the process
/// exits right after, so the system takes the memory back at once. (Compilers do the same:
/// clang's `-disable-free`.) Only the command-line entry point uses it; tests and the
/// language server free as usual.
enum ProcessLifetime {
  // `nonisolated(unsafe)`: the entry point sets `isEnabled` before any command runs, and a
  // command keeps its values from the thread that runs it, after its worker threads are done.
  nonisolated(unsafe) private static var kept: [Any] = []
  nonisolated(unsafe) static var isEnabled = false

  static func keep(_ value: Any) {
    if isEnabled { kept.append(value) }
  }
}
