import NavRulesCompiler
import NavRulesScan

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the language server over the process's standard input and output.
extension LanguageServer {
  /// Serves on stdin/stdout until `exit`; returns the exit status. The input is read on a
  /// thread of its own, so messages are answered while a large folder is being indexed.
  public static func runOverStandardIO() -> Int32 {
    // A client that goes away must end the server with an error, not a signal.
    signal(SIGPIPE, SIG_IGN)
    let queue = MessageQueue.reading {
      MessageReader(readChunk: {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
          let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
          if count > 0 { return Array(chunk[0..<count]) }
          if count < 0, errno == EINTR { continue }
          return nil
        }
      })
    }
    let server = LanguageServer(
      send: { FileDescriptorOutput.writeAll(MessageWriter.frame($0), to: STDOUT_FILENO) },
      log: {
        FileDescriptorOutput.writeAll(
          "navrc lsp: \(TextRenderer.oneLine($0))\n", to: STDERR_FILENO)
      })
    return server.serve(queue)
  }
}
