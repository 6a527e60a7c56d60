import Foundation

/// Decides which files are checked together with an open document, and reads them.
///
/// A document inside a workspace folder is checked with every `.navrules` file of that folder
/// (recursively, hidden folders skipped); one outside every folder is checked with the
/// `.navrules` files beside it; one that is not a file (an unsaved buffer) is checked alone.
/// Open documents always contribute their in-memory text instead of the file on disk.
final class Workspace {
  /// The set of files checked together.
  enum Group: Hashable {
    case folder(String)
    case directory(String)
    case single(String)
  }

  /// Workspace folder paths without a trailing slash, longest first so nested folders win.
  private(set) var folders: [String] = []
  private var listings: [Group: [String]] = [:]
  private var cache: [String: CachedFile] = [:]

  private struct CachedFile {
    var modified: Date?
    var size: Int?
    var file: SourceFile
  }

  func setFolders(_ paths: [String]) {
    folders = Set(paths.map(Self.normalized)).sorted {
      $0.count != $1.count ? $0.count > $1.count : $0 < $1
    }
    invalidate()
  }

  func addFolders(_ paths: [String]) { setFolders(folders + paths) }

  func removeFolders(_ paths: [String]) {
    let removed = Set(paths.map(Self.normalized))
    setFolders(folders.filter { !removed.contains($0) })
  }

  /// Forgets the folder listings (files may have been created or deleted).
  func invalidate() {
    listings = [:]
  }

  static func normalized(_ path: String) -> String {
    var path = path
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    return path
  }

  func group(of document: DocumentStore.Document) -> Group {
    guard document.isFile else { return .single(document.uri) }
    if let folder = folders.first(where: { document.path.hasPrefix($0 == "/" ? "/" : $0 + "/") }) {
      return .folder(folder)
    }
    let directory = (document.path as NSString).deletingLastPathComponent
    return .directory(directory.isEmpty ? "/" : directory)
  }

  /// The rule files on disk that belong to `group`.
  func diskPaths(of group: Group) -> [String] {
    if let cached = listings[group] { return cached }
    let paths: [String]
    switch group {
    case .folder(let folder):
      paths = InputFiles.ruleFiles(under: folder)
    case .directory(let directory):
      let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
      let base = directory.hasSuffix("/") ? directory : directory + "/"
      paths = names.filter { $0.hasSuffix("." + InputFiles.fileExtension) && !$0.hasPrefix(".") }
        .map { base + $0 }
    case .single:
      paths = []
    }
    listings[group] = paths
    return paths
  }

  /// Runs the pipeline over `group`, with `open` documents' text replacing the files on disk.
  func compile(_ group: Group, open: [DocumentStore.Document]) -> Compilation {
    var files: [String: SourceFile] = [:]
    for path in diskPaths(of: group) {
      if let file = read(path) { files[path] = file }
    }
    for document in open where self.group(of: document) == group {
      files[document.path] = SourceFile(path: document.path, bytes: document.text)
    }
    let sorted = files.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    return Compilation(files: sorted.compactMap { files[$0] })
  }

  /// A file from disk, re-read only when its size or modification date changed.
  private func read(_ path: String) -> SourceFile? {
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    let modified = attributes?[.modificationDate] as? Date
    let size = (attributes?[.size] as? NSNumber)?.intValue
    if let cached = cache[path], cached.modified == modified, cached.size == size,
      modified != nil
    {
      return cached.file
    }
    guard let file = try? InputFiles.read(path) else {
      cache[path] = nil
      return nil
    }
    cache[path] = CachedFile(modified: modified, size: size, file: file)
    return file
  }
}
