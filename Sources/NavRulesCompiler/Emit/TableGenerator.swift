import NavRules

/// `book`, decoded from the table text on first use, and the text itself.
struct TableGenerator {
  let book: RuleBook
  let access: String

  func generate(into printer: inout CodePrinter) {
    let lines = book.tableLines
    // The version the table's header names (2 for rules without bar appearances).
    let version = lines[0].dropFirst(TableFormat.header.count - 1)
    printer.line("/// Everything the rule files declare, decoded from `table` on first use.")
    printer.line(
      "\(access)static let book: NavRules.RuleBook = "
        + "NavRules.RuleBook.generated(table, format: .v\(version))")
    printer.line()
    printer.line("/// The table in `NavRules.TableFormat`, one declaration per line.")
    let literal = SwiftLiteral.multilineString(
      lines, indentation: printer.currentIndentation + "  ")
    printer.line("private static let table: Swift.String = " + literal[0])
    for line in literal.dropFirst() { printer.verbatim(line) }
  }
}
