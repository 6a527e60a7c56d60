import Foundation
import Testing

/// Golden files: expected outputs checked into `Tests/`, compared with a readable line diff.
///
/// Set `NAVRC_RECORD=1` to (re)write every golden file a test run compares with; review the
/// change with `git diff` and commit it.
public enum Golden {
  /// Whether this run records golden files instead of comparing.
  public static var isRecording: Bool {
    ProcessInfo.processInfo.environment["NAVRC_RECORD"] == "1"
  }

  /// Checks `actual` against the file at `path` (absolute, or relative to the repository root).
  public static func assertMatches(
    _ actual: String, file path: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let url = URL(fileURLWithPath: path, relativeTo: Repository.root)
    if isRecording {
      try? FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      do {
        try Data(actual.utf8).write(to: url, options: .atomic)
      } catch {
        Issue.record("could not record \(url.path): \(error)", sourceLocation: sourceLocation)
      }
      return
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
      Issue.record(
        "missing golden file \(url.path); run the tests with NAVRC_RECORD=1 to create it",
        sourceLocation: sourceLocation)
      return
    }
    let expected = String(decoding: data, as: UTF8.self)
    if expected != actual {
      Issue.record(
        """
        output differs from \(path) (- expected, + actual); NAVRC_RECORD=1 re-records:
        \(LineDiff.render(expected: expected, actual: actual))
        """,
        sourceLocation: sourceLocation)
    }
  }
}

/// Locations in the repository, found from this file's path so tests run from any folder.
public enum Repository {
  public static let root: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        return url
      }
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  }()

  public static func url(_ relativePath: String) -> URL {
    root.appendingPathComponent(relativePath)
  }

  /// The `.navrules` files directly in a folder of the repository, sorted.
  public static func files(in folder: String, withExtension fileExtension: String) -> [String] {
    let directory = url(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix("." + fileExtension) }.sorted().map { folder + "/" + $0 }
  }
}

/// A minimal line diff (longest common subsequence) for golden-file mismatches.
public enum LineDiff {
  public static func render(expected: String, actual: String, context: Int = 2) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let n = old.count
    let m = new.count
    guard n * m <= 4_000_000 else {
      return "(outputs too large to diff: \(n) vs \(m) lines)"
    }
    var lcs = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        lcs[i][j] = old[i] == new[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
      }
    }
    var lines: [(Character, String)] = []
    var i = 0
    var j = 0
    while i < n || j < m {
      if i < n, j < m, old[i] == new[j] {
        lines.append((" ", old[i]))
        i += 1
        j += 1
      } else if j < m, i == n || lcs[i][j + 1] >= lcs[i + 1][j] {
        lines.append(("+", new[j]))
        j += 1
      } else {
        lines.append(("-", old[i]))
        i += 1
      }
    }
    let changed = lines.indices.filter { lines[$0].0 != " " }
    var output: [String] = []
    var lastPrinted = -1
    for index in changed {
      let from = max(index - context, lastPrinted + 1)
      if from > lastPrinted + 1, lastPrinted >= 0 { output.append("…") }
      let to = min(index + context, lines.count - 1)
      if from <= to {
        for k in from...to where k > lastPrinted {
          output.append("\(lines[k].0) \(lines[k].1)")
          lastPrinted = k
        }
      }
    }
    return output.joined(separator: "\n")
  }
}
