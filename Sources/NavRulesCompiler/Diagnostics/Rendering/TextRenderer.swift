import Dispatch

/// The `text` format: swiftc-style lines that Xcode and editors parse.
///
/// ```
/// FILE:LINE:COL: error|warning|note: MESSAGE [ID]
/// ```
/// Notes follow their diagnostic; on a terminal the source line and a caret follow, in colour.
public struct TextRenderer: Sendable {
  /// Whether to add colour and source snippets (stderr is a terminal).
  public var isTerminal: Bool

  public init(isTerminal: Bool) {
    self.isTerminal = isTerminal
  }

  public func render(_ diagnostic: Diagnostic) -> String {
    var output: [UInt8] = []
    var paths = Paths()
    render(diagnostic, into: &output, paths: &paths)
    return String(decoding: output, as: UTF8.self)
  }

  /// The last file's path as `oneLine` writes it: most lines of a report name one file.
  struct Paths {
    private var file: SourceFile?
    private var shown = ""

    mutating func shown(_ file: SourceFile) -> String {
      if file !== self.file {
        self.file = file
        shown = TextRenderer.oneLine(file.path)
      }
      return shown
    }
  }

  /// Appends the lines of `diagnostic` to `output` as UTF-8: bytes appended in place cost a
  /// copy, where `String` pieces cost a check of the growing string each (the report of a
  /// large run is tens of megabytes).
  func render(_ diagnostic: Diagnostic, into output: inout [UInt8], paths: inout Paths) {
    appendLine(
      diagnostic.range, label: diagnostic.severity.rawValue, message: diagnostic.message,
      id: diagnostic.id.rawValue, to: &output, paths: &paths)
    for note in diagnostic.notes {
      appendLine(
        note.range, label: "note", message: note.message, id: nil, to: &output, paths: &paths)
    }
    if isTerminal { output.append(contentsOf: snippet(diagnostic.range).utf8) }
  }

  /// Renders `diagnostics` in order, handing the text to `write` in pieces of about a
  /// megabyte (millions of diagnostics are hundreds of megabytes of text), rendered on up to
  /// `threads` threads (by default the compiler's count): a piece per thread at a time, each
  /// written in order.
  public func render(
    _ diagnostics: [Diagnostic], threads: Int? = nil, write: (String) -> Void
  ) {
    render(diagnostics, threads: threads) { (bytes: [UInt8]) in
      write(String(decoding: bytes, as: UTF8.self))
    }
  }

  /// `render(_:threads:write:)` handing over the UTF-8 bytes as they were rendered: a writer
  /// to a file descriptor needs no `String`, whose making checks every byte again (about 10
  /// instructions a byte for text with notes' arrows in it).
  public func render(
    _ diagnostics: [Diagnostic], threads: Int? = nil, write: ([UInt8]) -> Void
  ) {
    // About a megabyte of text: a diagnostic with its note is two lines of 100 to 300 bytes.
    let pieceSize = 4096
    let threads = diagnostics.count <= pieceSize ? 1 : max(1, threads ?? Concurrency.threadCount)
    var start = 0
    while start < diagnostics.count {
      let pieces = min(threads, (diagnostics.count - start + pieceSize - 1) / pieceSize)
      let texts = ResultSlots<[UInt8]>(count: pieces)
      let first = start
      let renderPiece: @Sendable (Int) -> Void = { piece in
        let lower = first + piece * pieceSize
        var text: [UInt8] = []
        text.reserveCapacity(pieceSize * 256)
        var paths = Paths()
        for diagnostic in diagnostics[lower..<min(diagnostics.count, lower + pieceSize)] {
          render(diagnostic, into: &text, paths: &paths)
        }
        texts.set(piece, text)
      }
      if pieces > 1 {
        DispatchQueue.concurrentPerform(iterations: pieces, execute: renderPiece)
      } else {
        renderPiece(0)
      }
      for text in texts.values { write(text) }
      start = min(diagnostics.count, start + pieces * pieceSize)
    }
  }

  /// `N errors, M warnings`.
  public static func summary(errors: Int, warnings: Int) -> String {
    "\(errors) \(errors == 1 ? "error" : "errors"), \(warnings) \(warnings == 1 ? "warning" : "warnings")"
  }

