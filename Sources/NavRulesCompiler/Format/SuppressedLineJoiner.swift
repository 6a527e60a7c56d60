/// Keeps the statements that start on one line a suppression comment applies to on one printed
/// line, however they are nested, so that the suppression keeps covering what it covered.
///
/// `LayoutPrinter` prints a run of whole statements on such a line as one line itself; what it
/// splits is a line whose last statement goes on over the next lines (`screen B { on viewDidLoad
/// { … } // navrc:disable-line …` with the screen's `}` below), that closes a block and goes on
/// after it (`title "x" } screen C { … }`), or whose `disable-line` comment follows a `}`
/// (`back block } // navrc:disable-line …`). The formatter then asks for the canonical lines to
/// be joined again (only then: it takes a second reading of the printed text), from the one
/// holding the line's first statement (or following its `disable-next-line` comment) to the one
/// holding its last statement or its `disable-line` comment: after a `{` or a comma and before
/// a `}` with a space, elsewhere with `; `; a trailing block comment is kept in place. The lines
/// after are left as they are (the rest of an open block keeps its depth).
enum SuppressedLineJoiner {
  /// A line whose statements cannot share one printed line.
  struct Unjoinable: Error {
    /// The 0-based source line.
    var line: Int
    /// Why, to end "… cannot share one line: ".
    var reason: String

    static func comment(at line: Int) -> Unjoinable {
      Unjoinable(line: line, reason: "a comment would come between them")
    }

    static func indentation(at line: Int) -> Unjoinable {
      Unjoinable(
        line: line,
        reason:
          "the file would then read differently (the lines after a directive left without its"
          + " block, indented deeper, as its block)")
    }
  }

  /// A suppression comment: its text, and which of the suppression comments with that text.
  private struct SuppressionKey {
    var text: String
    var occurrence: Int
  }

  /// A line comment's text without the spaces and tabs that end it, as it is printed.
  private static func text(of comment: Comment, in file: SourceFile) -> String {
    var text = Substring(file.text(comment.range))
    while let last = text.last, last == " " || last == "\t" { text.removeLast() }
    return String(text)
  }

