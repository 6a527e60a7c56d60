import NavRulesCompiler

/// `#` in both languages: Swift's `#if` family, raw strings, regexes and `#word` tokens, and
/// the C preprocessor's lines.
///
/// ```
/// swift-directive := '#if' condition | '#elseif' condition | '#else' | '#endif'
///                    (the condition runs to the end of the line)
/// c-directive     := line-start '#' word text ('\' newline text)*    (comments kept)
/// ```
///
/// `#import`, `#define` (with its continuation lines), `#pragma mark` and every other C
/// directive produce no tokens. The conditional ones (`#if`, `#ifdef`, `#ifndef`, `#elif`,
/// `#else`, `#endif`) and Swift's are handed to `ConditionalBranches`.
extension ScanLexer {
  mutating func lexPound() {
    let start = index
    if language == .objectiveC {
      if pendingFlags.contains(.newlineBefore) {
        lexPreprocessorLine()
      } else {
        add(.unknown, start..<start + 1)
        index += 1
      }
      return
    }
    var cursor = index
    while cursor < end, bytes[cursor] == UInt8(ascii: "#") { cursor += 1 }
    let hashes = cursor - start
    if cursor < end, bytes[cursor] == UInt8(ascii: "\"") {
      lexSwiftString()
      return
    }
    if cursor < end, bytes[cursor] == UInt8(ascii: "/") {
      lexRegex(hashes: hashes)
      return
    }
    if hashes > 1 {
      // Each `#` of the run but the last starts the same run, to the same byte: one token
      // each without counting the run again (a run of n `#` was O(n²)).
      for position in start..<cursor - 1 { add(.unknown, position..<position + 1) }
      index = cursor - 1
      lexPound()
      return
    }
    guard hashes == 1, cursor < end, Self.isWordStart(bytes[cursor]) else {
      add(.unknown, start..<start + 1)
      index += 1
      return
    }
    let wordEnd = wordEnd(from: cursor)
    switch ConditionalDirective(bytes, cursor..<wordEnd, language: .swift) {
    case .some(let directive):
      let lineEnd = directiveLineEnd(from: wordEnd, continues: false)
      index = lineEnd.end
      apply(directive, condition: lineEnd.condition)
    case nil:
      add(.pound, start..<wordEnd)
      index = wordEnd
    }
  }

  /// A C preprocessor line, at its `#`.
  private mutating func lexPreprocessorLine() {
    var cursor = index + 1
    while cursor < end, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") {
      cursor += 1
    }
    let wordEnd = wordEnd(from: cursor)
    let directive = ConditionalDirective(bytes, cursor..<wordEnd, language: .objectiveC)
    let lineEnd = directiveLineEnd(from: wordEnd, continues: true)
    index = lineEnd.end
    pendingFlags.insert(.spaceBefore)
    if let directive { apply(directive, condition: lineEnd.condition) }
  }

  private mutating func apply(_ directive: ConditionalDirective, condition: Range<Int>) {
    let value = ConditionalBranches.Value(bytes, condition)
    switch directive {
    case .if: conditionals.begin(value, tokens: &tokens)
    case .elseIf: conditionals.alternative(value, tokens: &tokens)
    case .else: conditionals.alternative(.unknown, tokens: &tokens)
    case .endIf: conditionals.end(tokens: &tokens)
    }
  }

  mutating func finishConditionals() {
    conditionals.finish(tokens: &tokens)
  }

  /// Reads a directive's line from `position` up to (not past) its line end, keeping the
  /// comments on it. With `continues`, a backslash before the line end joins the next line
  /// (C). Returns where the line ends and the text before any comment (the condition).
  private mutating func directiveLineEnd(
    from position: Int, continues: Bool
  ) -> (end: Int, condition: Range<Int>) {
    var cursor = position
    var conditionEnd: Int?
    while cursor < end {
      let byte = bytes[cursor]
      if byte == UInt8(ascii: "\n") { break }
      if continues, byte == UInt8(ascii: "\\") {
        if cursor + 1 < end, bytes[cursor + 1] == UInt8(ascii: "\n") {
          cursor += 2
          continue
        }
        if cursor + 2 < end, bytes[cursor + 1] == UInt8(ascii: "\r"),
          bytes[cursor + 2] == UInt8(ascii: "\n")
        {
          cursor += 3
          continue
        }
      }
      if byte == UInt8(ascii: "/"), cursor + 1 < end, bytes[cursor + 1] == UInt8(ascii: "/") {
        if conditionEnd == nil { conditionEnd = cursor }
        let stop = lineEnd(from: cursor)
        var commentEnd = stop
        if commentEnd > cursor, bytes[commentEnd - 1] == UInt8(ascii: "\r") { commentEnd -= 1 }
        comments.append(Comment(kind: .line, range: cursor..<commentEnd))
        cursor = stop
        break
      }
      if byte == UInt8(ascii: "/"), cursor + 1 < end, bytes[cursor + 1] == UInt8(ascii: "*") {
        if conditionEnd == nil { conditionEnd = cursor }
        let stop = blockCommentEnd(from: cursor)
        comments.append(Comment(kind: .block, range: cursor..<stop))
        cursor = stop
        continue
      }
      if continues, byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        cursor = quotedEnd(from: cursor)
        continue
      }
      cursor += 1
    }
    return (cursor, position..<max(position, conditionEnd ?? cursor))
  }
}

/// The directives that choose between branches of code.
enum ConditionalDirective {
  case `if`
  case elseIf
  case `else`
  case endIf

  init?(_ bytes: UnsafeBufferPointer<UInt8>, _ word: Range<Int>, language: ScanLanguage) {
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[word]), as: UTF8.self)
    switch (text, language) {
    case ("if", _), ("ifdef", .objectiveC), ("ifndef", .objectiveC): self = .if
    case ("elseif", .swift), ("elif", .objectiveC), ("elifdef", .objectiveC),
      ("elifndef", .objectiveC):
      self = .elseIf
    case ("else", _): self = .else
    case ("endif", _): self = .endIf
    default: return nil
    }
  }
}
