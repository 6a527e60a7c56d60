#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes to a file descriptor with `write(2)`, whole: what `FileHandle` did for the commands
/// and the language server, without linking all of Foundation for it.
public enum FileDescriptorOutput {
  public static let standardOutput: Int32 = 1
  public static let standardError: Int32 = 2

  /// Writes all of `text` (its UTF-8 in place, not copied), retrying interrupted writes; stops
  /// at any other failure (a closed pipe), which a diagnostic could not be written to anyway.
  public static func writeAll(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
  }

  public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
  }

  public static func isTerminal(_ descriptor: Int32) -> Bool {
    isatty(descriptor) != 0
  }

  private static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) {
    guard let base = buffer.baseAddress else { return }
    var offset = 0
    while offset < buffer.count {
      let written = write(descriptor, base + offset, buffer.count - offset)
      if written > 0 {
        offset += written
      } else if written < 0, errno == EINTR {
        continue
      } else {
        return
      }
    }
  }
}
