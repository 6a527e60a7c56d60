/// A span of bytes in one source file: where a diagnostic, note or edit points.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
  public let file: SourceFile
  public let bytes: Range<Int>

  public init(_ file: SourceFile, _ bytes: Range<Int>) {
    self.file = file
    self.bytes = bytes
  }

  public var start: SourcePosition { file.position(of: bytes.lowerBound) }
  public var end: SourcePosition { file.position(of: bytes.upperBound) }

  public var description: String { "\(file.path):\(start.line):\(start.column)" }

  public static func == (lhs: SourceRange, rhs: SourceRange) -> Bool {
    lhs.file === rhs.file && lhs.bytes == rhs.bytes
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(file))
    hasher.combine(bytes)
  }
}
