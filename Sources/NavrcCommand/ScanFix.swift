import NavRulesCompiler
import NavRulesScan

/// `navrc scan --fix`: applies the fix-its of the reported findings to the app's files.
///
/// The fixed text is scanned again, with the rest of the app, before anything is written:
/// only when every fixed finding is gone and no new one appears in a fixed file is any file
/// written, each atomically (`OutputFileWriter`), and a file that changed on disk since it
/// was read is left alone. A file whose fixes do not apply cleanly is not touched.
enum ScanFix {
  /// The scan of the app as it is after the fixes (the same scan when nothing was written),
  /// and its files.
  static func apply(
    _ reported: [Diagnostic], scan: AppScan, files: [SourceFile], roots: [String],
    options: Compilation.Options, cache: ScanCache?, io: CommandIO
  ) throws(UsageError) -> (scan: AppScan, files: [SourceFile]) {
    let (fixed, skipped) = FixApplication.apply(reported)
    for file in skipped {
      io.writeError(
        TextRenderer.oneLine("navrc scan: --fix left '\(file.path)' as it is: \(file.reason)")
          + "\n")
    }
    guard !fixed.isEmpty else {
      if reported.contains(where: { !$0.fixIts.isEmpty }) == false {
        io.writeError("navrc scan: --fix: no finding has a fix\n")
      }
      return (scan, files)
    }
    let replaced = Dictionary(
      fixed.map { ($0.file.path, SourceFile(path: $0.file.path, text: $0.text)) }
    ) { first, _ in first }
    let newFiles = files.map { replaced[$0.path] ?? $0 }
    // Only the fixed files are read again (and kept in the cache, as they will be on disk).
    let rescan = scan.rescanning(newFiles, roots: roots, options: options, cache: cache)
    // Every fixed finding gone, and nothing new in a fixed file.
    let before = Set(scan.diagnostics.map { Key($0) })
    let fixedKeys = Set(reported.filter { !$0.fixIts.isEmpty }.map { Key($0) })
    let after = rescan.diagnostics.map { Key($0) }
    let regressed = after.filter { key in
      replaced[key.path] != nil && (fixedKeys.contains(key) || !before.contains(key))
    }
    guard regressed.isEmpty else {
      io.writeError(
        "navrc scan: --fix wrote nothing: the fixed code would still be reported"
          + " ('\(regressed[0].id)' in \(regressed[0].path)); please report this\n")
      return (scan, files)
    }
    var written = 0
    var count = 0
    for file in fixed {
      // The file as it is now: another editor may have changed it since it was read.
      guard let current = try? InputFiles.read(file.file.path), current.bytes == file.file.bytes
      else {
        io.writeError(
          TextRenderer.oneLine(
            "navrc scan: --fix left '\(file.file.path)' as it is: it changed while navrc ran")
            + "\n")
        continue
      }
      do {
        _ = try OutputFileWriter.write(file.text, to: file.file.path)
        written += 1
        count += file.fixCount
      } catch {
        io.writeError(
          TextRenderer.oneLine(
            "navrc scan: --fix could not write '\(file.file.path)': \(error.description)") + "\n")
      }
    }
    io.writeError(
      "navrc scan: fixed \(count) \(count == 1 ? "finding" : "findings") in \(written)"
        + " \(written == 1 ? "file" : "files")\n")
    guard written == fixed.count else {
      // Some files were left: scan what is on disk now.
      let current = reread(files)
      return (AppScan(files: current, roots: roots, options: options, cache: cache), current)
    }
    return (rescan, newFiles)
  }

  private static func reread(_ files: [SourceFile]) -> [SourceFile] {
    files.map { (try? InputFiles.read($0.path)) ?? $0 }
  }

  /// A finding without its line: its id, file and the text of its line.
  private struct Key: Hashable {
    var id: String
    var path: String
    var line: String

    init(_ diagnostic: Diagnostic) {
      id = diagnostic.id.rawValue
      path = diagnostic.range.file.path
      let file = diagnostic.range.file
      line = file.text(file.lineRange(at: file.lineIndex(of: diagnostic.range.bytes.lowerBound)))
        .trimmingCharacters(in: " \t")
    }
  }
}

extension String {
  fileprivate func trimmingCharacters(in blanks: String) -> String {
    let set = Set(blanks)
    return String(self.drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
  }
}
