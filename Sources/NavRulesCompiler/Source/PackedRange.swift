/// A byte range in 8 bytes instead of `Range<Int>`'s 16.
///
/// Tokens and syntax nodes hold one or more ranges each, millions per large file, and their
/// size is most of the front end's memory. Offsets fit: `InputFiles` refuses files of
/// `SourceFile.maximumByteCount` bytes or more, and larger offsets (from a document that did
/// not come through it) are clamped rather than trapping.
struct PackedRange: Hashable, Sendable, BitwiseCopyable {
  private var lower: UInt32
  private var upper: UInt32

  init(_ range: Range<Int>) {
    lower = UInt32(clamping: range.lowerBound)
    upper = UInt32(clamping: range.upperBound)
  }

  var range: Range<Int> { Int(lower)..<Int(upper) }
}

/// The place of an optional one-byte token (a brace, a comma) in 4 bytes: its offset says it
/// all, and `UInt32.max` (past any file, see `PackedRange`) stands for `nil`.
struct OptionalByteOffset: Hashable, Sendable {
  private var offset: UInt32

  init(_ range: Range<Int>?) {
    assert(range == nil || range?.count == 1, "a one-byte token")
    offset = range.map { UInt32(clamping: $0.lowerBound) } ?? .max
  }

  var range: Range<Int>? { offset == .max ? nil : Int(offset)..<Int(offset) + 1 }
}
