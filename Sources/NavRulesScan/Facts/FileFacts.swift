import NavRulesCompiler

/// What one code file tells the extraction before any other file is looked at, computed once
/// when the file is read and kept in the scan cache with its reading (keyed, as the reading
/// is, by the file's bytes): a warm run after an edit computes them for the edited file only.
///
/// A fact belongs here when it depends on the file alone (its bytes and its reading), and
/// stages look it up again and again. Adding one: a stored property here, computed in
/// `init(file:)`, and written and read by `ScanCacheFormat` (its `fields` list names it, and
/// `ScanCacheFormatTests` fails until it does); CONTRIBUTING.md, "Add a scan pattern".
struct FileFacts: Sendable, Equatable {
  /// Where the words the stages look for occur.
  var mentions: MentionIndex
  /// Which words (names) the file may hold.
  var words: WordFilter

  /// The facts of a file whose reading is `file`.
  init(file: SourceFile) {
    mentions = MentionIndex(file.bytes)
    words = WordFilter(hashes: WordOccurrences.wordHashes(in: file.bytes))
  }

  init(mentions: MentionIndex, words: WordFilter) {
    self.mentions = mentions
    self.words = words
  }
}

extension ScannedFile {
  /// Whether any of `words` occurs whole in `range` of the file.
  func mentions(_ words: MentionWords, in range: Range<Int>) -> Bool {
    facts.mentions.mentions(words, in: range, of: file)
  }

  /// Whether any of `words` occurs in the file.
  func mentions(_ words: MentionWords) -> Bool {
    mentions(words, in: 0..<file.bytes.count)
  }
}
