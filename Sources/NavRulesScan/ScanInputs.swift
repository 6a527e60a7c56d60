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

  /// The files named by `paths`, failing on the first that cannot be read.
  public static func load(_ paths: [String], excluding globs: [String] = []) throws(InputFiles
    .Failure) -> [SourceFile]
  {
    var exclusions = ScanExclusions(globs)
    let gathered = try gather(paths, excluding: &exclusions)
    if let failure = gathered.failures.first { throw failure }
    return gathered.files
  }

  /// The files named by `paths`: each file as given (whatever its extension), each directory
  /// searched recursively (`DirectoryWalk`, the walk `check` uses) for the extensions
  /// `ScanReader` reads, skipping `skippedFolders`, hidden folders and what an `--exclude`
  /// glob matches; sorted, without repeats. Records which globs excluded something.
  ///
  /// Throws only when a PATH does not exist; whatever else cannot be read (a file, a folder
  /// that cannot be listed, a name too long, a symbolic link loop) is returned in `failures`
  /// with its reason, and everything else is still read.
  public static func gather(_ paths: [String], excluding exclusions: inout ScanExclusions)
    throws(InputFiles.Failure) -> InputFiles.Gathered
  {
    var found: [String: InputPath] = [:]
    var failures: [InputFiles.Failure] = []
    func add(_ path: InputPath, key: String) {
      if let existing = found[key], existing.bytes.lexicographicallyPrecedes(path.bytes) {
        return
      }
      found[key] = path
    }
    let recorder = ExclusionRecorder(exclusions)
    defer { exclusions = recorder.exclusions }
    for path in paths {
      switch InputFiles.kind(of: path) {
      case .failure(let error) where error.code == ENOENT || error.code == ENOTDIR:
        throw InputFiles.Failure(error.code, path)
      case .failure(let error):
        failures.append(InputFiles.Failure(error.code, path))
      case .success(.directory):
        let root = PathNames.resolved(path)
        var walk = walk(under: path, recorder)
        walk.advance()
        failures += walk.failures
        // The walk follows no link to a folder, so a file's key is the real folder and its
        // path in it; a link to a file is keyed by the file it leads to.
        let prefix = InputPath(path).appending([]).bytes.count
        for file in walk.paths {
          let key =
            walk.links.contains(file)
            ? PathNames.resolved(file.shown)
            : root + "/" + InputPath(bytes: Array(file.bytes[prefix...])).shown
          add(file, key: key)
        }
      case .success:
        add(InputPath(path), key: PathNames.resolved(path))
      }
    }
    var files: [SourceFile] = []
    for path in found.values.sorted(by: { $0.bytes.lexicographicallyPrecedes($1.bytes) }) {
      switch InputFiles.readFile(path) {
      case .success(let file): files.append(file)
      case .failure(let failure): failures.append(failure)
      }
    }
    return InputFiles.Gathered(files: files, failures: failures)
  }

  /// The files below `directory` that `navrc scan` reads, as paths that start with it, in
  /// sorted order (those that cannot be read left out: `gather` reports them).
  public static func sourceFiles(under directory: String, excluding globs: [String] = [])
    -> [String]
  {
    var walk = walk(under: directory, ExclusionRecorder(ScanExclusions(globs)))
    walk.advance()
    return walk.paths.sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }.map(\.shown)
  }

  /// The walk of `directory` for the files `navrc scan` reads.
  private static func walk(under directory: String, _ recorder: ExclusionRecorder)
    -> DirectoryWalk
  {
    var walk = DirectoryWalk(root: directory)
    walk.extensions = ScanReader.fileExtensions
    walk.extensionsIgnoreCase = true
    walk.skippedFolders = skippedFolders
    let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
    walk.excludes = { relative in recorder.exclusions.excludes(relative, under: base) }
    return walk
  }

  /// The exclusions a walk asks, and records which globs matched, as it goes.
  private final class ExclusionRecorder {
    var exclusions: ScanExclusions

    init(_ exclusions: ScanExclusions) {
      self.exclusions = exclusions
    }
  }
}
