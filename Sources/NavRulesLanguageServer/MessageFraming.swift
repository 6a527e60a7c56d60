import NavRulesCompiler
import NavRulesScan

/// The base protocol of the Language Server Protocol: each message is a header block
/// (`Content-Length: N`, other fields ignored, lines ending in CRLF) and N bytes of JSON.
///
/// The reader is lenient where that lets it find the next message again: it accepts bare LF
/// line ends, ignores header lines it does not understand and blank lines between messages, and
/// finds a `Content-Length` field even behind stray bytes on its line. A header block without a
/// usable length is reported as malformed and skipped; reading then goes on with the next block.
public struct MessageReader {
  /// What the next read found.
  public enum Event: Equatable, Sendable {
    /// The content of one message.
    case message([UInt8])
    /// A header block that could not be used, and why.
    case malformed(String)
    /// The input ended.
    case end
  }

  /// Larger messages are refused (the block is reported as malformed).
  public static let maximumContentLength = 64 << 20
  /// A header line longer than this is discarded.
  public static let maximumHeaderLine = 16 << 10

  private let readChunk: () -> [UInt8]?
  private var buffer: [UInt8] = []
  private var start = 0
  private var atEnd = false

  /// `readChunk` returns the next bytes of input, or `nil` at its end.
  public init(readChunk: @escaping () -> [UInt8]?) {
    self.readChunk = readChunk
  }

  /// Reads from an in-memory buffer, for tests.
  public init(bytes: [UInt8]) {
    var remaining: [UInt8]? = bytes
    self.init(readChunk: {
      defer { remaining = nil }
      return remaining
    })
  }

  public mutating func next() -> Event {
    var contentLength: Int?
    var problem: String?
    var sawHeaderLine = false
    while true {
      guard let line = readLine() else {
        return sawHeaderLine ? .malformed("input ended inside a header") : .end
      }
      switch line {
      case .tooLong:
        sawHeaderLine = true
        problem = "header line longer than \(Self.maximumHeaderLine) bytes"
      case .text(let bytes) where bytes.isEmpty:
        guard sawHeaderLine else { continue }
        guard let length = contentLength else {
          return .malformed(problem ?? "header has no Content-Length")
        }
        guard let content = readBytes(length) else { return .end }
        return .message(content)
      case .text(let bytes):
        sawHeaderLine = true
        switch Self.contentLength(in: bytes) {
        case .none: break
        case .some(.some(let length)): contentLength = length
        case .some(.none):
          contentLength = nil
          problem = "invalid Content-Length: '\(String(decoding: bytes.prefix(80), as: UTF8.self))'"
        }
      }
    }
  }

  /// `nil` if the line is not a Content-Length field; `.some(nil)` if its value is unusable.
  static func contentLength(in line: [UInt8]) -> Int?? {
    let lowered = line.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
    let field = Array("content-length:".utf8)
    guard lowered.count >= field.count else { return nil }
    var found: Int?
    for position in stride(from: lowered.count - field.count, through: 0, by: -1)
    where lowered[position..<position + field.count].elementsEqual(field) {
      found = position
      break
    }
    guard let position = found else { return nil }
    let value = line[(position + field.count)...].filter { $0 != 32 && $0 != 9 }
    guard !value.isEmpty, value.count <= 10, value.allSatisfy({ $0 >= 48 && $0 <= 57 }),
      let length = Int(String(decoding: value, as: UTF8.self)),
      length <= maximumContentLength
    else { return .some(nil) }
    return .some(length)
  }

  private enum Line {
    case text([UInt8])
    case tooLong
  }

  /// The next line without its terminator, or `nil` at the end of the input.
  private mutating func readLine() -> Line? {
    var searchFrom = start
    var discarding = false
    while true {
      if let newline = buffer[searchFrom...].firstIndex(of: UInt8(ascii: "\n")) {
        var end = newline
        if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = Array(buffer[start..<end])
        start = newline + 1
        compact()
        return discarding ? .tooLong : .text(line)
      }
      if buffer.count - start > Self.maximumHeaderLine {
        // Keep reading, but drop what was buffered of the overlong line.
        discarding = true
        start = buffer.count
        compact()
      }
      searchFrom = buffer.count
      guard fill() else {
        if start < buffer.count {
          let line = Array(buffer[start...])
          start = buffer.count
          return discarding ? .tooLong : .text(line)
        }
        return nil
      }
    }
  }

  /// Exactly `count` bytes, or `nil` if the input ends first.
  private mutating func readBytes(_ count: Int) -> [UInt8]? {
    while buffer.count - start < count {
      guard fill() else { return nil }
    }
    let bytes = Array(buffer[start..<start + count])
    start += count
    compact()
    return bytes
  }

  private mutating func fill() -> Bool {
    guard !atEnd, let chunk = readChunk(), !chunk.isEmpty else {
      atEnd = true
      return false
    }
    buffer += chunk
    return true
  }

  private mutating func compact() {
    if start > 1 << 16, start * 2 > buffer.count {
      buffer.removeFirst(start)
      start = 0
    }
  }
}

/// Frames outgoing messages.
public enum MessageWriter {
  public static func frame(_ message: JSON) -> [UInt8] {
    let content = Array(message.serialized().utf8)
    return Array("Content-Length: \(content.count)\r\n\r\n".utf8) + content
  }
}
