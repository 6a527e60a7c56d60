/// Percent-encoding of file paths for URIs (RFC 3986), shared by SARIF's artifact locations and
/// the language server's document URIs.
package enum PercentEncoding {
  /// Encodes everything but unreserved characters and `/`, so a colon in a file name can never
  /// be read as a scheme.
  package static func encodePath(_ path: String) -> String {
    var output = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        output.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        output += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return output
  }

  /// Decodes `%XX` escapes; a `%` not followed by two hex digits is kept as it is.
  package static func decode(_ text: Substring) -> String {
    var bytes: [UInt8] = []
    let utf8 = Array(text.utf8)
    var index = 0
    while index < utf8.count {
      if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
        let high = Lexer.hexValue(utf8[index + 1]), let low = Lexer.hexValue(utf8[index + 2])
      {
        bytes.append(UInt8(high << 4 | low))
        index += 3
      } else {
        bytes.append(utf8[index])
        index += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
