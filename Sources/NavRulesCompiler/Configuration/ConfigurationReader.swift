/// Reads a `.navrc` file: one setting a line (or per `;`), `NAME VALUE[, VALUE…]`, `//`
/// comments, the look of a `.navrules` file. A value is a word (any run of bytes other than
/// blanks, `,`, `;`, `"` and `//`, so globs need no quotes) or a `"string"` with the escapes
/// of rule files (`\"`, `\\`, `\n`, `\t`, `\u{…}`).
///
/// Every mistake is a diagnostic at its line and column, with the ids rule files use
/// (`syntax`, `unknown-directive` with a "did you mean", `invalid-value`,
/// `duplicate-directive`); a setting it does not know is never ignored.
public enum ConfigurationReader {
  /// The settings, in the order docs/adopting.md lists them.
  public static let settingNames = [
    "include", "exclude", "root", "disable", "severity", "warningsAsErrors", "baseline",
    "strictBaseline", "cachePath",
  ]

  public struct Result: Sendable {
    public var configuration: Configuration
    public var diagnostics: [Diagnostic]
  }

  public static func read(_ file: SourceFile, folder: String) -> Result {
    var reader = Reader(file: file)
    var configuration = Configuration(folder: folder)
    configuration.file = file
    var firstSeen: [String: SourceRange] = [:]
    var severitySeen: [DiagnosticID: SourceRange] = [:]
    while let statement = reader.nextStatement() {
      let name = statement.name
      let nameRange = SourceRange(file, name.range)
      guard settingNames.contains(name.text) else {
        var notes: [Diagnostic.Note] = []
        var fixIts: [Diagnostic.FixIt] = []
        if let suggestion = Suggestions.closest(to: name.text, among: settingNames) {
          notes.append(Diagnostic.Note(SemanticMessages.didYouMean(suggestion), at: nameRange))
          fixIts.append(
            Diagnostic.FixIt(
              "replace '\(name.text)' with '\(suggestion)'",
              edits: [Diagnostic.TextEdit(range: nameRange, replacement: suggestion)]))
        }
        reader.report(
          .unknownDirective, "unknown setting '\(name.text)' in \(Configuration.fileName)",
          at: name.range, notes: notes, fixIts: fixIts)
        continue
      }
      let values = statement.values
      if ["warningsAsErrors", "baseline", "strictBaseline", "cachePath"].contains(name.text) {
        if let first = firstSeen[name.text] {
          reader.report(
            .duplicateDirective, "'\(name.text)' is set twice", at: name.range,
            notes: [Diagnostic.Note("first set here", at: first)])
          continue
        }
        firstSeen[name.text] = nameRange
      }
      switch name.text {
      case "include", "exclude", "root":
        guard !values.isEmpty else {
          reader.report(
            .invalidValue,
            "'\(name.text)' expects \(name.text == "root" ? "class names" : "paths"), separated by commas",
            at: name.range)
          continue
        }
        for value in values {
          switch name.text {
          case "include": configuration.include.append(configuration.resolve(value.text))
          case "exclude": configuration.excludes.append(value.text)
          default:
            guard value.isWord, value.text.utf8.allSatisfy(isClassNameByte) else {
              reader.report(
                .invalidValue, "'\(value.text)' is not a class name", at: value.range)
              continue
            }
            configuration.roots.append(value.text)
          }
        }
      case "disable":
        guard !values.isEmpty else {
          reader.report(.invalidValue, "'disable' expects diagnostic ids", at: name.range)
          continue
        }
        for value in values {
          if let id = reader.diagnosticID(value) { configuration.disabled.insert(id) }
        }
      case "severity":
        guard values.count == 2 else {
          reader.report(
            .invalidValue, "'severity' expects an id and 'error' or 'warning' (severity ID error)",
            at: values.count > 2 ? values[2].range : name.range)
          continue
        }
        guard let id = reader.diagnosticID(values[0]) else { continue }
        guard let severity = Severity(rawValue: values[1].text) else {
          reader.report(
            .invalidValue, "unknown severity '\(values[1].text)'; expected 'error' or 'warning'",
            at: values[1].range, suggesting: ["error", "warning"])
          continue
        }
        if let first = severitySeen[id] {
          reader.report(
            .duplicateDirective, "the severity of '\(id.rawValue)' is set twice",
            at: values[0].range, notes: [Diagnostic.Note("first set here", at: first)])
          continue
        }
        severitySeen[id] = SourceRange(file, values[0].range)
        configuration.severities[id] = severity
      case "warningsAsErrors", "strictBaseline":
        guard let flag = reader.boolean(name: name, values: values) else { continue }
        if name.text == "warningsAsErrors" {
          configuration.warningsAsErrors = flag
        } else {
          configuration.strictBaseline = flag
        }
      default:  // baseline, cachePath
        guard values.count == 1, !values[0].text.isEmpty else {
          reader.report(
            .invalidValue, "'\(name.text)' expects one path",
            at: values.count > 1 ? values[1].range : name.range)
          continue
        }
        if name.text == "baseline" {
          configuration.baseline = configuration.resolve(values[0].text)
        } else {
          configuration.cachePath = configuration.resolve(values[0].text)
        }
      }
    }
    return Result(configuration: configuration, diagnostics: reader.diagnostics)
  }

