import NavRulesCompiler
import NavRulesScan

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Decides which files are checked together with an open document, and reads them.
///
/// A rule file in a SwiftPM target's folder is checked with the `.navrules` files of that
/// folder, the module the build plugin emits (`targetFolder(of:)`). Any other rule file inside
/// a workspace folder is checked with every `.navrules` file of that folder
/// (recursively, hidden folders and `LanguageServer.Limits.skippedFolders` skipped); one
/// outside every folder is checked with the `.navrules` files beside it; one that is not a file
/// (an unsaved buffer) is checked alone. A Swift, Objective-C, storyboard or xib document is
/// scanned (`navrc scan`) with the app sources found the same way. Open documents always
/// contribute their in-memory text instead of the file on disk.
///
/// What it reads is bounded (`LanguageServer.Limits`): only `file:` folders that exist and are
/// not the root of the file system are workspace folders, and a group's index looks at a
/// bounded number of directory entries, a slice at a time (`index(_:steps:)`), and reads a
/// bounded number of files and bytes. What a bound leaves out is logged once per index.
final class Workspace {
  /// The set of files checked together: which files, and where.
  struct Group: Hashable {
    var kind: Kind
    var scope: Scope
  }

  /// Rule files, checked as one module, or an app's sources, scanned as one app.
  enum Kind: Hashable {
    case rules
    case app
  }

  enum Scope: Hashable {
    case folder(String)
    case directory(String)
    case single(String)
  }

  let limits: LanguageServer.Limits
  /// Writes a line for the user's log.
  private let log: (String) -> Void

  /// Workspace folder paths without a trailing slash, longest first so nested folders win.
  private(set) var folders: [String] = []
  /// Where each folder really was when it was accepted (`realpath`): a folder replaced since by
  /// a link to somewhere else (`/`, another project) is not indexed.
  private var realFolders: [String: String] = [:]
  private var indexes: [Group: Index] = [:]
  private var cache: [String: CachedFile] = [:]
  /// What the scanner read from each open app document, for the revision it read.
  private var openScans: [String: (revision: Int, source: ScannedSource?)] = [:]
  /// The `.navrc` files read, by path, with their stamps when read.
  private var configurations: [String: (stamp: FileStamp?, configuration: Configuration)] = [:]
  /// The baselines they name, by path.
  private var baselines: [String: (stamp: FileStamp?, baseline: Baseline?)] = [:]
  /// Groups whose file or byte limit has been logged since their index was made.
  private var reportedLimits: Set<Group> = []

  /// A group's rule files on disk: a walk under way, or its result.
  private enum Index {
    case walking(DirectoryWalk)
    case ready(paths: [String], isTruncated: Bool)
  }

  private struct CachedFile {
    /// When the file was last modified, and its size, as it was read (nil if unknown, so
    /// it is read again).
    var stamp: FileStamp?
    var file: SourceFile
    /// What the scanner read from it, once an app group has read it.
    var scanned: ScannedSource??
  }

  init(limits: LanguageServer.Limits, log: @escaping (String) -> Void) {
    self.limits = limits
    self.log = log
  }

  /// Sets the workspace folders, keeping only those `usableFolder` accepts.
  func setFolders(_ paths: [String]) {
    var usable: [String] = []
    for path in paths {
      switch Self.usableFolder(path) {
      case .success(let folder): usable.append(folder)
      case .failure(let reason): log("ignoring workspace folder '\(path)': \(reason)")
      }
    }
    folders = Set(usable).sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
    realFolders = [:]
    for folder in folders { realFolders[folder] = PathNames.realPath(folder) }
    invalidate()
  }

  func addFolders(_ paths: [String]) { setFolders(folders + paths) }

  func removeFolders(_ paths: [String]) {
    let removed = Set(paths.map(Self.standardized))
    setFolders(folders.filter { !removed.contains($0) })
  }

  /// Forgets the indexes (files may have been created or deleted); a walk under way is
  /// dropped.
  func invalidate() {
    indexes = [:]
    reportedLimits = []
  }

  /// `path` without `.` and `..` components or a trailing slash.
  static func standardized(_ path: String) -> String {
    normalized(PathNames.standardized(path))
  }

  static func normalized(_ path: String) -> String {
    var path = path
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    return path
  }

