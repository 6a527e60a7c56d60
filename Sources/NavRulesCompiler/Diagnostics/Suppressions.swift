/// What suppression comments do: `// navrc:disable-next-line ID[, ID…]` on the line before a
/// diagnostic, and `// navrc:disable-line ID[, ID…]` at the end of its line, drop it;
/// `// navrc:disable ID` … `// navrc:enable ID` drops those of the lines between (to the end of
/// the file without an `enable`), `// navrc:disable-file ID` those of the whole file (the
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
    /// The first 0-based line it applies to.
    package var line: Int
    /// The 0-based lines it applies to: one for the line forms, a region's, or the file's.
    package var lines: Range<Int>
    /// Whether it is a region's or the file's (the unused message says so).
    package var coversRegion = false
    /// An `enable` that ends no region: never used, and reported so.
    package var endsNoRegion = false
    /// A spelling read only to be reported (`disable:previous`): it suppresses nothing.
    package var isUnsupported = false
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
    var regions: [ObjectIdentifier: [Int]] = [:]
    for (index, entry) in entries.enumerated() {
      if entry.coversRegion {
        regions[ObjectIdentifier(entry.file), default: []].append(index)
      } else if !entry.endsNoRegion, !entry.isUnsupported {
        byLine[Key(file: ObjectIdentifier(entry.file), line: entry.line), default: []].append(
          index)
      }
    }
    var kept: [Diagnostic] = []
    for diagnostic in diagnostics {
      let file = diagnostic.range.file
      let key = Key(
        file: ObjectIdentifier(file), line: file.lineIndex(of: diagnostic.range.bytes.lowerBound))
      let suppressible =
        !(diagnostic.id.isFrontEnd && diagnostic.severity == .error)
        && diagnostic.id != .unusedSuppression
      let matches =
        (byLine[key] ?? []).filter { entries[$0].name == diagnostic.id.rawValue }
        + (regions[key.file] ?? []).filter {
          entries[$0].name == diagnostic.id.rawValue && entries[$0].lines.contains(key.line)
        }
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
      } else if entry.isUnsupported {
        message =
          "'navrc:disable:previous' is not supported; write 'navrc:disable-line \(entry.name)'"
          + " at the end of the line, or 'navrc:disable-next-line \(entry.name)' above it"
      } else if entry.endsNoRegion {
        message = "'navrc:enable \(entry.name)' ends no 'navrc:disable \(entry.name)' region"
      } else if entry.coversRegion {
        message = "suppression of '\(entry.name)' suppresses nothing in its region"
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

  /// The suppression entries of a file's `//` comments: one per id named, a region's entry
  /// at its `disable` comment (its `enable` ends it), an `enable` that ends nothing as an
  /// entry of its own, reported as unused.
  static func entries(in syntax: SyntaxFile) -> [Entry] {
    let file = syntax.file
    var entries: [Entry] = []
    /// The entries of open regions, by id.
    var open: [String: [Int]] = [:]
    let lineCount = file.lineStarts.count
    for comment in syntax.comments {
      guard let suppression = SuppressionComment.parse(comment, in: file) else { continue }
      let commentLine = file.lineIndex(of: comment.range.lowerBound)
      let commentRange = SourceRange(file, comment.range)
      for name in suppression.ids {
        let text = file.text(name)
        var entry = Entry(
          name: text, range: SourceRange(file, name), comment: commentRange,
          isOnlyEntry: suppression.ids.count == 1, file: file, line: commentLine,
          lines: commentLine..<commentLine + 1)
        switch suppression.form {
        case .regionStart:
          entry.coversRegion = true
          entry.lines = commentLine..<lineCount
          open[text, default: []].append(entries.count)
        case .regionEnd:
          guard let started = open.removeValue(forKey: text) else {
            entry.endsNoRegion = true
            entries.append(entry)
            continue
          }
          for index in started {
            entries[index].lines = entries[index].lines.lowerBound..<commentLine
          }
          continue
        case .swiftLintPrevious:
          entry.isUnsupported = true
        case .file:
          entry.coversRegion = true
          entry.line = 0
          entry.lines = 0..<lineCount
        default:
          let line = suppression.form.coveredLine(commentLine: commentLine) ?? commentLine
          entry.line = line
          entry.lines = line..<line + 1
        }
        entries.append(entry)
      }
    }
    return entries
  }

  static let explanation = Explanation(
    id: .unusedSuppression,
    severity: .warning,
    summary: "A suppression comment that suppresses nothing.",
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
    fix: "Remove the comment, or the id that no longer applies.",
    scanned: Explanation.ScannedCode(
      swiftBefore: """
        let navigation = UINavigationController(rootViewController: HomeViewController())

        class HomeViewController: UIViewController {
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                // navrc:disable-next-line root-pop
                navigationItem.title = "Home"
            }
        }
        """,
      swiftAfter: """
        let navigation = UINavigationController(rootViewController: HomeViewController())

        class HomeViewController: UIViewController {
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                navigationItem.title = "Home"
            }
        }
        """,
      objectiveCBefore: """
        @interface HomeViewController : UIViewController
        @end

        @implementation HomeViewController
        + (UINavigationController *)make {
            return [[UINavigationController alloc] initWithRootViewController:[[HomeViewController alloc] init]];
        }
        - (void)viewDidAppear:(BOOL)animated {
            [super viewDidAppear:animated];
            self.navigationItem.title = @"Home";  // navrc:disable-line root-pop
        }
        @end
        """,
      objectiveCAfter: """
        @interface HomeViewController : UIViewController
        @end

        @implementation HomeViewController
        + (UINavigationController *)make {
            return [[UINavigationController alloc] initWithRootViewController:[[HomeViewController alloc] init]];
        }
        - (void)viewDidAppear:(BOOL)animated {
            [super viewDidAppear:animated];
            self.navigationItem.title = @"Home";
        }
        @end
        """,
      fix: """
        The same comments work in Swift and Objective-C files, and a stale one is reported \
        there too: remove it, or the id that no longer applies.
        """))
}
