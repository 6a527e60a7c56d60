import NavRulesCompiler

/// Navigation controllers made in a `map` over the screens they wrap
/// (docs/scan.md#navigator-helpers): `[home, search].map { UINavigationController(rootViewController:
/// $0) }` (or a named closure parameter), a tab bar controller's tabs. Each element the array may
/// hold is the root of a navigator of that class, at the element; the creation inside the
/// closure is then not a navigator of its own. An element whose class navrc does not resolve is
/// listed as unresolved, and so is an array whose elements are not known.
struct MappedNavigatorReading {
  private(set) var creations: [NavigatorHelperReading.Creation] = []
  /// The creations inside the closures, read at the elements instead.
  private(set) var closureSites: Set<SourceRange> = []
  private(set) var unresolved: [AppModel.Unresolved] = []

  init(files: [ScannedFile], classes: ClassTable, resolver: ClassResolver) {
    let needles = [Array("ootViewController".utf8)]
    let mapWord = [Array("map".utf8)]
    for file in files
    where file.file.mentions(needles, in: 0..<file.file.bytes.count)
      && file.file.mentions(mapWord, in: 0..<file.file.bytes.count)
    {
      var bodies: [([ScanStatement], String?)] = file.functions.compactMap { function in
        function.body.map { ($0, nil) }
      }
      for type in file.allTypes {
        let owner = classes.isClass(type.name) ? type.name : nil
        for method in type.methods where file.file.mentions(needles, in: method.range) {
          if let body = method.body { bodies.append((body, owner)) }
        }
        for property in type.properties where file.file.mentions(needles, in: property.range) {
          var statements: [ScanStatement] = []
          if let value = property.initializer {
            statements.append(
              ScanStatement(.expression(value), range: value.range, firstTokenRange: value.range))
          }
          for accessor in property.accessors { statements += accessor.body ?? [] }
          bodies.append((statements, owner))
        }
      }
      for (body, owner) in bodies {
        let context = CodeContext(file: file.file, selfClass: owner, body: body)
        forEachExpression(in: body) { candidate in
          guard let (callee, arguments) = candidate.call, let (base, name) = callee.member,
            name == "map", let base, let closure = arguments.last?.value,
            case .closure(let parameters, let closureBody) = closure.kind, closureBody.count == 1,
            let creation = Self.singleValue(closureBody[0]),
            let (navClass, root) = AppModelBuilder.navigatorCreation(creation, classes),
            let rootName = root.uncast.identifierName,
            rootName == "$0" || parameters == [rootName]
          else { return }
          closureSites.insert(context.range(creation.range))
          guard
            let elements = NavigatorHelperReading.elements(of: base, in: body, context)
          else {
            note(
              context.range(candidate.range),
              "navigation controllers made in 'map' over an array whose elements navrc does not "
                + "know")
            return
          }
          // One navigator per element's class: a screen in two literals is one tab root.
          var rooted: Set<String> = []
          for element in elements {
            let at = context.range(element.range)
            guard let rootClass = resolver.viewControllerClass(of: element, in: context) else {
              note(
                at,
                "navigation controller made in 'map' with a root view controller whose class is "
                  + "not known")
              continue
            }
            guard rooted.insert(rootClass).inserted else { continue }
            creations.append(
              NavigatorHelperReading.Creation(navClass: navClass, rootClass: rootClass, at: at))
          }
        }
      }
    }
  }

  /// The value a one-statement closure body gives: `{ N(rootViewController: $0) }`,
  /// `{ return N(…) }`.
  private static func singleValue(_ statement: ScanStatement) -> ScanExpr? {
    switch statement.kind {
    case .expression(let value), .returnStatement(let value?): value
    default: nil
    }
  }

  private mutating func note(_ at: SourceRange, _ what: String) {
    unresolved.append(AppModel.Unresolved(range: at, what: what))
  }
}
