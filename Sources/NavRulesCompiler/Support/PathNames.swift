/// The path operations navrc needs, on `/`-separated paths, with `NSString`'s results (which
/// would link all of Foundation for two functions).
public enum PathNames {
  /// What follows a file name's last `.`, unless that dot begins the name; "" when there is
  /// none: `Main.storyboard` → `storyboard`, `.navrules` → "".
  public static func pathExtension(ofName name: Substring) -> String {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return String(name[name.index(after: dot)...])
  }

  /// `pathExtension(ofName:)` of a whole name. Two concrete overloads rather than one generic
  /// function: the generic one's first call cost `navrc emit` 0.2 M instructions of run-time
  /// type instantiation.
  public static func pathExtension(ofName name: String) -> String {
    pathExtension(ofName: Substring(name))
  }

  /// The last component of a path: `a/b/Main.storyboard` → `Main.storyboard`.
  public static func lastComponent(_ path: String) -> Substring {
    path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
  }

  /// The path without its last component: `/a/b` → `/a`, `/a` → `/`, `a` → "" (trailing
  /// slashes are not a component).
  public static func deletingLastComponent(_ path: String) -> String {
    var path = Substring(path)
    while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
    guard let slash = path.lastIndex(of: "/") else { return "" }
    var parent = path[..<slash]
    while parent.hasSuffix("/") { parent = parent.dropLast() }
    return parent.isEmpty ? "/" : String(parent)
  }
}
