/// The one grammar of suppression comments, read alike by `check`, `scan` (Swift and
/// Objective-C comments), `fmt` (which keeps a suppressed line's statements on one line) and the
/// language server:
///
///     // navrc:FORM ID[, ID…] [reason]
///
/// FORM is one of `Form`'s spellings and ends at a blank or at the end of the comment
/// (`navrc:disable-lines` is prose, not a suppression); each ID is a run of letters, digits,
/// `_` and `-`, and there is at least one; whatever follows the list is a free-form reason.
/// Only `//` comments count. A comment that does not follow the grammar is prose everywhere.
///
/// A new form (a region, a whole file) is one case of `Form` with its spelling; what it covers
/// is decided where the comments are applied (`Suppressions`), and `fmt` keeps on one line only
/// the lines `Form.coveredLine(commentLine:)` names.
struct SuppressionComment: Sendable {
  /// The forms of suppression comment.
  enum Form: CaseIterable, Sendable {
    /// `// navrc:disable-line ID`: the diagnostics of the comment's own line.
    case line
    /// `// navrc:disable-next-line ID`: the diagnostics of the line after the comment.
    case nextLine
    /// `// navrc:disable ID`: from the comment's line up to the line of the next
    /// `// navrc:enable ID`, or to the end of the file.
    case regionStart
    /// `// navrc:enable ID`: ends the regions of those ids.
    case regionEnd
    /// `// navrc:disable-file ID`: the whole file, wherever the comment is.
    case file
    /// SwiftLint's spellings, read as the forms they mean (a team's habit is not an error):
    /// `disable:this` is `disable-line`, `disable:next` is `disable-next-line`.
    case swiftLintThis
    case swiftLintNext
    /// `// navrc:disable:previous ID`: read so that it is reported, not ignored (a comment
    /// below its line would tie the line to the one after it, which `fmt` cannot keep).
    case swiftLintPrevious

    /// The form's spelling after `navrc:`.
    var spelling: String {
      switch self {
      case .line: "disable-line"
      case .nextLine: "disable-next-line"
      case .regionStart: "disable"
      case .regionEnd: "enable"
      case .file: "disable-file"
      case .swiftLintThis: "disable:this"
      case .swiftLintNext: "disable:next"
      case .swiftLintPrevious: "disable:previous"
      }
    }

    /// The 0-based line whose diagnostics a comment of this form on `commentLine` covers;
    /// nil for the forms that cover a region or the file (their lines depend on other
    /// comments, and on no layout).
    func coveredLine(commentLine: Int) -> Int? {
      switch self {
      case .line, .swiftLintThis: commentLine
      case .nextLine, .swiftLintNext: commentLine + 1
      case .regionStart, .regionEnd, .file, .swiftLintPrevious: nil
      }
    }
  }

  /// What every suppression comment's text starts with.
  static let prefix = "navrc:"

  var form: Form
  /// The ids named, as byte ranges of the file (at least one).
  var ids: [Range<Int>]

  /// `comment` read as a suppression comment, or nil when it is not one.
  static func parse(_ comment: Comment, in file: SourceFile) -> SuppressionComment? {
    guard comment.kind == .line else { return nil }
    let bytes = file.bytes
    let end = comment.range.upperBound
    var index = skipBlanks(in: bytes, from: comment.range.lowerBound + 2, to: end)
    // Most comments are prose: those are set aside on their first byte, with no text made (a
    // large file has a comment every few lines).
    guard index < end, bytes[index] == UInt8(ascii: "n"),
      bytes[index..<end].starts(with: prefix.utf8)
    else { return nil }
    index += prefix.utf8.count
    let spellingStart = index
    while index < end, bytes[index] != UInt8(ascii: " "), bytes[index] != UInt8(ascii: "\t") {
      index += 1
    }
    let spelling = bytes[spellingStart..<index]
    guard let form = Form.allCases.first(where: { spelling.elementsEqual($0.spelling.utf8) })
    else { return nil }
    let ids = idRanges(in: bytes, from: index, to: end)
    return ids.isEmpty ? nil : SuppressionComment(form: form, ids: ids)
  }

  /// `ID (, ID)*` from `start`; text after the list is the reason, and ignored.
  private static func idRanges(in bytes: [UInt8], from start: Int, to end: Int) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var index = start
    while true {
      index = skipBlanks(in: bytes, from: index, to: end)
      let idStart = index
      while index < end, isIDByte(bytes[index]) { index += 1 }
      guard index > idStart else { break }
      ranges.append(idStart..<index)
      index = skipBlanks(in: bytes, from: index, to: end)
      guard index < end, bytes[index] == UInt8(ascii: ",") else { break }
      index += 1
    }
    return ranges
  }

  private static func skipBlanks(in bytes: [UInt8], from start: Int, to end: Int) -> Int {
    var index = start
    while index < end, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
      index += 1
    }
    return index
  }

  private static func isIDByte(_ byte: UInt8) -> Bool {
    Lexer.isIdentifierContinue(byte) || byte == UInt8(ascii: "-")
  }
}
