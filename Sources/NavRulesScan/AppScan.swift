import Dispatch
import NavRulesCompiler

/// One run of `navrc scan` over an app's files: read → model → the checker that rule files
/// get → diagnostics at the app's own lines, suppressions applied.
public struct AppScan: Sendable {
  public let files: [SourceFile]
  public let model: AppModel
  /// What the readers read; kept with the scan, so that a command that keeps the scan until
  /// it exits never spends time freeing it.
  let sources: [ScannedSource?]
  /// Every diagnostic, in report order, after suppressions and `disabled` ids are applied.
  public let diagnostics: [Diagnostic]

  /// Scans `files` (Swift, Objective-C, storyboards and xibs; others are ignored); `roots` are
  /// `--root` classes. With a `cache`, files whose bytes it holds are not read again.
  public init(
    files: [SourceFile], roots: [String] = [], options: Compilation.Options = .init(),
    cache: ScanCache? = nil
  ) {
    let files = files.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    self.init(
      files: files, sources: Self.read(files, cache: cache), roots: roots, options: options)
  }

  /// The scan of `files`, some of them new text of this scan's files (`scan --fix`): a file
  /// this scan read (the same object) keeps its reading, the others are read, through `cache`
  /// when there is one.
  package func rescanning(
    _ files: [SourceFile], roots: [String], options: Compilation.Options, cache: ScanCache?
  ) -> AppScan {
    let files = files.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    var known: [ObjectIdentifier: ScannedSource?] = [:]
    for (file, source) in zip(self.files, sources) { known[ObjectIdentifier(file)] = source }
    let changed = files.filter { known[ObjectIdentifier($0)] == nil }
    var read: [ObjectIdentifier: ScannedSource?] = [:]
    for (file, source) in zip(changed, Self.read(changed, cache: cache)) {
      read[ObjectIdentifier(file)] = source
    }
    let sources = files.map { file in
      known[ObjectIdentifier(file)] ?? read[ObjectIdentifier(file)] ?? nil
    }
    return AppScan(files: files, sources: sources, roots: roots, options: options)
  }

  /// Scans files already read (the language server keeps what it read of files that did not
  /// change); `sources[i]` is what `ScanReader` read from `files[i]`, in path order.
  package init(
    files: [SourceFile], sources: [ScannedSource?], roots: [String], options: Compilation.Options
  ) {
    var model = AppModelBuilder.build(sources.compactMap { $0 }, roots: roots)
    var comments: [SyntaxFile] = []
    for case .code(let file)? in sources {
      comments.append(SyntaxFile(file: file.file, comments: file.comments))
    }
    let entries = Suppressions.entries(in: comments)
    for entry in entries where !entry.endsNoRegion && !entry.isUnsupported {
      for line in entry.lines {
        model.suppressions[AppModel.LineKey(path: entry.file.path, line: line), default: []]
          .append(entry.name)
      }
    }
    var finishing = Finishing(disabled: options.disabled)
    finishing.notApplicable = model.notApplicable
    // A gesture value navrc could not resolve may have replaced the one the finding assumes.
    let opaque = model.opaqueGestureNavigators
    if !opaque.isEmpty {
      finishing.isUnfounded = { diagnostic in
        Self.gestureRules.contains(diagnostic.id)
          && diagnostic.notes.contains { opaque.contains($0.range) }
      }
    }
    // The checker's fix-its edit rule-file text: they do not apply to Swift or Objective-C;
    // the scan's own replace them where the code can be mended (`ScanFixes`).
    let checked = ScanFixes.replacingFixIts(
      of: Checker.check(model.module), sources: sources, classes: model.classes)
    let (finished, dropped) = finishing.finish(checked, suppressions: entries)
    var reported = finished
    model.unusedSuppressions = Self.unusedSuppressions(
      entries, reported: reported, sources: sources, module: model.module)
    // `--rules` suppresses what did not apply on its line, so that `check` on the rule file
    // agrees.
    for finding in dropped {
      let range = finding.range
      let key = AppModel.LineKey(
        path: range.file.path, line: range.file.lineIndex(of: range.bytes.lowerBound))
      let id = finding.value.rawValue
      if model.suppressions[key]?.contains(id) != true {
        model.suppressions[key, default: []].append(id)
      }
    }
    self.files = files
    self.sources = sources
    self.model = model
    // A SwiftUI modifier read as its `true` case: the finding holds while its condition does.
    for index in reported.indices {
      if let condition = model.conditions[reported[index].range] {
        reported[index].notes.append(
          Diagnostic.Note("while '\(condition)' is true", at: reported[index].range))
      }
    }
    self.diagnostics = reported
  }

  /// The rules whose findings depend on the pop gesture's delegate or `isEnabled`.
  private static let gestureRules: Set<DiagnosticID> = [
    .rootPop, .gestureDeadlock, .delegateLeak, .stateLeak, .contentSwipeBypass, .backBypass,
    .gestureBlockedBySystem,
  ]

  /// The entries the scan reported as suppressing nothing, each with the screen whose class
  /// holds its comment (the innermost type around it, when that type is a screen's class).
  private static func unusedSuppressions(
    _ entries: [Suppressions.Entry], reported: [Diagnostic], sources: [ScannedSource?],
    module: Module
  ) -> [AppModel.UnusedSuppression] {
    let unused = Set(reported.filter { $0.id == .unusedSuppression }.map(\.range))
    guard !unused.isEmpty else { return [] }
    var types: [ObjectIdentifier: [ScannedType]] = [:]
    for case .code(let file)? in sources { types[ObjectIdentifier(file.file)] = file.allTypes }
    var screens: [String: ScreenID] = [:]
    for id in module.screenIDs.reversed() { screens[module[id].effectiveClassName] = id }
    return entries.filter { unused.contains($0.range) }.map { entry in
      let holder = types[ObjectIdentifier(entry.file)]?
        .filter { $0.range.contains(entry.comment.bytes.lowerBound) }
        .min { $0.range.count < $1.range.count }
      return AppModel.UnusedSuppression(
        name: entry.name, range: entry.range, comment: entry.comment,
        target: AppModel.LineKey(path: entry.file.path, line: entry.line),
        screen: holder.flatMap { screens[$0.name] })
    }
  }

  /// Reads the files, two at a time or more: each reading is independent. Through `cache`
  /// when there is one (pruned afterwards when due).
  package static func read(_ files: [SourceFile], cache: ScanCache? = nil) -> [ScannedSource?] {
    if let cache {
      defer { cache.pruneIfDue() }
      return cache.read(files)
    }
    let results = ResultSlots<ScannedSource?>(count: files.count)
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
      results.set(index, ScanReader.read(files[index]))
    }
    return results.values
  }

  public var errorCount: Int { diagnostics.count { $0.severity == .error } }
  public var warningCount: Int { diagnostics.count { $0.severity == .warning } }
}