  /// The folder a workspace folder's path names, or why it is not used: it must be an
  /// absolute path to an existing directory other than `/` (a URI such as `file:///#x`
  /// names the root, and indexing the whole file system helps nobody).
  static func usableFolder(_ path: String) -> Result<String, FolderProblem> {
    guard path.hasPrefix("/") else { return .failure(FolderProblem("it is not an absolute path")) }
    let folder = standardized(path)
    guard folder != "/" else {
      return .failure(FolderProblem("it is the root of the file system"))
    }
    switch InputFiles.kind(of: folder) {
    case .success(.directory): return .success(folder)
    case .success: return .failure(FolderProblem("it is not a directory"))
    case .failure(let error): return .failure(FolderProblem(InputFiles.reason(error.code)))
    }
  }

  struct FolderProblem: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  func group(of document: DocumentStore.Document) -> Group {
    let kind = Self.isAppSource(document.path) ? Kind.app : .rules
    guard document.isFile else { return Group(kind: kind, scope: .single(document.uri)) }
    if kind == .rules, let target = Self.targetFolder(of: document.path) {
      return Group(kind: kind, scope: .folder(target))
    }
    if let folder = folders.first(where: { document.path.hasPrefix($0 + "/") }) {
      return Group(kind: kind, scope: .folder(folder))
    }
    let directory = PathNames.deletingLastComponent(document.path)
    return Group(kind: kind, scope: .directory(directory.isEmpty ? "/" : directory))
  }

  /// The folder of the SwiftPM target holding `path`, if any: `PACKAGE/Sources/NAME` or
  /// `PACKAGE/Tests/NAME` where `PACKAGE/Package.swift` exists (the default layout), the
  /// deepest if packages nest. Its rule files are the module the build plugin emits.
  static func targetFolder(of path: String) -> String? {
    let components = path.split(separator: "/", omittingEmptySubsequences: false)
    // The last component is the file; a target folder needs a name below `Sources`.
    var index = components.count - 3
    while index > 0 {
      if components[index] == "Sources" || components[index] == "Tests" {
        let package = components[..<index].joined(separator: "/")
        if access((package.isEmpty ? "" : package) + "/Package.swift", F_OK) == 0 {
          return components[...(index + 1)].joined(separator: "/")
        }
      }
      index -= 1
    }
    return nil
  }

  /// Whether a document is app code or a storyboard (by its extension, as `navrc scan`
  /// decides); any other document is a rule file, whatever its name.
  static func isAppSource(_ path: String) -> Bool {
    ScanReader.fileExtensions.contains(ScanLanguage.pathExtension(path))
  }

  /// The rule files on disk that belong to `group`, once its index is complete; `nil` while
  /// it is not, after at most `steps` more steps of the walk (a folder listed or an entry
  /// looked at).
  func index(_ group: Group, steps: Int) -> [String]? {
    var walk: DirectoryWalk
    switch indexes[group] {
    case .ready(let paths, _)?:
      return paths
    case .walking(let started)?:
      walk = started
    case nil:
      switch group.scope {
      case .single:
        indexes[group] = .ready(paths: [], isTruncated: false)
        return []
      case .folder(let root) where PathNames.realPath(root) != realFolders[root]:
        // The folder now leads elsewhere (it was replaced by a link): not followed.
        log(
          "not indexing workspace folder '\(root)': it no longer leads to"
            + " '\(realFolders[root] ?? root)'")
        indexes[group] = .ready(paths: [], isTruncated: false)
        return []
      case .folder(let root), .directory(let root):
        walk = DirectoryWalk(root: root)
        walk.isRecursive = { if case .folder = group.scope { true } else { false } }()
        walk.skippedFolders = limits.skippedFolders
        walk.entryBudget = limits.entries
        if group.kind == .app {
          walk.extensions = ScanReader.fileExtensions
          walk.extensionsIgnoreCase = true
        }
      }
    }
    walk.advance(by: steps)
    guard walk.isComplete else {
      indexes[group] = .walking(walk)
      return nil
    }
    if walk.isTruncated {
      log(
        "stopped indexing '\(Self.root(of: group))' after \(walk.entriesVisited) directory"
          + " entries (the limit); \(group.kind == .app ? "app" : "rule") files beyond them are"
          + " not checked with the open ones")
    }
    let paths = walk.files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    indexes[group] = .ready(paths: paths, isTruncated: walk.isTruncated)
    return paths
  }

  private static func root(of group: Group) -> String {
    switch group.scope {
    case .folder(let path), .directory(let path), .single(let path): path
    }
  }

