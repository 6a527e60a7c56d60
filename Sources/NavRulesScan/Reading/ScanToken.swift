import NavRulesCompiler

/// A token of Swift or Objective-C source: a kind, a keyword and the bytes it covers.
///
/// Tokens carry no text: names are made `String`s only where the structure keeps them, so
/// reading a large app allocates little. Offsets are stored in 32 bits (files over 4 GiB are
/// read up to that size) to keep the token array small.
public struct ScanToken: Hashable, Sendable {
  public enum Kind: UInt8, Hashable, Sendable {
    /// A word: a name or a keyword (see `keyword`), `` `backticked` ``, `$0`.
    case identifier
    /// Swift `@objc`, `@MainActor`; Objective-C `@interface`, `@end`, `@selector`, `@YES`.
    case attribute
    /// Swift `#selector`, `#available`, `#keyPath`, `#file`: a `#` and the word after it.
    /// (`#if` and its branches are resolved by the lexer and never appear.)
    case pound
    /// `17`, `0x1F`, `1_000`, `2.5e-3`, `1.0f`, `10UL`.
    case number
    /// Every string literal: Swift `"…"` (interpolations included), `"""…"""`, `#"…"#`;
    /// C `"…"` and Objective-C `@"…"`.
    case string
    /// A C character literal, `'a'`.
    case character
    /// A Swift extended regex literal, `#/…/#`.
    case regex
    /// Swift: a maximal run of operator characters (`?.` is `?` then `.`); Objective-C: one
    /// C operator (`->`, `++`, `<<=`, `&&`, …).
    case `operator`
    case leftParen
    case rightParen
    case leftBrace
    case rightBrace
    case leftBracket
    case rightBracket
    case comma
    case semicolon
    case colon
    case dot
    /// An `@` that is not part of a word or string: Objective-C `@[`, `@{`, `@(`, `@1`.
    case at
    /// Swift key paths, `\Type.property`.
    case backslash
    /// A byte that starts no token (a control character, an unmatched backtick).
    case unknown
    case endOfFile
  }

  /// Where the token sits relative to the previous one: Swift separates statements by line
  /// ends and tells prefix, postfix and infix operators apart by spacing.
  public struct Flags: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A line end (or the start of the file) comes before this token.
    public static let newlineBefore = Flags(rawValue: 1)
    /// White space, a comment or a line end comes before this token.
    public static let spaceBefore = Flags(rawValue: 2)
  }

  public var kind: Kind
  public var keyword: ScanKeyword
  public var flags: Flags
  private var start: UInt32
  private var end: UInt32

  public init(
    _ kind: Kind, _ range: Range<Int>, keyword: ScanKeyword = .none, flags: Flags = []
  ) {
    self.kind = kind
    self.keyword = keyword
    self.flags = flags
    self.start = UInt32(truncatingIfNeeded: range.lowerBound)
    self.end = UInt32(truncatingIfNeeded: range.upperBound)
  }

  /// The bytes the token covers.
  public var range: Range<Int> { Int(start)..<Int(end) }
  public var lowerBound: Int { Int(start) }
  public var upperBound: Int { Int(end) }

  public var isAtLineStart: Bool { flags.contains(.newlineBefore) }
  public var hasSpaceBefore: Bool { flags.contains(.spaceBefore) }
}
