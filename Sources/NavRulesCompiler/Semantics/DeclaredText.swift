/// A text a screen declares (`class NAME`, `title "…"`), kept as where it is written until
/// something reads it.
///
/// `navrc check` reads neither. Made into strings as they were resolved, the titles and class
/// names cost a heap allocation each: most are longer than the 15 bytes a `String` holds
/// inline. `emit`, `scan` and the editors read them
/// through `Screen.title` and `Screen.className`, which make the text then, from the same bytes.
/// 33 bytes against a `Located<String>`'s 32: a screen is 16 bytes larger (224), and the
/// strings' heap is gone.
struct DeclaredText: Sendable {
  /// Where it is declared: the directive's range, as `Located.range`.
  let range: SourceRange
  private let storage: Storage

  private enum Storage: Sendable {
    /// The text's own bytes in the range's file: a word, or a literal without its quotes.
    case bytes(PackedRange)
    /// A literal's decoded text (it has escapes), or a text made elsewhere (`navrc scan`).
    case text(String)
  }

  /// The text of `bytes` in `range`'s file, or `decoded` when the literal has escapes.
  init(decoded: String? = nil, bytes: Range<Int>, at range: SourceRange) {
    self.range = range
    storage = decoded.map(Storage.text) ?? .bytes(PackedRange(bytes))
  }

  init(_ located: Located<String>) {
    range = located.range
    storage = .text(located.value)
  }

  var value: String {
    switch storage {
    case .bytes(let bytes): range.file.text(bytes.range)
    case .text(let text): text
    }
  }

  var located: Located<String> { Located(value, at: range) }
}
