/// Finds the `.navrc` file of a run, as swift-format finds `.swift-format`: in the folder of
/// the first input (the input itself when it is a folder) or the nearest folder above it.
public enum ConfigurationSearch {
  /// The path of the nearest `.navrc` at or above `path`'s folder, or nil.
  public static func find(from path: String) -> String? {
    var folder = PathNames.standardized(path)
    if case .success(let kind) = InputFiles.kind(of: folder), kind != .directory {
      folder = PathNames.deletingLastComponent(folder)
    }
    while true {
      let candidate = (folder == "/" ? "" : folder) + "/" + Configuration.fileName
      if case .success(.file) = InputFiles.kind(of: candidate) { return candidate }
      guard folder != "/" else { return nil }
      folder = PathNames.deletingLastComponent(folder)
    }
  }

  /// Reads the configuration at `path`: its settings and the diagnostics of its mistakes.
  public static func load(_ path: String) throws(InputFiles.Failure) -> ConfigurationReader.Result {
    let file = try InputFiles.read(path)
    let printed = SourceFile(path: printablePath(path), bytes: file.bytes)
    return ConfigurationReader.read(printed, folder: printableFolder(of: path))
  }

  /// `path` relative to the working directory when it is below it: as the inputs are printed.
  public static func printablePath(_ path: String) -> String {
    let folder = printableFolder(of: path)
    let name = String(PathNames.lastComponent(PathNames.standardized(path)))
    return folder == "." ? name : folder + "/" + name
  }

  /// The folder holding `path`, as the paths navrc prints: relative to the working directory
  /// when it is the working directory or below it ("." for the working directory itself).
  static func printableFolder(of path: String) -> String {
    let folder = PathNames.deletingLastComponent(PathNames.standardized(path))
    let current = PathNames.standardized(PathNames.currentDirectory())
    if folder == current { return "." }
    if folder.hasPrefix(current + "/") { return String(folder.dropFirst(current.count + 1)) }
    return folder
  }
}
