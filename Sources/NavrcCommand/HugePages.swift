import NavRulesCompiler

#if canImport(Glibc)
  import Glibc
#endif

/// Large inputs are compiled with the allocator's large blocks on transparent huge pages.
///
/// A check of large rule files maps many times their size in fresh 4 KB pages (stage-sized
/// arrays filled, read at random and freed), each a fault whose page the kernel zeroes, and
/// its random reads miss a TLB that covers few such pages. glibc asks the kernel for 2 MB pages
/// for its own mappings (`madvise(MADV_HUGEPAGE)`) when the `glibc.malloc.hugetlb` tunable is
/// set, but only in the environment the process started with: `mallopt` has no such option.
/// So a command given large files starts itself again with the tunable set, once, before it
/// reads them (`exec` keeps the process id, its open files and its arguments): fewer page
/// faults and a faster check (docs/performance.md, "What keeps it fast").
///
/// Below `minimumInputBytes` the second start-up is not clearly paid back.
/// `NAVRC_HUGE_PAGES=0` turns it off; a kernel whose huge pages are `never` is left alone.
enum HugePages {
  static let minimumInputBytes = 4 << 20

  /// The tunable, as `GLIBC_TUNABLES` spells it.
  static let tunable = "glibc.malloc.hugetlb=1"

  /// Whether `command` reads whole files into a compilation; `lsp` and `explain` do not. A
  /// switch, not a `Set`: the first `Set<String>` looks its conformances up at run time, a
  /// cost every small `emit` would pay.
  static func isBatch(_ command: String) -> Bool {
    switch command {
    case "check", "emit", "fmt", "graph", "scan": true
    default: false
    }
  }

  /// Starts the process again with the tunable set when `arguments` (without the program
  /// name) name files large enough; returns only when it does not (or `exec` failed).
  static func restartIfWorthwhile(_ arguments: [String]) {
    #if canImport(Glibc)
      guard
        let tunables = restartTunables(
          arguments: arguments, environment: { EnvironmentVariable.value($0) },
          fileSize: regularFileSize, hugePagesAvailable: kernelOffersHugePages),
        !MallocTuning.isUnderValgrind
      else { return }
      setenv("GLIBC_TUNABLES", tunables, 1)
      let program = CommandLine.arguments
      let pointers = program.map { strdup($0) } + [nil]
      execv("/proc/self/exe", pointers)
      // Not started again (no `/proc`, or not allowed): carry on as this process.
      for pointer in pointers { free(pointer) }
    #endif
  }

  /// The `GLIBC_TUNABLES` value to start again with, or nil when the process should carry on:
  /// a batch command, huge pages not turned off or already asked for, and at least
  /// `minimumInputBytes` in the regular files its arguments name.
  static func restartTunables(
    arguments: [String], environment: (String) -> String?, fileSize: (String) -> Int?,
    hugePagesAvailable: () -> Bool
  ) -> String? {
    guard let command = arguments.first, isBatch(command) else { return nil }
    // The sizes first: a small input, the common case, costs a `stat` per argument and
    // nothing else.
    var total = 0
    for argument in arguments.dropFirst() where argument.utf8.first != UInt8(ascii: "-") {
      total += fileSize(argument) ?? 0
      if total >= minimumInputBytes { break }
    }
    guard total >= minimumInputBytes, environment("NAVRC_HUGE_PAGES") != "0" else { return nil }
    let existing = environment("GLIBC_TUNABLES") ?? ""
    // Set already, by the user or by the first start: never start a third time.
    guard !existing.contains("glibc.malloc.hugetlb"), hugePagesAvailable() else { return nil }
    return existing.isEmpty ? tunable : existing + ":" + tunable
  }

  #if canImport(Glibc)
    /// The size of the regular file at `path`; nil for a folder, standard input or nothing.
    private static func regularFileSize(_ path: String) -> Int? {
      var status = stat()
      guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
      return Int(status.st_size)
    }

    /// Whether transparent huge pages are `always` or `madvise`, not `never`.
    private static func kernelOffersHugePages() -> Bool {
      guard let file = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r") else {
        return false
      }
      defer { fclose(file) }
      var line = [CChar](repeating: 0, count: 128)
      guard fgets(&line, Int32(line.count), file) != nil else { return false }
      return !line.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }.contains("[never]")
    }
  #endif
}
