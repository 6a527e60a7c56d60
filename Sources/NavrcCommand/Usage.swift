/// `navrc --help`.
enum Usage {
  static let text = """
    OVERVIEW: Check navigation rules for UIKit apps and compile them to Swift.

    USAGE:
      navrc check [--format text|json|sarif|github] [--warnings-as-errors] [--disable ID]… [--quiet] PATH…
      navrc scan  [--format F] [--warnings-as-errors] [--disable ID]… [--rules OUT.navrules]
                  [--root CLASS]… [--exclude GLOB]… PATH…
      navrc emit  [--type-name NAME] [--access public|internal] -o OUT.swift PATH…
      navrc fmt   [--check] PATH…
      navrc graph [--format dot|mermaid] PATH…
      navrc explain ID
      navrc lsp   [--stdio]
      navrc --version | --help

    PATH is a .navrules file or a directory searched recursively for them. All files of one
    run form one module.

    CHECK OPTIONS:
      --format FORMAT         text (default, on stderr), json, sarif or github (on stdout)
      --warnings-as-errors    exit with status 1 when there are warnings
      --disable ID            do not report diagnostics with this id (repeatable, or ID,ID)
      -q, --quiet             print nothing when there is nothing to report

    SCAN OPTIONS (and those of check):
      --rules OUT.navrules    also write the model found in the app as a rule file (- for
                              standard output, with the text format)
      --root CLASS            a navigation controller rooted at CLASS that the code does not show
      --exclude GLOB          skip matching files and folders (Pods, Carthage, .build,
                              DerivedData and .git always are)

    EMIT OPTIONS:
      -o, --output OUT.swift  the file to write (untouched when unchanged; nothing on errors);
                              - for standard output
      --type-name NAME        the generated enum (default NavigationRules)
      --access LEVEL          public or internal (default)

    FMT OPTIONS:
      --check                 write nothing; name the files that would change and exit with 1

    GRAPH OPTIONS:
      --format FORMAT         dot (default, for Graphviz) or mermaid

    LSP OPTIONS:
      --stdio                 accepted and ignored: the server always speaks over stdio

    EXIT STATUS:
      0  no errors
      1  errors found (or warnings, with --warnings-as-errors)
      2  usage or I/O error (unknown option, missing file), with one line on stderr

    """
}
