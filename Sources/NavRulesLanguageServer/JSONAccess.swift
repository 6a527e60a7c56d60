import NavRulesCompiler
import NavRulesScan

/// Reading fields of a parsed message without a schema: each accessor returns `nil` when the
/// value is absent or of another type, so a malformed request is rejected, never trapped on.
extension JSON {
  /// The value of `key` in an object (the last one, if the key repeats).
  public subscript(key: String) -> JSON? {
    guard case .object(let pairs) = self else { return nil }
    return pairs.last { $0.0 == key }?.1
  }

  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// An integer, also when written as an integral double such as `3.0`.
  public var intValue: Int? {
    switch self {
    case .int(let value): return value
    case .double(let value) where value == value.rounded() && abs(value) < 1e15: return Int(value)
    default: return nil
    }
  }

  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  public var arrayValue: [JSON]? {
    if case .array(let value) = self { return value }
    return nil
  }

  public var isObject: Bool {
    if case .object = self { return true }
    return false
  }

  public var isNull: Bool { self == .null }
}
