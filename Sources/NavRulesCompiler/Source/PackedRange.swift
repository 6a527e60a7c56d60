/// A byte range in 8 bytes instead of `Range<Int>`'s 16.
///
/// Tokens and syntax nodes hold one or more ranges each, millions per large file, and their
/// size is most of the front end's memory. Offsets fit: `InputFiles` refuses files of
/// `SourceFile.maximumByteCount` bytes or more, and larger offsets (from a document that did
/// not come through it) are clamped rather than trapping.
struct PackedRange: Hashable, Sendable {
  private var lower: UInt32
  private var upper: UInt32

  init(_ range: Range<Int>) {
    lower = UInt32(clamping: range.lowerBound)
    upper = UInt32(clamping: range.upperBound)
  }

  var range: Range<Int> { Int(lower)..<Int(upper) }
}

/// An optional byte range in 8 bytes: `Optional<PackedRange>` would need a ninth for its tag,
/// rounded up to 12. The impossible range `max..<0` stands for `nil`.
struct OptionalPackedRange: Hashable, Sendable {
  private var lower: UInt32
  private var upper: UInt32

  init(_ range: Range<Int>?) {
    if let range {
      lower = UInt32(clamping: range.lowerBound)
      upper = UInt32(clamping: range.upperBound)
    } else {
      lower = .max
      upper = 0
    }
  }

  var range: Range<Int>? { lower <= upper ? Int(lower)..<Int(upper) : nil }
}
