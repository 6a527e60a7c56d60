import NavRulesCompiler

/// The pushes a coordinator's (or router's) method makes itself, and the methods of its own
/// object it calls: the one walk that `CoordinatorReading` and `InjectedNavigatorReading`
/// share, each with its own test of which receiver is the navigation controller pushed on.
///
/// Code in closures is left out: a closure the method gives a screen it makes runs when that
/// screen is on top, not the screen the method's pushes are from.
struct MethodPushes {
  /// A push whose view controller navrc resolves: its class and the call.
  var pushes: [(to: String, at: SourceRange)] = []
  /// The methods called on the object itself (`showDetail()`, `self.finish()`, `[self next]`),
  /// in order, which a caller may follow.
  var selfCalls: [String] = []

  /// `isNavigator` says whether a push's receiver (nil for `self`, written or not) is the
  /// navigation controller the object pushes on.
  init(
    in body: [ScanStatement], _ context: CodeContext, resolver: ClassResolver,
    isNavigator: (ScanExpr?) -> Bool
  ) {
    forEachExpressionOutsideClosures(in: body) { candidate in
      guard case .call = candidate.kind,
        let (receiver, name, arguments) = candidate.methodCallOnAnyReceiver
      else { return }
      if UIKitVocabulary.isPush(name, arguments), receiver?.identifierName != "super",
        isNavigator(receiver), let first = arguments.first?.value,
        let target = resolver.viewControllerClass(of: first, in: context)
      {
        pushes.append((target, context.range(candidate.range)))
      } else if receiver == nil {
        selfCalls.append(name)
      }
    }
  }
}
