import NavRulesCompiler
import NavRulesLanguageServer

/// `navrc lsp [--stdio]`: the language server, on standard input and output.
enum LSPCommand {
  static func run(_ arguments: [String], io: CommandIO) throws(UsageError) -> Int32 {
    var list = ArgumentList(command: "lsp", arguments: arguments)
    while let option = list.nextOption() {
      switch option {
      case "--stdio":
        try list.flag(option)  // The only transport; accepted because clients pass it.
      default:
        throw list.unknown(option)
      }
    }
    guard list.positional.isEmpty else {
      throw UsageError("navrc lsp: unexpected argument '\(list.positional[0])'")
    }
    return LanguageServer.runOverStandardIO()
  }
}
