import Foundation
import NavRulesCompiler
import Testing

@testable import NavRulesScan

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How fast the readers go, measured by hand with `scripts/bench-scan-reader` (a release
/// build): it generates an app's worth of view controllers into a folder and runs this test
/// with `NAVRC_BENCH_DIR` set to it. Skipped otherwise: timings are not unit tests.
@Suite struct ScanReaderBenchmark {
  static let folder = ProcessInfo.processInfo.environment["NAVRC_BENCH_DIR"]

  @Test(.enabled(if: folder != nil))
  func readingThroughput() throws {
    let folder = try #require(Self.folder)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    let files = names.compactMap { name -> SourceFile? in
      guard ScanLanguage(path: name) != nil,
        let data = FileManager.default.contents(atPath: folder + "/" + name)
      else { return nil }
      return SourceFile(path: name, bytes: [UInt8](data))
    }
    let runs = Int(ProcessInfo.processInfo.environment["NAVRC_BENCH_RUNS"] ?? "") ?? 5
    // SwiftUI views (`SwiftUIScreen…`) apart from UIKit's Swift: the same reader, which must
    // read both at the same speed per byte.
    let groups: [(label: String, language: ScanLanguage, files: [SourceFile])] = [
      ("swift", .swift, files.filter { $0.path.hasSuffix(".swift") && !Self.isSwiftUI($0) }),
      ("swift (SwiftUI)", .swift, files.filter(Self.isSwiftUI)),
      ("objc", .objectiveC, files.filter { ScanLanguage(path: $0.path) == .objectiveC }),
    ]
    for (label, language, group) in groups {
      guard !group.isEmpty else { continue }
      let bytes = group.reduce(0) { $0 + $1.bytes.count }
      var times: [Double] = []
      var cpuTimes: [Double] = []
      var types = 0
      for _ in 0..<max(1, runs) {
        var count = 0
        let cpuStart = Self.threadCPUSeconds()
        let elapsed = ContinuousClock().measure {
          for file in group {
            let scanned = ScanReader.read(file, language: language)
            count += scanned.types.count
          }
        }
        cpuTimes.append(Self.threadCPUSeconds() - cpuStart)
        types = count
        times.append(
          Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
      }
      times.sort()
      cpuTimes.sort()
      let megabytes = Double(bytes) / 1_000_000
      func rate(_ seconds: Double) -> String {
        String(format: "%.0f ms, %.1f MB/s", seconds * 1000, megabytes / seconds)
      }
      print(
        "scan reader: \(label), \(group.count) files, "
          + String(format: "%.2f MB", megabytes) + ", \(types) types; wall best "
          + rate(times[0]) + ", median " + rate(times[times.count / 2]) + "; CPU best "
          + rate(cpuTimes[0]))
    }
  }

  static func isSwiftUI(_ file: SourceFile) -> Bool {
    file.path.hasPrefix("SwiftUIScreen")
  }

  /// The CPU time this thread has used: unlike the wall clock, it does not count the time
  /// other processes on a busy machine take.
  static func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
