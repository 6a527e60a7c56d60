import NavRulesCompiler

/// String and character literals. A literal is one token; its end is found exactly, so braces
/// and quotes inside it (`"\(a ? "}" : "{")"`) never reach the readers.
///
/// ```
/// swift-string := '#'* '"' … '"' '#'*  |  '#'* '"""' … '"""' '#'*
///                 escapes are '\' '#'* (same count); '\' '#'* '(' starts an interpolation,
///                 read as code (nested strings, comments, parentheses) up to its ')'
/// c-string     := '@'? '"' ( '\' any | any but '"' and line end )* '"'
/// character    := ''' ( '\' any | any but ''' and line end )* '''
/// regex        := '#'+ '/' … '/' '#'+      (Swift extended regex literals)
/// ```
///
/// A single-line literal that is not closed ends before its line end, so one stray quote
/// cannot swallow the file; an unclosed `"""` runs to the end of the file, as in Swift.
extension ScanLexer {
  /// At `#`* `"`: a Swift string of any form.
  mutating func lexSwiftString() {
    let start = index
    index = swiftStringEnd(from: start, nesting: 0)
    add(.string, start..<index)
  }

  /// The end of the Swift string literal that starts at `position` (at its `#`s or quote).
  func swiftStringEnd(from position: Int, nesting: Int) -> Int {
    var cursor = position
    var hashes = 0
    while cursor < end, bytes[cursor] == UInt8(ascii: "#") {
      hashes += 1
      cursor += 1
    }
    guard cursor < end, bytes[cursor] == UInt8(ascii: "\"") else { return cursor }
    let isMultiline = isTripleQuote(at: cursor)
    cursor += isMultiline ? 3 : 1
    return swiftStringBodyEnd(
      from: cursor, hashes: hashes, isMultiline: isMultiline, nesting: nesting)
  }

  private func isTripleQuote(at position: Int) -> Bool {
    position + 2 < end && bytes[position] == UInt8(ascii: "\"")
      && bytes[position + 1] == UInt8(ascii: "\"") && bytes[position + 2] == UInt8(ascii: "\"")
  }

  /// Whether `count` `#` characters start at `position`.
  private func hasHashes(_ count: Int, at position: Int) -> Bool {
    guard position + count <= end else { return false }
    for offset in 0..<count where bytes[position + offset] != UInt8(ascii: "#") { return false }
    return true
  }

  private func swiftStringBodyEnd(
    from position: Int, hashes: Int, isMultiline: Bool, nesting: Int
  ) -> Int {
    var cursor = position
    while cursor < end {
      let byte = bytes[cursor]
      if byte == UInt8(ascii: "\"") {
        if isMultiline {
          if isTripleQuote(at: cursor), hasHashes(hashes, at: cursor + 3) {
            return cursor + 3 + hashes
          }
        } else if hasHashes(hashes, at: cursor + 1) {
          return cursor + 1 + hashes
        }
        cursor += 1
      } else if byte == UInt8(ascii: "\\"), hasHashes(hashes, at: cursor + 1) {
        cursor += 1 + hashes
        guard cursor < end else { return end }
        let escaped = bytes[cursor]
        if escaped == UInt8(ascii: "(") {
          cursor = interpolationEnd(from: cursor + 1, isMultiline: isMultiline, nesting: nesting)
        } else if !isMultiline, escaped == UInt8(ascii: "\n") || escaped == UInt8(ascii: "\r") {
          return cursor
        } else {
          cursor += 1
        }
      } else if !isMultiline, byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
        return cursor
      } else {
        cursor += 1
      }
    }
    return end
  }

  /// After `\(`: the end of the interpolation, past its `)`. In a single-line string a line
  /// end ends it (and the string) unclosed.
  private func interpolationEnd(from position: Int, isMultiline: Bool, nesting: Int) -> Int {
    var cursor = position
    var depth = 1
    while cursor < end {
      let byte = bytes[cursor]
      switch byte {
      case UInt8(ascii: "("):
        depth += 1
        cursor += 1
      case UInt8(ascii: ")"):
        depth -= 1
        cursor += 1
        if depth == 0 { return cursor }
      case UInt8(ascii: "\"") where nesting < Self.maximumStringNesting:
        cursor = swiftStringEnd(from: cursor, nesting: nesting + 1)
      case UInt8(ascii: "#"):
        // The run counted once: a raw string if a quote follows, else skipped whole.
        var runEnd = cursor
        while runEnd < end, bytes[runEnd] == UInt8(ascii: "#") { runEnd += 1 }
        let isRawString =
          runEnd < end && bytes[runEnd] == UInt8(ascii: "\"")
          && nesting < Self.maximumStringNesting
        cursor = isRawString ? swiftStringEnd(from: cursor, nesting: nesting + 1) : runEnd
      case UInt8(ascii: "/") where cursor + 1 < end && bytes[cursor + 1] == UInt8(ascii: "/"):
        cursor = lineEnd(from: cursor)
      case UInt8(ascii: "/") where cursor + 1 < end && bytes[cursor + 1] == UInt8(ascii: "*"):
        cursor = blockCommentEnd(from: cursor)
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        if !isMultiline { return cursor }
        cursor += 1
      default:
        cursor += 1
      }
    }
    return end
  }

  /// At `#`+ `/`: an extended regex literal, to its `/` and as many `#`s; on one line unless
  /// the `#/` ends its line.
  mutating func lexRegex(hashes: Int) {
    let start = index
    var cursor = index + hashes + 1
    let isMultiline = cursor < end && (bytes[cursor] == UInt8(ascii: "\n"))
    while cursor < end {
      let byte = bytes[cursor]
      if byte == UInt8(ascii: "\\") {
        cursor += 2
        continue
      }
      if byte == UInt8(ascii: "/"), hasHashes(hashes, at: cursor + 1) {
        cursor += 1 + hashes
        break
      }
      if !isMultiline, byte == UInt8(ascii: "\n") { break }
      cursor += 1
    }
    index = min(cursor, end)
    add(.regex, start..<index)
  }

  /// A C string (or Objective-C `@"…"` when `start` is at the `@`).
  mutating func lexCString(from start: Int) {
    index = quotedEnd(from: bytes[start] == UInt8(ascii: "@") ? start + 1 : start)
    add(.string, start..<index)
  }

  mutating func lexCharacter() {
    let start = index
    index = quotedEnd(from: start)
    add(.character, start..<index)
  }

  /// The end of a C literal quoted by the byte at `position`, past its closing quote, or at
  /// its line end when it is not closed. A backslash before a line end continues the line.
  func quotedEnd(from position: Int) -> Int {
    let quote = bytes[position]
    var cursor = position + 1
    while cursor < end {
      let byte = bytes[cursor]
      if byte == quote { return cursor + 1 }
      if byte == UInt8(ascii: "\\") {
        cursor += 2
        continue
      }
      if byte == UInt8(ascii: "\n") { return cursor }
      cursor += 1
    }
    return end
  }
}
