import NavRulesCompiler

/// Navigation controllers made through one level of helper with a parameter
/// (docs/scan.md#navigator-helpers): `func wrap(_ vc: UIViewController) -> UINavigationController
/// { UINavigationController(rootViewController: vc) }`, a method of a class or a file-level
/// function. Each call whose argument navrc resolves (`wrap(HomeViewController())`,
/// `self.wrap(…)`, `[self wrap:…]`) makes a navigator of the helper's class rooted at that
/// argument, at the call; a call whose argument is not resolved is listed as unresolved.
struct NavigatorHelperReading {
  struct Creation {
    var navClass: String
    var rootClass: String
    var at: SourceRange
  }

  private(set) var creations: [Creation] = []
  /// The creations inside helpers whose root is their parameter, for helpers that are
  /// called: read at their calls, not unresolved values there. (A helper nothing calls stays
  /// listed where it makes its navigation controller.)
  private(set) var helperSites: Set<SourceRange> = []
  private(set) var unresolved: [AppModel.Unresolved] = []

  private struct Helper {
    /// The class whose method it is; nil for a file-level function.
    var owner: String?
    var baseName: String
    var arity: Int
    var index: Int
    /// The label of the root parameter: calls may leave out parameters with defaults.
    var label: String?
    var isStatic: Bool
    var navClass: String
    var site: SourceRange
  }

  init(files: [ScannedFile], classes: ClassTable, resolver: ClassResolver) {
    var helpers: [Helper] = []
    let needles = MentionWords(["ootViewController"])
    for file in files where file.mentions(needles) {
      var methods: [(ScannedMethod, String?)] = file.functions.map { ($0, nil) }
      for type in file.allTypes where classes.isClass(type.name) {
        methods += type.methods.map { ($0, type.name) }
      }
      for (method, owner) in methods where !method.parameterNames.isEmpty {
        guard let body = method.body, file.mentions(needles, in: method.range) else {
          continue
        }
        let context = CodeContext(file: file.file, selfClass: owner, body: body)
        forEachExpression(in: body) { candidate in
          guard let (navClass, root) = AppModelBuilder.navigatorCreation(candidate, classes),
            let name = root.uncast.identifierName, context.locals[name] == nil,
            let index = method.parameterNames.firstIndex(of: name)
          else { return }
          helpers.append(
            Helper(
              owner: owner, baseName: method.baseName, arity: method.parameterNames.count,
              index: index, label: method.argumentLabels[index], isStatic: method.isStatic,
              navClass: navClass, site: context.range(candidate.range)))
        }
      }
    }
    guard !helpers.isEmpty else { return }
    let names = Set(helpers.map(\.baseName))
    let words = NameMentions(names)
    for file in files {
      let mentioned = words.inFile(file)
      var bodies: [([ScanStatement], String?)] = file.functions.compactMap { function in
        function.body.map { ($0, nil) }
      }
      for type in file.allTypes {
        let owner = classes.isClass(type.name) ? type.name : nil
        for method in type.methods where mentioned.occur(in: method.range) {
          if let body = method.body { bodies.append((body, owner)) }
        }
      }
      for (body, owner) in bodies {
        let context = CodeContext(file: file.file, selfClass: owner, body: body)
        // The helper calls inside a `map` read as such.
        var mapped: Set<Range<Int>> = []
        forEachExpression(in: body) { candidate in
          guard let (callee, arguments) = candidate.call else { return }
          // `tabs.map { wrap($0) }`: a navigator per element of `tabs`.
          if let (base, name) = callee.member, name == "map", let base,
            let closure = arguments.last?.value,
            case .closure(let parameters, let closureBody) = closure.kind,
            closureBody.count == 1, let (call, callArguments) = Self.singleCall(closureBody[0]),
            let helper = helper(call, callArguments, context),
            let argument = Self.argument(of: helper, in: callArguments),
            let argumentName = argument.uncast.identifierName,
            argumentName == "$0" || parameters == [argumentName]
          {
            let at = context.range(candidate.range)
            helperSites.insert(helper.site)
            mapped.insert(call.range)
            guard let elements = Self.elements(of: base, in: body, context) else {
              note(at, helper.baseName)
              return
            }
            // One navigator per element's class: a screen in two literals is one tab root.
            var rooted: Set<String> = []
            for element in elements {
              let rootClass = resolver.viewControllerClass(of: element, in: context)
              if let rootClass, !rooted.insert(rootClass).inserted { continue }
              root(helper, element, context.range(element.range), context)
            }
            return
          }
          guard !mapped.contains(callee.range), let helper = helper(callee, arguments, context),
            let argument = Self.argument(of: helper, in: arguments)
          else { return }
          helperSites.insert(helper.site)
          root(helper, argument, context.range(candidate.range), context)
        }
      }
    }

    /// The helper a call reaches: the method the class dispatches to (for `T.helper(…)`, the
    /// type's static one), or (called without `self.`) a file-level function when the class
    /// has no such method.
    func helper(_ callee: ScanExpr, _ arguments: [ScanArgument], _ context: CodeContext)
      -> Helper?
    {
      var name: String?
      var receiver: String?
      var onSelf = false
      if let identifier = callee.identifierName {
        name = identifier
      } else if let (base, member) = callee.member, let base {
        if context.isSelf(base) {
          onSelf = true
        } else if let typeName = base.identifierName, classes.isClass(typeName) {
          receiver = typeName
        } else {
          return nil
        }
        name = member
      }
      guard let name, names.contains(name) else { return nil }
      if let receiver {
        return helpers.first {
          $0.baseName == name && $0.isStatic
            && $0.owner.map(classes.chain(from: receiver).contains)
              == true
            && arguments.count <= $0.arity
        }
      }
      let method = context.selfClass.flatMap {
        classes.method(name, labels: arguments.map(\.label), dispatchedFrom: $0)
      }
      return helpers.first { helper in
        guard helper.baseName == name, arguments.count <= helper.arity else { return false }
        if let method { return helper.owner == method.owner }
        return helper.owner == nil && !onSelf
      }
    }

    func root(_ helper: Helper, _ argument: ScanExpr, _ at: SourceRange, _ context: CodeContext) {
      if let rootClass = resolver.viewControllerClass(of: argument, in: context) {
        creations.append(Creation(navClass: helper.navClass, rootClass: rootClass, at: at))
      } else {
        note(at, helper.baseName)
      }
    }

    func note(_ at: SourceRange, _ name: String) {
      unresolved.append(
        AppModel.Unresolved(
          range: at,
          what: "navigation controller made by '\(name)' with a root view controller whose class "
            + "is not known"))
    }
  }

