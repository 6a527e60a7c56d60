import Foundation
import NavRulesTestSupport
import Testing

@testable import NavRulesCompiler
@testable import NavRulesScan

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The storyboard XML reader: well-formed and malformed documents, references and white space
/// in values, offsets, and, on every storyboard in the repository and hundreds of mutations of
/// them, the same elements and verdict as Foundation's `XMLParser` (libxml2), which it replaced.
@Suite struct XMLReaderTests {
  /// What a reader reports: each element started (name and attributes in order), `/` for each
  /// element ended, and whether the document was well formed.
  struct Reading: Equatable, CustomStringConvertible {
    var events: [[String]] = []
    var isWellFormed = false

    var description: String {
      "\(isWellFormed ? "ok" : "error") \(events.map { $0.joined(separator: " ") })"
    }

    /// With each element's attributes sorted, as a dictionary would give them.
    var sortingAttributes: Reading {
      var sorted = self
      sorted.events = events.map { event in [event[0]] + event.dropFirst().sorted() }
      return sorted
    }
  }

  static func read(_ bytes: [UInt8]) -> (Reading, offsets: [Int]) {
    var reading = Reading()
    var offsets: [Int] = []
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var reader = XMLReader(bytes: bytes, start: start)
    reading.isWellFormed = reader.read(
      didStart: { name, attributes, offset in
        let written = attributes.all.map { "\($0.name)=\($0.value)" }
        reading.events.append([name] + written)
        offsets.append(offset)
      },
      didEnd: { reading.events.append(["/"]) })
    return (reading, offsets)
  }

  static func read(_ text: String) -> Reading { read(Array(text.utf8)).0 }

  @Test(arguments: [
    ("<a/>", "ok [\"a\", \"/\"]"),
    (
      "<?xml version=\"1.0\"?>\n<!-- c --><a x='1' y=\"2\"><b/>text<c></c></a>\n<!-- after -->",
      "ok [\"a x=1 y=2\", \"b\", \"/\", \"c\", \"/\", \"/\"]"
    ),
    ("<!DOCTYPE a [<!ENTITY e \"x>\">]><a/>", "ok [\"a\", \"/\"]"),
    ("<a><![CDATA[<b/>]]><?pi <c/>?><!-- <d/> --></a>", "ok [\"a\", \"/\"]"),
    ("<a v=\"&lt;&gt;&amp;&apos;&quot;&#65;&#x42;\"/>", "ok [\"a v=<>&\\'\\\"AB\", \"/\"]"),
    ("<a v=\"1\t2\n3\r\n4\"/>", "ok [\"a v=1 2 3 4\", \"/\"]"),
    ("<a v=\"&#10;\"/>", "ok [\"a v=\\n\", \"/\"]"),
    ("", "error []"),
    ("not xml", "error []"),
    ("<a", "error []"),
    ("<a>", "error [\"a\"]"),
    ("<a></b>", "error [\"a\"]"),
    ("<a/><b/>", "error [\"a\", \"/\"]"),
    ("<a/>text", "error [\"a\", \"/\"]"),
    ("<a x=\"1\" x=\"2\"/>", "error []"),
    ("<a x=\"<\"/>", "error []"),
    ("<a x=\"1\"y=\"2\"/>", "error []"),
    ("<a x=1/>", "error []"),
    ("<a>&nbsp;</a>", "error [\"a\"]"),
    ("<a>&#0;</a>", "error [\"a\"]"),
    ("<a>\u{1}</a>", "error [\"a\"]"),
    ("<a><!-- open</a>", "error [\"a\"]"),
    ("<a/><!DOCTYPE a>", "error [\"a\", \"/\"]"),
  ])
  func documents(_ xml: String, _ expected: String) {
    #expect(Self.read(xml).description == expected)
  }

  @Test func bytesThatAreNotUTF8EndTheDocument() {
    let bytes = Array("<a><b/>".utf8) + [0xFF] + Array("<c/></a>".utf8)
    #expect(Self.read(bytes).0.description == "error [\"a\", \"b\", \"/\"]")
  }

  /// An element of 30,000 attributes is checked for a repeated name in linear time (each
  /// name compared with every earlier one took minutes at this size in a debug build), and a
  /// repeat is still an error, early or late.
  @Test func manyAttributesAreCheckedForRepeatsInLinearTime() {
    let count = 30_000
    let attributes = (0..<count).map { "a\($0)=\"v\"" }.joined(separator: " ")
    let (reading, _) = Self.read(Array("<a \(attributes)/>".utf8))
    #expect(reading.isWellFormed)
    #expect(reading.events.first?.count == count + 1)
    #expect(!Self.read("<a \(attributes) a29999=\"w\"/>").isWellFormed)
    #expect(!Self.read("<a \(attributes) a0=\"w\"/>").isWellFormed)
    #expect(!Self.read("<a x=\"1\" y=\"2\" x=\"3\"/>").isWellFormed)
  }

