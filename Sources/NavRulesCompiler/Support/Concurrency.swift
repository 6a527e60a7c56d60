#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How many threads the compiler's parallel stages use: one per active processor, or
/// `NAVRC_THREADS` when it is set to a positive number (`NAVRC_THREADS=1` runs everything on
/// one thread, to compare timings or to rule parallelism out). Read in this one place so every
/// stage agrees, and only by a stage whose input is large enough to be split: counting the
/// processors reads the control group's files (`activeProcessorCount` honours a CPU quota),
/// which costs a small `emit` more than its own work.
enum Concurrency {
  static let threadCount: Int = {
    if let value = EnvironmentVariable.value("NAVRC_THREADS"), let count = Int(value),
      count >= 1
    {
      return count
    }
    return max(1, ProcessInfo.processInfo.activeProcessorCount)
  }()
}
