import NavRulesCompiler

/// A reader for the XML of storyboards and xibs, from the bytes: it checks that the document
/// is well formed and reports its elements, with their attributes and the offset of each start
/// tag, in document order; text, comments and the rest are checked and skipped.
///
/// Foundation's `XMLParser` did this before, at the price of linking libxml2, ICU and all of
/// Foundation into every `navrc` run (nearly half of its start-up), and it told where
/// an element starts only after the fact, in its own units.
///
/// Grammar (XML 1.0, as far as Interface Builder's files need it):
///
///     document  -> misc* element misc*
///     misc      -> space | comment | pi | doctype (before the element only)
///     element   -> '<' name (space attribute)* space? ('/>' | '>' content '</' name space? '>')
///     attribute -> name space? '=' space? ('"' value '"' | "'" value "'")
///     content   -> (text | reference | element | comment | cdata | pi)*
///     reference -> '&' ('lt' | 'gt' | 'amp' | 'apos' | 'quot' | '#' digits | '#x' hex) ';'
///
/// Like `XMLParser`, it stops at the first error, and what came before it stays reported. The
/// errors it knows: a construct left open at the end, a start tag or reference that does not
/// follow the grammar, an end tag that does not close the open element, an attribute given
/// twice, a `<` in a value, a second root, text outside the root, no root at all, bytes that
/// are not UTF-8 and control characters XML does not allow. Entities a DTD declares are not
/// supported (an undefined entity is an error, as in a standalone document); Interface Builder
/// never writes them.
struct XMLReader {
  /// An attribute, its value with references replaced and white space normalized as XML says
  /// (a literal tab, line feed or carriage return reads as a space).
  struct Attribute: Equatable {
    var name: String
    var value: String
  }

  /// An element's attributes, in the order written: a handful per element, so a list searched
  /// in order costs less than a dictionary built for each.
  struct Attributes {
    fileprivate(set) var all: [Attribute] = []

    subscript(name: String) -> String? {
      all.first { $0.name == name }?.value
    }
  }

  private let bytes: [UInt8]
  /// Where the readable input ends: the first byte that is not UTF-8 or is a control character
  /// XML forbids, if any; reaching it is an error.
  private let end: Int
  private var cursor: Int

  init(bytes: [UInt8], start: Int) {
    self.bytes = bytes
    self.end = Self.firstForbiddenByte(in: bytes, from: start) ?? bytes.count
    self.cursor = start
  }

  /// Reads the document, calling `didStart` for each start tag (with the offset of its `<`)
  /// and `didEnd` when its element closes. Returns whether the document is well formed; on an
  /// error it returns at once.
  mutating func read(
    didStart: (_ name: String, _ attributes: Attributes, _ offset: Int) -> Void,
    didEnd: () -> Void
  ) -> Bool {
    var open: [Range<Int>] = []
    var sawRoot = false
    if matches("<?xml"), let after = byte(at: cursor + 5), Self.isSpace(after) {
      guard readDeclaration() else { return false }
    }
    while true {
      if open.isEmpty {
        // The prolog or the epilog: only white space and markup that is not an element.
        skipSpace()
        if cursor == end { return sawRoot && end == bytes.count }
        guard byte(at: cursor) == UInt8(ascii: "<") else { return false }
        if matches("<!--") || matches("<?") {
          guard skipCommentOrInstruction() else { return false }
          continue
        }
        if matches("<!DOCTYPE") {
          guard !sawRoot, skipDoctype() else { return false }
          continue
        }
        guard !sawRoot else { return false }
        sawRoot = true
      } else {
        guard skipText() else { return false }
        if cursor == end { return false }
        if matches("</") {
          guard let name = open.popLast(), readEndTag(closing: name) else { return false }
          didEnd()
          continue
        }
        if matches("<!--") || matches("<?") {
          guard skipCommentOrInstruction() else { return false }
          continue
        }
        if matches("<![CDATA[") {
          guard skip(past: "]]>", from: cursor + 9) else { return false }
          continue
        }
      }
      // A start tag.
      let offset = cursor
      guard let (name, attributes, isEmpty) = readStartTag() else { return false }
      didStart(text(name), attributes, offset)
      if isEmpty { didEnd() } else { open.append(name) }
    }
  }

