import NavRulesCompiler

/// How `#if` / `#elseif` / `#else` / `#endif` (and C's `#ifdef`, `#elif`, …) are read: every
/// branch as if it were compiled, because a navigation call in a `#if DEBUG` branch is still
/// code the app may run.
///
/// Reading all branches one after the other must not wreck the brace structure. The rule, per
/// group, once its `#endif` is reached:
/// - a branch whose condition is literally false (`#if 0`, `#if false`, or any branch after
///   one whose condition is literally true) is dropped: it is how code is commented out;
/// - if every remaining branch is balanced (as many `{` as `}`, `(` as `)`, `[` as `]`), all
///   are kept, in order;
/// - otherwise only the first remaining branch is kept. That is the common real pattern
///   `#if X` `class A: B {` `#else` `class A: C {` `#endif`, where each branch opens the same
///   block and reading both would open it twice.
///
/// Groups nested deeper than `maximumNesting` are not resolved (all their branches are kept),
/// so the work stays linear. A directive without its `#if` is ignored; groups still open at
/// the end of the file are closed there.
struct ConditionalBranches {
  /// What a condition is known to be.
  enum Value {
    case alwaysTrue
    case alwaysFalse
    case unknown

    /// `0`, `false` → false; `1`, `true` → true; `os(watchOS)` → false, since navrc reads the
    /// app as it runs on iOS and watchOS code has no UIKit navigation (docs/scan.md,
    /// "SwiftUI"); anything else unknown.
    init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
      var lower = range.lowerBound
      var upper = range.upperBound
      while lower < upper, Self.isSpace(bytes[lower]) { lower += 1 }
      while upper > lower, Self.isSpace(bytes[upper - 1]) { upper -= 1 }
      guard upper - lower <= Self.watchOS.count else {
        self = .unknown
        return
      }
      let text = UnsafeBufferPointer(rebasing: bytes[lower..<upper])
      if text.elementsEqual(Self.watchOS) {
        self = .alwaysFalse
        return
      }
      switch String(decoding: text, as: UTF8.self) {
      case "0", "false": self = .alwaysFalse
      case "1", "true": self = .alwaysTrue
      default: self = .unknown
      }
    }

    private static let watchOS = Array("os(watchOS)".utf8)

    private static func isSpace(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
        || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\\")
    }
  }

  private struct Group {
    /// Where each kept branch starts in the token array.
    var keptStarts: [Int] = []
    var currentStart: Int
    var isCurrentEnabled: Bool
    /// Whether a branch with a literally true condition was seen: the rest are dead.
    var isTaken: Bool
  }

  static let maximumNesting = 32

  private var groups: [Group] = []
  /// Groups opened beyond `maximumNesting`, whose directives are ignored.
  private var ignoredDepth = 0

  mutating func begin(_ value: Value, tokens: inout [ScanToken]) {
    guard groups.count < Self.maximumNesting else {
      ignoredDepth += 1
      return
    }
    groups.append(
      Group(
        currentStart: tokens.count, isCurrentEnabled: value != .alwaysFalse,
        isTaken: value == .alwaysTrue))
  }

  mutating func alternative(_ value: Value, tokens: inout [ScanToken]) {
    guard ignoredDepth == 0, !groups.isEmpty else { return }
    closeBranch(tokens: &tokens)
    let last = groups.count - 1
    groups[last].currentStart = tokens.count
    groups[last].isCurrentEnabled = !groups[last].isTaken && value != .alwaysFalse
    if value == .alwaysTrue { groups[last].isTaken = true }
  }

  mutating func end(tokens: inout [ScanToken]) {
    if ignoredDepth > 0 {
      ignoredDepth -= 1
      return
    }
    guard !groups.isEmpty else { return }
    closeBranch(tokens: &tokens)
    let group = groups.removeLast()
    let starts = group.keptStarts
    guard starts.count > 1 else { return }
    var isBalanced = true
    for (offset, start) in starts.enumerated() {
      let stop = offset + 1 < starts.count ? starts[offset + 1] : tokens.count
      if !Self.isBalanced(tokens[start..<stop]) {
        isBalanced = false
        break
      }
    }
    if !isBalanced { tokens.removeSubrange(starts[1]..<tokens.count) }
  }

  /// Closes the groups left open at the end of the file.
  mutating func finish(tokens: inout [ScanToken]) {
    ignoredDepth = 0
    while !groups.isEmpty { end(tokens: &tokens) }
  }

  private mutating func closeBranch(tokens: inout [ScanToken]) {
    let last = groups.count - 1
    if groups[last].isCurrentEnabled {
      groups[last].keptStarts.append(groups[last].currentStart)
    } else {
      tokens.removeSubrange(groups[last].currentStart..<tokens.count)
    }
  }

  private static func isBalanced(_ tokens: ArraySlice<ScanToken>) -> Bool {
    var braces = 0
    var parentheses = 0
    var brackets = 0
    for token in tokens {
      switch token.kind {
      case .leftBrace: braces += 1
      case .rightBrace: braces -= 1
      case .leftParen: parentheses += 1
      case .rightParen: parentheses -= 1
      case .leftBracket: brackets += 1
      case .rightBracket: brackets -= 1
      default: break
      }
    }
    return braces == 0 && parentheses == 0 && brackets == 0
  }
}
