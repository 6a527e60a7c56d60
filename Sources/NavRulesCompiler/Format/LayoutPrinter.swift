/// Prints a syntax tree in the canonical layout (see `Formatter`), placing every comment.
///
/// Comments are consumed in source order as the tree is walked, so each is printed exactly
/// once: before a token (inline), before a statement (leading), after a statement or a `{` on
/// the same line (trailing), or before a `}` or the end of the file (dangling).
struct LayoutPrinter {
  static let indentUnit = "    "
  static let lineWidth = 100

  private let file: SourceFile
  private let bytes: [UInt8]
  private let comments: [Comment]
  private var next = 0
  /// 0-based lines a suppression comment applies to; statements on them keep sharing a line.
  private let suppressedLines: Set<Int>
  private var lines: [PrintedLine] = []

  init(_ syntax: SyntaxFile) {
    file = syntax.file
    bytes = syntax.file.bytes
    comments = syntax.comments
    suppressedLines = Self.suppressedLines(syntax)
  }

  /// The formatted text of the whole file.
  static func print(_ syntax: SyntaxFile) -> String {
    render(lines(syntax), of: syntax)
  }

  /// The lines of the formatted file, before their trailing comments are aligned.
  static func lines(_ syntax: SyntaxFile) -> [PrintedLine] {
    var printer = LayoutPrinter(syntax)
    printer.printStatements(
      syntax.directives, depth: 0, start: syntax.file.contentStart, end: syntax.file.bytes.count)
    return printer.lines
  }

  /// The text of `lines`, printed from `syntax`.
  static func render(_ lines: [PrintedLine], of syntax: SyntaxFile) -> String {
    let body = PrintedLine.render(lines, lineWidth: lineWidth)
    return syntax.file.contentStart > 0 && !body.isEmpty ? "\u{FEFF}" + body : body
  }

  /// The lines `// navrc:disable-line` (its own) and `// navrc:disable-next-line` (the next)
  /// comments refer to.
  static func suppressedLines(_ syntax: SyntaxFile) -> Set<Int> {
    var lines: Set<Int> = []
    for comment in syntax.comments {
      guard let kind = suppression(comment, in: syntax.file),
        let line = kind.coveredLine(
          commentLine: syntax.file.lineIndex(of: comment.range.lowerBound))
      else { continue }
      lines.insert(line)
    }
    return lines
  }

  /// Which suppression `comment` is, if it is one.
  static func suppression(_ comment: Comment, in file: SourceFile) -> SuppressionComment.Form? {
    SuppressionComment.parse(comment, in: file)?.form
  }

  // MARK: - Source inspection

  private func contains(_ byte: UInt8, in range: Range<Int>) -> Bool {
    bytes[max(0, range.lowerBound)..<min(bytes.count, max(range.lowerBound, range.upperBound))]
      .contains(byte)
  }

  private func newlines(in range: Range<Int>) -> Int {
    guard range.lowerBound < range.upperBound else { return 0 }
    return bytes[range].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
  }

  /// Whether only spaces, tabs, carriage returns and semicolons lie in `range`.
  private func isInlineGap(_ range: Range<Int>) -> Bool {
    guard range.lowerBound <= range.upperBound else { return false }
    return bytes[range].allSatisfy {
      $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r")
        || $0 == UInt8(ascii: ";")
    }
  }

  private func text(_ comment: Comment) -> String {
    let raw = file.text(comment.range)
    switch comment.kind {
    case .line:
      var trimmed = Substring(raw)
      while let last = trimmed.last, last == " " || last == "\t" { trimmed.removeLast() }
      return String(trimmed)
    case .block:
      return raw.replacing("\r\n", with: "\n")
    }
  }

  /// Whether a comment not yet printed starts in `range` (comments are in source order).
  private func hasComment(in range: Range<Int>) -> Bool {
    for comment in comments[next...] {
      if comment.range.lowerBound >= range.upperBound { return false }
      if range.contains(comment.range.lowerBound) { return true }
    }
    return false
  }

