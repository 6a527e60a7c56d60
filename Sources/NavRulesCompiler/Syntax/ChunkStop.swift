/// When the lexer or parser of a chunk lexed and parsed ahead (`ParallelParser`) gives up, its
/// result being of no use: at its first diagnostic (the chunk is then read again with what
/// follows it), or when `isAbandoned` says so (a chunk before it had a diagnostic). Asked
/// seldom, so it costs nothing when nothing stops.
struct ChunkStop: Sendable {
  var atFirstDiagnostic: Bool
  var isAbandoned: (@Sendable () -> Bool)?

  /// For a whole file, or a chunk whose result is kept whatever it holds.
  static let never = ChunkStop(atFirstDiagnostic: false, isAbandoned: nil)
}
