/// One nested enum of typed names: a case per declaration, in table order.
///
/// No raw values: synthesizing `init?(rawValue:)` for thousands of cases costs the type
/// checker more than the rest of the file; `NavigationRuleSet` finds a case's index through
/// `allCases`.
///
/// Up to `documentedCaseLimit` names, every name is a `case` declaration of its own with a doc
/// comment, which Quick Help shows. Beyond that, the names are the elements of one `case`
/// declaration: swiftc's work per case declaration grows with the number of case declarations
/// (an element looks for its declaration among all of them), so separate cases cost the
/// square of their number. A doc comment cannot attach to one element of a list, so there the
/// details are plain comments.
struct SymbolEnumGenerator {
  /// The most names declared one `case` each, with doc comments.
  static let documentedCaseLimit = 1_000

  let typeName: String
  let summary: String
  /// Rule-file names, in declaration order.
  let names: [String]
  /// One comment line per name (rule-file identifiers only, so always one line).
  let details: [String]
  let access: String

  func generate(into printer: inout CodePrinter) {
    printer.line("/// \(summary)")
    printer.block(
      "\(access)enum \(typeName): Swift.CaseIterable, Swift.Hashable, Swift.Sendable"
    ) { printer in
      let caseNames = SwiftNames.caseNames(for: names).map(SwiftNames.identifier)
      if names.count <= Self.documentedCaseLimit {
        for (caseName, detail) in zip(caseNames, details) {
          printer.line("/// \(detail)")
          printer.line("case \(caseName)")
        }
        return
      }
      printer.line("case")
      printer.withIndentation { printer in
        for (index, (caseName, detail)) in zip(caseNames, details).enumerated() {
          printer.line("// \(detail)")
          printer.line(caseName + (index == caseNames.count - 1 ? "" : ","))
        }
      }
    }
  }
}
