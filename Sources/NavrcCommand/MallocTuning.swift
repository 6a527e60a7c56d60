#if canImport(Glibc)
  import Glibc
#endif

/// How the process asks the C allocator for large blocks.
///
/// glibc serves a block of 128 KB or more with its own `mmap`, but each time such a block is
/// freed it raises that threshold to the block's size (up to 32 MB). A check builds large
/// arrays and lets them go stage by stage (the transition table's scratch writes, an
/// exploration's growing tables), so after the first few the threshold is tens of megabytes,
/// every later array comes from the heap, and the pages of the freed ones stay resident under
/// the arrays of the next stage. A fixed threshold keeps large blocks in their own mappings,
/// which go back to the system when freed. Other platforms' allocators return large blocks
/// already.
///
/// The threshold is a trade between memory and the kernel's work: every fresh mapping's pages
/// are zeroed when first touched, a 2 MB huge page at a time for large inputs (`HugePages`),
/// while a block from the heap reuses pages a freed one left. A low threshold spends a large
/// check's time in that zeroing; this one trades a few MiB of peak memory for a faster large
/// check (the figures are in docs/performance.md, "What keeps it fast").
///
/// `mallopt` is declared in `<malloc.h>`, which the `Glibc` module does not export, so it is
/// looked up by name; an allocator without it (musl) is left as it is.
enum MallocTuning {
  /// Large enough that growing arrays of a small check never map pages one by one, and that
  /// most arrays a stage of a 10 MB check frees are reused by the next; a large file's lines
  /// and trees still go back to the system.
  static let largeBlockThreshold: Int32 = 8 << 20

  static func apply() {
    #if canImport(Glibc)
      guard !isUnderValgrind else { return }
      typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
      /// `M_MMAP_THRESHOLD` in `<malloc.h>`.
      let mmapThreshold: Int32 = -3
      guard let program = dlopen(nil, RTLD_NOW),
        let symbol = dlsym(program, "mallopt")
      else { return }
      _ = unsafeBitCast(symbol, to: MallOpt.self)(mmapThreshold, largeBlockThreshold)
    #endif
  }

  /// Under valgrind (which preloads its `vgpreload_core` library into every program it runs),
  /// a fixed threshold made about one run in three fail to allocate a block of a few hundred
  /// kilobytes, natively never; the figures measured there (instructions, heap) do not depend
  /// on it, so it is left out.
  static var isUnderValgrind: Bool {
    guard let preloaded = getenv("LD_PRELOAD") else { return false }
    return String(cString: preloaded).contains("vgpreload")
  }
}