  private static func isClassNameByte(_ byte: UInt8) -> Bool {
    Lexer.isIdentifierContinue(byte) || byte == UInt8(ascii: ".") || byte >= 0x80
  }

  /// A word or a string, with the bytes it covers in the file.
  struct Value {
    var text: String
    var range: Range<Int>
    var isWord: Bool
  }

  struct Statement {
    var name: Value
    var values: [Value]
  }

  /// Statements, one at a time, reporting what cannot be read.
  struct Reader {
    let file: SourceFile
    let bytes: [UInt8]
    var index: Int
    var diagnostics: [Diagnostic] = []

    init(file: SourceFile) {
      self.file = file
      self.bytes = file.bytes
      self.index = file.contentStart
    }

    mutating func report(
      _ id: DiagnosticID, _ message: String, at range: Range<Int>,
      notes: [Diagnostic.Note] = [], fixIts: [Diagnostic.FixIt] = []
    ) {
      diagnostics.append(
        Diagnostic(id, message, at: SourceRange(file, range), notes: notes, fixIts: fixIts))
    }

    mutating func report(
      _ id: DiagnosticID, _ message: String, at range: Range<Int>, suggesting candidates: [String]
    ) {
      let text = file.text(range)
      var notes: [Diagnostic.Note] = []
      if let suggestion = Suggestions.closest(to: text, among: candidates) {
        notes.append(
          Diagnostic.Note(SemanticMessages.didYouMean(suggestion), at: SourceRange(file, range)))
      }
      report(id, message, at: range, notes: notes)
    }

    /// An id that a configuration may name (as `--disable` takes it).
    mutating func diagnosticID(_ value: Value) -> DiagnosticID? {
      guard let id = DiagnosticID(rawValue: value.text) else {
        report(
          .invalidValue, "unknown diagnostic id '\(value.text)'; see 'navrc explain'",
          at: value.range, suggesting: DiagnosticID.allCases.map(\.rawValue))
        return nil
      }
      guard !(id.isFrontEnd && id.defaultSeverity == .error) else {
        report(
          .invalidValue,
          "'\(value.text)' cannot be configured: it means a rule file was not understood",
          at: value.range)
        return nil
      }
      return id
    }

    /// `NAME` alone (true), `NAME true` or `NAME false`.
    mutating func boolean(name: Value, values: [Value]) -> Bool? {
      guard let value = values.first else { return true }
      guard values.count == 1 else {
        report(.invalidValue, "'\(name.text)' expects true or false", at: values[1].range)
        return nil
      }
      switch value.text {
      case "true": return true
      case "false": return false
      default:
        report(
          .invalidValue, "'\(name.text)' expects true or false, not '\(value.text)'",
          at: value.range, suggesting: ["true", "false"])
        return nil
      }
    }

    private func isBlank(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    private func startsComment(at index: Int) -> Bool {
      index + 1 < bytes.count && bytes[index] == UInt8(ascii: "/")
        && bytes[index + 1] == UInt8(ascii: "/")
    }

    private func endsStatement(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: "\n") || byte == UInt8(ascii: ";")
    }

    private mutating func skipBlanksAndComments() {
      while index < bytes.count {
        if isBlank(bytes[index]) {
          index += 1
        } else if startsComment(at: index) {
          while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        } else {
          return
        }
      }
    }

