import NavRules
import NavRulesCompiler
import Testing

/// Rule books from rule-file text, through the real compiler.
enum RuleBookFixtures {
  static func book(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> RuleBook
  {
    let compilation = Compilation(files: [SourceFile(path: "test.navrules", text: source)])
    // Some fixtures keep the traps the checker reports (a delegate set to `none`, say) on
    // purpose: the runtime must stay safe even then. Only the front end must accept them.
    #expect(
      !compilation.hasFrontEndErrors, "\(compilation.diagnostics)", sourceLocation: sourceLocation)
    return try #require(
      RuleBookBuilder.book(from: compilation.module), sourceLocation: sourceLocation)
  }

  /// A session on the first navigator, launched with `stack` (class names) and idle.
  static func session(_ source: String, stack: [String]) throws -> NavigatorSession {
    var session = NavigatorSession(book: try book(source), navigator: NavRules.NavigatorID(0))
    _ = session.launch(classNames: stack)
    _ = session.transitionDidEnd()
    return session
  }
}

extension NavigatorSession {
  /// A back tap whose interceptor (if asked) answers `answer`; returns the answer and the asks.
  mutating func tap(at now: Double = 10_000, answer: Bool? = true, count: Int? = nil)
    -> (BackButtonAnswer, asked: [Int])
  {
    let viewControllers = count ?? stack.count
    switch backButtonTapped(
      viewControllerCount: viewControllers, itemCount: viewControllers, nowMilliseconds: now)
    {
    case .answer(let answer): return (answer, [])
    case .ask(let index): return (interceptorAnswered(answer), [index])
    }
  }

  /// Performs an accepted tap's pop to the end.
  mutating func completeTapPop() -> [NavigationEffect] {
    guard shouldPerformTapPop(viewControllerCount: stack.count) else { return [] }
    return didBeginPop(interactive: false, animated: true) + transitionDidEnd()
  }
}
