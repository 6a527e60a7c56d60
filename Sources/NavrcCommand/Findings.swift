import NavRulesCompiler
import NavRulesLanguageServer

/// What `check` and `scan` report once the configuration's severities and the baseline are
/// applied to the diagnostics of the analysis.
struct Findings {
  var diagnostics: [Diagnostic]
  /// Baseline entries that matched no finding, as lines for standard error.
  var goneLines: [String] = []
  /// Errors among `diagnostics`, and stale baseline entries under `--strict-baseline`.
  var errorCount: Int
  var warningCount: Int

  /// Severities, then `--write-baseline` (records every finding: the run then reports none)
  /// or `--baseline` (drops recorded findings; names recorded ones that are gone, errors
  /// under `--strict-baseline`).
  static func finish(
    _ diagnostics: [Diagnostic], configuration: Configuration, options: CheckCommand.Options,
    declaration: (SourceRange) -> String, inputs: [SourceFile], command: String, io: CommandIO
  ) throws(UsageError) -> Findings {
    var diagnostics = configuration.applySeverities(to: diagnostics)
    var goneLines: [String] = []
    var goneErrors = 0
    if let path = options.writeBaseline {
      let folder = PathNames.deletingLastComponent(PathNames.standardized(path))
      let baseline = Baseline(diagnostics, folder: folder, declaration: declaration)
      do {
        _ = try OutputFileWriter.write(baseline.text, to: path, inputs: inputs.map(\.path))
      } catch {
        throw UsageError("navrc \(command): cannot write '\(path)': \(error.description)")
      }
      let count = baseline.entries.count
      io.writeError(
        "navrc \(command): recorded \(count) \(count == 1 ? "finding" : "findings") in '\(path)'\n")
      diagnostics = []
    } else if let path = options.baseline {
      let file: SourceFile
      let baseline: Baseline
      do {
        file = try InputFiles.read(path)
      } catch {
        throw UsageError("navrc \(command): cannot read the baseline: \(error.description)")
      }
      do {
        baseline = try Baseline.read(try JSONParser.parse(file.bytes))
      } catch let error as JSONParser.Failure {
        throw UsageError("navrc \(command): '\(path)' is not a baseline: not JSON: \(error)")
      } catch let error as Baseline.Failure {
        throw UsageError("navrc \(command): '\(path)' is not a baseline: \(error)")
      } catch {
        throw UsageError("navrc \(command): '\(path)' is not a baseline")
      }
      let folder = PathNames.deletingLastComponent(PathNames.standardized(path))
      let matched = baseline.match(diagnostics, folder: folder, declaration: declaration)
      diagnostics = matched.reported
      let severity = options.strictBaseline ? "error" : "note"
      for entry in matched.gone {
        let line = Self.line(of: entry, in: file)
        goneLines.append(
          TextRenderer.oneLine(
            "\(path):\(line):1: \(severity): baseline entry matches no finding any more:"
              + " '\(entry.id)' in \(entry.file)"
              + (entry.declaration.isEmpty ? "" : " (\(entry.declaration))")
              + "; remove it from the baseline") + "\n")
      }
      if options.strictBaseline { goneErrors = matched.gone.count }
    }
    return Findings(
      diagnostics: diagnostics, goneLines: goneLines,
      errorCount: diagnostics.count { $0.severity == .error } + goneErrors,
      warningCount: diagnostics.count { $0.severity == .warning })
  }

  /// The 1-based line of the baseline file that holds `entry` (1 when it cannot be told: a
  /// baseline written by hand on one line).
  private static func line(of entry: Baseline.Entry, in file: SourceFile) -> Int {
    let text = Baseline(entries: [entry]).text
    let wanted = text.split(separator: "\n").first { $0.contains("\"id\"") }.map {
      $0.drop { $0 == " " }
    }
    for index in file.lineStarts.indices {
      let line = file.text(file.lineRange(at: index))
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if let wanted, trimmed == wanted || trimmed == wanted + "," { return index + 1 }
    }
    return 1
  }

  /// Whether the run fails (exit status 1).
  func failed(warningsAsErrors: Bool) -> Bool {
    errorCount > 0 || (warningsAsErrors && warningCount > 0)
  }
}