    /// The next statement with a name; empty lines, comments and statements that start with
    /// something other than a name are passed over (the latter reported).
    mutating func nextStatement() -> Statement? {
      while true {
        skipBlanksAndComments()
        guard index < bytes.count else { return nil }
        if endsStatement(bytes[index]) {
          index += 1
          continue
        }
        let start = index
        guard let name = value() else {
          skipStatement()  // What could not be read is reported already.
          continue
        }
        guard name.isWord, !name.text.isEmpty else {
          index = start
          reportAndSkipStatement("expected a setting name", at: start)
          continue
        }
        var values: [Value] = []
        var expectsValue = false
        var broken = false
        while true {
          skipBlanksAndComments()
          let atEnd = index >= bytes.count || endsStatement(bytes[index])
          if atEnd {
            if expectsValue {
              report(.syntax, "expected a value after ','", at: index..<index)
              broken = true
            }
            break
          }
          if bytes[index] == UInt8(ascii: ",") {
            if values.isEmpty || expectsValue {
              reportAndSkipStatement("expected a value before ','", at: index)
              broken = true
              break
            }
            expectsValue = true
            index += 1
            continue
          }
          if !values.isEmpty, !expectsValue {
            // A second value needs a comma, except for the two words of `severity ID LEVEL`.
            if name.text != "severity" {
              reportAndSkipStatement("expected ',' between values", at: index)
              broken = true
              break
            }
          }
          guard let next = value() else {
            broken = true
            skipStatement()
            break
          }
          values.append(next)
          expectsValue = false
        }
        if broken { continue }
        return Statement(name: name, values: values)
      }
    }

    private mutating func reportAndSkipStatement(_ message: String, at start: Int) {
      report(.syntax, message, at: start..<min(start + 1, bytes.count))
      skipStatement()
    }

    private mutating func skipStatement() {
      while index < bytes.count, !endsStatement(bytes[index]) { index += 1 }
    }

    /// A word or a string at `index`; nil (reported) for a malformed string or invalid UTF-8.
    private mutating func value() -> Value? {
      let start = index
      if bytes[index] == UInt8(ascii: "\"") {
        return string()
      }
      while index < bytes.count {
        let byte = bytes[index]
        if isBlank(byte) || endsStatement(byte) || byte == UInt8(ascii: ",")
          || byte == UInt8(ascii: "\"") || startsComment(at: index)
        {
          break
        }
        if byte >= 0x80 {
          guard let length = validSequenceLength() else { return nil }
          index += length
        } else {
          index += 1
        }
      }
      return Value(text: file.text(start..<index), range: start..<index, isWord: true)
    }

    /// The length of the UTF-8 sequence at `index`, or nil (reported) for invalid UTF-8.
    private mutating func validSequenceLength() -> Int? {
      guard let length = UTF8Validation.sequenceLength(in: bytes, at: index),
        index + length <= bytes.count
      else {
        report(.syntax, "invalid UTF-8", at: index..<index + 1)
        return nil
      }
      return length
    }

    /// A `"…"` string on one line, its escapes decoded.
    private mutating func string() -> Value? {
      let start = index
      index += 1
      var decoded: [UInt8] = []
      while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\""):
          index += 1
          return Value(
            text: String(decoding: decoded, as: UTF8.self), range: start..<index, isWord: false)
        case UInt8(ascii: "\n"):
          report(.syntax, "unterminated string", at: start..<start + 1)
          return nil
        case UInt8(ascii: "\\"):
          guard index + 1 < bytes.count else { break }
          let escaped = bytes[index + 1]
          switch escaped {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"): decoded.append(escaped)
          case UInt8(ascii: "n"): decoded.append(UInt8(ascii: "\n"))
          case UInt8(ascii: "t"): decoded.append(UInt8(ascii: "\t"))
          case UInt8(ascii: "u"):
            guard let (scalar, end) = unicodeEscape(at: index + 2) else {
              report(.syntax, "invalid \\u{…} escape", at: index..<index + 2)
              return nil
            }
            decoded += Array(String(Character(scalar)).utf8)
            index = end
            continue
          default:
            report(.syntax, "invalid escape sequence in string", at: index..<index + 2)
            return nil
          }
          index += 2
          continue
        default:
          if byte >= 0x80 {
            guard let length = validSequenceLength() else { return nil }
            decoded += bytes[index..<index + length]
            index += length
            continue
          }
          decoded.append(byte)
        }
        index += 1
      }
      report(.syntax, "unterminated string", at: start..<start + 1)
      return nil
    }

    /// `{HEX}` at `start` (after `\u`): the scalar and the index after `}`.
    private func unicodeEscape(at start: Int) -> (Unicode.Scalar, Int)? {
      guard start < bytes.count, bytes[start] == UInt8(ascii: "{") else { return nil }
      var value: UInt32 = 0
      var index = start + 1
      var digits = 0
      while index < bytes.count, digits <= 8,
        let digit = hexDigit(bytes[index])
      {
        value = value &* 16 &+ UInt32(digit)
        digits += 1
        index += 1
      }
      guard digits > 0, digits <= 8, index < bytes.count, bytes[index] == UInt8(ascii: "}"),
        let scalar = Unicode.Scalar(value)
      else { return nil }
      return (scalar, index + 1)
    }

    private func hexDigit(_ byte: UInt8) -> UInt8? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
      default: nil
      }
    }
  }
}
