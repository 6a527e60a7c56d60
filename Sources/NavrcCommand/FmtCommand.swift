import NavRulesCompiler

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `navrc fmt [--check] PATH…`: rewrites files in the canonical layout, in place.
///
/// With `--check` nothing is written: the files that would change are named on standard output
/// and the exit status is 1. Files with syntax errors are left untouched and their diagnostics
/// printed (exit status 1).
enum FmtCommand {
  static func run(_ arguments: [String], io: CommandIO) throws(UsageError) -> Int32 {
    var check = false
    var list = ArgumentList(command: "fmt", arguments: arguments)
    while let option = list.nextOption() {
      switch option {
      case "--check":
        try list.flag(option)
        check = true
      default:
        throw list.unknown(option)
      }
    }
    guard !list.positional.isEmpty else {
      throw UsageError("navrc fmt: expected at least one PATH; see 'navrc --help'")
    }
    let inputs: InputFiles.Gathered
    do {
      inputs = try InputFiles.gather(list.positional)
    } catch {
      throw UsageError("navrc fmt: \(error.description)")
    }
    // Files that cannot be read are reported and the others formatted; exit status 2.
    io.report(inputs.failures, command: "fmt")
    let files = inputs.files
    var failed = false
    let renderer = TextRenderer(isTerminal: io.errorIsTerminal)
    for file in files {
      // The path as printed: escaped, so that no file name can forge a line of output.
      let shown = TextRenderer.oneLine(file.path)
      switch Formatter.format(file) {
      case .syntaxErrors(let diagnostics):
        failed = true
        renderer.render(diagnostics.sorted(by: Diagnostic.reportOrder), write: io.writeErrorBytes)
        io.writeError("navrc fmt: \(shown) not formatted: fix the syntax errors first\n")
      case .refused(let reason):
        failed = true
        io.writeError(
          "navrc fmt: \(shown) left unchanged: \(reason) (a formatter bug; please report it)\n")
      case .unsupported(let reason):
        failed = true
        io.writeError("navrc fmt: \(shown) left unchanged: \(reason)\n")
      case .formatted(let text):
        guard Array(text.utf8) != file.bytes else { continue }
        if check {
          failed = true
          io.writeOutput(shown + "\n")
        } else {
          do {
            try writeAtomically(text, to: file.path)
          } catch {
            throw UsageError("navrc fmt: cannot write '\(shown)': \(error.reason)")
          }
        }
      }
    }
    if !inputs.failures.isEmpty { return ExitStatus.usage }
    return failed ? ExitStatus.failure : ExitStatus.success
  }

  /// Why a file could not be written: the system's words for an `errno`.
  struct WriteFailure: Error {
    var reason: String

    init(errno code: Int32) {
      reason = strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
  }

  /// Writes through a temporary file in the same folder and a rename, keeping the permissions:
  /// a reader never sees half a file, and a failed write leaves the old one. A symbolic link
  /// stays a link: the file it leads to is the one replaced, in its own folder.
  static func writeAtomically(_ text: String, to linkOrPath: String) throws(WriteFailure) {
    let path = PathNames.realPath(linkOrPath) ?? linkOrPath
    var original = stat()
    guard stat(path, &original) == 0 else { throw WriteFailure(errno: errno) }
    let folder = path.lastIndex(of: "/").map { path[...$0] } ?? ""
    let permissions = original.st_mode & 0o7777
    // A new file of our own (`O_EXCL`: never one that is there already, nor a link someone
    // left in its place), under the next name if one is taken.
    var temporary = ""
    var descriptor: Int32 = -1
    for attempt in 0..<100 where descriptor < 0 {
      temporary = "\(folder).\(PathNames.lastComponent(path)).navrc-fmt-\(getpid())-\(attempt)"
      descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
      guard descriptor >= 0 || errno == EEXIST else { break }
    }
    guard descriptor >= 0 else { throw WriteFailure(errno: errno) }
    let bytes = Array(text.utf8)
    var written = 0
    var failure: Int32?
    while written < bytes.count, failure == nil {
      let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        written += count
      } else if count < 0, errno == EINTR {
        continue
      } else {
        failure = count < 0 ? errno : EIO
      }
    }
    // The mode given to `open` passes through the umask; the file's own mode is kept whole.
    if failure == nil, fchmod(descriptor, permissions) != 0 { failure = errno }
    if close(descriptor) != 0, failure == nil { failure = errno }
    if failure == nil, rename(temporary, path) != 0 { failure = errno }
    if let failure {
      unlink(temporary)
      throw WriteFailure(errno: failure)
    }
  }
}
