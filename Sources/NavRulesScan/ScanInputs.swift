import NavRulesCompiler

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds and reads the files `navrc scan` reads: Swift, Objective-C, storyboards and xibs
/// under the paths it is given (docs/scan.md).
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
    var exclusions = ScanExclusions(globs)
    return try load(paths, excluding: &exclusions)
  }

  /// `load(_:excluding:)`, recording which globs excluded something.
  public static func load(_ paths: [String], excluding exclusions: inout ScanExclusions)
    throws(InputFiles.Failure) -> [SourceFile]
  {
    var found: [String: String] = [:]
    func add(_ path: String, key: String) {
      if let existing = found[key], existing.utf8.lexicographicallyPrecedes(path.utf8) { return }
      found[key] = path
    }
    for path in paths {
      var info = stat()
      guard stat(path, &info) == 0 else {
        throw InputFiles.Failure(description: "no such file or directory: '\(path)'")
      }
      let root = PathNames.resolved(path)
      if info.st_mode & S_IFMT == S_IFDIR {
        // The walk does not follow links, so a file's key is the real folder and its path in it.
        for file in sourceFiles(under: path, excluding: &exclusions) {
          add(
            file,
            key: root + "/" + file.dropFirst(path.hasSuffix("/") ? path.count : path.count + 1))
        }
      } else {
        add(path, key: root)
      }
    }
    var files: [SourceFile] = []
    for path in found.values.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
      files.append(try InputFiles.read(path))
    }
    return files
  }

  /// The files below `directory` that `navrc scan` reads, as paths that start with it, in
  /// sorted order.
  ///
  /// The folder is walked with `readdir`, whose entries say whether they are folders: apps
  /// have tens of thousands of files, and a `stat` or URL resource values per file cost far
  /// more. Links are not followed.
  public static func sourceFiles(under directory: String, excluding globs: [String] = [])
    -> [String]
  {
    var exclusions = ScanExclusions(globs)
    return sourceFiles(under: directory, excluding: &exclusions)
  }

  static func sourceFiles(under directory: String, excluding exclusions: inout ScanExclusions)
    -> [String]
  {
    let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
    var paths: [String] = []
    var pending: [String] = [""]
    while let relativeFolder = pending.popLast() {
      let folder =
        relativeFolder.isEmpty ? (base.isEmpty ? "/" : base) : base + "/" + relativeFolder
      for (name, kind) in DirectoryListing.entries(of: folder) where !name.hasPrefix(".") {
        let relative = relativeFolder.isEmpty ? name : relativeFolder + "/" + name
        switch kind {
        case .folder:
          if !skippedFolders.contains(name),
            !exclusions.excludes(relative, under: base)
          {
            pending.append(relative)
          }
        case .file:
          guard let dot = name.lastIndex(of: "."),
            ScanReader.fileExtensions.contains(name[name.index(after: dot)...].lowercased()),
            !exclusions.excludes(relative, under: base)
          else { continue }
          paths.append(base.isEmpty ? relative : base + "/" + relative)
        case .other:
          continue
        }
      }
    }
    return paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }
}

/// A folder's entries and their kinds, from `readdir`.
enum DirectoryListing {
  enum Kind {
    case file
    case folder
    /// A link, a device, or what could not be told: not read.
    case other
  }

  static func entries(of path: String) -> [(name: String, kind: Kind)] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var entries: [(String, Kind)] = []
    while let entry = readdir(directory) {
      let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
        pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
      }
      guard name != ".", name != ".." else { continue }
      var kind: Kind
      switch Int32(entry.pointee.d_type) {
      case Int32(DT_DIR): kind = .folder
      case Int32(DT_REG): kind = .file
      case Int32(DT_UNKNOWN):
        // Some file systems do not say: ask them, without following a link.
        var status = stat()
        kind = .other
        if lstat(path + "/" + name, &status) == 0 {
          let type = status.st_mode & S_IFMT
          kind = type == S_IFDIR ? .folder : type == S_IFREG ? .file : .other
        }
      default: kind = .other
      }
      entries.append((name, kind))
    }
    return entries
  }
}
