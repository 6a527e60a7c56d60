import NavRulesCompiler

/// The words the readers treat specially, one list for both languages.
///
/// The lexer marks a word with its keyword when the word is one in the file's language; the
/// readers decide from context whether a contextual keyword (`get`, `open`, `lazy`) is one.
/// Literal words are normalized here, once: `true`, `YES` and `TRUE` are `.true`; `false`, `NO`
/// and `FALSE` are `.false`; `nil`, `Nil` and `NULL` are `.nil`.
public enum ScanKeyword: UInt8, Hashable, Sendable {
  case none
  // Swift declarations.
  case `associatedtype`, `class`, `deinit`, `enum`, `extension`, `fileprivate`, `func`, `import`
  case initKeyword, `inout`, `internal`, `let`, `open`, `operator`, `private`, `precedencegroup`
  case `protocol`, `public`, `rethrows`, `static`, `struct`, `subscript`, `typealias`, `var`
  case actor, macro, package
  // Statements.
  case `break`, `case`, `catch`, `continue`, `default`, `defer`, `do`, `else`, `fallthrough`
  case `for`, `guard`, `if`, `in`, `repeat`, `return`, `throw`, `switch`, `where`, `while`
  // Expressions.
  case `as`, await, `false`, `is`, `nil`, selfKeyword, capitalSelf, superKeyword, `throws`
  case `true`, `try`
  // Swift contextual keywords.
  case convenience, dynamic, didSet, final, get, infix, indirect, lazy, mutating, nonmutating
  case optional, override, postfix, prefix, required, set, some, any, unowned, weak, willSet
  case async, nonisolated, consuming, borrowing, distributed
  // C and Objective-C.
  case goto, typedef, union, const, extern, inline, void, sizeof, typeof
  case weakQualifier, strongQualifier, blockQualifier, autoreleasingQualifier, kindof
  // Objective-C `@` words.
  case interface, implementation, end, property, selector, synthesize, finally, autoreleasepool
  case synchronized, encode, available, protected
}

/// Finds the keyword a word spells without making a `String` of it: a hash of the word's
/// length and three of its bytes picks a slot of a small open-addressing table, and only the
/// candidates found there are compared byte by byte.
struct ScanKeywordTable: Sendable {
  private struct Entry: Sendable {
    var offset: Int
    var length: Int
    var keyword: ScanKeyword
  }

  private static let slotCount = 512
  private var entries: [Entry]
  /// The spellings, one after the other.
  private var spellings: [UInt8] = []

  init(_ table: [(String, ScanKeyword)]) {
    entries = Array(repeating: Entry(offset: 0, length: 0, keyword: .none), count: Self.slotCount)
    for (spelling, keyword) in table {
      let bytes = Array(spelling.utf8)
      var slot = Self.slot(bytes.count, bytes[0], bytes[1 % bytes.count], bytes[bytes.count - 1])
      while entries[slot].keyword != .none { slot = (slot + 1) & (Self.slotCount - 1) }
      entries[slot] = Entry(offset: spellings.count, length: bytes.count, keyword: keyword)
      spellings += bytes
    }
  }

