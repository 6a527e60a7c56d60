import NavRulesCompiler
import Testing

@testable import NavRulesLanguageServer

@Suite struct JSONParserTests {
  @Test func parsesEveryKindOfValueKeepingKeyOrder() throws {
    let value = try JSONParser.parse(
      #"{"b": [1, -2.5, 3e2, true, false, null], "a": {"x": "y"}, "n": -0}"#)
    #expect(
      value
        == .object([
          ("b", .array([.int(1), .double(-2.5), .double(300), .bool(true), .bool(false), .null])),
          ("a", .object([("x", .string("y"))])),
          ("n", .int(0)),
        ]))
  }

  @Test func decodesEscapesAndSurrogatePairs() throws {
    let value = try JSONParser.parse(#""\"\\\/\b\f\n\r\t\u00e9\ud83d\ude80\ud800x""#)
    #expect(value == .string("\"\\/\u{08}\u{0C}\n\r\té🚀\u{FFFD}x"))
  }

  @Test func roundTripsWhatTheWriterWrites() throws {
    let value = JSON.object([
      ("text", .string("line\n\"quoted\" \u{1}🚀")), ("list", .array([.int(-7), .null])),
    ])
    #expect(try JSONParser.parse(value.serialized()) == value)
  }

  @Test(arguments: [
    "", "{", "[1,]", "{\"a\" 1}", "{\"a\":1,}", "01", "1.", "-", "tru", "\"\u{1}\"", "\"abc",
    "\"\\x\"", "\"\\u12\"", "[1] 2", "{1:2}", "1e", "NaN", "1e999",
  ])
  func rejectsMalformedText(_ text: String) {
    #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(text) }
  }

  @Test func rejectsInvalidUTF8() {
    #expect(throws: JSONParser.Failure.self) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
  }

  @Test func limitsNesting() throws {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(deep) }
    let fine = String(repeating: "[", count: 50) + String(repeating: "]", count: 50)
    #expect(throws: Never.self) { try JSONParser.parse(fine) }
  }
}
