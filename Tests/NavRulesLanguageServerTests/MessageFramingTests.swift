import NavRulesCompiler
import Testing

@testable import NavRulesLanguageServer

@Suite struct MessageFramingTests {
  static func frame(_ body: String) -> [UInt8] {
    Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
  }

  static func events(_ bytes: [UInt8], chunkSize: Int = .max) -> [MessageReader.Event] {
    var offset = 0
    var reader = MessageReader(readChunk: {
      guard offset < bytes.count else { return nil }
      let end = min(bytes.count, offset + chunkSize)
      defer { offset = end }
      return Array(bytes[offset..<end])
    })
    var events: [MessageReader.Event] = []
    while true {
      let event = reader.next()
      events.append(event)
      if event == .end { return events }
    }
  }

  @Test(arguments: [1, 2, 7, 4096])
  func readsConsecutiveMessagesWhateverTheChunking(chunkSize: Int) {
    let input = Self.frame("{\"a\":1}") + Self.frame("{\"é\":\"🚀\"}") + Self.frame("")
    #expect(
      Self.events(input, chunkSize: chunkSize) == [
        .message(Array("{\"a\":1}".utf8)), .message(Array("{\"é\":\"🚀\"}".utf8)),
        .message([]), .end,
      ])
  }

  @Test func acceptsOtherHeadersBareLineFeedsAndAnyCase() {
    let input = Array(
      "content-type: application/vscode-jsonrpc; charset=utf-8\ncontent-LENGTH:2\n\n{}".utf8)
    #expect(Self.events(input) == [.message(Array("{}".utf8)), .end])
  }

  @Test func recoversAfterMalformedHeaders() {
    var input: [UInt8] = []
    input += Array("garbage without a length\r\n\r\n".utf8)
    input += Array("Content-Length: twelve\r\n\r\n".utf8)
    input += Array("Content-Length: 99999999999999999999\r\n\r\n".utf8)
    input += Array("junk before it Content-Length: 2\r\n\r\n{}".utf8)
    input += Self.frame("[]")
    let events = Self.events(input)
    #expect(events.count == 6)
    #expect(events.prefix(3).allSatisfy { if case .malformed = $0 { true } else { false } })
    #expect(
      Array(events.suffix(3)) == [.message(Array("{}".utf8)), .message(Array("[]".utf8)), .end])
  }

  @Test func dropsOverlongHeaderLinesAndCarriesOn() {
    let input =
      Array(String(repeating: "x", count: MessageReader.maximumHeaderLine * 3).utf8)
      + Array("\r\n\r\n".utf8) + Self.frame("{}")
    let events = Self.events(input, chunkSize: 1000)
    #expect(events.count == 3)
    #expect(Array(events.suffix(2)) == [.message(Array("{}".utf8)), .end])
  }

  @Test func endsWhenTheInputEndsInsideAMessage() {
    #expect(Self.events(Array("Content-Length: 10\r\n\r\n{}".utf8)) == [.end])
    #expect(Self.events(Array("Content-Length: 10\r\n".utf8)).last == .end)
  }

  @Test func framesWithTheContentLengthInBytes() {
    let bytes = MessageWriter.frame(.object([("é", .string("🚀"))]))
    #expect(bytes == Array("Content-Length: 13\r\n\r\n{\"é\":\"🚀\"}".utf8))
  }
}