  /// The keyword spelled by `bytes[range]`, or `.none`.
  @inline(__always)
  func keyword(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> ScanKeyword {
    let length = range.count
    guard length >= 2, length <= 16 else { return .none }
    let start = range.lowerBound
    var slot = Self.slot(length, bytes[start], bytes[start + 1], bytes[start + length - 1])
    while true {
      let entry = entries[slot]
      if entry.keyword == .none { return .none }
      if entry.length == length {
        var offset = 0
        while offset < length, spellings[entry.offset + offset] == bytes[start + offset] {
          offset += 1
        }
        if offset == length { return entry.keyword }
      }
      slot = (slot + 1) & (Self.slotCount - 1)
    }
  }

  @inline(__always)
  private static func slot(_ length: Int, _ first: UInt8, _ second: UInt8, _ last: UInt8) -> Int {
    let mixed =
      (UInt32(first) &* 0x9E37 ^ UInt32(second) &* 0x85EB ^ UInt32(last) &* 0xC2B3)
      &+ UInt32(length) &* 0x27D5
    return Int(truncatingIfNeeded: (mixed ^ (mixed >> 9))) & (slotCount - 1)
  }

  // MARK: - The tables

  static let swift = ScanKeywordTable([
    ("associatedtype", .associatedtype), ("class", .class), ("deinit", .deinit), ("enum", .enum),
    ("extension", .extension), ("fileprivate", .fileprivate), ("func", .func),
    ("import", .import), ("init", .initKeyword), ("inout", .inout), ("internal", .internal),
    ("let", .let), ("open", .open), ("operator", .operator), ("private", .private),
    ("precedencegroup", .precedencegroup), ("protocol", .protocol), ("public", .public),
    ("rethrows", .rethrows), ("static", .static), ("struct", .struct),
    ("subscript", .subscript), ("typealias", .typealias), ("var", .var), ("actor", .actor),
    ("macro", .macro), ("package", .package), ("break", .break), ("case", .case),
    ("catch", .catch), ("continue", .continue), ("default", .default), ("defer", .defer),
    ("do", .do), ("else", .else), ("fallthrough", .fallthrough), ("for", .for),
    ("guard", .guard), ("if", .if), ("in", .in), ("repeat", .repeat), ("return", .return),
    ("throw", .throw), ("switch", .switch), ("where", .where), ("while", .while), ("as", .as),
    ("await", .await), ("false", .false), ("is", .is), ("nil", .nil), ("self", .selfKeyword),
    ("Self", .capitalSelf), ("super", .superKeyword), ("throws", .throws), ("true", .true),
    ("try", .try), ("convenience", .convenience), ("dynamic", .dynamic), ("didSet", .didSet),
    ("final", .final), ("get", .get), ("infix", .infix), ("indirect", .indirect),
    ("lazy", .lazy), ("mutating", .mutating), ("nonmutating", .nonmutating),
    ("optional", .optional), ("override", .override), ("postfix", .postfix),
    ("prefix", .prefix), ("required", .required), ("set", .set), ("some", .some),
    ("any", .any), ("unowned", .unowned), ("weak", .weak), ("willSet", .willSet),
    ("async", .async), ("nonisolated", .nonisolated), ("consuming", .consuming),
    ("borrowing", .borrowing), ("distributed", .distributed),
  ])

  static let objectiveC = ScanKeywordTable([
    ("if", .if), ("else", .else), ("for", .for), ("while", .while), ("do", .do),
    ("switch", .switch), ("case", .case), ("default", .default), ("return", .return),
    ("break", .break), ("continue", .continue), ("goto", .goto), ("typedef", .typedef),
    ("struct", .struct), ("enum", .enum), ("union", .union), ("static", .static),
    ("const", .const), ("extern", .extern), ("inline", .inline), ("void", .void),
    ("sizeof", .sizeof), ("typeof", .typeof), ("__typeof", .typeof), ("__typeof__", .typeof),
    ("__weak", .weakQualifier), ("__strong", .strongQualifier), ("__block", .blockQualifier),
    ("__autoreleasing", .autoreleasingQualifier), ("__kindof", .kindof),
    ("self", .selfKeyword), ("super", .superKeyword), ("in", .in),
    ("nil", .nil), ("Nil", .nil), ("NULL", .nil), ("YES", .true), ("NO", .false),
    ("true", .true), ("false", .false), ("TRUE", .true), ("FALSE", .false),
  ])

  /// The words after `@` in Objective-C.
  static let objectiveCAt = ScanKeywordTable([
    ("interface", .interface), ("implementation", .implementation), ("end", .end),
    ("protocol", .protocol), ("property", .property), ("selector", .selector),
    ("class", .class), ("optional", .optional), ("required", .required),
    ("synthesize", .synthesize), ("dynamic", .dynamic), ("try", .try), ("catch", .catch),
    ("finally", .finally), ("throw", .throw), ("autoreleasepool", .autoreleasepool),
    ("synchronized", .synchronized), ("encode", .encode), ("import", .import),
    ("available", .available), ("public", .public), ("private", .private),
    ("protected", .protected), ("package", .package), ("YES", .true), ("NO", .false),
    ("true", .true), ("false", .false),
  ])
}
