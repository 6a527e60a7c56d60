#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How many threads the compiler's parallel stages use: one per active processor, or
/// `NAVRC_THREADS` when it is set to a positive number (`NAVRC_THREADS=1` runs everything on
/// one thread, to compare timings or to rule parallelism out). Read in this one place so every
/// stage agrees, and only by a stage whose input is large enough to be split: counting the
/// processors reads the control group's files, which costs a small `emit` more than its own
/// work.
enum Concurrency {
  static let threadCount: Int = {
    if let value = EnvironmentVariable.value("NAVRC_THREADS"), let count = Int(value),
      count >= 1
    {
      return count
    }
    return activeProcessorCount()
  }()

  /// The processors this process may run on, fewer if its control group's CPU quota allows
  /// less (rounded up): `ProcessInfo.activeProcessorCount` on Linux, which does not honour
  /// the affinity (`taskset`), without linking FoundationEssentials, whose loading was a
  /// fifth of every start-up.
  static func activeProcessorCount() -> Int {
    var count = affinityCount() ?? Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    if let quota = cpuQuota() { count = min(count, quota) }
    return max(1, count)
  }

  /// How many processors `sched_getaffinity` allows this process, if it can say. Looked up by
  /// name: the `Glibc` module does not export it (a GNU extension).
  private static func affinityCount() -> Int? {
    #if canImport(Glibc)
      typealias GetAffinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
      guard let program = dlopen(nil, RTLD_NOW) else { return nil }
      defer { dlclose(program) }
      guard let symbol = dlsym(program, "sched_getaffinity") else { return nil }
      // Room for 1,024 processors, `cpu_set_t`'s size.
      var mask = [UInt64](repeating: 0, count: 16)
      let result = mask.withUnsafeMutableBytes {
        unsafeBitCast(symbol, to: GetAffinity.self)(0, $0.count, $0.baseAddress!)
      }
      guard result == 0 else { return nil }
      return mask.reduce(0) { $0 + $1.nonzeroBitCount }
    #else
      return nil
    #endif
  }

  /// The processors the control group's CPU quota amounts to, rounded up, when it sets one:
  /// `cpu.max` (version 2) or `cpu.cfs_quota_us` over `cpu.cfs_period_us` (version 1).
  private static func cpuQuota() -> Int? {
    #if os(Linux)
      if let line = firstLine(of: "/sys/fs/cgroup/cpu.max") {
        let fields = line.split(separator: " ")
        guard fields.count == 2, let quota = Int(fields[0]), let period = Int(fields[1]) else {
          return nil
        }
        return processors(quota: quota, period: period)
      }
      guard let quota = firstLine(of: "/sys/fs/cgroup/cpu/cpu.cfs_quota_us").flatMap(Int.init),
        let period = firstLine(of: "/sys/fs/cgroup/cpu/cpu.cfs_period_us").flatMap(Int.init)
      else { return nil }
      return processors(quota: quota, period: period)
    #else
      return nil
    #endif
  }

  private static func processors(quota: Int, period: Int) -> Int? {
    guard quota > 0, period > 0 else { return nil }
    return (quota + period - 1) / period
  }

  /// The first line of a small file (a control group's setting), if it can be read.
  private static func firstLine(of path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    let (bytes, error) = readBytes(descriptor, upTo: 64, threads: 1)
    guard error == 0 else { return nil }
    return String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
  }
}
