import NavRulesCompiler

/// Compiles one in-memory file.
func compile(_ text: String, path: String = "test.navrules") -> Compilation {
  Compilation(files: [SourceFile(path: path, text: text)])
}

/// Compiles in-memory files as one module.
func compile(_ files: [(path: String, text: String)]) -> Compilation {
  Compilation(files: files.map { SourceFile(path: $0.path, text: $0.text) })
}

/// A diagnostic as a short line: `LINE:COL: severity: message [id]`.
func summary(_ diagnostic: Diagnostic) -> String {
  let start = diagnostic.range.start
  return
    "\(start.line):\(start.column): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.id.rawValue)]"
}

/// `id@LINE:COL` for each diagnostic, in report order: what most tests compare.
func locations(_ diagnostics: [Diagnostic]) -> [String] {
  diagnostics.map { "\($0.id.rawValue)@\($0.range.start.line):\($0.range.start.column)" }
}

func locations(_ text: String) -> [String] {
  locations(compile(text).diagnostics)
}

/// The lexer's diagnostics and token kinds for `text`.
func lex(_ text: String) -> (kinds: [Token.Kind], diagnostics: [Diagnostic], stream: TokenStream) {
  let (stream, diagnostics) = Lexer.lex(SourceFile(path: "lex.navrules", text: text))
  return (stream.tokens.map(\.kind), diagnostics, stream)
}

func lex(bytes: [UInt8]) -> (kinds: [Token.Kind], diagnostics: [Diagnostic], stream: TokenStream) {
  let (stream, diagnostics) = Lexer.lex(SourceFile(path: "lex.navrules", bytes: bytes))
  return (stream.tokens.map(\.kind), diagnostics, stream)
}
