import NavRulesCompiler
import NavRulesScan

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
    "file://" + PercentEncoding.encodePath(path)
  }

  static func percentDecoded(_ text: Substring) -> String { PercentEncoding.decode(text) }
}
