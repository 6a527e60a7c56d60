extension SourceFile {
  /// The word of `Word` spelt by the bytes of `range`, if any: compared in place, so the
  /// common case (a valid `popGesture disabled`, `on viewDidAppear`) makes no `String` and
  /// does not go through `init(rawValue:)`, which compares a `String` made for each case.
  ///
  /// A `nil` here is not a verdict: callers fall back to `init(rawValue:)` on the text, which
  /// also diagnoses (and matches what `String` equality would, such as canonical equivalents).
  func word<Word: RawRepresentable & CaseIterable>(_: Word.Type, spelledAt range: Range<Int>)
    -> Word? where Word.RawValue == String
  {
    bytes.withUnsafeBufferPointer { buffer in
      let spelling = UnsafeBufferPointer(rebasing: buffer[range])
      for word in Word.allCases {
        var raw = word.rawValue
        guard raw.utf8.count == spelling.count else { continue }
        if raw.withUTF8({ $0.hasSameBytes(as: spelling) }) { return word }
      }
      return nil
    }
  }
}
