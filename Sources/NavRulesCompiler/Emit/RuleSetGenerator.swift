import NavRules

/// The generated type: an enum conforming to `NavigationRuleSet`, with the `Screen`,
/// `Navigator` and `Style` enums and the table.
struct RuleSetGenerator {
  let module: Module
  let book: RuleBook
  let options: EmitOptions

  func generate(into printer: inout CodePrinter) {
    let access = options.access.modifier
    printer.line("/// The navigation rules, as `navrc emit` compiled them.")
    printer.line("///")
    printer.line("/// Name screens, navigators and styles through the nested enums; `book` is the")
    printer.line("/// table the NavRules runtime applies (see `NavRules.NavigationRuleSet`).")
    printer.block(
      "\(access)enum \(SwiftNames.identifier(options.typeName)): NavRules.NavigationRuleSet"
    ) { printer in
      SymbolEnumGenerator(
        typeName: "Screen", summary: "The screens, in declaration order.",
        names: module.screens.map(\.name),
        details: module.screens.map { screen in
          screen.effectiveClassName == screen.name
            ? "`screen \(screen.name)`."
            : "`screen \(screen.name)`, class `\(screen.effectiveClassName)`."
        },
        access: access
      ).generate(into: &printer)
      printer.line()
      SymbolEnumGenerator(
        typeName: "Navigator", summary: "The navigators, in declaration order.",
        names: module.navigators.map(\.name),
        details: module.navigators.map { "`navigator \($0.name)`." },
        access: access
      ).generate(into: &printer)
      printer.line()
      SymbolEnumGenerator(
        typeName: "Style", summary: "The named styles, in declaration order.",
        names: module.styles.map(\.name),
        details: module.styles.map { "`style \($0.name)`." },
        access: access
      ).generate(into: &printer)
      printer.line()
      TableGenerator(book: book, access: access).generate(into: &printer)
    }
  }
}
