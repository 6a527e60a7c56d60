import NavRulesCompiler

/// Where a command writes, injectable so the commands run in-process in tests.
public struct CommandIO {
  public var writeOutput: (String) -> Void
  public var writeError: (String) -> Void
  /// Writes text already in UTF-8 (a report of diagnostics) to standard error as it is, where
  /// a `String` made of it would check every byte again; `nil` when `writeError` should get
  /// the text (see `writeErrorBytes`).
  var errorBytesWriter: (([UInt8]) -> Void)?
  /// Whether standard error is a terminal: text diagnostics then get colour and snippets.
  public var errorIsTerminal: Bool

  public init(
    writeOutput: @escaping (String) -> Void, writeError: @escaping (String) -> Void,
    errorIsTerminal: Bool
  ) {
    self.writeOutput = writeOutput
    self.writeError = writeError
    self.errorIsTerminal = errorIsTerminal
  }

  /// The process's standard output and error.
  public static var standard: CommandIO {
    var io = CommandIO(
      writeOutput: { FileDescriptorOutput.writeAll($0, to: FileDescriptorOutput.standardOutput) },
      writeError: { FileDescriptorOutput.writeAll($0, to: FileDescriptorOutput.standardError) },
      errorIsTerminal: FileDescriptorOutput.isTerminal(FileDescriptorOutput.standardError)
        && EnvironmentVariable.value("TERM") != "dumb")
    io.errorBytesWriter = {
      FileDescriptorOutput.writeAll($0, to: FileDescriptorOutput.standardError)
    }
    return io
  }
}

extension CommandIO {
  /// Writes UTF-8 `bytes` to standard error: through `errorBytesWriter` if there is one, else
  /// as a `String` through `writeError`.
  func writeErrorBytes(_ bytes: [UInt8]) {
    if let errorBytesWriter {
      errorBytesWriter(bytes)
    } else {
      writeError(String(decoding: bytes, as: UTF8.self))
    }
  }

  /// Reports inputs that could not be read, one line each (`navrc check: permission denied:
  /// 'x.navrules'`); the command goes on with the others and exits with status 2 at the end.
  func report(_ failures: [InputFiles.Failure], command: String) {
    for failure in failures {
      writeError(TextRenderer.oneLine("navrc \(command): \(failure.description)") + "\n")
    }
  }
}

/// The exit statuses of README.md#navrc-check.
public enum ExitStatus {
  /// No errors.
  public static let success: Int32 = 0
  /// Errors found (or warnings under `--warnings-as-errors`, or `fmt --check` would change a file).
  public static let failure: Int32 = 1
  /// A usage or I/O error.
  public static let usage: Int32 = 2
}

/// A usage or I/O problem: one line on standard error, exit status 2.
struct UsageError: Error {
  var message: String

  init(_ message: String) {
    self.message = message
  }
}
