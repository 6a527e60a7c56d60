/// The long form of a diagnostic: what `navrc explain ID` prints and what `docs/rules/ID.md`
/// holds, and the registry entry of its id (severity, summary). Each checker rule keeps its
/// explanation beside its code; `all` lists them, and this type renders them.
public struct Explanation: Sendable {
  public var id: DiagnosticID
  /// The severity a diagnostic with this id is reported at (`DiagnosticID.defaultSeverity`).
  public var severity: Severity
  /// One line saying what the diagnostic means: the `explain` title and SARIF's short
  /// description (`DiagnosticID.summary`).
  public var summary: String
  /// What goes wrong, as the user of the app (or of navrc) sees it.
  public var symptom: String
  /// Why: the UIKit behaviour or language rule behind it.
  public var cause: String
  /// A rule file that gets the diagnostic.
  public var bad: String
  /// The same rules without it.
  public var good: String
  /// How to fix it.
  public var fix: String
  /// The same trap in an app's code, as `navrc scan` finds it; nil where no page has one yet.
  public var scanned: ScannedCode?

  /// Code that gets the diagnostic from `navrc scan`, and the same code fixed, in Swift and
  /// in Objective-C, for a developer who has no rule file.
  public struct ScannedCode: Sendable {
    public var swiftBefore: String
    public var swiftAfter: String
    public var objectiveCBefore: String
    public var objectiveCAfter: String
    /// What to change in the code, in the code's terms.
    public var fix: String
    /// The same trap in SwiftUI code, where the rule applies to SwiftUI views.
    public var swiftUIBefore: String? = nil
    public var swiftUIAfter: String? = nil
  }

  public init(
    id: DiagnosticID, severity: Severity, summary: String, symptom: String, cause: String,
    bad: String, good: String, fix: String,
    scanned: ScannedCode? = nil
  ) {
    self.id = id
    self.severity = severity
    self.summary = summary
    self.symptom = symptom
    self.cause = cause
    self.bad = bad
    self.good = good
    self.fix = fix
    self.scanned = scanned
  }

  /// Every id's explanation, in `DiagnosticID`'s order: the one registry of ids. A front-end
  /// id's is in `FrontEndExplanations`, a checker rule's beside its code (through
  /// `CheckerRules.all`); `ExplanationTests` checks that each id has exactly one.
  public static let all: [Explanation] =
    FrontEndExplanations.all + CheckerRules.all.map(\.explanation) + [Suppressions.explanation]

  /// The explanation of `id`.
  public static func of(_ id: DiagnosticID) -> Explanation {
    all.first { $0.id == id }!
  }

  /// Markdown: `docs/rules/ID.md`.
  public var markdown: String {
    """
    # `\(id.rawValue)` (\(id.defaultSeverity.rawValue))

    \(id.summary)

    ## What goes wrong

    \(symptom)

    ## Why

    \(cause)

    ## Example

    This gets `\(id.rawValue)`:

    ```navrules
    \(bad)
    ```

    This does not:

    ```navrules
    \(good)
    ```

    ## How to fix it

    \(fix)

    """ + scannedSection
  }

  /// `## In Swift and Objective-C code`, when the page has it.
  private var scannedSection: String {
    guard let scanned else { return "" }
    return """

      ## In Swift, Objective-C and SwiftUI code (navrc scan)

      \(scanned.fix)

      This Swift gets `\(id.rawValue)`:

      ```swift
      \(scanned.swiftBefore)
      ```

      Fixed:

      ```swift
      \(scanned.swiftAfter)
      ```

      The same in Objective-C:

      ```objc
      \(scanned.objectiveCBefore)
      ```

      Fixed:

      ```objc
      \(scanned.objectiveCAfter)
      ```

      """ + swiftUISection(scanned)
  }

  /// The SwiftUI before and after, when the page has them.
  private func swiftUISection(_ scanned: ScannedCode) -> String {
    guard let before = scanned.swiftUIBefore, let after = scanned.swiftUIAfter else { return "" }
    return """

      The same in SwiftUI:

      ```swift
      \(before)
      ```

      Fixed:

      ```swift
      \(after)
      ```

      """
  }

  /// Plain text for a terminal: headings in capitals, prose wrapped at `width` columns, code
  /// and tables indented as they are.
  public func text(width: Int = 80) -> String {
    var lines: [String] = []
    var inCode = false
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        inCode.toggle()
      } else if inCode {
        lines.append(line.isEmpty ? "" : "    " + line)
      } else if line.hasPrefix("## ") {
        lines.append(line.dropFirst(3).uppercased())
      } else if line.hasPrefix("# ") {
        lines.append(String(line.dropFirst(2)).replacingBackticks())
      } else if line.hasPrefix("|") {
        lines.append("  " + line)
      } else {
        lines += Self.wrap(String(line), width: width)
      }
    }
    return lines.joined(separator: "\n")
  }

  /// Greedy word wrapping; a word longer than the width gets a line of its own.
  static func wrap(_ paragraph: String, width: Int) -> [String] {
    guard paragraph.count > width else { return [paragraph] }
    var lines: [String] = []
    var current = ""
    for word in paragraph.split(separator: " ") {
      if !current.isEmpty, current.count + 1 + word.count > width {
        lines.append(current)
        current = ""
      }
      current += (current.isEmpty ? "" : " ") + word
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }
}

extension String {
  fileprivate func replacingBackticks() -> String {
    String(unicodeScalars.filter { $0 != "`" }.map(Character.init))
  }
}
