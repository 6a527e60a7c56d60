/// The checker's and the front end's tuning constants in one place: when to use threads, how
/// finely to cut the work, how far ahead to prefetch, how much a search may spend. Each says
/// why it has its value; the measurements behind them are in docs/performance.md. The types
/// that use a constant name it as their own (`ParallelParser.chunksPerThread`), so that a
/// test can pass another.
///
/// Bounds that are part of what navrc promises (the parser's nesting limit, the emitted
/// literals' delimiters, the width `fmt` lays out to, the steps a note shows) are not tuning:
/// they stay with the code that keeps them, and docs/ describe them.
enum Tuning {
  // MARK: Threads: below these sizes the threads would cost more than they save.

  /// Files smaller than this are parsed in one piece.
  static let minimumParallelParseBytes = 256 * 1024
  /// Files smaller than this have their line table made on one thread.
  static let minimumParallelLineTableBytes = 1 << 20
  /// Fewer screen bodies than this are resolved on one thread.
  static let minimumParallelBodies = 2048
  /// Fewer push sites than this get their transitions worked out on one thread.
  static let minimumParallelSites = 4096
  /// Fewer screens than this have their hook table made on one thread.
  static let minimumParallelHookScreens = 4096
  /// Modules with fewer screens are checked on one thread.
  static let minimumParallelCheckScreens = 64

  // MARK: Cutting: work is cut finer than one piece a thread, and threads take the pieces as
  // they come free, so a thread slowed by the kernel clearing pages, or given the heavier half,
  // takes fewer instead of keeping the other waiting.

  /// Chunks of a large file a thread, for the parser: eight left the first thread to finish
  /// waiting a fraction of what four did; sixteen cost more processor time than they saved.
  static let parseChunksPerThread = 8
  /// Chunks of pass 2 (screen bodies) a thread, for the resolver.
  static let resolveChunksPerThread = 8
  /// Parts of a large file a thread, for its line table.
  static let lineTablePartsPerThread = 4
  /// Pieces of each part's share in `ParallelArray.map` (the transition table's sites: hooks
  /// are not spread evenly).
  static let piecesPerPart = 4
  /// Bytes a piece of the piecewise parser reads: its bytes and tokens fit in a core's cache.
  static let pieceBytes = 128 * 1024
  /// Bytes between two checkpoints of a line table: a column is counted from the nearest one.
  static let lineTableCheckpointSpacing = 128
  /// Diagnostics below which a list is sorted directly rather than by precomputed keys.
  static let minimumKeyedSort = 64

  // MARK: Budgets: what a search may spend before it settles for less.

  /// Work allowed for "did you mean" suggestions in one run (candidates visited plus bytes
  /// compared and table cells computed): about 0.7 s of a release build on the worst input of
  /// docs/robustness.md; after it, names get no suggestion, the same on every run.
  static let suggestionWorkPerRun = 300_000_000
  /// Configurations the shortest-witness search may meet before it keeps the joined path:
  /// enough for the modules people write by hand, bounded on the generated ones.
  static let shortestWitnessConfigurations = 2_000
}
