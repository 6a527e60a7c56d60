import Dispatch
import NavRulesCompiler

/// A check (`Workspace.Check`) running on a thread of its own while the server keeps
/// answering messages (`LanguageServer.serve`): a scan of a 60 MB document takes seconds, and
/// `shutdown`, a code action or the next edit must not wait for it.
///
/// The server asks for `outcome` after `wake` has woken its loop. A check made stale (a newer
/// edit of its group, `shutdown`) still runs to its end (the scanner has no point to stop at
/// yet), and the server publishes nothing of it.
final class RunningCheck: @unchecked Sendable {
  let check: Workspace.Check
  /// The documents to publish for even when their diagnostics did not change.
  let forcing: Set<String>
  private let condition = ThreadCondition()
  private var stale = false
  private var result: Workspace.Check.Outcome?

  init(
    _ check: Workspace.Check, forcing: Set<String>, willRun: (@Sendable () -> Void)?,
    wake: @escaping @Sendable () -> Void
  ) {
    self.check = check
    self.forcing = forcing
    // An overcommitting thread of its own: the scan's own concurrent reading keeps the
    // shared pool.
    DispatchQueue(label: "navrc.language-server.check").async { [self] in
      willRun?()
      let outcome = check.run()
      condition.lock()
      result = outcome
      condition.unlock()
      wake()
    }
  }

  /// Whether what the check finds is out of date; set by the server's thread.
  var isStale: Bool {
    get {
      condition.lock()
      defer { condition.unlock() }
      return stale
    }
    set {
      condition.lock()
      stale = newValue
      condition.unlock()
    }
  }

  /// What the check found, once it has finished.
  var outcome: Workspace.Check.Outcome? {
    condition.lock()
    defer { condition.unlock() }
    return result
  }
}
