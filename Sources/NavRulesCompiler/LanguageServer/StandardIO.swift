import Foundation

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
      send: { writeAll(MessageWriter.frame($0), to: STDOUT_FILENO) },
      log: { writeAll(Array("navrc lsp: \(TextRenderer.oneLine($0))\n".utf8), to: STDERR_FILENO) })
    return server.serve(queue)
  }

  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes {
        write(descriptor, $0.baseAddress, $0.count)
      }
      if written > 0 {
        offset += written
      } else if written < 0, errno == EINTR {
        continue
      } else {
        return
      }
    }
  }
}
