/// One nested enum of typed names: a case per declaration, in table order.
///
/// No raw values: synthesizing `init?(rawValue:)` for 2,000 cases costs the type checker more
/// than the rest of the file; `NavigationRuleSet` finds a case's index through `allCases`.
struct SymbolEnumGenerator {
  let typeName: String
  let summary: String
  /// Rule-file names, in declaration order.
  let names: [String]
  /// One doc comment line per name (rule-file identifiers only, so always one line).
  let details: [String]
  let access: String

  func generate(into printer: inout CodePrinter) {
    printer.line("/// \(summary)")
    printer.block(
      "\(access)enum \(typeName): Swift.CaseIterable, Swift.Hashable, Swift.Sendable"
    ) { printer in
      for (caseName, detail) in zip(SwiftNames.caseNames(for: names), details) {
        printer.line("/// \(detail)")
        printer.line("case \(SwiftNames.identifier(caseName))")
      }
    }
  }
}
