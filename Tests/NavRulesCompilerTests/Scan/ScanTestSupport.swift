import NavRulesCompiler

/// The tokens of `text` as `kind text` pairs (the end-of-file token left out).
func scanTokens(_ text: String, language: ScanLanguage) -> [String] {
  let tokens = ScanLexer.lex(SourceFile(path: "lex", text: text), language: language)
  return tokens.tokens.dropLast().map { "\($0.kind) \(tokens.text(of: $0))" }
}

/// The source text of the tokens of `text` (the end-of-file token left out).
func scanTokenTexts(_ text: String, language: ScanLanguage) -> [String] {
  let tokens = ScanLexer.lex(SourceFile(path: "lex", text: text), language: language)
  return tokens.tokens.dropLast().map { tokens.text(of: $0) }
}