  /// Whether the directive's code is on one line (a block comment inside may span lines).
  private func isSingleLine(_ directive: DirectiveSyntax) -> Bool {
    var commentIndex = next
    var offset = directive.range.lowerBound
    while offset < directive.range.upperBound {
      while commentIndex < comments.count, comments[commentIndex].range.upperBound <= offset {
        commentIndex += 1
      }
      if commentIndex < comments.count, comments[commentIndex].range.contains(offset) {
        offset = comments[commentIndex].range.upperBound
        continue
      }
      if bytes[offset] == UInt8(ascii: "\n") { return false }
      offset += 1
    }
    return true
  }

  /// Whether `comments`, which end a line, hold a `disable-line` comment written on another
  /// line than `line`: at the end of `line`'s statement, it would apply to that statement.
  private func suppressesAnotherLine(_ comments: [Comment], than line: Int) -> Bool {
    comments.contains {
      Self.suppression($0, in: file) == .line && file.lineIndex(of: $0.range.lowerBound) != line
    }
  }

  private func isSuppressed(_ directive: DirectiveSyntax) -> Bool {
    suppressedLines.contains(file.lineIndex(of: directive.name.range.lowerBound))
  }

  // MARK: - Taking comments

  /// The comments before `offset`, grouped by the source line they share.
  private mutating func takeGroups(before offset: Int) -> [[Comment]] {
    var groups: [[Comment]] = []
    while next < comments.count, comments[next].range.lowerBound < offset {
      let comment = comments[next]
      next += 1
      if let previous = groups.last?.last,
        !contains(UInt8(ascii: "\n"), in: previous.range.upperBound..<comment.range.lowerBound)
      {
        groups[groups.count - 1].append(comment)
      } else {
        groups.append([comment])
      }
    }
    return groups
  }

  /// The comments after `anchor` on the same line, when nothing but the end of the line or a
  /// `}` follows them; they stay at the end of the printed line.
  private mutating func takeTrailing(after anchor: Int, limit: Int) -> [Comment] {
    var taken: [Comment] = []
    var end = anchor
    var index = next
    while index < comments.count, comments[index].range.lowerBound < limit,
      isInlineGap(end..<comments[index].range.lowerBound)
    {
      taken.append(comments[index])
      end = comments[index].range.upperBound
      index += 1
    }
    guard !taken.isEmpty else { return [] }
    var after = end
    while after < bytes.count, isInlineGap(after..<after + 1) { after += 1 }
    guard
      after >= bytes.count || bytes[after] == UInt8(ascii: "\n")
        || bytes[after] == UInt8(ascii: "}")
    else { return [] }
    next = index
    return taken
  }

  private func joined(_ comments: [Comment]) -> String {
    comments.map(text).joined(separator: " ")
  }

  private func trailingText(_ comments: [Comment]) -> String? {
    comments.isEmpty ? nil : joined(comments)
  }

  // MARK: - Output

  private mutating func emit(_ code: String, trailing: String? = nil) {
    lines.append(PrintedLine(code: code, trailingComment: trailing))
  }

  private mutating func emit(_ line: PrintedLine) {
    lines.append(line)
  }

  private mutating func blankLine(between previousEnd: Int, and start: Int, isFirst: Bool) {
    if !isFirst, newlines(in: previousEnd..<start) >= 2 { lines.append(.blank) }
  }

  private static func indent(_ depth: Int) -> String {
    String(repeating: indentUnit, count: depth)
  }

  private static func width(_ text: String) -> Int {
    text.unicodeScalars.count
  }

  // MARK: - Statements

