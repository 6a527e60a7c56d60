import Foundation

/// Finds and reads the `.navrules` files a command names.
public enum InputFiles {
  /// The extension rule files carry.
  public static let fileExtension = "navrules"

  /// Why the inputs could not be read; the command line turns it into exit status 2.
  public struct Failure: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  /// The files named by `paths`: each file as given, each directory searched recursively for
  /// `*.navrules` (hidden folders skipped), all in sorted path order without repeats (a file
  /// named twice, even as `a.navrules` and `./a.navrules`, is read once).
  public static func load(_ paths: [String]) throws(Failure) -> [SourceFile] {
    var found: [String: String] = [:]
    func add(_ path: String) {
      let key = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
      if let existing = found[key], existing.utf8.lexicographicallyPrecedes(path.utf8) { return }
      found[key] = path
    }
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw Failure(description: "no such file or directory: '\(path)'")
      }
      if isDirectory.boolValue {
        let files = ruleFiles(under: path)
        guard !files.isEmpty else {
          throw Failure(description: "no .\(fileExtension) files under '\(path)'")
        }
        for file in files { add(file) }
      } else {
        add(path)
      }
    }
    var files: [SourceFile] = []
    for path in found.values.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
      files.append(try read(path))
    }
    return files
  }

  /// Reads one file.
  public static func read(_ path: String) throws(Failure) -> SourceFile {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw Failure(description: "cannot read '\(path)'")
    }
    return SourceFile(path: path, bytes: [UInt8](data))
  }

  /// The rule files below `directory`, as paths that start with `directory`.
  public static func ruleFiles(under directory: String) -> [String] {
    let root = URL(fileURLWithPath: directory, isDirectory: true)
    guard
      let enumerator = FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: [.isDirectoryKey, .isRegularFileKey],
        options: [.skipsHiddenFiles])
    else { return [] }
    let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
    let rootPath = root.standardizedFileURL.path
    var paths: [String] = []
    for case let url as URL in enumerator where url.pathExtension == fileExtension {
      let values = try? url.resourceValues(forKeys: [.isRegularFileKey])
      guard values?.isRegularFile == true else { continue }
      let full = url.standardizedFileURL.path
      let relative =
        full.hasPrefix(rootPath + "/") ? String(full.dropFirst(rootPath.count + 1)) : full
      paths.append(base.isEmpty ? relative : base + "/" + relative)
    }
    return paths
  }
}
