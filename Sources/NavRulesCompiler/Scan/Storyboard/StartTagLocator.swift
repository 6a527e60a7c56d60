/// Finds where each XML start tag begins, in document order.
///
/// `XMLParser` reports an element's line and column only after its start tag (and, on Linux,
/// in its own units), so the reader instead walks the bytes alongside it: the n-th element the
/// parser starts is the n-th start tag in the text, past comments, CDATA sections, processing
/// instructions, declarations and end tags. Linear in the file's size over a whole parse.
struct StartTagLocator {
  private let bytes: [UInt8]
  private var cursor: Int

  init(bytes: [UInt8], start: Int) {
    self.bytes = bytes
    self.cursor = start
  }

  /// The offset of the next start tag's `<` if that tag is named `name`; nil (after moving
  /// past it) when the next one has another name or there is none.
  mutating func next(named name: String) -> Int? {
    while cursor < bytes.count {
      guard let open = find(UInt8(ascii: "<"), from: cursor) else {
        cursor = bytes.count
        return nil
      }
      if matches("<!--", at: open) {
        cursor = skip(past: "-->", from: open + 4)
      } else if matches("<![CDATA[", at: open) {
        cursor = skip(past: "]]>", from: open + 9)
      } else if matches("<?", at: open) {
        cursor = skip(past: "?>", from: open + 2)
      } else if matches("<!", at: open) || matches("</", at: open) {
        cursor = skip(past: ">", from: open + 2)
      } else {
        cursor = tagEnd(from: open + 1)
        let nameEnd = nameEnd(from: open + 1)
        let matched = bytes[(open + 1)..<nameEnd].elementsEqual(name.utf8)
        return matched ? open : nil
      }
    }
    return nil
  }

  private func find(_ byte: UInt8, from start: Int) -> Int? {
    var index = start
    while index < bytes.count {
      if bytes[index] == byte { return index }
      index += 1
    }
    return nil
  }

  private func matches(_ literal: StaticString, at position: Int) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    return literal.withUTF8Buffer { spelling in
      for offset in 0..<count where bytes[position + offset] != spelling[offset] { return false }
      return true
    }
  }

  private func skip(past literal: StaticString, from start: Int) -> Int {
    var index = start
    while index < bytes.count {
      if matches(literal, at: index) { return index + literal.utf8CodeUnitCount }
      index += 1
    }
    return bytes.count
  }

  private func nameEnd(from start: Int) -> Int {
    var index = start
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
        UInt8(ascii: ">"), UInt8(ascii: "/"):
        return index
      default:
        index += 1
      }
    }
    return index
  }

  /// Past the `>` that ends a start tag, skipping quoted attribute values.
  private func tagEnd(from start: Int) -> Int {
    var index = start
    var quote: UInt8?
    while index < bytes.count {
      let byte = bytes[index]
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: ">") {
        return index + 1
      }
      index += 1
    }
    return index
  }
}