  /// A check of one group, its inputs read: `run` computes its diagnostics touching nothing
  /// of the workspace, so it can run on a thread of its own while the server answers
  /// messages; `finish` then keeps, on the server's thread, what it read.
  struct Check: Sendable {
    let group: Group
    fileprivate let inputs: [SourceFile]
    fileprivate let configuration: Configuration
    fileprivate let baseline: (folder: String, baseline: Baseline)?
    /// For an app: what was read already (nil: to read), and the open documents' revisions.
    fileprivate let sources: [ScannedSource??]
    fileprivate let revisions: [String: Int]
    /// The command line's cache, so that an editor opened after a build starts warm.
    fileprivate let scanCache: ScanCache?

    struct Outcome: Sendable {
      var diagnostics: [Diagnostic]
      /// For an app: what the scan read, by input index.
      fileprivate var read: [(index: Int, source: ScannedSource?)] = []
    }

    /// `navrc check` of the rule files, or `navrc scan` of the app, with the configuration's
    /// severities and baseline applied.
    func run() -> Outcome {
      let options = Compilation.Options(
        disabled: configuration.disabled, keepsSyntaxTrees: false)
      var outcome = Outcome(diagnostics: [])
      let declaration: (SourceRange) -> String
      switch group.kind {
      case .rules:
        let compilation = Compilation(files: inputs, options: options)
        outcome.diagnostics = compilation.diagnostics
        declaration = compilation.declarationNamer()
      case .app:
        var sources = self.sources
        // Files from disk through the cache; unsaved text, which changes at every keystroke,
        // is not kept there.
        let unread =
          sources.indices.filter { sources[$0] == nil && revisions[inputs[$0].path] == nil }
          + sources.indices.filter { sources[$0] == nil && revisions[inputs[$0].path] != nil }
        let fromDisk = unread.count { revisions[inputs[$0].path] == nil }
        let read =
          AppScan.read(unread[..<fromDisk].map { inputs[$0] }, cache: scanCache)
          + AppScan.read(unread[fromDisk...].map { inputs[$0] })
        for (index, source) in zip(unread, read) {
          sources[index] = .some(source)
          outcome.read.append((index, source))
        }
        let scan = AppScan(
          files: inputs, sources: sources.map { $0 ?? nil }, roots: configuration.roots,
          options: options)
        outcome.diagnostics = scan.diagnostics
        declaration = scan.declarationNamer()
      }
      outcome.diagnostics = configuration.applySeverities(to: outcome.diagnostics)
      if let (folder, baseline) = baseline {
        outcome.diagnostics =
          baseline.match(outcome.diagnostics, folder: folder, declaration: declaration).reported
      }
      return outcome
    }
  }

  /// The diagnostics of `group`'s files (`paths`, from its complete index), with `open`
  /// documents' text replacing the files on disk: `navrc check` for rule files, `navrc scan`
  /// for an app. Files are read in path order until the group's file or byte limit; open
  /// documents always count.
  func diagnostics(_ group: Group, paths: [String], open: [DocumentStore.Document])
    -> [Diagnostic]
  {
    let check = prepare(group, paths: paths, open: open)
    let outcome = check.run()
    finish(check, outcome)
    return outcome.diagnostics
  }

  /// Reads the inputs of a check of `group` (see `diagnostics`).
  func prepare(_ group: Group, paths: [String], open: [DocumentStore.Document]) -> Check {
    // The `.navrc` of the group's folder, as `navrc check` and `navrc scan` read it there.
    let configuration = self.configuration(of: group)
    var members = open.filter { self.group(of: $0) == group }
    var paths = paths
    if group.kind == .app, !configuration.excludes.isEmpty {
      // What `navrc scan` would not read is neither read nor reported, open or not.
      var exclusions = ScanExclusions(configuration.anchoredExcludes)
      let root = Self.root(of: group)
      paths.removeAll { exclusions.excludes(path: $0, under: root) }
      members.removeAll { exclusions.excludes(path: $0.path, under: root) }
    }
    var files: [String: SourceFile] = [:]
    let openPaths = Set(members.map(\.path))
    let (fileLimit, byteLimit) =
      group.kind == .app ? (limits.appFiles, limits.appBytes) : (limits.files, limits.bytes)
    var count = 0
    var bytes = 0
    for path in paths where !openPaths.contains(path) {
      guard let file = read(path) else { continue }
      guard count < fileLimit, bytes + file.bytes.count <= byteLimit else {
        if reportedLimits.insert(group).inserted {
          log(
            "checking only \(count) \(group.kind == .app ? "app" : "rule") files (\(bytes) bytes)"
              + " of '\(Self.root(of: group))'"
              + " with the open ones: the limits are \(fileLimit) files and"
              + " \(byteLimit) bytes")
        }
        break
      }
      count += 1
      bytes += file.bytes.count
      files[path] = file
    }
    for document in members {
      files[document.path] = SourceFile(path: document.path, bytes: document.text)
    }
    let sorted = files.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    let inputs = sorted.compactMap { files[$0] }
    let baseline = configuration.baseline.flatMap { path in
      self.baseline(path).map {
        (PathNames.deletingLastComponent(PathNames.standardized(path)), $0)
      }
    }
    // What the scanner read before from files that did not change is kept.
    let revisions = Dictionary(members.map { ($0.path, $0.revision) }) { first, _ in first }
    let sources: [ScannedSource??] =
      group.kind == .rules
      ? []
      : inputs.map { file in
        if let revision = revisions[file.path] {
          guard let kept = openScans[file.path], kept.revision == revision else { return nil }
          return .some(kept.source)
        }
        return cache[file.path]?.scanned
      }
    return Check(
      group: group, inputs: inputs, configuration: configuration, baseline: baseline,
      sources: sources, revisions: revisions,
      scanCache: group.kind == .app
        ? (configuration.cachePath ?? ScanCache.defaultRoot()).map(ScanCache.init) : nil)
  }

