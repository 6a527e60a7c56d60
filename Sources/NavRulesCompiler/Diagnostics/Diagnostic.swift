/// One problem found in the rule files, as a value: renderers, the language server and tests
/// all read the same thing.
public struct Diagnostic: Hashable, Sendable {
  public var id: DiagnosticID
  public var severity: Severity
  public var message: String
  /// Where the problem is; its start is the reported line and column.
  public var range: SourceRange
  public var notes: [Note]
  public var fixIts: [FixIt]

  public init(
    _ id: DiagnosticID,
    _ message: String,
    at range: SourceRange,
    severity: Severity? = nil,
    notes: [Note] = [],
    fixIts: [FixIt] = []
  ) {
    self.id = id
    self.severity = severity ?? id.defaultSeverity
    self.message = message
    self.range = range
    self.notes = notes
    self.fixIts = fixIts
  }

  /// A secondary location that explains the diagnostic: the first declaration of a
  /// duplicate, a navigation path, a suggestion.
  public struct Note: Hashable, Sendable {
    public var message: String
    public var range: SourceRange

    public init(_ message: String, at range: SourceRange) {
      self.message = message
      self.range = range
    }
  }

  /// A mechanical fix: text edits that, applied together, resolve the diagnostic.
  public struct FixIt: Hashable, Sendable {
    public var message: String
    public var edits: [TextEdit]

    public init(_ message: String, edits: [TextEdit]) {
      self.message = message
      self.edits = edits
    }
  }

  /// Replace the bytes of `range` with `replacement` (an empty range inserts).
  public struct TextEdit: Hashable, Sendable {
    public var range: SourceRange
    public var replacement: String

    public init(range: SourceRange, replacement: String) {
      self.range = range
      self.replacement = replacement
    }
  }
}

extension Diagnostic {
  /// The order diagnostics are reported in: by file (files are sorted by path), then
  /// position, then id.
  public static func reportOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
    if lhs.range.file !== rhs.range.file {
      return lhs.range.file.path.utf8.lexicographicallyPrecedes(rhs.range.file.path.utf8)
    }
    if lhs.range.bytes.lowerBound != rhs.range.bytes.lowerBound {
      return lhs.range.bytes.lowerBound < rhs.range.bytes.lowerBound
    }
    if lhs.id != rhs.id { return lhs.id < rhs.id }
    return lhs.message < rhs.message
  }
}
