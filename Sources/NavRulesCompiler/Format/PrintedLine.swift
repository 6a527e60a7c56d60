/// One line of formatted output: its code and the comment that ends it, kept apart until the
/// file is complete so that trailing comments of neighbouring lines can be aligned.
struct PrintedLine: Equatable {
  /// Indentation and code; for a line holding only comments, those comments.
  var code: String
  /// The comments after the code on the same line (`// …`, or block comments), if any.
  var trailingComment: String?

  static let blank = PrintedLine(code: "")

  init(code: String, trailingComment: String? = nil) {
    self.code = code
    self.trailingComment = trailingComment.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// Whether the trailing comment may be aligned with its neighbours: there is one, and
  /// neither part spans several lines (a multi-line block comment).
  var isAlignable: Bool {
    guard let trailingComment else { return false }
    return !code.contains("\n") && !trailingComment.contains("\n")
  }

  /// The text of the lines, each ending in `\n`, with the trailing comments of consecutive
  /// lines aligned in one column, two spaces after the longest code, as `gofmt` and
  /// `clang-format` do. A run is broken by a line without a trailing comment, and also where
  /// aligning would push a comment past `lineWidth` that would otherwise fit, so alignment
  /// never makes a line too long. A line whose comment does not fit anyway stands alone.
  static func render(_ lines: [PrintedLine], lineWidth: Int) -> String {
    var output = ""
    var group: [PrintedLine] = []
    var column = 0
    var widestComment = 0

    func flush() {
      for line in group {
        let padding = String(repeating: " ", count: column - width(line.code))
        output += trimmed(line.code + padding + (line.trailingComment ?? "")) + "\n"
      }
      group = []
      column = 0
      widestComment = 0
    }

    for line in lines {
      guard line.isAlignable, let comment = line.trailingComment else {
        flush()
        output += trimmed(line.code + (line.trailingComment.map { "  " + $0 } ?? "")) + "\n"
        continue
      }
      let natural = width(line.code) + 2
      let commentWidth = width(comment)
      let joined = max(column, natural)
      if group.isEmpty || joined + max(widestComment, commentWidth) > lineWidth {
        flush()
        column = natural
      } else {
        column = joined
      }
      widestComment = max(widestComment, commentWidth)
      group.append(line)
    }
    flush()
    return output
  }

  private static func trimmed(_ line: String) -> Substring {
    var line = Substring(line)
    while let last = line.last, last == " " { line.removeLast() }
    return line
  }

  private static func width(_ text: String) -> Int {
    text.unicodeScalars.count
  }
}
