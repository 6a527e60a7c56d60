import Foundation
import NavrcCommand

/// The outcome of one `navrc` run.
struct RunResult {
  var status: Int32
  var output: String
  var error: String

  /// Standard error's lines, without the final newline.
  var errorLines: [String] {
    error.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }
}

/// Runs `navrc` in-process with captured output.
func navrc(_ arguments: [String], terminal: Bool = false) -> RunResult {
  final class Buffer: @unchecked Sendable {
    var output = ""
    var error = ""
  }
  let buffer = Buffer()
  let io = CommandIO(
    writeOutput: { buffer.output += $0 }, writeError: { buffer.error += $0 },
    errorIsTerminal: terminal)
  let status = Navrc.run(arguments, io: io)
  return RunResult(status: status, output: buffer.output, error: buffer.error)
}

/// A fresh temporary folder with `files` (relative path → contents) written into it.
struct TemporaryTree {
  let root: URL

  init(_ files: [String: String]) throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("navrc-tests-\(UUID().uuidString)", isDirectory: true)
    for (path, contents) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: url)
    }
  }

  func path(_ relative: String = "") -> String {
    relative.isEmpty ? root.path : root.appendingPathComponent(relative).path
  }

  func remove() {
    try? FileManager.default.removeItem(at: root)
  }
}

/// A small module with no diagnostics.
let cleanRules = """
  navigator Main { root Home }
  screen Home { push Detail }
  screen Detail { title "Detail" }

  """
