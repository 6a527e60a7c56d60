import NavRulesCompiler
import NavRulesScan

/// `navrc scan [--format F] [--warnings-as-errors] [--disable ID]… [--rules OUT.navrules]
/// [--root CLASS]… [--exclude GLOB]… PATH…` (docs/scan.md).
enum ScanCommand {
  struct Options {
    var check = CheckCommand.Options()
    var rulesOutput: String?
    var roots: [String] = []
    var excluded: [String] = []
    /// `--fix`: apply the fix-its of the reported findings.
    var fix = false
    /// `--cache-path DIR`: the scan cache's folder instead of the configuration's or the
    /// platform's.
    var cachePath: String?
    /// `--no-cache`: read every file, and keep nothing.
    var noCache = false
  }

  static func run(_ arguments: [String], io: CommandIO) throws(UsageError) -> Int32 {
    var io = io
    var options = try parse(arguments)
    let configuration = try options.check.applyConfiguration(command: "scan", io: io)
    let inputs: InputFiles.Gathered
    // The configuration's globs first: a glob is named by where it was written.
    let configured = configuration.anchoredExcludes
    var exclusions = ScanExclusions(configured + options.excluded)
    do {
      inputs = try ScanInputs.gather(options.check.paths, excluding: &exclusions)
    } catch {
      throw UsageError("navrc scan: \(error.description)")
    }
    // What cannot be read is named with its reason, the rest is scanned, and the run exits
    // with status 2: a clean report must not hide files it never read.
    io.report(inputs.failures, command: "scan")
    var files = inputs.files
    // As `check` with no rule file: a clean report of nothing read is a false green (a
    // mistyped path in CI). SwiftLint stops the same way when it finds no lintable file.
    if files.isEmpty, inputs.failures.isEmpty {
      let paths = options.check.paths.map { "'\($0)'" }.joined(separator: ", ")
      throw UsageError(
        TextRenderer.oneLine(
          "navrc scan: no Swift, Objective-C, storyboard or xib files under \(paths)"))
    }
    let written = Dictionary(zip(configured, configuration.excludes)) { first, _ in first }
    for glob in exclusions.unmatched {
      // Escaped: a glob holding a line break must not forge a line of the report.
      if let original = written[glob], let file = configuration.file {
        io.writeError(
          TextRenderer.oneLine(
            "navrc scan: warning: exclude '\(original)' in '\(file.path)' matched no file or"
              + " folder") + "\n")
      } else {
        io.writeError(
          TextRenderer.oneLine("navrc scan: warning: --exclude '\(glob)' matched no file or folder")
            + "\n")
      }
    }
    if let output = options.rulesOutput, output != "-" {
      // Before the scan, then again as it writes.
      do {
        try OutputFileWriter.check(output, inputs: files.map(\.path))
      } catch {
        throw rulesError(error, output: output)
      }
    }
    let roots = configuration.roots + options.roots
    let analysis = Compilation.Options(disabled: options.check.disabled)
    let cache = options.cache(configuration)
    // A run on the same bytes, with the same settings, prints what it printed before.
    var keptReport: (ScanReport, ScanReport.Recording)?
    if let cache, !options.fix, options.rulesOutput == nil, options.check.writeBaseline == nil,
      inputs.failures.isEmpty,
      let kept = ScanReport(
        cache: cache, arguments: arguments, configuration: configuration,
        baseline: options.check.baseline, files: files, io: io)
    {
      if let status = kept.replay(io) { return status }
      let (recorded, recording) = kept.recording(io)
      io = recorded
      keptReport = (kept, recording)
    }
    var scan = AppScan(files: files, roots: roots, options: analysis, cache: cache)
    if options.fix {
      // The findings the run reports (severities and baseline applied) are the ones fixed.
      let reported = try Findings.finish(
        scan.diagnostics, configuration: configuration, options: options.check,
        declaration: scan.declarationNamer(), inputs: files, command: "scan",
        io: io
      ).diagnostics
      (scan, files) = try ScanFix.apply(
        reported, scan: scan, files: files, roots: roots, options: analysis, cache: cache,
        io: io)
    }
    ProcessLifetime.keep(scan)
    if let output = options.rulesOutput {
      try writeRules(scan, to: output, inputs: files, io: io)
    }
    let findings = try Findings.finish(
      scan.diagnostics, configuration: configuration, options: options.check,
      declaration: scan.declarationNamer(), inputs: files, command: "scan", io: io)
    report(scan, findings, options: options.check, io: io)
    if !inputs.failures.isEmpty { return ExitStatus.usage }
    let status =
      findings.failed(warningsAsErrors: options.check.warningsAsErrors)
      ? ExitStatus.failure : ExitStatus.success
    if let (kept, recording) = keptReport { kept.keep(recording, status: status) }
    return status
  }

  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var list = ArgumentList(command: "scan", arguments: arguments)
    while let option = list.nextOption() {
      if try options.check.read(option, from: &list) { continue }
      switch option {
      case "--rules":
        options.rulesOutput = try list.value(for: option)
      case "--root":
        let value = try list.value(for: option)
        guard !value.isEmpty else { throw UsageError("navrc scan: --root expects a class name") }
        options.roots.append(value)
      case "--exclude":
        options.excluded.append(try list.value(for: option))
      case "--fix":
        try list.flag(option)
        options.fix = true
      case "--cache-path":
        let value = try list.value(for: option)
        guard !value.isEmpty else { throw UsageError("navrc scan: --cache-path expects a folder") }
        options.cachePath = value
      case "--no-cache":
        try list.flag(option)
        options.noCache = true
      default:
        throw list.unknown(option)
      }
    }
    try options.check.readPaths(from: list)
    if options.fix, options.check.writeBaseline != nil {
      throw UsageError(
        "navrc scan: --fix and --write-baseline together would record findings just fixed")
    }
    if options.rulesOutput == "-", options.check.format != .text {
      throw UsageError(
        "navrc scan: --rules - and --format \(options.check.format.rawValue) would both write"
          + " to standard output")
    }
    return options
  }

  /// `--rules OUT.navrules`: written as `emit` writes (atomically, untouched when unchanged,
  /// through a symbolic link, straight into a FIFO or device; `-` is standard output), never
  /// over one of the files scanned.
  static func writeRules(_ scan: AppScan, to output: String, inputs: [SourceFile], io: CommandIO)
    throws(UsageError)
  {
    if output == "-" {
      io.writeOutput(RulesFileWriter.text(of: scan.model))
      return
    }
    let text = RulesFileWriter.text(of: scan.model)
    do {
      // Checked on the file the write reaches, however many links lead there.
      _ = try OutputFileWriter.write(text, to: output, inputs: inputs.map(\.path))
    } catch {
      throw rulesError(error, output: output)
    }
  }

  static func rulesError(_ error: OutputFileWriter.Failure, output: String) -> UsageError {
    if case .isInput = error.kind {
      return UsageError("navrc scan: --rules '\(output)' is one of the files scanned")
    }
    return UsageError("navrc scan: cannot write '\(output)': \(error.description)")
  }

  static func report(
    _ scan: AppScan, _ findings: Findings, options: CheckCommand.Options, io: CommandIO
  ) {
    let diagnostics = findings.diagnostics
    let unresolved = scan.model.unresolved
    let unreached = scan.model.unreachedScreens
    for line in findings.goneLines { io.writeError(line) }
    let waysBack =
      options.waysBack
      ? WaysBackAudit.audit(
        scan.model.module,
        enforcer: .handWritten(contentGestureAlsoDisabledBy: scan.model.contentGestureAlsoDisabled))
      : nil
    switch options.format {
    case .text:
      TextRenderer(isTerminal: io.errorIsTerminal).render(diagnostics, write: io.writeErrorBytes)
      var output = ""
      if !(options.quiet && diagnostics.isEmpty && unresolved.isEmpty) {
        output +=
          TextRenderer.summary(errors: findings.errorCount, warnings: findings.warningCount)
          + "\n"
        if let line = unreachedSummary(
          unreached.count, of: scan.model.countedScreens,
          views: unreached.count(where: \.isSwiftUIView),
          baseClasses: scan.model.baseClassScreens.count)
        {
          output += line + "\n"
          for line in blockerLines(unreached) { output += line + "\n" }
        }
        output += unresolvedSummary(unresolved.count) + "\n"
      }
      io.writeError(output)
      if let waysBack { io.writeError(waysBack.text) }
    case .json:
      io.writeOutput(
        JSONRenderer.render(
          diagnostics,
          extraMembers: scan.model.jsonMembers + (waysBack.map { [$0.jsonMember] } ?? [])))
    case .sarif:
      io.writeOutput(
        SARIFRenderer.render(
          diagnostics, workingDirectory: PathNames.currentDirectory()))
    case .github:
      io.writeOutput(GitHubRenderer.render(diagnostics))
    }
  }

  /// The line before the last when some screens were not analysed: a clean report is only as
  /// good as the part of the app the analysis reached. `views` of them are SwiftUI views,
  /// which a `NavigationStack` or `NavigationView` would reach, not a navigation controller.
  static func unreachedSummary(
    _ count: Int, of total: Int, views: Int = 0, baseClasses: Int = 0
  ) -> String? {
    guard count > 0 else { return nil }
    let screens = total == 1 ? "screen" : "screens"
    let them = count == 1 ? "it" : "them"
    let reason =
      if views == count {
        "no NavigationStack or NavigationView reaches \(them)"
      } else if views > 0 {
        "no navigation controller, NavigationStack or NavigationView found reaches \(them) "
          + "(--root CLASS adds a navigation controller)"
      } else {
        "no navigation controller found reaches \(them) (--root CLASS adds one)"
      }
    let bases =
      switch baseClasses {
      case 0: ""
      case 1: "; 1 base class analysed through its subclasses is not counted"
      default: "; \(baseClasses) base classes analysed through their subclasses are not counted"
      }
    return "\(count) of \(total) \(screens) not analysed: \(reason)\(bases)"
  }

  /// How many blockers the text format lists; the JSON format names every screen's.
  static let shownBlockers = 5

  /// One line per blocker under the summary, the most screens first: `  64 screens: … (at)`.
  static func blockerLines(_ unreached: [AppModel.UnreachedScreen]) -> [String] {
    var counts: [AppModel.Blocker: Int] = [:]
    var order: [AppModel.Blocker] = []
    for screen in unreached {
      var blocker = screen.blocker
      blocker.through = []
      if counts[blocker] == nil { order.append(blocker) }
      counts[blocker, default: 0] += 1
    }
    let sorted = order.enumerated().sorted {
      (counts[$0.element]!, $1.offset) > (counts[$1.element]!, $0.offset)
    }.map(\.element)
    var lines = sorted.prefix(shownBlockers).map { blocker in
      let count = counts[blocker]!
      let place = blocker.at.map { " (\($0.file.path):\($0.start.line))" } ?? ""
      return "  \(count) \(count == 1 ? "screen" : "screens"): \(blocker.what)\(place)"
    }
    if sorted.count > shownBlockers {
      let more = sorted.count - shownBlockers
      lines.append(
        "  and \(more) more \(more == 1 ? "blocker" : "blockers") (--format json names each "
          + "screen's)")
    }
    return lines
  }

  /// The last line of the text format: how much of the app the model leaves out.
  static func unresolvedSummary(_ count: Int) -> String {
    switch count {
    case 0: "nothing left out of the model"
    case 1: "1 push, root or value left out of the model (--format json lists it)"
    default: "\(count) pushes, roots or values left out of the model (--format json lists them)"
    }
  }
}

extension ScanCommand.Options {
  /// The run's scan cache: `--cache-path`, else the configuration's `cachePath`, else the
  /// platform's cache folder; none under `--no-cache` (docs/scan.md, "The cache").
  func cache(_ configuration: Configuration) -> ScanCache? {
    guard !noCache else { return nil }
    guard let root = cachePath ?? configuration.cachePath ?? ScanCache.defaultRoot() else {
      return nil
    }
    return ScanCache(root: root)
  }
}
