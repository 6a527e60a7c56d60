import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A FIFO read while something writes into it, without waiting forever when nothing does
/// (when the writer replaced the FIFO instead, say): it is opened without blocking before the
/// write starts, and read until the writer is done and the FIFO empty.
public enum FIFO {
  /// Runs `write` on a thread of its own while reading the FIFO at `path`; the bytes read, or
  /// nil when it cannot be opened or the writer is not done within `timeout` seconds.
  public static func read(
    _ path: String, timeout: TimeInterval = 60, while write: @escaping @Sendable () -> Void
  ) -> Data? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    let finished = Flag()
    Thread {
      write()
      finished.set()
    }.start()
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    let deadline = Date(timeIntervalSinceNow: timeout)
    while Date() < deadline {
      // Asked before reading: once the writer is done, an empty FIFO stays empty.
      let done = finished.isSet
      let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        data.append(contentsOf: buffer[..<count])
      } else if count == 0 || errno == EAGAIN {
        if done { return data }
        usleep(1000)
      } else if errno != EINTR {
        return nil
      }
    }
    return nil
  }

  private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }

    func set() { lock.withLock { value = true } }
  }
}

/// `read(2)`, out of reach of `FIFO.read`, which would shadow it there.
private func systemRead(_ file: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(file, bytes, count)
}