  // MARK: - Tags

  /// Reads `<name attributes… >` or `… />` at the cursor.
  private mutating func readStartTag() -> (Range<Int>, Attributes, isEmpty: Bool)? {
    cursor += 1
    guard let name = readName() else { return nil }
    var attributes = Attributes()
    // An element has a handful of attributes, searched in order; past `namesSearchedInOrder`
    // the names go into a set, so a hostile element of 100,000 attributes is checked for a
    // repeated one in linear time, not quadratic.
    var names: Set<String> = []
    while true {
      let spaced = skipSpace()
      guard cursor < end else { return nil }
      switch bytes[cursor] {
      case UInt8(ascii: ">"):
        cursor += 1
        return (name, attributes, false)
      case UInt8(ascii: "/"):
        guard byte(at: cursor + 1) == UInt8(ascii: ">") else { return nil }
        cursor += 2
        return (name, attributes, true)
      default:
        guard spaced, let attribute = readAttribute() else { return nil }
        if attributes.all.count < Self.namesSearchedInOrder {
          guard attributes[attribute.name] == nil else { return nil }
        } else {
          if names.isEmpty { names = Set(attributes.all.lazy.map(\.name)) }
          guard names.insert(attribute.name).inserted else { return nil }
        }
        attributes.all.append(attribute)
      }
    }
  }

  /// Attributes an element has before its names are kept in a set.
  private static let namesSearchedInOrder = 16

  private mutating func readAttribute() -> Attribute? {
    guard let name = readName() else { return nil }
    skipSpace()
    guard byte(at: cursor) == UInt8(ascii: "=") else { return nil }
    cursor += 1
    skipSpace()
    guard let quote = byte(at: cursor), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'")
    else { return nil }
    cursor += 1
    let start = cursor
    var plain = true
    while cursor < end, bytes[cursor] != quote {
      switch bytes[cursor] {
      case UInt8(ascii: "<"): return nil
      case UInt8(ascii: "&"), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        plain = false
      default: break
      }
      cursor += 1
    }
    guard cursor < end else { return nil }
    let valueRange = start..<cursor
    cursor += 1
    if plain { return Attribute(name: text(name), value: text(valueRange)) }
    guard let value = decodedValue(valueRange) else { return nil }
    return Attribute(name: text(name), value: value)
  }

  /// `</name space? >` at the cursor, closing the element named by the bytes of `open`.
  private mutating func readEndTag(closing open: Range<Int>) -> Bool {
    cursor += 2
    guard let name = readName(), bytes[name].elementsEqual(bytes[open]) else { return false }
    skipSpace()
    guard byte(at: cursor) == UInt8(ascii: ">") else { return false }
    cursor += 1
    return true
  }

  private mutating func readName() -> Range<Int>? {
    let start = cursor
    guard let first = byte(at: cursor), Self.isNameStart(first) else { return nil }
    cursor += 1
    while let next = byte(at: cursor), Self.isNameStart(next) || Self.isNameContinue(next) {
      cursor += 1
    }
    return start..<cursor
  }

  // MARK: - Content

  /// Past character data up to the next `<`, checking its references.
  private mutating func skipText() -> Bool {
    while cursor < end {
      switch bytes[cursor] {
      case UInt8(ascii: "<"):
        return true
      case UInt8(ascii: "&"):
        guard readReference() != nil else { return false }
      default:
        cursor += 1
      }
    }
    return true
  }

