/// The writers of one field's origin searches in one navigator, handed out one at a time, in
/// order, to the tasks that search them: each task searches writers until none is left, so
/// the tasks end together however long each writer's search, or a task's other work, takes
/// (a fixed split left one thread idle while the other finished its half).
///
/// `@unchecked Sendable`: `next` is read and written only with `condition` locked.
final class WriterClaims: @unchecked Sendable {
  private let condition = ThreadCondition()
  private var next = 0
  private var exhausted = false

  /// The index of the next writer to search, or `nil` once all `count` were handed out.
  func claim(of count: Int) -> Int? {
    condition.withLock {
      guard next < count else {
        exhausted = true
        return nil
      }
      next += 1
      return next - 1
    }
  }

  /// Whether every writer was handed out: a task that starts later has nothing to search.
  var isExhausted: Bool { condition.withLock { exhausted } }
}
