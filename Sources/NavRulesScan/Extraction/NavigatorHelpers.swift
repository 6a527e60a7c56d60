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
    var navClass: String
    var site: SourceRange
  }

  init(files: [ScannedFile], classes: ClassTable, resolver: ClassResolver) {
    var helpers: [Helper] = []
    let needles = [Array("ootViewController".utf8)]
    for file in files where file.file.mentions(needles, in: 0..<file.file.bytes.count) {
      var methods: [(ScannedMethod, String?)] = file.functions.map { ($0, nil) }
      for type in file.allTypes where classes.isClass(type.name) {
        methods += type.methods.map { ($0, type.name) }
      }
      for (method, owner) in methods where !method.parameterNames.isEmpty {
        guard let body = method.body, file.file.mentions(needles, in: method.range) else {
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
              index: index, navClass: navClass, site: context.range(candidate.range)))
        }
      }
    }
    guard !helpers.isEmpty else { return }
    let names = Set(helpers.map(\.baseName))
    let words = names.map { Array($0.utf8) }
    for file in files {
      var bodies: [([ScanStatement], String?)] = file.functions.compactMap { function in
        function.body.map { ($0, nil) }
      }
      for type in file.allTypes {
        let owner = classes.isClass(type.name) ? type.name : nil
        for method in type.methods where file.file.mentions(words, in: method.range) {
          if let body = method.body { bodies.append((body, owner)) }
        }
      }
      for (body, owner) in bodies {
        let context = CodeContext(file: file.file, selfClass: owner, body: body)
        forEachExpression(in: body) { candidate in
          guard let (callee, arguments) = candidate.call else { return }
          var name: String?
          var onSelf = false
          if let identifier = callee.identifierName {
            name = identifier
          } else if let (base, member) = callee.member, let base, context.isSelf(base) {
            name = member
            onSelf = true
          }
          guard let name, names.contains(name) else { return }
          // The helper the call reaches: the method the class dispatches to, or (called
          // without `self.`) a file-level function when the class has no such method.
          let method = owner.flatMap {
            classes.method(name, labels: arguments.map(\.label), dispatchedFrom: $0)
          }
          let helper = helpers.first { helper in
            guard helper.baseName == name, helper.arity == arguments.count else { return false }
            if let method { return helper.owner == method.owner }
            return helper.owner == nil && !onSelf
          }
          guard let helper else { return }
          helperSites.insert(helper.site)
          let at = context.range(candidate.range)
          if let rootClass = resolver.viewControllerClass(
            of: arguments[helper.index].value, in: context)
          {
            creations.append(Creation(navClass: helper.navClass, rootClass: rootClass, at: at))
          } else {
            unresolved.append(
              AppModel.Unresolved(
                range: at,
                what: "navigation controller made by '\(name)' with a root view controller "
                  + "whose class is not known"))
          }
        }
      }
    }
  }
}