  /// The value of the reference at the cursor (`&amp;`, `&#60;`, `&#x3C;`), moving past it.
  private mutating func readReference() -> Unicode.Scalar? {
    cursor += 1
    guard let semicolon = find(UInt8(ascii: ";"), from: cursor, limit: 12) else { return nil }
    let body = bytes[cursor..<semicolon]
    cursor = semicolon + 1
    switch String(decoding: body, as: UTF8.self) {
    case "lt": return "<"
    case "gt": return ">"
    case "amp": return "&"
    case "apos": return "'"
    case "quot": return "\""
    case let reference where reference.hasPrefix("#x"):
      return Self.character(reference.dropFirst(2), radix: 16)
    case let reference where reference.hasPrefix("#"):
      return Self.character(reference.dropFirst(), radix: 10)
    default:
      return nil
    }
  }

  /// A character reference's code point, if it names a character XML allows.
  private static func character(_ digits: Substring, radix: Int) -> Unicode.Scalar? {
    guard !digits.isEmpty, digits.allSatisfy(\.isHexDigit),
      let value = UInt32(digits, radix: radix), let scalar = Unicode.Scalar(value),
      value >= 0x20 || value == 0x9 || value == 0xA || value == 0xD,
      value != 0xFFFE, value != 0xFFFF
    else { return nil }
    return scalar
  }

  /// An attribute value with its references replaced and literal white space read as spaces
  /// (a `\r\n` is one line end, so one space).
  private func decodedValue(_ range: Range<Int>) -> String? {
    var scalars = String.UnicodeScalarView()
    var reader = self
    reader.cursor = range.lowerBound
    var plainStart = range.lowerBound
    func flushPlain(upTo index: Int) {
      scalars.append(
        contentsOf: String(decoding: bytes[plainStart..<index], as: UTF8.self).unicodeScalars)
    }
    while reader.cursor < range.upperBound {
      let byte = bytes[reader.cursor]
      switch byte {
      case UInt8(ascii: "&"):
        flushPlain(upTo: reader.cursor)
        guard let scalar = reader.readReference(), reader.cursor <= range.upperBound else {
          return nil
        }
        scalars.append(scalar)
        plainStart = reader.cursor
      case UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        flushPlain(upTo: reader.cursor)
        scalars.append(" ")
        let isCRLF =
          byte == UInt8(ascii: "\r") && reader.cursor + 1 < range.upperBound
          && bytes[reader.cursor + 1] == UInt8(ascii: "\n")
        reader.cursor += isCRLF ? 2 : 1
        plainStart = reader.cursor
      default:
        reader.cursor += 1
      }
    }
    flushPlain(upTo: range.upperBound)
    return String(scalars)
  }

  // MARK: - Markup that is skipped

  /// Past a comment (`<!-- … -->`, without `--` inside) or a processing instruction
  /// (`<?target … ?>`, the target a name other than `xml`) at the cursor.
  private mutating func skipCommentOrInstruction() -> Bool {
    if matches("<!--") {
      guard skip(past: "--", from: cursor + 4) else { return false }
      guard byte(at: cursor) == UInt8(ascii: ">") else { return false }
      cursor += 1
      return true
    }
    cursor += 2
    guard let target = readName(),
      !bytes[target].map({ $0 | 0x20 }).elementsEqual("xml".utf8)
    else { return false }
    if matches("?>") {
      cursor += 2
      return true
    }
    guard skipSpace() else { return false }
    return skip(past: "?>", from: cursor)
  }

