#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The path operations navrc needs, on `/`-separated paths, with the results of `NSString` and
/// `URL`, which would link Foundation (or FoundationEssentials, whose loading and relocation
/// were a fifth of every start-up) for a few functions.
public enum PathNames {
  /// What follows a file name's last `.`, unless that dot begins the name; "" when there is
  /// none: `Main.storyboard` → `storyboard`, `.navrules` → "".
  public static func pathExtension(ofName name: Substring) -> String {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return String(name[name.index(after: dot)...])
  }

  /// `pathExtension(ofName:)` of a whole name. Two concrete overloads rather than one generic
  /// function: the generic one's first call instantiates its types at run time, a visible
  /// part of a short `navrc emit`.
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

  /// The working directory (`getcwd`), or "" if it cannot be read.
  public static func currentDirectory() -> String {
    guard let directory = getcwd(nil, 0) else { return "" }
    defer { free(directory) }
    return String(cString: directory)
  }

  /// `path`, or the working directory followed by `path` when it is relative.
  public static func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : currentDirectory() + "/" + path
  }

  /// `absolute(path)` without `.` and `..` components or repeated and trailing slashes, and
  /// no symbolic link read: what `URL(fileURLWithPath:).standardizedFileURL.path` gives (`/..`
  /// is `/`).
  public static func standardized(_ path: String) -> String {
    var components: [Substring] = []
    for component in absolute(path).split(separator: "/") {
      switch component {
      case ".": continue
      case "..": _ = components.popLast()
      default: components.append(component)
      }
    }
    return "/" + components.joined(separator: "/")
  }

  /// `standardized(path)` with every symbolic link resolved when it names something: what
  /// `URL`'s `standardizedFileURL.resolvingSymlinksInPath()` gives.
  public static func resolved(_ path: String) -> String {
    let path = standardized(path)
    return realPath(path) ?? path
  }

  /// The absolute path with every symbolic link, `.` and `..` resolved (`realpath`), or nil
  /// when it cannot be resolved (it names nothing, or a part of it cannot be read).
  public static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
