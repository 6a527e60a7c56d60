import Foundation

/// Finds and reads the files `navrc scan` reads: Swift, Objective-C, storyboards and xibs
/// under the paths it is given (§7).
public enum ScanInputs {
  /// Folders never read: dependencies and build output.
  public static let skippedFolders: Set<String> = [
    "Pods", "Carthage", ".build", "DerivedData", ".git", "node_modules", ".swiftpm",
  ]

  /// The files named by `paths`: each file as given (whatever its extension), each directory
  /// searched recursively for the extensions `ScanReader` reads, skipping `skippedFolders`,
  /// hidden folders and what an `--exclude` glob matches; sorted, without repeats.
  public static func load(_ paths: [String], excluding globs: [String] = []) throws(InputFiles
    .Failure) -> [SourceFile]
  {
    var found: [String: String] = [:]
    func add(_ path: String) {
      let key = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
      if let existing = found[key], existing.utf8.lexicographicallyPrecedes(path.utf8) { return }
      found[key] = path
    }
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw InputFiles.Failure(description: "no such file or directory: '\(path)'")
      }
      if isDirectory.boolValue {
        for file in sourceFiles(under: path, excluding: globs) { add(file) }
      } else {
        add(path)
      }
    }
    var files: [SourceFile] = []
    for path in found.values.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
      files.append(try InputFiles.read(path))
    }
    return files
  }

  /// The files below `directory` that `navrc scan` reads, as paths that start with it.
  public static func sourceFiles(under directory: String, excluding globs: [String] = [])
    -> [String]
  {
    let root = URL(fileURLWithPath: directory, isDirectory: true)
    guard
      let enumerator = FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: [.isDirectoryKey, .isRegularFileKey],
        options: [.skipsHiddenFiles])
    else { return [] }
    let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
    let rootPath = root.standardizedFileURL.path
    var paths: [String] = []
    for case let url as URL in enumerator {
      let full = url.standardizedFileURL.path
      let relative =
        full.hasPrefix(rootPath + "/") ? String(full.dropFirst(rootPath.count + 1)) : full
      let values = try? url.resourceValues(forKeys: [.isDirectoryKey, .isRegularFileKey])
      if values?.isDirectory == true {
        if skippedFolders.contains(url.lastPathComponent)
          || globs.contains(where: { Glob.matches($0, path: relative) })
        {
          enumerator.skipDescendants()
        }
        continue
      }
      guard values?.isRegularFile == true,
        ScanReader.fileExtensions.contains(url.pathExtension.lowercased()),
        !globs.contains(where: { Glob.matches($0, path: relative) })
      else { continue }
      paths.append(base.isEmpty ? relative : base + "/" + relative)
    }
    return paths
  }
}

/// Shell-style globs for `--exclude`: `*` and `?` within a path component, `**` across
/// components. A pattern without `/` matches any component of the path (`Tests`,
/// `*Generated*.swift`); one with `/` matches the path relative to the folder scanned.
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
