/// Applies the fix-its of diagnostics to their files, a file at a time: all of a file's
/// edits or none of them (`navrc scan --fix`).
public enum FixApplication {
  /// A file's text with its fixes applied.
  public struct FixedFile: Sendable {
    public var file: SourceFile
    public var text: String
    /// How many diagnostics' fixes it holds.
    public var fixCount: Int
  }

  /// A file left as it is, and why.
  public struct SkippedFile: Sendable {
    public var path: String
    public var reason: String
  }

  /// Each file's text with the first fix-it of each diagnostic applied. Identical edits (two
  /// findings with one fix) count once; a file whose edits overlap otherwise, or that is not
  /// UTF-8 text, is skipped whole.
  public static func apply(_ diagnostics: [Diagnostic]) -> (
    fixed: [FixedFile], skipped: [SkippedFile]
  ) {
    var editsByFile:
      [ObjectIdentifier: (file: SourceFile, edits: [Diagnostic.TextEdit], count: Int)] =
        [:]
    for diagnostic in diagnostics {
      guard let fixIt = diagnostic.fixIts.first, !fixIt.edits.isEmpty else { continue }
      let file = fixIt.edits[0].range.file
      // A fix-it spanning files is not applied (none is made today).
      guard fixIt.edits.allSatisfy({ $0.range.file === file }) else { continue }
      editsByFile[ObjectIdentifier(file), default: (file, [], 0)].edits += fixIt.edits
      editsByFile[ObjectIdentifier(file)]!.count += 1
    }
    var fixed: [FixedFile] = []
    var skipped: [SkippedFile] = []
    for (file, edits, count) in editsByFile.values {
      let bytes = file.bytes
      guard Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes else {
        skipped.append(SkippedFile(path: file.path, reason: "it is not UTF-8 text"))
        continue
      }
      var unique: [Diagnostic.TextEdit] = []
      for edit in edits where !unique.contains(edit) { unique.append(edit) }
      unique.sort {
        ($0.range.bytes.lowerBound, $0.range.bytes.upperBound)
          < ($1.range.bytes.lowerBound, $1.range.bytes.upperBound)
      }
      var overlapping = false
      for (previous, next) in zip(unique, unique.dropFirst())
      where next.range.bytes.lowerBound < previous.range.bytes.upperBound
        || next.range.bytes.lowerBound == previous.range.bytes.lowerBound
      {
        overlapping = true
      }
      guard !overlapping else {
        skipped.append(SkippedFile(path: file.path, reason: "its fixes overlap"))
        continue
      }
      var result: [UInt8] = []
      result.reserveCapacity(bytes.count + 256)
      var position = 0
      for edit in unique {
        result += bytes[position..<edit.range.bytes.lowerBound]
        result += Array(edit.replacement.utf8)
        position = edit.range.bytes.upperBound
      }
      result += bytes[position...]
      fixed.append(
        FixedFile(file: file, text: String(decoding: result, as: UTF8.self), fixCount: count))
    }
    fixed.sort { $0.file.path.utf8.lexicographicallyPrecedes($1.file.path.utf8) }
    skipped.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    return (fixed, skipped)
  }
}
