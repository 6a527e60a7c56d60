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
  /// `--root` classes.
  public init(
    files: [SourceFile], roots: [String] = [], options: Compilation.Options = .init()
  ) {
    let files = files.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    self.init(files: files, sources: Self.read(files), roots: roots, options: options)
  }

  /// Scans files already read (the language server keeps what it read of files that did not
  /// change); `sources[i]` is what `ScanReader` read from `files[i]`, in path order.
  package init(
    files: [SourceFile], sources: [ScannedSource?], roots: [String], options: Compilation.Options
  ) {
    var model = AppModelBuilder.build(sources.compactMap { $0 }, roots: roots)
    // The checker's fix-its edit rule-file text: they do not apply to Swift or Objective-C;
    // the scan's own replace them where the code can be mended (`ScanFixes`).
    let checked = ScanFixes.replacingFixIts(of: Checker.check(model.module), sources: sources)
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
    let applied = Suppressions.apply(
      to: checked.filter { !options.disabled.contains($0.id) }, entries: entries,
      disabled: options.disabled, reportUnused: true)
    model.unusedSuppressions = Self.unusedSuppressions(
      entries, reported: applied, sources: sources, module: model.module)
    // iOS 26's content gesture, disabled by the same method, is a fact the language has no
    // action for: the finding is dropped, and `--rules` suppresses it on that line, so that
    // `check` on the rule file agrees.
    var reported = applied.filter { diagnostic in
      // A gesture value navrc could not resolve may have replaced the one the finding assumes.
      if Self.gestureRules.contains(diagnostic.id),
        diagnostic.notes.contains(where: { model.opaqueGestureNavigators.contains($0.range) })
      {
        return false
      }
      guard diagnostic.id == .contentSwipeBypass,
        model.contentGestureAlsoDisabled.contains(diagnostic.range)
      else { return true }
      let range = diagnostic.range
      let key = AppModel.LineKey(
        path: range.file.path, line: range.file.lineIndex(of: range.bytes.lowerBound))
      let id = DiagnosticID.contentSwipeBypass.rawValue
      if model.suppressions[key]?.contains(id) != true {
        model.suppressions[key, default: []].append(id)
      }
      return false
    }
    self.files = files
    self.sources = sources
    self.model = model
    Diagnostic.sortInReportOrder(&reported)
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

  /// Reads the files, two at a time or more: each reading is independent.
  package static func read(_ files: [SourceFile]) -> [ScannedSource?] {
    let results = ResultSlots<ScannedSource?>(count: files.count)
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
      results.set(index, ScanReader.read(files[index]))
    }
    return results.values
  }

  public var errorCount: Int { diagnostics.count { $0.severity == .error } }
  public var warningCount: Int { diagnostics.count { $0.severity == .warning } }
}
