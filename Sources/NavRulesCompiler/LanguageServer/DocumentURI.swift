/// Converts between `file://` URIs, which the protocol speaks, and file system paths, which the
/// compiler reads.
public enum DocumentURI {
  /// The path of a `file://` URI (percent-decoded), or `nil` for other schemes.
  public static func path(fromURI uri: String) -> String? {
    let scheme = "file://"
    guard uri.lowercased().hasPrefix(scheme) else { return nil }
    var rest = Substring(uri.dropFirst(scheme.count))
    // An authority ("localhost", or empty) comes before the path.
    guard let slash = rest.firstIndex(of: "/") else { return nil }
    let authority = rest[..<slash]
    guard authority.isEmpty || authority.lowercased() == "localhost" else { return nil }
    rest = rest[slash...]
    if let query = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<query] }
    return percentDecoded(rest)
  }

  /// A `file://` URI for an absolute path, percent-encoding what is not unreserved.
  public static func uri(fromPath path: String) -> String {
    var output = "file://"
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

  static func percentDecoded(_ text: Substring) -> String {
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