  /// The statements of a file or block, their leading, trailing and dangling comments.
  private mutating func printStatements(
    _ directives: DirectiveList, depth: Int, start: Int, end: Int
  ) {
    // Read by position and by the next one's: a block's statements are few.
    let directives = Array(directives)
    let indent = Self.indent(depth)
    var lastEnd = start
    var isFirst = true
    var index = 0
    while index < directives.count {
      let directive = directives[index]
      var prefix: [Comment] = []
      let groups = takeGroups(before: directive.name.range.lowerBound)
      for (position, group) in groups.enumerated() {
        if position == groups.count - 1,
          !contains(
            UInt8(ascii: "\n"), in: group.last!.range.upperBound..<directive.name.range.lowerBound)
        {
          prefix = group
          break
        }
        blankLine(between: lastEnd, and: group[0].range.lowerBound, isFirst: isFirst)
        emit(indent + joined(group))
        lastEnd = group.last!.range.upperBound
        isFirst = false
      }
      blankLine(
        between: lastEnd, and: prefix.first?.range.lowerBound ?? directive.name.range.lowerBound,
        isFirst: isFirst)
      isFirst = false
      let prefixText = prefix.isEmpty ? "" : joined(prefix) + " "
      if isSuppressed(directive), isSingleLine(directive) {
        // Statements sharing a line a suppression applies to keep sharing it.
        var run = [directive]
        while index + 1 < directives.count, isSingleLine(directives[index + 1]),
          !contains(
            UInt8(ascii: "\n"),
            in: run.last!.range.upperBound..<directives[index + 1].name.range.lowerBound)
        {
          index += 1
          run.append(directives[index])
        }
        var parts: [String] = []
        for (position, member) in run.enumerated() {
          let lead =
            position == 0 ? [] : takeGroups(before: member.name.range.lowerBound).flatMap { $0 }
          parts.append((lead.isEmpty ? "" : joined(lead) + " ") + inlineText(member))
        }
        let trailing = takeTrailing(after: run.last!.range.upperBound, limit: end)
        emit(indent + prefixText + parts.joined(separator: "; "), trailing: trailingText(trailing))
        lastEnd = trailing.last?.range.upperBound ?? run.last!.range.upperBound
      } else {
        lastEnd = printDirective(directive, depth: depth, prefix: prefixText, limit: end)
      }
      index += 1
    }
    for group in takeGroups(before: end) {
      blankLine(between: lastEnd, and: group[0].range.lowerBound, isFirst: isFirst)
      emit(indent + joined(group))
      lastEnd = group.last!.range.upperBound
      isFirst = false
    }
  }

