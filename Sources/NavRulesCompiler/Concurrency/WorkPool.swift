import Dispatch

/// Runs jobs on up to `threads` threads, the caller's among them, and returns once every job,
/// and every job they handed back, has run.
///
/// A job hands back the work that needs its result (a navigator's rules need its
/// exploration); that work runs on whichever thread is free. The newest job runs first, so a
/// navigator whose exploration is done is checked before the next one is explored, and few
/// explorations are alive at once. With one thread everything runs on the caller's, in that
/// order, and no other thread is involved.
enum WorkPool {
  /// Work to run, which hands back the work that needs its result.
  struct Job: Sendable {
    let run: @Sendable () -> [Job]

    init(_ run: @escaping @Sendable () -> [Job]) {
      self.run = run
    }
  }

  static func run(_ jobs: [Job], threads: Int) {
    let queue = JobQueue(jobs)
    // Pool threads rather than new ones: a small module's check costs less than a thread's
    // start. A helper that starts late finds nothing left and returns.
    for _ in 1..<max(1, threads) {
      DispatchQueue.global(qos: .userInitiated).async { queue.work() }
    }
    queue.work()
  }
}

/// The jobs still to run, shared by the threads of one `WorkPool.run`.
///
/// `@unchecked Sendable`: `pending` and `running` are read and written only with `condition`
/// locked.
private final class JobQueue: @unchecked Sendable {
  private let condition = ThreadCondition()
  /// The next job last.
  private var pending: [WorkPool.Job]
  /// How many jobs are running: while any is, it may still hand back more.
  private var running = 0

  init(_ jobs: [WorkPool.Job]) {
    pending = jobs.reversed()
  }

  /// Runs jobs until none is pending or running.
  func work() {
    condition.lock()
    while true {
      if let job = pending.popLast() {
        running += 1
        condition.unlock()
        let handedBack = job.run()
        condition.lock()
        running -= 1
        pending += handedBack.reversed()
        condition.broadcast()
      } else if running > 0 {
        condition.wait()
      } else {
        condition.unlock()
        return
      }
    }
  }
}