  /// Keeps what a check's scan read, for the next check.
  func finish(_ check: Check, _ outcome: Check.Outcome) {
    for (index, source) in outcome.read {
      let path = check.inputs[index].path
      if let revision = check.revisions[path] {
        openScans[path] = (revision, source)
      } else {
        cache[path]?.scanned = .some(source)
      }
    }
  }

  /// The configuration found above `group`'s folder (the defaults for a single document or
  /// when there is none), read again only when the file changed; its mistakes are logged.
  private func configuration(of group: Group) -> Configuration {
    let start: String
    switch group.scope {
    case .folder(let path), .directory(let path): start = path
    case .single: return Configuration(folder: ".")
    }
    guard let path = ConfigurationSearch.find(from: start) else {
      return Configuration(folder: ".")
    }
    let stamp = FileStamp(path)
    if let loaded = configurations[path], loaded.stamp == stamp, stamp != nil {
      return loaded.configuration
    }
    var configuration = Configuration(folder: ".")
    do {
      let result = try ConfigurationSearch.load(path)
      for diagnostic in result.diagnostics {
        let position = diagnostic.range.start
        log(
          "\(path):\(position.line):\(position.column): \(diagnostic.message); the file is not"
            + " used until it is mended")
      }
      if result.diagnostics.isEmpty { configuration = result.configuration }
    } catch {
      log("cannot read '\(path)': \(error.description)")
    }
    configurations[path] = (stamp, configuration)
    return configuration
  }

  /// The baseline at `path`, read again when it changed; nil (logged) when it cannot be read.
  private func baseline(_ path: String) -> Baseline? {
    let stamp = FileStamp(path)
    if let loaded = baselines[path], loaded.stamp == stamp, stamp != nil { return loaded.baseline }
    var baseline: Baseline?
    do {
      baseline = try Baseline.read(try JSONParser.parse(try InputFiles.read(path).bytes))
    } catch let error as Baseline.Failure {
      log("'\(path)' is not a baseline: \(error.description)")
    } catch let error as JSONParser.Failure {
      log("'\(path)' is not a baseline: not JSON: \(error.description)")
    } catch {
      log("cannot read the baseline '\(path)'")
    }
    baselines[path] = (stamp, baseline)
    return baseline
  }

  /// Forgets what was read from a document that is no longer open.
  func closed(_ document: DocumentStore.Document) {
    openScans[document.path] = nil
  }

  /// A file from disk, re-read only when its size or modification time changed.
  private func read(_ path: String) -> SourceFile? {
    let stamp = FileStamp(path)
    if let stamp, let cached = cache[path], cached.stamp == stamp {
      return cached.file
    }
    guard let file = try? InputFiles.read(path) else {
      cache[path] = nil
      return nil
    }
    cache[path] = CachedFile(stamp: stamp, file: file)
    return file
  }
}

/// A file's modification time, to the nanosecond, and its size (`stat`): whether it changed
/// since it was read.
struct FileStamp: Equatable {
  var seconds: Int
  var nanoseconds: Int
  var size: Int

  /// The stamp of the file at `path`, or nil if it cannot be looked at.
  init?(_ path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    #if canImport(Darwin)
      seconds = Int(info.st_mtimespec.tv_sec)
      nanoseconds = Int(info.st_mtimespec.tv_nsec)
    #else
      seconds = Int(info.st_mtim.tv_sec)
      nanoseconds = Int(info.st_mtim.tv_nsec)
    #endif
    size = Int(info.st_size)
  }
}
