/// How names from rule files become Swift identifiers in generated code. Every identifier the
/// emitter prints from the input goes through here.
///
/// Rule-file identifiers are `[A-Za-z_][A-Za-z0-9_]*`, so they are valid Swift identifiers
/// already; what can go wrong is meaning. A keyword is wrapped in backticks; a name that
/// would denote something else even in backticks (`self`, `Type`, `init`, a member every enum
/// gets such as `allCases`) gets a trailing `_`; and names that collide after conversion get
/// more underscores, first come first served in declaration order.
public enum SwiftNames {
  /// Words that must be backticked to be used as identifiers (reserved words, and contextual
  /// keywords where backticks are harmless and sometimes needed).
  static let keywords: Set<String> = [
    "Any", "Protocol", "Self", "Type", "_", "actor", "any", "as", "associatedtype", "async",
    "await", "borrowing", "break", "case", "catch", "class", "consume", "consuming", "continue",
    "copy", "default", "defer", "deinit", "discard", "do", "dynamic", "each", "else", "enum",
    "extension", "fallthrough", "false", "fileprivate", "final", "for", "func", "get", "guard",
    "if", "import", "in", "indirect", "init", "inout", "internal", "is", "isolated", "lazy",
    "let", "macro", "mutating", "nil", "nonisolated", "nonmutating", "open", "operator",
    "optional", "override", "package", "precedencegroup", "private", "protocol", "public",
    "repeat", "required", "rethrows", "return", "self", "set", "some", "static", "struct",
    "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias", "unowned",
    "var", "weak", "where", "while", "willSet", "didSet",
  ]

  /// Names a case of a generated `CaseIterable`, `Hashable` enum cannot take, even in
  /// backticks: they mean the type, the instance, an initializer, or a synthesized member.
  static let reservedMembers: Set<String> = [
    "AllCases", "Protocol", "Self", "Type", "_", "allCases", "hash", "hashValue", "init", "self",
  ]

  /// Module and type names the generated file refers to by name; a generated type with one
  /// of them would hide it.
  static let reservedTypeNames: Set<String> = ["NavRules", "NavRulesModel", "Swift"]

  /// `name` as a Swift identifier in any position: backticked when it is a keyword.
  public static func identifier(_ name: String) -> String {
    keywords.contains(name) ? "`\(name)`" : name
  }

  /// Whether `name` can name the generated type (`--type-name`).
  public static func isValidTypeName(_ name: String) -> Bool {
    guard let first = name.utf8.first, !isDigit(first) else { return false }
    guard name.utf8.allSatisfy({ isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }) else {
      return false
    }
    return !keywords.contains(name) && !reservedTypeNames.contains(name)
      && !reservedMembers.contains(name)
  }

  /// The case names for `names` (rule-file names in declaration order), unescaped: lower
  /// camel case, renamed away from reserved members and from each other.
  public static func caseNames(for names: [String]) -> [String] {
    var taken: Set<String> = []
    var result: [String] = []
    for name in names {
      var candidate = lowerCamelCase(name)
      if reservedMembers.contains(candidate) { candidate += "_" }
      while taken.contains(candidate) { candidate += "_" }
      taken.insert(candidate)
      result.append(candidate)
    }
    return result
  }

  /// `Home` → `home`, `URLView` → `urlView`, `URL` → `url`, `_Private` → `_private`; a name
  /// that starts in lower case is kept, so converting twice changes nothing.
  public static func lowerCamelCase(_ name: String) -> String {
    let bytes = Array(name.utf8)
    var start = 0
    while start < bytes.count, bytes[start] == UInt8(ascii: "_") { start += 1 }
    var end = start
    while end < bytes.count, isUpper(bytes[end]) { end += 1 }
    let run = end - start
    guard run > 0 else { return name }
    // In `URLView` the last capital starts the next word; in `URL` or `URL2` it does not.
    let lowered = run > 1 && end < bytes.count && isLower(bytes[end]) ? end - 1 : end
    var result = bytes
    for index in start..<lowered { result[index] = bytes[index] + 32 }
    return String(decoding: result, as: UTF8.self)
  }

  private static func isUpper(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
  }

  private static func isLower(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
  }

  private static func isLetter(_ byte: UInt8) -> Bool { isUpper(byte) || isLower(byte) }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