  /// `<?xml version="1.x" encoding="…" standalone="yes|no"?>` at the start of the document,
  /// the last two optional: the one place `xml` may name an instruction.
  private mutating func readDeclaration() -> Bool {
    cursor += 5
    var pseudoAttributes: [(String, (UInt8) -> Bool)] = [
      ("version", { $0 == UInt8(ascii: ".") || Self.isDigit($0) }),
      ("encoding", { Self.isNameStart($0) || Self.isNameContinue($0) }),
      ("standalone", { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }),
    ]
    var isFirst = true
    while true {
      let spaced = skipSpace()
      if matches("?>") {
        cursor += 2
        return !isFirst
      }
      guard spaced, let name = readName() else { return false }
      let written = text(name)
      // In order, `version` first and required; a name out of order is an error.
      guard let index = pseudoAttributes.firstIndex(where: { $0.0 == written }),
        isFirst == (written == "version")
      else { return false }
      let allowed = pseudoAttributes[index].1
      pseudoAttributes.removeFirst(index + 1)
      skipSpace()
      guard byte(at: cursor) == UInt8(ascii: "=") else { return false }
      cursor += 1
      skipSpace()
      guard let quote = byte(at: cursor), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'")
      else { return false }
      cursor += 1
      let valueStart = cursor
      while let next = byte(at: cursor), next != quote {
        guard allowed(next) else { return false }
        cursor += 1
      }
      guard cursor < end else { return false }
      let value = text(valueStart..<cursor)
      cursor += 1
      switch written {
      case "version":
        guard value.hasPrefix("1."), value.count > 2, value.dropFirst(2).allSatisfy(\.isNumber)
        else { return false }
      case "encoding":
        guard let first = value.utf8.first, (first | 0x20) >= UInt8(ascii: "a"),
          (first | 0x20) <= UInt8(ascii: "z")
        else { return false }
      default:
        guard value == "yes" || value == "no" else { return false }
      }
      isFirst = false
    }
  }

  /// Past `<!DOCTYPE … >`, whose internal subset (`[ … ]`) and quoted strings may hold `>`.
  private mutating func skipDoctype() -> Bool {
    var index = cursor + 9
    var quote: UInt8?
    var depth = 0
    while index < end {
      let byte = bytes[index]
      index += 1
      if let open = quote {
        if byte == open { quote = nil }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
      case UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "]"): depth -= 1
      case UInt8(ascii: ">") where depth <= 0:
        cursor = index
        return true
      default: break
      }
    }
    return false
  }

  /// Moves the cursor past the next `terminator` at or after `start`; false if there is none.
  private mutating func skip(past terminator: StaticString, from start: Int) -> Bool {
    let count = terminator.utf8CodeUnitCount
    let first = terminator.utf8Start.pointee
    var index = start
    while let found = find(first, from: index, limit: nil) {
      if matches(terminator, at: found) {
        cursor = found + count
        return true
      }
      index = found + 1
    }
    return false
  }

  // MARK: - Bytes

  @discardableResult
  private mutating func skipSpace() -> Bool {
    let start = cursor
    while let byte = byte(at: cursor), Self.isSpace(byte) { cursor += 1 }
    return cursor > start
  }

  private func byte(at index: Int) -> UInt8? {
    index < end ? bytes[index] : nil
  }

  private func matches(_ literal: StaticString) -> Bool {
    matches(literal, at: cursor)
  }

  private func matches(_ literal: StaticString, at position: Int) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard position + count <= end else { return false }
    return literal.withUTF8Buffer { spelling in
      for offset in 0..<count where bytes[position + offset] != spelling[offset] { return false }
      return true
    }
  }

  /// The first `byte` at or after `start`, looking at most `limit` bytes ahead.
  private func find(_ byte: UInt8, from start: Int, limit: Int?) -> Int? {
    let stop = limit.map { min(end, start + $0) } ?? end
    var index = start
    while index < stop {
      if bytes[index] == byte { return index }
      index += 1
    }
    return nil
  }

  private func text(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
      || byte == UInt8(ascii: "\r")
  }

  /// Letters, `_`, `:` and any non-ASCII byte (the name characters beyond ASCII are not told
  /// apart: a name is read whole and only compared).
  private static func isNameStart(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
      || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
  }

  private static func isNameContinue(_ byte: UInt8) -> Bool {
    isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// The offset of the first byte that starts no well-formed UTF-8 sequence or is a control
  /// character other than tab, line feed and carriage return.
  private static func firstForbiddenByte(in bytes: [UInt8], from start: Int) -> Int? {
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if byte >= 0x80 {
        guard let length = UTF8Validation.sequenceLength(in: bytes, at: index) else {
          return index
        }
        index += length
      } else {
        if byte < 0x20, byte != 0x9, byte != 0xA, byte != 0xD { return index }
        index += 1
      }
    }
    return nil
  }
}
