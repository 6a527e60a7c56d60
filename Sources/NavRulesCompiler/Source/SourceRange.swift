/// A span of bytes in one source file: where a diagnostic, note or edit points.
///
/// The bytes are packed (`PackedRange`): 16 bytes instead of 24, and every declaration of a
/// module holds a dozen of these.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
  private let holder: FileHolder
  private let packedBytes: PackedRange

  /// What keeps the file alive: the file itself, or a thread's reference to it
  /// (`SourceFileReference`). 8 bytes either way: the case is kept in the pointer's spare bits.
  private enum FileHolder: Sendable {
    case file(SourceFile)
    case reference(SourceFileReference)
  }

  public init(_ file: SourceFile, _ bytes: Range<Int>) {
    self.holder = .file(file)
    self.packedBytes = PackedRange(bytes)
  }

  /// A range that retains `reference` rather than its file: for threads making many ranges
  /// in one file at once.
  init(_ reference: SourceFileReference, _ bytes: Range<Int>) {
    self.holder = .reference(reference)
    self.packedBytes = PackedRange(bytes)
  }

  public var file: SourceFile {
    switch holder {
    case .file(let file): file
    case .reference(let reference): reference.file
    }
  }

  public var bytes: Range<Int> { packedBytes.range }

  public var start: SourcePosition { file.position(of: bytes.lowerBound) }
  public var end: SourcePosition { file.position(of: bytes.upperBound) }

  public var description: String { "\(file.path):\(start.line):\(start.column)" }

  // The same file, however it is held.
  public static func == (lhs: SourceRange, rhs: SourceRange) -> Bool {
    lhs.file === rhs.file && lhs.packedBytes == rhs.packedBytes
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(file))
    hasher.combine(packedBytes)
  }
}

// The file and the bytes, however the file is held: a dump of a module says the same
// whichever thread made its ranges.
extension SourceRange: CustomReflectable {
  public var customMirror: Mirror { Mirror(self, children: ["file": file, "bytes": bytes]) }
}
