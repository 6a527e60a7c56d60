/// What suppression comments do: `// navrc:disable-next-line ID[, ID…]` on the line before a
/// diagnostic, and `// navrc:disable-line ID[, ID…]` at the end of its line, drop it (the
/// grammar is `SuppressionComment`'s).
///
/// A suppression that suppresses nothing is itself reported (`unused-suppression`), in the
/// manner of SwiftLint's `superfluous_disable_command`. Front-end errors cannot be suppressed:
/// they mean the file was not understood.
package enum Suppressions {
  /// One id named by a suppression comment.
  package struct Entry: Sendable {
    package var name: String
    package var range: SourceRange
    package var comment: SourceRange
    package var isOnlyEntry: Bool
    package var file: SourceFile
    /// The 0-based line it applies to.
    package var line: Int
  }

  /// Drops the diagnostics that a suppression covers and adds `unused-suppression` warnings
  /// (when `reportUnused`: the warnings are only meaningful once the checker has run).
  static func apply(
    to diagnostics: [Diagnostic], comments files: [SyntaxFile], disabled: Set<DiagnosticID>,
    reportUnused: Bool
  ) -> [Diagnostic] {
    apply(
      to: diagnostics, entries: entries(in: files), disabled: disabled,
      reportUnused: reportUnused)
  }

  /// `apply(to:comments:disabled:reportUnused:)` with the files' `entries(in:)` read already
  /// (`Compilation` reads them beside the analysis).
  package static func apply(
    to diagnostics: [Diagnostic], entries: [Entry], disabled: Set<DiagnosticID>,
    reportUnused: Bool
  ) -> [Diagnostic] {
    guard !entries.isEmpty else { return diagnostics }
    var used = [Bool](repeating: false, count: entries.count)
    var byLine: [Key: [Int]] = [:]
    for (index, entry) in entries.enumerated() {
      byLine[Key(file: ObjectIdentifier(entry.file), line: entry.line), default: []].append(index)
    }
    var kept: [Diagnostic] = []
    for diagnostic in diagnostics {
      let file = diagnostic.range.file
      let key = Key(
        file: ObjectIdentifier(file), line: file.lineIndex(of: diagnostic.range.bytes.lowerBound))
      let suppressible =
        !(diagnostic.id.isFrontEnd && diagnostic.severity == .error)
        && diagnostic.id != .unusedSuppression
      let matches = (byLine[key] ?? []).filter { entries[$0].name == diagnostic.id.rawValue }
      if suppressible, !matches.isEmpty {
        for index in matches { used[index] = true }
      } else {
        kept.append(diagnostic)
      }
    }
    guard reportUnused, !disabled.contains(.unusedSuppression) else { return kept }
    for (index, entry) in entries.enumerated() where !used[index] {
      if let id = DiagnosticID(rawValue: entry.name), disabled.contains(id) { continue }
      kept.append(unused(entry))
    }
    return kept
  }

  private struct Key: Hashable {
    var file: ObjectIdentifier
    var line: Int
  }

  private static func unused(_ entry: Entry) -> Diagnostic {
    let message: String
    if let id = DiagnosticID(rawValue: entry.name) {
      if id.isFrontEnd && id.defaultSeverity == .error {
        message = "'\(entry.name)' errors cannot be suppressed; this suppression has no effect"
      } else {
        message = "suppression of '\(entry.name)' suppresses nothing on this line"
      }
    } else {
      message = "unknown diagnostic id '\(entry.name)' in suppression comment"
    }
    let removal = entry.isOnlyEntry ? entry.comment : entry.range
    return Diagnostic(
      .unusedSuppression, message, at: entry.range,
      fixIts: [
        Diagnostic.FixIt(
          entry.isOnlyEntry ? "remove the suppression comment" : "remove '\(entry.name)'",
          edits: [Diagnostic.TextEdit(range: removal, replacement: "")])
      ])
  }

  /// The suppression entries of the files' `//` comments, in order.
  package static func entries(in files: [SyntaxFile]) -> [Entry] {
    files.flatMap(Self.entries)
  }

  /// The suppression entries of a file's `//` comments.
  static func entries(in syntax: SyntaxFile) -> [Entry] {
    let file = syntax.file
    var entries: [Entry] = []
    for comment in syntax.comments {
      guard let suppression = SuppressionComment.parse(comment, in: file) else { continue }
      let line = suppression.form.coveredLine(
        commentLine: file.lineIndex(of: comment.range.lowerBound))
      let commentRange = SourceRange(file, comment.range)
      for name in suppression.ids {
        entries.append(
          Entry(
            name: file.text(name), range: SourceRange(file, name), comment: commentRange,
            isOnlyEntry: suppression.ids.count == 1, file: file, line: line))
      }
    }
    return entries
  }

  static let explanation = Explanation(
    id: .unusedSuppression,
    symptom: "A `navrc:disable-…` comment stays in the file after the problem it hid is gone.",
    cause: """
      A suppression names the ids it silences on its line (`// navrc:disable-line ID`) or on \
      the next line (`// navrc:disable-next-line ID`). When nothing with that id is reported \
      there, the comment is stale or misspelt and would silently hide a future problem.
      """,
    bad: """
      navigator Main { root Home }
      screen Home { }  // navrc:disable-line root-pop
      """,
    good: """
      navigator Main { root Home }
      screen Home { }
      """,
    fix: "Remove the comment, or the id that no longer applies.")
}
