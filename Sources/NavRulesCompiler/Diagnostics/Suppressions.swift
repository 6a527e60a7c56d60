/// `// navrc:disable-next-line ID[, ID…]` on the line before a diagnostic, and
/// `// navrc:disable-line ID[, ID…]` at the end of its line.
///
/// A suppression that suppresses nothing is itself reported (`unused-suppression`), in the
/// manner of SwiftLint's `superfluous_disable_command`. Front-end errors cannot be suppressed:
/// they mean the file was not understood.
enum Suppressions {
  static let nextLinePrefix = "navrc:disable-next-line"
  static let linePrefix = "navrc:disable-line"
  /// What both prefixes start with.
  private static let sharedPrefix = "navrc:"

  /// One id named by a suppression comment.
  struct Entry: Sendable {
    var name: String
    var range: SourceRange
    var comment: SourceRange
    var isOnlyEntry: Bool
    var file: SourceFile
    /// The 0-based line it applies to.
    var line: Int
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
  static func apply(
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
  static func entries(in files: [SyntaxFile]) -> [Entry] {
    files.flatMap(Self.entries)
  }

  /// The suppression entries of a file's `//` comments.
  static func entries(in syntax: SyntaxFile) -> [Entry] {
    let file = syntax.file
    let bytes = file.bytes
    var entries: [Entry] = []
    for comment in syntax.comments where comment.kind == .line {
      var index = comment.range.lowerBound + 2
      while index < comment.range.upperBound,
        bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t")
      {
        index += 1
      }
      // Most comments are prose: those are set aside on their first bytes, with no text made
      // (on the first alone for nearly all: a large file has a comment every few lines).
      guard index < comment.range.upperBound, bytes[index] == UInt8(ascii: "n"),
        bytes[index..<comment.range.upperBound].starts(with: Self.sharedPrefix.utf8)
      else { continue }
      let rest = file.text(index..<comment.range.upperBound)
      let prefix: String
      let line = file.lineIndex(of: comment.range.lowerBound)
      let target: Int
      if rest.hasPrefix(nextLinePrefix) {
        prefix = nextLinePrefix
        target = line + 1
      } else if rest.hasPrefix(linePrefix) {
        prefix = linePrefix
        target = line
      } else {
        continue
      }
      index += prefix.utf8.count
      guard
        index == comment.range.upperBound || bytes[index] == UInt8(ascii: " ")
          || bytes[index] == UInt8(ascii: "\t")
      else { continue }
      let names = idRanges(in: bytes, from: index, to: comment.range.upperBound)
      let commentRange = SourceRange(file, comment.range)
      for name in names {
        entries.append(
          Entry(
            name: file.text(name), range: SourceRange(file, name), comment: commentRange,
            isOnlyEntry: names.count == 1, file: file, line: target))
      }
    }
    return entries
  }

  /// `ID (, ID)*`: each id is a run of `[A-Za-z0-9-]`; text after the list is a free-form
  /// reason and ignored.
  private static func idRanges(in bytes: [UInt8], from start: Int, to end: Int) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var index = start
    func skipBlanks() {
      while index < end, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
        index += 1
      }
    }
    while true {
      skipBlanks()
      let idStart = index
      while index < end, isIDByte(bytes[index]) { index += 1 }
      guard index > idStart else { break }
      ranges.append(idStart..<index)
      skipBlanks()
      guard index < end, bytes[index] == UInt8(ascii: ",") else { break }
      index += 1
    }
    return ranges
  }

  private static func isIDByte(_ byte: UInt8) -> Bool {
    Lexer.isIdentifierContinue(byte) || byte == UInt8(ascii: "-")
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