  /// One directive on its own lines; returns where its source (with trailing comments) ends.
  private mutating func printDirective(
    _ directive: DirectiveSyntax, depth: Int, prefix: String, limit: Int
  ) -> Int {
    let indent = Self.indent(depth)
    // Asked only where suppression comments are near.
    lazy var nameLine = file.lineIndex(of: directive.name.range.lowerBound)
    guard let block = directive.block, let rightBrace = block.rightBrace else {
      let head = headLines(directive, indent: indent, prefix: prefix)
      let trailing = takeTrailing(after: directive.range.upperBound, limit: limit)
      if head.count == 1, !trailing.isEmpty, suppressesAnotherLine(trailing, than: nameLine) {
        emit(head[0])
        emit(indent + joined(trailing))
        return trailing.last!.range.upperBound
      }
      for (position, line) in head.enumerated() {
        if position == head.count - 1, let comment = trailingText(trailing) {
          emit(
            line.code,
            trailing: [line.trailingComment, comment].compactMap { $0 }.joined(separator: " "))
        } else {
          emit(line)
        }
      }
      return trailing.last?.range.upperBound ?? directive.range.upperBound
    }
    let isEmpty = block.directives.isEmpty && !hasComment(in: directive.range)
    if isEmpty || canPrintInline(directive) {
      let line = indent + prefix + inlineText(directive)
      if isEmpty || Self.width(line) <= Self.lineWidth {
        let trailing = takeTrailing(after: directive.range.upperBound, limit: limit)
        if !trailing.isEmpty, suppressesAnotherLine(trailing, than: nameLine) {
          emit(line)
          emit(indent + joined(trailing))
        } else {
          emit(line, trailing: trailingText(trailing))
        }
        return trailing.last?.range.upperBound ?? directive.range.upperBound
      }
    }
    var head = headLines(directive, indent: indent, prefix: prefix)
    var moved: [Comment] = []
    for comment in takeGroups(before: block.leftBrace.lowerBound).flatMap({ $0 }) {
      if comment.kind == .block {
        head[head.count - 1].code += " " + text(comment)
      } else {
        moved.append(comment)  // A line comment cannot stay before the `{`.
      }
    }
    let afterBrace = takeTrailing(after: block.leftBrace.upperBound, limit: rightBrace.lowerBound)
    head[head.count - 1].code += " {"
    // The line comments moved inside, on lines of their own, and the comments after the `{`,
    // at the end of the head's line: unless suppression comments need them elsewhere.
    var inside = moved.map { [$0] }
    var afterHead = afterBrace
    if !(moved.isEmpty && afterBrace.isEmpty),
      file.lineIndex(of: block.leftBrace.lowerBound) != nameLine
    {
      // With the `{` on a later line, a suppression comment after it applies to that line (or
      // the next), not to the directive's: it goes inside, after those before it.
      if afterBrace.contains(where: { Self.suppression($0, in: file) != nil }) {
        inside.append(afterBrace)
        afterHead = []
      }
      // A `disable-line` comment after the name stays at the end of the name's line, where it
      // applies to the directive; what would have ended that line goes inside.
      if head.count == 1, let first = moved.first, Self.suppression(first, in: file) == .line,
        file.lineIndex(of: first.range.lowerBound) == nameLine
      {
        inside.removeFirst()
        if !afterHead.isEmpty { inside.append(afterHead) }
        afterHead = [first]
      }
    }
    head[head.count - 1].trailingComment = trailingText(afterHead)
    for line in head { emit(line) }
    for comments in inside { emit(Self.indent(depth + 1) + joined(comments)) }
    // A `disable-next-line` comment moved inside applies to the line after it: a blank one
    // when the line after it in the source held no statement.
    if let last = inside.last?.last, Self.suppression(last, in: file) == .nextLine,
      let inner = block.directives.first
    {
      let suppressedLine = file.lineIndex(of: last.range.lowerBound) + 1
      if file.lineIndex(of: inner.name.range.lowerBound) != suppressedLine { emit(.blank) }
    }
    printStatements(
      block.directives, depth: depth + 1,
      start: afterBrace.last?.range.upperBound ?? block.leftBrace.upperBound,
      end: rightBrace.lowerBound)
    let trailing = takeTrailing(after: rightBrace.upperBound, limit: limit)
    emit(indent + "}", trailing: trailingText(trailing))
    return trailing.last?.range.upperBound ?? rightBrace.upperBound
  }

  /// A block written on one line, with no comments and no blocks inside, stays on one line when
  /// it fits (`navigator Main { root Home }`, `on viewDidAppear { popGesture disabled }`).
  private func canPrintInline(_ directive: DirectiveSyntax) -> Bool {
    guard let block = directive.block, block.rightBrace != nil else { return false }
    return isSingleLine(directive) && !hasComment(in: directive.range)
      && block.directives.allSatisfy { $0.block == nil }
  }

  // MARK: - Heads and inline text

  private enum Piece {
    case token(String)
    case comma
    case comment(Comment)
  }

  /// The name, arguments and commas of a directive, with the comments between them.
  private mutating func headPieces(_ directive: DirectiveSyntax) -> [Piece] {
    var pieces: [Piece] = [.token(directive.nameText)]
    for argument in directive.arguments {
      for comment in takeGroups(before: argument.range.lowerBound).flatMap({ $0 }) {
        pieces.append(.comment(comment))
      }
      pieces.append(.token(file.text(argument.range)))
      if let comma = argument.comma {
        for comment in takeGroups(before: comma.lowerBound).flatMap({ $0 }) {
          pieces.append(.comment(comment))
        }
        pieces.append(.comma)
      }
    }
    return pieces
  }