  @Test func offsetsAreTheStartTags() {
    let xml = "<?xml version=\"1.0\"?>\n<a>\n  <!-- <x/> -->\n  <b k=\">\"/>\n</a>\n"
    let (_, offsets) = Self.read(Array(xml.utf8))
    let bytes = Array(xml.utf8)
    #expect(offsets.count == 2)
    #expect(offsets.allSatisfy { bytes[$0] == UInt8(ascii: "<") })
    #expect(offsets.map { String(decoding: bytes[$0..<($0 + 2)], as: UTF8.self) } == ["<a", "<b"])
  }

  #if canImport(FoundationXML) || os(macOS)
    /// What `XMLParser` reports, in the same form.
    final class ParserRecorder: NSObject, XMLParserDelegate {
      var reading = Reading()
      var failed = false

      func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes: [String: String] = [:]
      ) {
        guard !failed else { return }
        // `XMLParser` hands the attributes over in a dictionary: compared sorted.
        let written = attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        reading.events.append([elementName] + written)
      }

      func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?
      ) {
        if !failed { reading.events.append(["/"]) }
      }

      func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        failed = true
        parser.abortParsing()
      }
    }

    static func parse(_ bytes: [UInt8]) -> Reading {
      let recorder = ParserRecorder()
      let parser = XMLParser(data: Data(bytes))
      parser.shouldResolveExternalEntities = false
      parser.delegate = recorder
      let succeeded = parser.parse()
      recorder.reading.isWellFormed = succeeded && !recorder.failed
      return recorder.reading
    }

    static let storyboards: [[UInt8]] = {
      [
        "Tests/NavRulesScanTests/Fixtures/Main.storyboard",
        "Tests/NavRulesScanTests/Fixtures/RootNavigation.xib",
        "examples/scan/ObjCApp/Main.storyboard",
      ].compactMap {
        FileManager.default.contents(atPath: Repository.url($0).path).map { [UInt8]($0) }
      }
    }()

    @Test func storyboardsReadAsXMLParserReadsThem() {
      #expect(Self.storyboards.count == 3)
      for bytes in Self.storyboards {
        let reading = Self.read(bytes).0
        #expect(reading.isWellFormed)
        #expect(reading.sortingAttributes == Self.parse(bytes))
      }
    }

    /// Mutations that keep the document plausible (cuts, repeats, stray markup characters):
    /// where both readers stop, and what they reported before, must agree.
    @Test(arguments: 0..<1000)
    func mutatedStoryboardsReadAsXMLParserReadsThem(seed: Int) {
      var generator = SeededGenerator(seed: UInt64(seed))
      var bytes = Self.storyboards[seed % Self.storyboards.count]
      let inserts = ["<", ">", "\"", "/", "&", "&amp;", "<a>", "</a>", "<!--", "-->", "=", " "]
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        let position = Int.random(in: 0...bytes.count, using: &generator)
        switch Int.random(in: 0..<4, using: &generator) {
        case 0:
          let end = min(bytes.count, position + Int.random(in: 1...30, using: &generator))
          bytes.removeSubrange(position..<end)
        case 1:
          bytes.insert(
            contentsOf: Array(inserts.randomElement(using: &generator)!.utf8), at: position)
        case 2:
          bytes.removeSubrange(position...)
        default:
          let end = min(bytes.count, position + Int.random(in: 1...200, using: &generator))
          bytes.insert(contentsOf: bytes[position..<end], at: min(bytes.count, end))
        }
      }
      // `XMLParser` calls a document of fewer than four bytes well formed (libxml2 cannot tell
      // its encoding, and reads nothing); the reader, which finds no element in it, does not.
      guard bytes.count >= 4 else { return }
      let ours = Self.read(bytes).0.sortingAttributes
      var theirs = Self.parse(bytes)
      // `XMLParser` reports a start tag it could not finish (libxml2 calls its handler before
      // it looks for the `>`); the reader reports only whole ones.
      if !theirs.isWellFormed, theirs.events.count == ours.events.count + 1,
        theirs.events.last != ["/"]
      {
        theirs.events.removeLast()
      }
      #expect(ours.isWellFormed == theirs.isWellFormed, "seed \(seed)")
      #expect(ours.events == theirs.events, "seed \(seed)")
    }
  #endif
}