  /// `lines` with the printed lines of each suppressed line's statements joined into one.
  /// Unchanged when no suppressed line holds a statement, or when the printed text cannot be
  /// read again or lost a comment (the formatter's own checks then refuse it).
  static func join(_ lines: [PrintedLine], of syntax: SyntaxFile, suppressed: Set<Int>)
    throws(Unjoinable) -> [PrintedLine]
  {
    // The statements of each suppressed line: a run of consecutive statements in source
    // order (depth first), kept as the first and last of their numbers in that order.
    var groups: [(line: Int, first: Int, last: Int)] = []
    var number = 0
    func collect(_ directives: DirectiveList) {
      for directive in directives {
        let line = syntax.file.lineIndex(of: directive.name.range.lowerBound)
        if suppressed.contains(line) {
          if let last = groups.last, last.line == line {
            groups[groups.count - 1].last = number
          } else {
            groups.append((line, number, number))
          }
        }
        number += 1
        if let block = directive.block { collect(block.directives) }
      }
    }
    collect(syntax.directives)
    guard !groups.isEmpty else { return lines }
    // The comments that make each line suppressed: the `disable-line` at its end, the
    // `disable-next-line` on the line before. Each is known by its text and which of the
    // suppression comments with that text it is: the layout keeps the line comments in order,
    // but for one moved from before a `{` to after the comment that follows the `{`.
    var ownComment: [Int: SuppressionKey] = [:]
    var previousComment: [Int: SuppressionKey] = [:]
    var seen: [String: Int] = [:]
    for comment in syntax.comments {
      guard let kind = LayoutPrinter.suppression(comment, in: syntax.file) else { continue }
      let text = Self.text(of: comment, in: syntax.file)
      let key = SuppressionKey(text: text, occurrence: seen[text, default: 0])
      seen[text] = key.occurrence + 1
      let line = syntax.file.lineIndex(of: comment.range.lowerBound)
      switch kind {
      case .line, .swiftLintThis: ownComment[line] = key
      case .nextLine, .swiftLintNext: previousComment[line + 1] = key
      // A region's or the file's lines do not depend on the layout; `disable:previous`
      // follows its line, which the layout keeps above it.
      case .regionStart, .regionEnd, .file, .swiftLintPrevious: break
      }
    }

    // Where each statement and each comment is in the printed lines: the lines' text is read
    // again, as the formatter will read it.
    var text = ""
    var lineStarts: [Int] = []
    for line in lines {
      lineStarts.append(text.utf8.count)
      text += line.code + (line.trailingComment.map { "  " + $0 } ?? "") + "\n"
    }
    let printedFile = SourceFile(path: "", text: text)
    guard case .success(let printed) = Formatter.parse(printedFile) else { return lines }
    func printedLine(of offset: Int) -> Int {
      var low = 0
      var high = lineStarts.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
      }
      return low
    }
    var statementLines: [Int] = []
    func locate(_ directives: DirectiveList) {
      for directive in directives {
        statementLines.append(printedLine(of: directive.name.range.lowerBound))
        if let block = directive.block { locate(block.directives) }
      }
    }
    locate(printed.directives)
    guard statementLines.count == number else { return lines }
    var commentLines: [String: [Int]] = [:]
    for comment in printed.comments where LayoutPrinter.suppression(comment, in: printedFile) != nil
    {
      commentLines[Self.text(of: comment, in: printedFile), default: []].append(
        printedLine(of: comment.range.lowerBound))
    }
    func printedLine(of key: SuppressionKey) -> Int? {
      guard let lines = commentLines[key.text], key.occurrence < lines.count else { return nil }
      return lines[key.occurrence]
    }
    var holdsLineComment = Array(repeating: false, count: lines.count)
    for comment in printed.comments where comment.kind == .line {
      holdsLineComment[printedLine(of: comment.range.lowerBound)] = true
    }

    // Joined from the last, so that the earlier lines keep their indices.
    var result = lines
    var joinedFrom = lines.count
    var joinedLine: Int?
    for group in groups.reversed() {
      // From the line after a `disable-next-line` comment (the statements must start there) to
      // the last statement's line, or to the `disable-line` comment's.
      var first = statementLines[group.first]
      var last = statementLines[group.last]
      // A comment lost is the formatter's own checks' to report.
      if let comment = ownComment[group.line] {
        guard let commentLine = printedLine(of: comment) else { return lines }
        last = max(last, commentLine)
      }
      if let comment = previousComment[group.line] {
        guard let commentLine = printedLine(of: comment) else { return lines }
        guard first > commentLine else { throw .comment(at: group.line) }
        first = commentLine + 1
      }
      guard first < last else { continue }
      guard last < joinedFrom else { throw .comment(at: group.line) }
      joinedFrom = first
      var code = result[first].code
      for index in first..<last {
        guard !holdsLineComment[index], result[index] != .blank else {
          throw .comment(at: group.line)
        }
        let previous = result[index].code
        let next = result[index + 1].code.drop { $0 == " " }
        if let comment = result[index].trailingComment { code += " " + comment }
        let continues =
          previous.hasSuffix("{") || previous.hasSuffix(",") || next.hasPrefix("}")
        code += (continues ? " " : "; ") + next
      }
      result.replaceSubrange(
        first...last, with: [PrintedLine(code: code, trailingComment: result[last].trailingComment)]
      )
      joinedLine = group.line
    }
    // A joined line is shallower than the lines it held: after a directive left without its
    // block (`on` without an event), the deeper lines would be read as that block.
    if let joinedLine {
      var joined = ""
      for line in result {
        joined += line.code + (line.trailingComment.map { "  " + $0 } ?? "") + "\n"
      }
      guard case .success(let reread) = Formatter.parse(SourceFile(path: "", text: joined)),
        SyntaxShape.same(printed, reread)
      else { throw .indentation(at: joinedLine) }
    }
    return result
  }
}
