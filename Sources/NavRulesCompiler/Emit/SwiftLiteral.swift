/// Swift literal syntax for text from the input: the one place the emitter escapes strings.
public enum SwiftLiteral {
  /// The lines of a multi-line string literal holding `lines` joined by line breaks (with a
  /// final line break), each prefixed by `indentation`, which Swift strips again.
  ///
  /// Lines of plain printable text become a raw literal (`#"""`) with enough `#`s that no
  /// delimiter or escape can occur inside, so they read as they are; anything else, and text
  /// that would need more `#`s than Swift accepts, becomes an escaped literal.
  public static func multilineString(_ lines: [String], indentation: String) -> [String] {
    let printable = lines.allSatisfy { line in
      // Printable ASCII, the usual case, is decided from the bytes; the general category of a
      // scalar costs about a hundred instructions.
      line.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        || line.unicodeScalars.allSatisfy { !needsEscape($0) && $0 != "\t" }
    }
    let delimiterLength = printable ? rawDelimiterLength(lines) : 0
    if printable, delimiterLength <= maximumRawDelimiterLength {
      let hashes = String(repeating: "#", count: delimiterLength)
      return [hashes + "\"\"\""] + lines.map { indentation + $0 }
        + [indentation + "\"\"\"" + hashes]
    }
    return ["\"\"\""] + lines.map { indentation + escaped($0, quotes: true) }
      + [indentation + "\"\"\""]
  }

  /// The most `#`s Swift accepts around a raw string literal (its lexer rejects 256).
  static let maximumRawDelimiterLength = 255

  /// How many `#`s a raw literal needs: one more than any run that follows a `"` or a `\` in
  /// the text, so neither `"""#…` nor `\#…` can appear inside.
  static func rawDelimiterLength(_ lines: [String]) -> Int {
    var longest = 0
    for line in lines {
      let bytes = Array(line.utf8)
      for (index, byte) in bytes.enumerated()
      where byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        var run = 0
        while index + 1 + run < bytes.count, bytes[index + 1 + run] == UInt8(ascii: "#") {
          run += 1
        }
        longest = max(longest, run)
      }
    }
    return longest + 1
  }

  /// The inside of a non-raw literal: `\`, `"` and every invisible or control character
  /// escaped, the rest as it is.
  static func escaped(_ text: String, quotes: Bool) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\"" where quotes: result += "\\\""
      case "\0": result += "\\0"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if needsEscape(scalar) {
          result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// Characters that are never written literally: controls, invisible formatting (including
  /// bidirectional overrides that would make the file read differently from what it means),
  /// line and paragraph separators, and code points without a meaning.
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate,
      .unassigned:
      true
    default:
      false
    }
  }
}
