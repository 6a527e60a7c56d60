import NavRulesCompiler

/// The `--exclude` globs of a run, and which of them excluded something.
///
/// A pattern with `/` matches a path relative to the folder scanned (`Tests/**`) or the path
/// as navrc prints it (`MyApp/Tests`), a leading `./` ignored in both: users copy paths from
/// the output; one that starts with `/` (a `.navrc` glob, anchored at its folder) matches the
/// file's real path. A glob that matches nothing is most often such a spelling mistake, so the
/// command names it instead of scanning everything in silence.
public struct ScanExclusions: Sendable {
  private let originals: [String]
  private let patterns: [String]
  private var used: [Bool]
  /// The last scanned folder's real path, for anchored globs (one `realpath` per folder given).
  private var resolvedBase: (base: String, resolved: String)?

  public init(_ globs: [String]) {
    patterns = globs.map(Self.normalized)
    used = [Bool](repeating: false, count: globs.count)
    originals = globs
  }

  /// The globs, as given, that excluded nothing.
  public var unmatched: [String] {
    originals.indices.filter { !used[$0] }.map { originals[$0] }
  }

  /// Whether `relative`, a path below the scanned folder `base`, is excluded. Every glob that
  /// matches counts as used, so one shadowed by another is not named as matching nothing.
  mutating func excludes(_ relative: String, under base: String) -> Bool {
    guard !patterns.isEmpty else { return false }
    let printed = Self.normalized(base + "/" + relative)
    var excluded = false
    for (index, pattern) in patterns.enumerated() {
      let matches: Bool
      if pattern.hasPrefix("/") {
        matches = Glob.matches(pattern, path: realBase(base) + "/" + relative)
      } else {
        matches =
          Glob.matches(pattern, path: relative)
          || (pattern.contains("/") && Glob.matches(pattern, path: printed))
      }
      guard matches else { continue }
      used[index] = true
      excluded = true
    }
    return excluded
  }

  /// Whether `path`, a file below the folder `base`, is excluded, as a walk of `base` would
  /// exclude it: it or one of the folders between.
  public mutating func excludes(path: String, under base: String) -> Bool {
    let prefix = base.hasSuffix("/") ? base : base + "/"
    guard path.hasPrefix(prefix) else { return false }
    let relative = path.dropFirst(prefix.count)
    var end = relative.startIndex
    while let slash = relative[end...].firstIndex(of: "/") {
      if excludes(String(relative[..<slash]), under: String(base)) { return true }
      end = relative.index(after: slash)
    }
    return excludes(String(relative), under: base)
  }

  private mutating func realBase(_ base: String) -> String {
    if let resolvedBase, resolvedBase.base == base { return resolvedBase.resolved }
    let resolved = PathNames.resolved(base)
    resolvedBase = (base, resolved)
    return resolved
  }

  /// Without a leading `./` or a trailing `/`.
  private static func normalized(_ path: String) -> String {
    var path = Substring(path)
    while path.hasPrefix("./") { path = path.dropFirst(2) }
    while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
    return String(path)
  }
}

/// Shell-style globs: `*` and `?` within a path component, `**` across components. A pattern
/// without `/` matches any component of the path (`Tests`, `*Generated*.swift`); one with `/`
/// matches the whole path.
enum Glob {
  static func matches(_ pattern: String, path: String) -> Bool {
    let components = path.split(separator: "/").map(String.init)
    if !pattern.contains("/") {
      return components.contains { matchComponent(Array(pattern.utf8), Array($0.utf8)) }
    }
    let parts = pattern.split(separator: "/").map(String.init)
    return matchPath(parts[...], components[...])
  }

  private static func matchPath(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
    guard let first = pattern.first else { return path.isEmpty }
    if first == "**" {
      var rest = path
      while true {
        if matchPath(pattern.dropFirst(), rest) { return true }
        guard !rest.isEmpty else { return false }
        rest = rest.dropFirst()
      }
    }
    guard let component = path.first, matchComponent(Array(first.utf8), Array(component.utf8))
    else { return false }
    // A folder pattern excludes everything below it.
    return pattern.count == 1 || matchPath(pattern.dropFirst(), path.dropFirst())
  }

  /// `*` and `?` over bytes, iteratively (linear in practice, never exponential).
  private static func matchComponent(_ pattern: [UInt8], _ text: [UInt8]) -> Bool {
    var p = 0
    var t = 0
    var star = -1
    var mark = 0
    while t < text.count {
      if p < pattern.count, pattern[p] == UInt8(ascii: "?") || pattern[p] == text[t] {
        p += 1
        t += 1
      } else if p < pattern.count, pattern[p] == UInt8(ascii: "*") {
        star = p
        mark = t
        p += 1
      } else if star >= 0 {
        p = star + 1
        mark += 1
        t = mark
      } else {
        return false
      }
    }
    while p < pattern.count, pattern[p] == UInt8(ascii: "*") { p += 1 }
    return p == pattern.count
  }
}
