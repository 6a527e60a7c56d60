/// A JSON value with ordered object keys, so every machine-readable output of navrc is
/// byte-for-byte stable.
public enum JSON: Hashable, Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSON])
  case object([(String, JSON)])

  public static func == (lhs: JSON, rhs: JSON) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.int(let a), .int(let b)): a == b
    case (.double(let a), .double(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let value): hasher.combine(value)
    case .int(let value): hasher.combine(value)
    case .double(let value): hasher.combine(value)
    case .string(let value): hasher.combine(value)
    case .array(let value): hasher.combine(value)
    case .object(let pairs):
      for (key, value) in pairs {
        hasher.combine(key)
        hasher.combine(value)
      }
    }
  }

  /// The serialized text; `indent` > 0 pretty-prints with that many spaces per level.
  public func serialized(indent: Int = 0) -> String {
    var output = ""
    write(to: &output, indent: indent, level: 0)
    return output
  }

  private func write(to output: inout String, indent: Int, level: Int) {
    let newline = indent > 0 ? "\n" : ""
    var padding: String { String(repeating: " ", count: indent * (level + 1)) }
    var closingPadding: String { String(repeating: " ", count: indent * level) }
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .int(let value): output += String(value)
    case .double(let value):
      if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
        output += String(Int(value))
      } else if value.isFinite {
        output += String(value)
      } else {
        output += "null"
      }
    case .string(let value): JSON.writeString(value, to: &output)
    case .array(let elements):
      if elements.isEmpty {
        output += "[]"
        return
      }
      output += "[" + newline
      let padding = padding
      for (index, element) in elements.enumerated() {
        output += padding
        element.write(to: &output, indent: indent, level: level + 1)
        output += (index < elements.count - 1 ? "," : "") + newline
      }
      output += closingPadding + "]"
    case .object(let pairs):
      if pairs.isEmpty {
        output += "{}"
        return
      }
      output += "{" + newline
      let padding = padding
      for (index, (key, value)) in pairs.enumerated() {
        output += padding
        JSON.writeString(key, to: &output)
        output += indent > 0 ? ": " : ":"
        value.write(to: &output, indent: indent, level: level + 1)
        output += (index < pairs.count - 1 ? "," : "") + newline
      }
      output += closingPadding + "}"
    }
  }

  /// A JSON string literal (RFC 8259): quotes, backslashes and control characters escaped.
  public static func writeString(_ value: String, to output: inout String) {
    // Most strings need no escaping: copy them whole.
    let needsEscaping = value.utf8.contains {
      $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0xE2
    }
    guard needsEscaping else {
      output += "\""
      output += value
      output += "\""
      return
    }
    output += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      case _ where scalar.value < 0x20 || scalar == "\u{2028}" || scalar == "\u{2029}":
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}