  /// `text` with every character that could break the one-line format, drive a terminal or
  /// reorder what is displayed written as a `\u{…}` escape: control characters (C0, DEL,
  /// C1), line and paragraph separators, and bidirectional formatting characters. Messages
  /// quote the file and paths are whatever the file system allows, so neither may forge a
  /// line (`::error …` for GitHub Actions, a fake `FILE:LINE:COL: error:`) or hide its text;
  /// ordinary text is returned unchanged.
  public static func oneLine(_ text: String) -> String {
    // Decided on the bytes for nearly every message and path; only text that may hold such
    // a character is decoded.
    let mayNeedEscape =
      text.utf8.withContiguousStorageIfAvailable(Self.mayNeedEscape) ?? true
    guard mayNeedEscape, text.unicodeScalars.contains(where: needsEscape) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if needsEscape(scalar) {
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether UTF-8 `bytes` may encode a character `oneLine` escapes: a C0 control or DEL, or
  /// the first two bytes of U+0080–U+009F (`C2 80…9F`), U+061C (`D8 9C`) or U+2000–U+207F
  /// (`E2 80`, `E2 81`), the block of the other separators and bidirectional controls. Never
  /// false for text that needs escaping; `→` (`E2 86 92`) and other text pass.
  private static func mayNeedEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index < bytes.count {
      // Eight bytes at a time while they are printable ASCII (no byte below 0x20, none with
      // the high bit, no DEL): the classic tests may flag a word that is fine, never miss one.
      // A flagged word's bytes are then checked one by one, and the next word starts after
      // it: a note's path has an arrow in nearly every word, and testing the word again at
      // each of its bytes cost more than the test saves.
      var end = min(index + 1, bytes.count)
      if index + 8 <= bytes.count {
        let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs = ones &* 0x80
        let belowSpace = (word &- ones &* 0x20) & ~word & highs
        let delete = ((word ^ (ones &* 0x7F)) &- ones) & ~(word ^ (ones &* 0x7F)) & highs
        if (word & highs) | belowSpace | delete == 0 {
          index += 8
          continue
        }
        end = index + 8
      }
      while index < end {
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x7F { return true }
        if byte >= 0xC2, index + 1 < bytes.count {
          let next = bytes[index + 1]
          switch byte {
          case 0xC2 where next < 0xA0, 0xD8 where next == 0x9C, 0xE2 where next <= 0x81:
            return true
          default: break
          }
        }
        index += 1
      }
    }
    return false
  }

  /// Characters `oneLine` escapes.
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    isControl(scalar) || isBidirectionalControl(scalar)
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}"
      || scalar == "\u{2029}"
  }

  /// The bidirectional formatting characters (embeddings, overrides, isolates and marks),
  /// which make text display in another order than it is read.
  static func isBidirectionalControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// `FILE:LINE:COL: LABEL: MESSAGE [ID]` and a line end (in colour on a terminal).
  private func appendLine(
    _ range: SourceRange, label: String, message: String, id: String?,
    to output: inout [UInt8], paths: inout Paths
  ) {
    func append(_ text: String) { output.append(contentsOf: text.utf8) }
    let position = range.start
    if isTerminal { append("\u{1B}[1m") }
    append(paths.shown(range.file))
    output.append(UInt8(ascii: ":"))
    Self.appendDecimal(position.line, to: &output)
    output.append(UInt8(ascii: ":"))
    Self.appendDecimal(position.column, to: &output)
    output.append(UInt8(ascii: ":"))
    if isTerminal {
      let color =
        switch label {
        case "error": "\u{1B}[1;31m"
        case "warning": "\u{1B}[1;35m"
        default: "\u{1B}[1;90m"
        }
      append("\u{1B}[0m ")
      append(color)
      append(label)
      append(":\u{1B}[0m \u{1B}[1m")
    } else {
      output.append(UInt8(ascii: " "))
      append(label)
      append(": ")
    }
    append(Self.oneLine(message))
    if let id {
      append(" [")
      append(id)
      output.append(UInt8(ascii: "]"))
    }
    append(isTerminal ? "\u{1B}[0m\n" : "\n")
  }

  /// The decimal digits of a non-negative `value`, without a `String` for them.
  private static func appendDecimal(_ value: Int, to output: inout [UInt8]) {
    var divisor = 1
    while divisor <= value / 10 { divisor *= 10 }
    var rest = value
    while divisor > 0 {
      output.append(UInt8(ascii: "0") + UInt8(rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }

  /// How many bytes of a line a snippet shows before and after the range: a long line is
  /// shown around the range only, with `…` where it is cut, so that each of many diagnostics
  /// on one long line costs a bounded snippet, not the whole line.
  static let snippetContext = 120

  /// The source line of `range` and a caret under it (`^~~~` for the part on that line).
  private func snippet(_ range: SourceRange) -> String {
    let file = range.file
    let lineIndex = file.lineIndex(of: range.bytes.lowerBound)
    let lineBytes = file.lineRange(at: lineIndex)
    let start = min(max(range.bytes.lowerBound, lineBytes.lowerBound), lineBytes.upperBound)
    var end = min(max(range.bytes.upperBound, start), lineBytes.upperBound)
    var shown = lineBytes
    var before = ""
    var after = ""
    if start - shown.lowerBound > Self.snippetContext {
      shown = Self.boundary(file, atOrAfter: start - Self.snippetContext)..<shown.upperBound
      before = "…"
    }
    if end - start > 2 * Self.snippetContext {
      end = min(end, Self.boundary(file, atOrAfter: start + 2 * Self.snippetContext))
    }
    if shown.upperBound - end > Self.snippetContext {
      let cut = min(shown.upperBound, Self.boundary(file, atOrAfter: end + Self.snippetContext))
      shown = shown.lowerBound..<cut
      after = "…"
    }
    // One replacement character per control or bidirectional character keeps the caret under
    // its column, and the line displayed in the order it is read.
    let text = String(
      String.UnicodeScalarView(
        file.text(shown).unicodeScalars.map {
          $0 != "\t" && Self.needsEscape($0) ? "\u{FFFD}" : $0
        }))
    var indent = before.isEmpty ? "" : " "
    for scalar in file.text(shown.lowerBound..<start).unicodeScalars {
      indent += scalar == "\t" ? "\t" : " "
    }
    let width = file.text(start..<end).unicodeScalars.count
    let marker = "^" + String(repeating: "~", count: max(0, width - 1))
    return "\(before)\(text)\(after)\n\(indent)\u{1B}[1;32m\(marker)\u{1B}[0m\n"
  }

  /// The first offset at or after `offset` that does not continue a UTF-8 sequence (at most
  /// three bytes on: further continuation bytes are invalid, one column each).
  private static func boundary(_ file: SourceFile, atOrAfter offset: Int) -> Int {
    var index = offset
    while index < min(file.bytes.count, offset + 3), file.bytes[index] & 0xC0 == 0x80 {
      index += 1
    }
    return index
  }
}
