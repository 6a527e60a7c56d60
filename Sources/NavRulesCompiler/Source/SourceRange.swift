/// A span of bytes in one source file: where a diagnostic, note or edit points.
///
/// The bytes are packed (`PackedRange`): 16 bytes instead of 24, and every declaration of a
/// module holds a dozen of these.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
  public let file: SourceFile
  private let packedBytes: PackedRange

  public init(_ file: SourceFile, _ bytes: Range<Int>) {
    self.file = file
    self.packedBytes = PackedRange(bytes)
  }

  public var bytes: Range<Int> { packedBytes.range }

  public var start: SourcePosition { file.position(of: bytes.lowerBound) }
  public var end: SourcePosition { file.position(of: bytes.upperBound) }

  public var description: String { "\(file.path):\(start.line):\(start.column)" }

  public static func == (lhs: SourceRange, rhs: SourceRange) -> Bool {
    lhs.file === rhs.file && lhs.packedBytes == rhs.packedBytes
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(file))
    hasher.combine(packedBytes)
  }
}
