/// A baseline (`--write-baseline`, `--baseline`): the findings a team accepted when it adopted
/// navrc, so that a run reports only new ones (docs/adopting.md).
///
/// A finding is matched by its id, its file, the declaration around it (`Type.method` in app
/// code, the screen or navigator in a rule file) and its statement's text with blanks
/// collapsed; never by line number, so lines added or removed elsewhere keep it matched.
/// Identical entries count: two equal findings need two entries.
///
/// The file is JSON, one entry a line, sorted, so that its diffs in review are one line per
/// finding fixed or accepted.
public struct Baseline: Sendable, Equatable {
  public struct Entry: Hashable, Sendable, Comparable {
    public var id: String
    /// Relative to the baseline's folder (absolute when the file is not below it).
    public var file: String
    public var declaration: String
    public var statement: String

    public init(id: String, file: String, declaration: String, statement: String) {
      self.id = id
      self.file = file
      self.declaration = declaration
      self.statement = statement
    }

    public static func < (lhs: Entry, rhs: Entry) -> Bool {
      (lhs.file, lhs.declaration, lhs.id, lhs.statement)
        < (rhs.file, rhs.declaration, rhs.id, rhs.statement)
    }
  }

  public var entries: [Entry]

  public init(entries: [Entry]) {
    self.entries = entries.sorted()
  }

  /// The baseline of `diagnostics` (warnings and errors; `unused-suppression` included),
  /// for a file in `folder`; `declaration` names what encloses a diagnostic.
  public init(
    _ diagnostics: [Diagnostic], folder: String, declaration: (SourceRange) -> String
  ) {
    self.init(
      entries: diagnostics.map { Self.entry(for: $0, folder: folder, declaration: declaration) })
  }

  static func entry(
    for diagnostic: Diagnostic, folder: String, declaration: (SourceRange) -> String
  ) -> Entry {
    Entry(
      id: diagnostic.id.rawValue, file: relativePath(diagnostic.range.file.path, to: folder),
      declaration: declaration(diagnostic.range), statement: statement(at: diagnostic.range))
  }

  /// The text of the line the finding starts on, without leading and trailing blanks and
  /// with each run of blanks as one space.
  static func statement(at range: SourceRange) -> String {
    let file = range.file
    let line = file.lineRange(at: file.lineIndex(of: range.bytes.lowerBound))
    var words: [String] = []
    for word in file.text(line).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }) {
      words.append(String(word))
    }
    return words.joined(separator: " ")
  }

  /// `path` relative to `folder` when it is below it, else absolute.
  static func relativePath(_ path: String, to folder: String) -> String {
    let path = PathNames.standardized(path)
    let folder = PathNames.standardized(folder)
    let prefix = folder == "/" ? "/" : folder + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }

  /// What a run reports with a baseline: the diagnostics not in it, and its entries that
  /// matched nothing (fixed, or changed beyond recognition).
  public struct Matched: Sendable {
    public var reported: [Diagnostic]
    public var gone: [Entry]
  }

  /// Drops the diagnostics this baseline records, each entry matching at most one.
  public func match(
    _ diagnostics: [Diagnostic], folder: String, declaration: (SourceRange) -> String
  ) -> Matched {
    var remaining: [Entry: Int] = [:]
    for entry in entries { remaining[entry, default: 0] += 1 }
    var reported: [Diagnostic] = []
    for diagnostic in diagnostics {
      let entry = Self.entry(for: diagnostic, folder: folder, declaration: declaration)
      if let count = remaining[entry], count > 0 {
        remaining[entry] = count - 1
      } else {
        reported.append(diagnostic)
      }
    }
    var gone: [Entry] = []
    for entry in entries where (remaining[entry] ?? 0) > 0 {
      remaining[entry]! -= 1
      gone.append(entry)
    }
    return Matched(reported: reported, gone: gone)
  }

  /// The file's text.
  public var text: String {
    var text = "{\n  \"version\": 1,\n  \"findings\": ["
    for (index, entry) in entries.enumerated() {
      let object = JSON.object([
        ("id", .string(entry.id)), ("file", .string(entry.file)),
        ("declaration", .string(entry.declaration)), ("statement", .string(entry.statement)),
      ])
      text += (index == 0 ? "\n    " : ",\n    ") + object.serialized()
    }
    text += entries.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
    return text
  }

  /// Why a baseline file cannot be used.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// Reads a baseline file, parsed as JSON (by the language server's `JSONParser`).
  public static func read(_ json: JSON) throws(Failure) -> Baseline {
    guard case .int(1)? = member("version", of: json) else {
      throw Failure(description: "expected \"version\": 1")
    }
    guard case .array(let findings)? = member("findings", of: json) else {
      throw Failure(description: "expected a \"findings\" array")
    }
    var entries: [Entry] = []
    for (index, finding) in findings.enumerated() {
      let strings = ["id", "file", "declaration", "statement"].map { key -> String? in
        if case .string(let value)? = member(key, of: finding) { return value }
        return nil
      }
      guard let id = strings[0], let file = strings[1], let declaration = strings[2],
        let statement = strings[3]
      else {
        throw Failure(
          description:
            "finding \(index + 1) needs the strings \"id\", \"file\", \"declaration\" and"
            + " \"statement\"")
      }
      entries.append(Entry(id: id, file: file, declaration: declaration, statement: statement))
    }
    return Baseline(entries: entries)
  }

  /// The value of `key` in an object (the last one, if it repeats).
  private static func member(_ key: String, of value: JSON) -> JSON? {
    guard case .object(let pairs) = value else { return nil }
    return pairs.last { $0.0 == key }?.1
  }
}
