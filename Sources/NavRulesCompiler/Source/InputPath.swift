/// A path as the system knows it, bytes that need not be UTF-8 (git stores any name, so a
/// pull request can bring one), and as messages show it.
///
/// Paths built by the directory walk are kept as bytes, so a file whose name is not UTF-8 is
/// opened by its real name; it is shown with each byte that is not part of UTF-8 written as
/// an octal escape, `caf\351.swift`, as `git` and `ls -b` show it.
package struct InputPath: Hashable, Sendable {
  /// The path's bytes, without a terminating NUL.
  package var bytes: [UInt8]

  package init(_ path: String) {
    bytes = Array(path.utf8)
  }

  package init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// `self/name`.
  package func appending(_ name: [UInt8]) -> InputPath {
    var bytes = self.bytes
    if bytes.last != UInt8(ascii: "/") { bytes.append(UInt8(ascii: "/")) }
    return InputPath(bytes: bytes + name)
  }

  /// The path as text: itself when it is UTF-8, else with every byte outside UTF-8 escaped.
  package var shown: String {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    var text = ""
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    loop: while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        text.unicodeScalars.append(Unicode.UTF8.decode(encoded))
        offset += encoded.count
      case .error(let length):
        for byte in bytes[offset..<offset + length] {
          text += "\\" + String(byte, radix: 8)
        }
        offset += length
      case .emptyInput:
        break loop
      }
    }
    return text
  }

  /// Whether the path is UTF-8 (its text names it).
  package var isUTF8: Bool { String(validating: bytes, as: UTF8.self) != nil }

  /// Calls `body` with the path as a C string.
  package func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows
    -> Result
  {
    var terminated = bytes.map { CChar(bitPattern: $0) }
    terminated.append(0)
    return try terminated.withUnsafeBufferPointer { try body($0.baseAddress!) }
  }
}
