/// `navrc --help`, and `navrc COMMAND --help` (`-h`): the usage of every command, or of one.
///
/// Both are put together from the same pieces, so a command's own usage is exactly its part
/// of the whole.
enum Usage {
  /// A command's part of the usage.
  struct Command {
    var name: String
    /// What it does, in one line (its own usage's overview).
    var overview: String
    /// Its usage lines, as listed under USAGE (without the indentation).
    var usage: [String]
    /// Whether it takes PATHs (which the paragraph about PATH explains).
    var takesPaths: Bool
    /// The headings of the option sections that apply to it.
    var optionSections: [String]
    /// What its exit status 1 means, when it has the usual three; nil when it has not.
    var failure: String?
  }

  static let overview =
    "OVERVIEW: Check navigation rules for UIKit apps and compile them to Swift.\n\n"

  static let commands: [Command] = [
    Command(
      name: "check", overview: "Check rule files and report their mistakes and traps.",
      usage: [
        "navrc check [--format text|json|sarif|github] [--warnings-as-errors] [--disable ID]… [--quiet]",
        "            [--config FILE] [--baseline FILE] [--write-baseline FILE] [--ways-back] PATH…",
      ],
      takesPaths: true, optionSections: ["CHECK OPTIONS"], failure: checkFailure),
    Command(
      name: "scan",
      overview: "Run the same checks on an app's Swift and Objective-C code (PATH: its code).",
      usage: [
        "navrc scan  [--format F] [--warnings-as-errors] [--disable ID]… [--rules OUT.navrules]",
        "            [--root CLASS]… [--exclude GLOB]… [--fix] [--ways-back]",
        "            [--cache-path DIR | --no-cache] PATH…",
      ],
      takesPaths: false, optionSections: ["SCAN OPTIONS", "CHECK OPTIONS"],
      failure: checkFailure),
    Command(
      name: "emit", overview: "Compile rule files to Swift tables for the NavRules runtime.",
      usage: ["navrc emit  [--type-name NAME] [--access public|internal] -o OUT.swift PATH…"],
      takesPaths: true, optionSections: ["EMIT OPTIONS"],
      failure: "errors found (and nothing written)"),
    Command(
      name: "fmt", overview: "Rewrite rule files in the canonical layout, in place.",
      usage: ["navrc fmt   [--check] PATH…"],
      takesPaths: true, optionSections: ["FMT OPTIONS"],
      failure: "a file has syntax errors, or --check found a file to change"),
    Command(
      name: "graph", overview: "Print the navigation graph of rule files (Graphviz or Mermaid).",
      usage: ["navrc graph [--format dot|mermaid] PATH…"],
      takesPaths: true, optionSections: ["GRAPH OPTIONS"],
      failure: "errors found (printed on stderr, and no graph)"),
    Command(
      name: "explain", overview: "Explain a diagnostic id; without one, list them all.",
      usage: ["navrc explain ID"],
      takesPaths: false, optionSections: [], failure: nil),
    Command(
      name: "lsp",
      overview: "Run the language server (LSP) over standard input and output.",
      usage: ["navrc lsp   [--stdio]"],
      takesPaths: false, optionSections: ["LSP OPTIONS"], failure: nil),
  ]

  static let paths = """
    PATH is a .navrules file or a directory searched recursively for them. All files of one
    run form one module.


    """

  /// The option sections, by heading, in the order of the whole usage.
  static let optionSections: [(heading: String, text: String)] = [
    (
      "CHECK OPTIONS",
      """
        --format FORMAT         text (default, on stderr), json, sarif or github (on stdout)
        --warnings-as-errors    exit with status 1 when there are warnings
        --disable ID            do not report diagnostics with this id (repeatable, or ID,ID)
        -q, --quiet             print nothing when there is nothing to report
        --config FILE           read settings from FILE instead of the .navrc found above the
                                first PATH (the command line wins over it)
        --no-config             read no .navrc
        --baseline FILE         do not report the findings recorded in FILE
        --write-baseline FILE   record this run's findings in FILE (and report none)
        --strict-baseline       a recorded finding that is gone is an error
        --ways-back             also print, per screen, what each way back does (back tap,
                                back menu, edge and content swipe) on iOS 13-25 and 26

      """
    ),
    (
      "SCAN OPTIONS (and those of check)",
      """
        --rules OUT.navrules    also write the model found in the app as a rule file (- for
                                standard output, with the text format)
        --root CLASS            a navigation controller rooted at CLASS that the code does not show
        --exclude GLOB          skip matching files and folders (Pods, Carthage, .build,
                                DerivedData and .git always are)
        --fix                   apply the fixes of the findings reported, where navrc has one
                                (each file whole or not at all; the result is scanned first)
        --cache-path DIR        keep what was read of each file in DIR (default: the cachePath
                                of .navrc, else ~/.cache/navrc; ~/Library/Caches/navrc on macOS)
        --no-cache              read every file again, and keep nothing

      """
    ),
    (
      "EMIT OPTIONS",
      """
        -o, --output OUT.swift  the file to write (untouched when unchanged; nothing on errors);
                                - for standard output
        --type-name NAME        the generated enum (default NavigationRules)
        --access LEVEL          public or internal (default)
        --config FILE           the .navrc to read (its disable and severity settings apply);
                                --no-config reads none

      """
    ),
    (
      "FMT OPTIONS",
      """
        --check                 write nothing; name the files that would change and exit with 1

      """
    ),
    (
      "GRAPH OPTIONS",
      """
        --format FORMAT         dot (default, for Graphviz) or mermaid

      """
    ),
    (
      "LSP OPTIONS",
      """
        --stdio                 accepted and ignored: the server always speaks over stdio

      """
    ),
  ]

  static let checkFailure = "errors found (or warnings, with --warnings-as-errors)"

  /// The exit statuses, status 1 meaning `failure`.
  static func exitStatus(failure: String) -> String {
    """
    EXIT STATUS:
      0  no errors
      1  \(failure)
      2  usage or I/O error (unknown option, missing file), with one line on stderr

    """
  }

  /// `navrc --help`: every command.
  static let text: String = {
    var text = overview + "USAGE:\n"
    for command in commands {
      for line in command.usage { text += "  \(line)\n" }
    }
    text += "  navrc --version | --help\n\n" + paths
    for section in optionSections { text += section.heading + ":\n" + section.text + "\n" }
    return text + exitStatus(failure: checkFailure)
  }()

  /// `navrc COMMAND --help`: that command's usage, its options and exit statuses; nil for a
  /// command that does not exist.
  static func of(_ name: String) -> String? {
    guard let command = commands.first(where: { $0.name == name }) else { return nil }
    var text = "OVERVIEW: \(command.overview)\n\nUSAGE:\n"
    for line in command.usage { text += "  \(line)\n" }
    text += "\n"
    if command.takesPaths { text += paths }
    for heading in command.optionSections {
      // "SCAN OPTIONS (and those of check)" is asked for as "SCAN OPTIONS".
      guard let section = optionSections.first(where: { $0.heading.hasPrefix(heading) }) else {
        continue
      }
      text += section.heading + ":\n" + section.text + "\n"
    }
    if let failure = command.failure { text += exitStatus(failure: failure) }
    return text
  }

  /// Whether `arguments` (a command's, before any `--`) ask for its usage.
  static func isRequested(in arguments: [String]) -> Bool {
    arguments.prefix(while: { $0 != "--" }).contains { $0 == "--help" || $0 == "-h" }
  }
}
