import NavRulesCompiler

/// Methods that push one of their parameters on the navigation controller of the object they
/// run on (docs/scan.md#push-helpers): `func show(_ vc: UIViewController) {
/// navigationController?.pushViewController(vc, animated: true) }`, `- (void)open:(UIViewController
/// *)vc { [self.navigationController pushViewController:vc animated:YES]; }`, often in a base
/// class or an `extension UIViewController`.
///
/// A call of such a method on `self` (`show(Detail())`, `self.show(…)`, `[self open:…]`) in a
/// screen's code, dispatched to it from the screen's class, pushes the argument from that
/// screen, as the push written in place would.
struct PushHelpers {
  /// `owner → "baseName/arity" → the index of the parameter pushed`.
  private var helpers: [String: [String: Int]] = [:]
  /// Every helper's base name: a call by another name is not looked up.
  private(set) var names: Set<String> = []

  init(files: [ScannedFile], classes: ClassTable) {
    for file in files {
      for type in file.allTypes
      where type.kind == .class || type.kind == .extension || type.kind == .objcImplementation {
        for method in type.methods
        where !method.isStatic && method.kind == .function && !method.parameterNames.isEmpty
          && file.file.mentions(Self.pushWords, in: method.range)
        {
          guard let index = Self.pushedParameter(of: method, owner: type.name, file, classes)
          else { continue }
          helpers[type.name, default: [:]]["\(method.baseName)/\(method.parameterNames.count)"] =
            index
          names.insert(method.baseName)
        }
      }
    }
  }

  private static let pushWords = ["push", "show"].map { Array($0.utf8) }

  /// The parameter the method pushes on its own navigation controller (`navigationController`,
  /// `self.navigationController`, a local bound to it), where nothing in the method binds its
  /// name again.
  private static func pushedParameter(
    of method: ScannedMethod, owner: String, _ file: ScannedFile, _ classes: ClassTable
  ) -> Int? {
    guard let body = method.body else { return nil }
    let context = CodeContext(file: file.file, selfClass: owner, method: method)
    var found: Int?
    forEachExpression(in: body) { candidate in
      guard found == nil, case .call = candidate.kind,
        let (receiver, name, arguments) = candidate.methodCallOnAnyReceiver,
        UIKitVocabulary.isPush(name, arguments), receiver?.identifierName != "super",
        let value = arguments.first?.value.uncast, let parameter = value.identifierName,
        context.locals[parameter] == nil,
        let index = method.parameterNames.firstIndex(of: parameter),
        context.isParameterVisible(parameter, at: value.range.lowerBound),
        context.isOwnNavigationController(receiver, classes: classes)
      else { return }
      found = index
    }
    return found
  }

  /// The argument a call in code of `context.selfClass` hands to a helper that pushes it:
  /// `show(Detail())`, `self.show(…)`, `[self open:…]`.
  func pushedArgument(
    of name: String, _ arguments: [ScanArgument], receiver: ScanExpr?, in context: CodeContext,
    classes: ClassTable
  ) -> ScanExpr? {
    guard receiver == nil, names.contains(name), let selfClass = context.selfClass,
      let (method, _, owner) = classes.method(
        name, labels: arguments.map(\.label), dispatchedFrom: selfClass),
      method.matches(name, arguments.map(\.label)),
      let index = helpers[owner]?["\(name)/\(arguments.count)"]
    else { return nil }
    return arguments[index].value
  }
}
