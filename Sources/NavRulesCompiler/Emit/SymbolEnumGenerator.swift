/// One nested enum of typed names: a case per declaration, `rawValue` its index in the table.
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
    guard !names.isEmpty else {
      // An enum without cases cannot declare a raw type; spell the conformance out.
      printer.block(
        "\(access)enum \(typeName): Swift.RawRepresentable, Swift.CaseIterable, Swift.Hashable, "
          + "Swift.Sendable"
      ) { printer in
        printer.line("\(access)init?(rawValue: Swift.Int) { nil }")
        printer.line("\(access)var rawValue: Swift.Int { switch self {} }")
      }
      return
    }
    printer.block(
      "\(access)enum \(typeName): Swift.Int, Swift.CaseIterable, Swift.Hashable, Swift.Sendable"
    ) { printer in
      for (caseName, detail) in zip(SwiftNames.caseNames(for: names), details) {
        printer.line("/// \(detail)")
        printer.line("case \(SwiftNames.identifier(caseName))")
      }
    }
  }
}