  /// The argument a call gives the helper's root parameter: by its label, or by position for
  /// an unlabelled one.
  private static func argument(of helper: Helper, in arguments: [ScanArgument]) -> ScanExpr? {
    if let label = helper.label {
      return arguments.first { $0.label == label }?.value
    }
    guard helper.index < arguments.count, arguments[helper.index].label == nil else {
      return nil
    }
    return arguments[helper.index].value
  }

  /// The call a one-statement closure body makes: `{ wrap($0) }`, `{ return wrap($0) }`.
  private static func singleCall(_ statement: ScanStatement) -> (ScanExpr, [ScanArgument])? {
    switch statement.kind {
    case .expression(let value), .returnStatement(let value?): return value.call
    default: return nil
    }
  }

  /// The elements an array may hold where it is mapped: an array literal, or a local whose
  /// every binding and assignment in the method is an array literal (or an empty array) and
  /// that is otherwise only appended to; nil when anything else may have changed it.
  static func elements(
    of array: ScanExpr, in body: [ScanStatement], _ context: CodeContext
  ) -> [ScanExpr]? {
    if case .array(let elements) = array.uncast.kind { return elements }
    guard let name = array.uncast.identifierName, context.locals[name] != nil else {
      return nil
    }
    var elements: [ScanExpr] = []
    var known = true
    let add = { (value: ScanExpr, elements: inout [ScanExpr]) -> Bool in
      switch value.uncast.kind {
      case .array(let items):
        elements += items
        return true
      case .call(let callee, let arguments, _):
        // `[UIViewController]()`: empty.
        if case .array = callee.kind, arguments.isEmpty { return true }
        return false
      default:
        return false
      }
    }
    forEachStatement(in: body) { statement, _ in
      switch statement.kind {
      case .declaration(let declaration) where declaration.name == name:
        if let value = declaration.initializer, !add(value, &elements) { known = false }
      case .assignment(let target, let value, let op) where target.uncast.identifierName == name:
        if op != nil || !add(value, &elements) { known = false }
      default:
        break
      }
    }
    forEachExpression(in: body) { candidate in
      guard let (receiver, method, arguments) = candidate.methodCall,
        receiver?.uncast.identifierName == name
      else { return }
      if method == "append", arguments.count == 1 {
        elements.append(arguments[0].value)
      } else if method != "map" {
        known = false
      }
    }
    return known ? elements : nil
  }
}
