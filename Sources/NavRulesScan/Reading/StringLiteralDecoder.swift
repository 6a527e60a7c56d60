import NavRulesCompiler

/// The text a string literal token stands for.
///
/// Swift: escapes (`\n`, `\t`, `\r`, `\0`, `\\`, `\"`, `\'`, `\u{…}`, with the raw string's
/// `#`s) are resolved, and a multi-line literal loses its first line end and the closing
/// delimiter's indentation, as Swift does. A literal with an interpolation is returned as its
/// source text between the delimiters, escapes unresolved: its value is not known.
///
/// C and Objective-C: `\n`, `\t`, `\r`, `\0`, `\\`, `\"`, `\'`, `\a`, `\b`, `\f`, `\v`, octal,
/// `\x` and `\u` escapes are resolved.
///
/// Invalid UTF-8 becomes U+FFFD; an unterminated literal is decoded up to where it ends.
enum StringLiteralDecoder {
  static func swift(_ bytes: [UInt8], _ range: Range<Int>) -> String {
    var cursor = range.lowerBound
    var hashes = 0
    while cursor < range.upperBound, bytes[cursor] == UInt8(ascii: "#") {
      hashes += 1
      cursor += 1
    }
    let isMultiline =
      cursor + 2 < range.upperBound && bytes[cursor + 1] == UInt8(ascii: "\"")
      && bytes[cursor + 2] == UInt8(ascii: "\"")
    let delimiter = (isMultiline ? 3 : 1) + hashes
    var contentStart = min(range.upperBound, cursor + (isMultiline ? 3 : 1))
    var contentEnd = range.upperBound
    if range.count >= 2 * delimiter, bytes[range.upperBound - 1 - hashes] == UInt8(ascii: "\"") {
      contentEnd = max(contentStart, range.upperBound - delimiter)
    }
    var lines: [ArraySlice<UInt8>]
    if isMultiline {
      if contentStart < contentEnd, bytes[contentStart] == UInt8(ascii: "\r") { contentStart += 1 }
      if contentStart < contentEnd, bytes[contentStart] == UInt8(ascii: "\n") { contentStart += 1 }
      lines = bytes[contentStart..<contentEnd].split(
        separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      // The last line holds only the closing delimiter's indentation.
      let indentation =
        lines.last.map { line in
          line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") } ? line.count : 0
        } ?? 0
      if lines.count > 1, indentation == lines.last?.count { lines.removeLast() }
      lines = lines.map { line in
        var start = line.startIndex
        while start < line.endIndex, start - line.startIndex < indentation,
          line[start] == UInt8(ascii: " ") || line[start] == UInt8(ascii: "\t")
        {
          start += 1
        }
        var end = line.endIndex
        if end > start, line[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return line[start..<end]
      }
    } else {
      lines = [bytes[contentStart..<contentEnd]]
    }
    var output: [UInt8] = []
    for (number, line) in lines.enumerated() {
      if number > 0 { output.append(UInt8(ascii: "\n")) }
      guard decodeSwiftLine(line, hashes: hashes, into: &output) else {
        return String(decoding: bytes[contentStart..<contentEnd], as: UTF8.self)
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Decodes one line of a Swift literal; false when it holds an interpolation.
  private static func decodeSwiftLine(
    _ line: ArraySlice<UInt8>, hashes: Int, into output: inout [UInt8]
  ) -> Bool {
    var index = line.startIndex
    while index < line.endIndex {
      let byte = line[index]
      guard byte == UInt8(ascii: "\\") else {
        output.append(byte)
        index += 1
        continue
      }
      var escape = index + 1
      var count = 0
      while count < hashes, escape < line.endIndex, line[escape] == UInt8(ascii: "#") {
        count += 1
        escape += 1
      }
      guard count == hashes, escape < line.endIndex else {
        output.append(byte)
        index += 1
        continue
      }
      let kind = line[escape]
      index = escape + 1
      switch kind {
      case UInt8(ascii: "("): return false
      case UInt8(ascii: "n"): output.append(0x0A)
      case UInt8(ascii: "t"): output.append(0x09)
      case UInt8(ascii: "r"): output.append(0x0D)
      case UInt8(ascii: "0"): output.append(0)
      case UInt8(ascii: "u"):
        if index < line.endIndex, line[index] == UInt8(ascii: "{") {
          var value: UInt32 = 0
          var cursor = index + 1
          while cursor < line.endIndex, let digit = hexValue(line[cursor]) {
            value = value &<< 4 | digit
            cursor += 1
          }
          if cursor < line.endIndex, line[cursor] == UInt8(ascii: "}") { cursor += 1 }
          index = cursor
          appendScalar(value, to: &output)
        }
      default: output.append(kind)
      }
    }
    return true
  }

  static func c(_ bytes: [UInt8], _ range: Range<Int>) -> String {
    var start = range.lowerBound
    if start < range.upperBound, bytes[start] == UInt8(ascii: "@") { start += 1 }
    start = min(range.upperBound, start + 1)
    var end = range.upperBound
    if end > start, bytes[end - 1] == UInt8(ascii: "\"") { end -= 1 }
    var output: [UInt8] = []
    var index = start
    while index < end {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "\\"), index + 1 < end else {
        output.append(byte)
        index += 1
        continue
      }
      let kind = bytes[index + 1]
      index += 2
      switch kind {
      case UInt8(ascii: "n"): output.append(0x0A)
      case UInt8(ascii: "t"): output.append(0x09)
      case UInt8(ascii: "r"): output.append(0x0D)
      case UInt8(ascii: "a"): output.append(0x07)
      case UInt8(ascii: "b"): output.append(0x08)
      case UInt8(ascii: "f"): output.append(0x0C)
      case UInt8(ascii: "v"): output.append(0x0B)
      case UInt8(ascii: "\n"): break
      case UInt8(ascii: "0")...UInt8(ascii: "7"):
        var value = UInt32(kind - UInt8(ascii: "0"))
        var digits = 1
        while digits < 3, index < end, bytes[index] >= UInt8(ascii: "0"),
          bytes[index] <= UInt8(ascii: "7")
        {
          value = value * 8 + UInt32(bytes[index] - UInt8(ascii: "0"))
          index += 1
          digits += 1
        }
        output.append(UInt8(truncatingIfNeeded: value))
      case UInt8(ascii: "x"), UInt8(ascii: "u"), UInt8(ascii: "U"):
        let maximum = kind == UInt8(ascii: "x") ? 2 : (kind == UInt8(ascii: "u") ? 4 : 8)
        var value: UInt32 = 0
        var digits = 0
        while digits < maximum, index < end, let digit = hexValue(bytes[index]) {
          value = value &<< 4 | digit
          index += 1
          digits += 1
        }
        if kind == UInt8(ascii: "x") {
          output.append(UInt8(truncatingIfNeeded: value))
        } else {
          appendScalar(value, to: &output)
        }
      default: output.append(kind)
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  private static func appendScalar(_ value: UInt32, to output: inout [UInt8]) {
    let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
    output.append(contentsOf: String(scalar).utf8)
  }
}