  /// The head on one line, or on several after line comments, or wrapped after commas when
  /// it is too long; continuation lines are indented one more level.
  private mutating func headLines(_ directive: DirectiveSyntax, indent: String, prefix: String)
    -> [PrintedLine]
  {
    let pieces = headPieces(directive)
    lazy var nameLine = file.lineIndex(of: directive.name.range.lowerBound)
    let continuation = indent + Self.indentUnit
    var lines: [PrintedLine] = []
    var line = indent + prefix
    var atLineStart = true
    var hasComments = false
    for piece in pieces {
      switch piece {
      case .token(let text):
        line += (atLineStart ? "" : " ") + text
        atLineStart = false
      case .comma:
        line += ","
      case .comment(let comment):
        hasComments = true
        if comment.kind == .line {
          // A line comment ends the line: trailing after code, or alone on a continuation line;
          // alone too when it suppresses its own line and would end the line of the name.
          if !atLineStart, lines.isEmpty, suppressesAnotherLine([comment], than: nameLine) {
            lines.append(PrintedLine(code: line))
            line = continuation
            atLineStart = true
          }
          lines.append(
            atLineStart
              ? PrintedLine(code: line + text(comment))
              : PrintedLine(code: line, trailingComment: text(comment)))
          line = continuation
          atLineStart = true
        } else {
          line += (atLineStart ? "" : " ") + text(comment)
          atLineStart = false
        }
      }
    }
    lines.append(PrintedLine(code: line))
    guard !hasComments, lines.count == 1, Self.width(line) > Self.lineWidth else { return lines }
    // Too long: break after commas, filling each line.
    var segments: [String] = []
    var segment = ""
    for piece in pieces {
      switch piece {
      case .token(let text): segment += (segment.isEmpty ? "" : " ") + text
      case .comma:
        segments.append(segment + ",")
        segment = ""
      case .comment: break
      }
    }
    segments.append(segment)
    var wrapped = [indent + prefix + segments[0]]
    for segment in segments.dropFirst() {
      if Self.width(wrapped[wrapped.count - 1]) + 1 + Self.width(segment) <= Self.lineWidth {
        wrapped[wrapped.count - 1] += " " + segment
      } else {
        wrapped.append(continuation + segment)
      }
    }
    return wrapped.map { PrintedLine(code: $0) }
  }

  /// A directive on one line, blocks included (`on viewDidAppear { popGesture disabled }`),
  /// with any block comments inside kept in place.
  private mutating func inlineText(_ directive: DirectiveSyntax) -> String {
    var text = ""
    for piece in headPieces(directive) {
      switch piece {
      case .token(let token): text += (text.isEmpty ? "" : " ") + token
      case .comma: text += ","
      case .comment(let comment): text += (text.isEmpty ? "" : " ") + self.text(comment)
      }
    }
    guard let block = directive.block else { return text }
    for comment in takeGroups(before: block.leftBrace.lowerBound).flatMap({ $0 }) {
      text += " " + self.text(comment)
    }
    var items: [String] = []
    for inner in block.directives {
      let lead = takeGroups(before: inner.name.range.lowerBound).flatMap { $0 }
      items.append((lead.isEmpty ? "" : joined(lead) + " ") + inlineText(inner))
    }
    let end = block.rightBrace?.lowerBound ?? block.range.upperBound
    let dangling = takeGroups(before: end).flatMap { $0 }
    var inside = items.joined(separator: "; ")
    if !dangling.isEmpty { inside += (inside.isEmpty ? "" : " ") + joined(dangling) }
    return text + (inside.isEmpty ? " {}" : " { " + inside + " }")
  }
}
