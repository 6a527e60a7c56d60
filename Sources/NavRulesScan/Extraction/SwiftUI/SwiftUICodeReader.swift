import NavRulesCompiler

/// Reads the SwiftUI code of one view (its bodies, or a stack's or a destination's content)
/// into `SwiftUIViewCode`: the links, destinations, facts, inline subviews and stacks it holds.
/// Content presented modally (`sheet`, `fullScreenCover`, …) is another hierarchy and is not
/// read as this view's; a stack met is recorded, its content read apart.
struct SwiftUICodeReader {
  private let views: SwiftUIViewTable
  /// The view whose code this is, for the types of its properties.
  private let view: String
  private var file: SourceFile
  private var code = SwiftUIViewCode()
  /// Closure parameters whose type is known: the element of `ForEach(items) { item in … }`.
  private var parameterTypes: [String: String] = [:]
  /// `navigationBarBackButtonHidden` met: where, and its argument's text when not a literal.
  private var backHidden: (at: SourceRange, condition: String?)?
  /// The buttons of leading toolbar items and `navigationBarItems(leading:)`: where each is,
  /// and its action.
  private var leadingActions: [(at: SourceRange, action: [ScanStatement])] = []
  /// States bound to an `.alert` or `.confirmationDialog` (`isPresented: $name`).
  private var alertStates: Set<String> = []
  private var depth = 0
  /// The `extension View` methods being read, against a helper that calls itself.
  private var helpersRead: Set<String> = []

  private init(views: SwiftUIViewTable, view: String, file: SourceFile) {
    self.views = views
    self.view = view
    self.file = file
  }

  /// The code of a view type: all its bodies.
  /// Its `body`, and the members (`@ViewBuilder` helpers, computed properties, methods) the
  /// code read names, transitively: a helper named only inside a destination is that
  /// destination's code, not the view's. A type without a `body` (a representable) is read
  /// whole.
  static func read(view name: String, in views: SwiftUIViewTable) -> SwiftUIViewCode {
    guard let entry = views[name], let first = entry.bodies.first else {
      return SwiftUIViewCode()
    }
    var reader = SwiftUICodeReader(views: views, view: name, file: first.file)
    let hasBody = entry.bodies.contains { $0.member == "body" }
    var read = [Bool](repeating: false, count: entry.bodies.count)
    var progress = true
    while progress {
      progress = false
      for (index, part) in entry.bodies.enumerated() where !read[index] {
        guard !hasBody || part.member == "body" || reader.code.referenced.contains(part.member)
        else { continue }
        read[index] = true
        progress = true
        reader.file = part.file
        reader.statements(part.statements)
      }
    }
    return reader.finish()
  }

  /// The content of a stack or a destination written in `view`'s code.
  private func readApart(_ expression: ScanExpr) -> SwiftUIViewCode {
    var reader = SwiftUICodeReader(views: views, view: view, file: file)
    reader.parameterTypes = parameterTypes
    reader.depth = depth
    reader.helpersRead = helpersRead
    reader.expression(expression)
    return reader.finish()
  }

  private mutating func finish() -> SwiftUIViewCode {
    if let backHidden {
      if canStay() {
        code.facts.interceptTaps = backHidden
        code.facts.backButtonHidden = backHidden.at
      } else if let condition = backHidden.condition {
        note(
          backHidden.at,
          "navigationBarBackButtonHidden(\(condition)): its argument is not a literal")
      } else {
        code.facts.backButtonHidden = backHidden.at
      }
    }
    if code.facts.interceptTaps == nil {
      code.facts.leadingButtonLeaves =
        leadingActions.first { Self.dismissesAtTopLevel($0.action) }?.at
    }
    return code
  }

  private mutating func note(_ at: SourceRange, _ what: String) {
    code.unresolved.append(AppModel.Unresolved(range: at, what: what))
  }

  private func range(_ expression: ScanExpr) -> SourceRange { SourceRange(file, expression.range) }

  // MARK: - Walking

  private mutating func statements(_ list: [ScanStatement]) {
    for statement in list {
      for expression in statement.expressions { self.expression(expression) }
      for body in statement.nestedBodies { statements(body) }
    }
  }

  private mutating func expression(_ expression: ScanExpr) {
    guard depth < 64 else { return }
    depth += 1
    defer { depth -= 1 }
    switch expression.kind {
    case .call(let callee, let arguments, let trailing):
      if let type = Self.typeName(callee) {
        construction(expression, type: type, arguments: arguments, trailing: trailing)
      } else if case .member(let base?, let name) = callee.kind {
        modifier(expression, base: base, name: name, arguments: arguments + trailing)
      } else if let name = callee.identifierName,
        Self.implicitModifiers.contains(name) || views.helpers[name] != nil,
        views[view]?.methods.contains(where: { $0.method.baseName == name }) != true
      {
        // `navigationDestination(for:) { … }` with no base, in a helper's or a view's own
        // code: a modifier of the content that code builds.
        modifier(expression, base: nil, name: name, arguments: arguments + trailing)
      } else {
        self.expression(callee)
        for argument in arguments + trailing { self.expression(argument.value) }
      }
    case .closure(_, let body):
      statements(body)
    case .identifier(let name):
      code.referenced.insert(name)
    case .member(let base?, let name) where base.isSelf:
      code.referenced.insert(name)
    default:
      for child in expression.children { self.expression(child) }
    }
  }

  /// `X(…)`, `X.init(…)`, `X { … }`: a view built, a stack, a link or a container.
  private mutating func construction(
    _ expression: ScanExpr, type: String, arguments: [ScanArgument], trailing: [ScanArgument]
  ) {
    if SwiftUIVocabulary.stackTypes.contains(type) {
      stack(expression, kind: type, arguments: arguments + trailing)
      return
    }
    if type == SwiftUIVocabulary.link {
      link(expression, arguments: arguments, trailing: trailing)
      return
    }
    if type == "NavigationSplitView" {
      note(
        range(expression),
        "NavigationSplitView: its collapsed stack is read only through a NavigationStack in a "
          + "column")
    }
    if let key = views.resolve(type, from: view), views[key]?.isApp == false,
      !code.subviews.contains(key)
    {
      code.subviews.append(key)
    }
    // `ForEach(items) { item in … }`: `item` is an element of `items`.
    var saved: [String: String]?
    if type == "ForEach" || type == "List", let collection = arguments.first?.value,
      let element = elementType(of: collection),
      case .closure(let parameters, _)? = trailing.first?.value.kind, let first = parameters.first
    {
      saved = parameterTypes
      parameterTypes[first] = element
    }
    for argument in arguments + trailing { self.expression(argument.value) }
    if let saved { parameterTypes = saved }
  }

  /// `base.name(arguments)`: a modifier, or a method call.
  private mutating func modifier(
    _ expression: ScanExpr, base: ScanExpr?, name: String, arguments: [ScanArgument]
  ) {
    let at = SourceRange(file, Self.modifierRange(of: expression, name: name))
    // The base first: what the code says comes in source order.
    if let base { self.expression(base) }
    switch name {
    case SwiftUIVocabulary.destinationModifier:
      destination(arguments: arguments, at: at)
      return
    case _ where SwiftUIVocabulary.presentationModifiers.contains(name):
      if SwiftUIVocabulary.alertModifiers.contains(name) {
        for argument in arguments where argument.label == "isPresented" {
          if let state = Self.boundName(argument.value) { alertStates.insert(state) }
        }
      }
      // Presented content is a hierarchy of its own: only the stacks it holds are kept.
      for argument in arguments where Self.isClosure(argument.value) {
        let presented = readApart(argument.value)
        for stack in presented.stacks {
          if stack.root == nil, stack.holder == view {
            // Its root is content written inline in the presentation, not a view type.
            note(
              stack.at, "\(stack.kind) presented with inline content: its root is not a view type")
          } else {
            code.stacks.append(stack)
          }
        }
        code.boundPaths.formUnion(presented.boundPaths)
      }
      return
    case SwiftUIVocabulary.backButtonHidden:
      switch arguments.first?.value {
      case nil: backHidden = backHidden ?? (at, nil)
      case let value? where value.booleanValue == true: backHidden = backHidden ?? (at, nil)
      case let value? where value.booleanValue == false: break
      case let value?: backHidden = backHidden ?? (at, file.text(value.range))
      }
    case SwiftUIVocabulary.barHidden:
      switch arguments.first?.value.booleanValue {
      case true?: code.facts.barHidden = code.facts.barHidden ?? at
      case false?: break
      case nil:
        note(at, "navigationBarHidden(…) whose argument is not a literal")
      }
    case _
    where SwiftUIVocabulary.toolbarVisibilityModifiers.contains(name)
      && !arguments.isEmpty && arguments.first?.label == nil
      && arguments.first.map({ Self.isClosure($0.value) }) == false:
      toolbarVisibility(arguments, at: at)
    case SwiftUIVocabulary.toolbar:
      for argument in arguments { leadingToolbarItems(in: argument.value) }
    case SwiftUIVocabulary.barItems:
      for argument in arguments where argument.label == SwiftUIVocabulary.leadingLabel {
        code.facts.leadingItem = code.facts.leadingItem ?? at
        leadingActions += buttonActions(in: argument.value)
      }
    case "append":
      if arguments.count == 1, arguments[0].label == nil, let receiver = base.flatMap(Self.lastName)
      {
        let value = self.value(
          of: arguments[0].value, pathType: views.propertyType(receiver, of: view))
        code.appends.append((receiver, value, range(expression)))
      }
    case _ where views.helpers[name] != nil:
      applyHelper(name)
    default:
      break
    }
    for argument in arguments { self.expression(argument.value) }
  }

  /// `content.withAppRouter()`: the code of the app's `extension View` method, read as this
  /// content's (its destinations, links and facts), at the helper's own lines.
  private mutating func applyHelper(_ name: String) {
    guard let (method, helperFile) = views.helpers[name], let body = method.body,
      helpersRead.insert(name).inserted
    else { return }
    let saved = file
    file = helperFile
    statements(body)
    file = saved
    helpersRead.remove(name)
  }

  /// Modifiers navrc reads when written without a base, as in an `extension View` method.
  private static let implicitModifiers: Set<String> = [
    SwiftUIVocabulary.destinationModifier, SwiftUIVocabulary.backButtonHidden,
    SwiftUIVocabulary.barHidden, SwiftUIVocabulary.barItems, SwiftUIVocabulary.toolbar,
  ]

  /// `.toolbar(.hidden, for: .navigationBar)`, `.toolbar(.hidden)`,
  /// `.toolbarVisibility(.hidden, for: .navigationBar)`.
  private mutating func toolbarVisibility(_ arguments: [ScanArgument], at: SourceRange) {
    guard let visibility = arguments.first?.value else { return }
    let bars = arguments.dropFirst()
    let namesBar =
      bars.isEmpty
      || bars.contains {
        $0.value.member.map {
          $0.base == nil && SwiftUIVocabulary.navigationBarPlacements.contains($0.name)
        }
          == true
      }
    guard namesBar else { return }
    switch visibility.member {
    case (nil, "hidden")?: code.facts.barHidden = code.facts.barHidden ?? at
    case (nil, "visible")?, (nil, "automatic")?: break
    default: note(at, "\(file.text(visibility.range)): a bar visibility that is not a literal")
    }
  }

  /// `ToolbarItem(placement: .navigationBarLeading) { … }` in a toolbar's content.
  private mutating func leadingToolbarItems(in content: ScanExpr) {
    content.forEachSubexpression { candidate in
      guard case .call(let callee, let arguments, let trailing) = candidate.kind,
        let type = Self.typeName(callee), SwiftUIVocabulary.toolbarItems.contains(type),
        let placement = arguments.first(where: { $0.label == "placement" })?.value,
        let (_, placementName) = placement.member,
        SwiftUIVocabulary.leadingPlacements.contains(placementName)
      else { return }
      code.facts.leadingItem = code.facts.leadingItem ?? range(candidate)
      for argument in arguments + trailing {
        leadingActions += buttonActions(in: argument.value)
      }
    }
    // Closures' statements are not subexpressions: read them too.
    for body in content.closures {
      for statement in body {
        for expression in statement.expressions { leadingToolbarItems(in: expression) }
      }
    }
  }

  // MARK: - Stacks, links and destinations

  private mutating func stack(_ expression: ScanExpr, kind: String, arguments: [ScanArgument]) {
    for argument in arguments where argument.label == "path" {
      if let name = Self.boundName(argument.value) { code.boundPaths.insert(name) }
    }
    let content = arguments.filter { Self.isClosure($0.value) }
    var rootExpressions: [ScanExpr] = []
    for argument in content {
      guard case .closure(_, let body) = argument.value.kind else { continue }
      // A `NavigationView`'s first view is its root; the others are detail placeholders
      // that the iPhone layout does not show.
      let statements = kind == "NavigationView" ? Array(body.prefix(1)) : body
      rootExpressions += statements.compactMap(\.expressionValue)
      if statements.count != statements.compactMap(\.expressionValue).count {
        rootExpressions.append(ScanExpr(.unknown, range: argument.value.range))
      }
    }
    let roots = rootExpressions.count == 1 ? builtViews(rootExpressions[0]) : nil
    let root = roots?.count == 1 ? roots?.first : nil
    var site = SwiftUIStackSite(
      kind: kind, holder: view, root: root, content: SwiftUIViewCode(), at: range(expression))
    if root != nil, let rootExpression = rootExpressions.first {
      site.content = readApart(rootExpression)
    } else {
      for argument in content { code.append(readApart(argument.value)) }
    }
    code.stacks.append(site)
  }

  /// `NavigationLink(destination: D())`, `NavigationLink { D() } label: {…}`,
  /// `NavigationLink("Title") { D() }`, `NavigationLink(value: v)`.
  private mutating func link(
    _ expression: ScanExpr, arguments: [ScanArgument], trailing: [ScanArgument]
  ) {
    let at = range(expression)
    var destination: ScanExpr?
    var rest = arguments + trailing
    if let index = arguments.firstIndex(where: { $0.label == "destination" }) {
      destination = arguments[index].value
      rest.remove(at: index)
    } else if let value = arguments.first(where: { $0.label == "value" })?.value {
      code.links.append(.value(self.value(of: value, pathType: nil), at: at))
    } else if let first = trailing.first, first.label == nil {
      destination = first.value
      rest = arguments + trailing.dropFirst()
    } else if let closure = arguments.last(where: { $0.label == nil && Self.isClosure($0.value) }) {
      destination = closure.value
    }
    if let destination { push(destination, at: at) }
    for argument in rest { self.expression(argument.value) }
  }

  /// `.navigationDestination(isPresented:) { D() }`, `(item:) { D($0) }`, `(for: T.self) { … }`.
  private mutating func destination(arguments: [ScanArgument], at: SourceRange) {
    guard
      let content = arguments.last(where: { $0.label == "destination" || Self.isClosure($0.value) })
    else { return }
    if let type = arguments.first(where: { $0.label == "for" })?.value {
      registration(type, content.value, at: at)
    } else {
      push(content.value, at: at)
    }
  }

  private mutating func push(_ destination: ScanExpr, at: SourceRange) {
    guard let built = builtViews(destination), !built.isEmpty else {
      note(at, "a destination that is not one app view type: \(Self.shortText(destination, file))")
      // Its content is still this view's code only in name; nothing of it is read.
      return
    }
    let content = readApart(destination)
    for view in built { code.links.append(.view(view, at: at, content: content)) }
  }

  private mutating func registration(_ type: ScanExpr, _ content: ScanExpr, at: SourceRange) {
    var typeExpression = type
    if case .typeReference(let inner) = type.kind { typeExpression = inner }
    let typeName = ScanOutline.describe(typeExpression)
    guard case .closure(let parameters, let body) = content.kind else {
      push(content, at: at)
      return
    }
    var saved = parameterTypes
    if let first = parameters.first { parameterTypes[first] = typeName }
    // Each case's code is the code of the views it builds, as a link's destination is.
    var arms: [SwiftUIRegistration.Arm] = []
    if body.count == 1, case .switchStatement(_, let cases) = body[0].kind {
      for item in cases {
        guard let views = builtViews(of: item.body) else {
          note(at, "a destination case that is not one app view type")
          continue
        }
        let code = readApart(item.body, at: item.range)
        if item.isDefault || item.patterns.isEmpty {
          arms.append(.init(caseName: nil, views: views, content: code))
        } else {
          for pattern in item.patterns {
            arms.append(.init(caseName: Self.caseName(pattern), views: views, content: code))
          }
        }
      }
    } else if let views = builtViews(of: body) {
      arms.append(.init(caseName: nil, views: views, content: readApart(content)))
    } else {
      note(at, "a destination for \(typeName) that is not one app view type")
    }
    swap(&saved, &parameterTypes)
    code.registrations.append(SwiftUIRegistration(type: typeName, arms: arms, at: at))
  }

  /// Statements read apart, as the body of a closure.
  private func readApart(_ body: [ScanStatement], at range: Range<Int>) -> SwiftUIViewCode {
    readApart(ScanExpr(.closure(parameters: [], body: body), range: range))
  }

  // MARK: - What an expression builds

  /// The app view types an expression builds at its top: through modifiers, wrappers that
  /// only delay building, closures and their `if`/`switch`; nil when it builds anything else
  /// (a `VStack` of views, a view held in a variable).
  static func builtViews(
    _ expression: ScanExpr, in views: SwiftUIViewTable, from view: String? = nil
  ) -> [String]? {
    switch expression.kind {
    case .call(let callee, let arguments, let trailing):
      if let type = typeName(callee) {
        if let key = views.resolve(type, from: view), let entry = views[key] {
          return entry.isApp ? nil : [key]
        }
        guard SwiftUIVocabulary.wrappers.contains(type) else { return nil }
        let contents = arguments + trailing
        guard contents.count == 1 else { return nil }
        return builtViews(contents[0].value, in: views, from: view)
      }
      if case .member(let base?, let name) = callee.kind,
        !SwiftUIVocabulary.stackTypes.contains(name)
      {
        return builtViews(base, in: views, from: view)
      }
      return nil
    case .closure(_, let body):
      return builtViews(of: body, in: views, from: view)
    case .ternary(_, let then, let otherwise):
      guard let first = builtViews(then, in: views, from: view),
        let second = builtViews(otherwise, in: views, from: view)
      else { return nil }
      return union(first, second)
    default:
      return nil
    }
  }

  static func builtViews(
    of body: [ScanStatement], in views: SwiftUIViewTable, from view: String? = nil
  ) -> [String]? {
    var result: [String] = []
    var found = false
    for statement in body {
      switch statement.kind {
      case .expression(let value), .returnStatement(let value?):
        guard let built = builtViews(value, in: views, from: view) else { return nil }
        result = union(result, built)
        found = true
      case .ifStatement, .switchStatement:
        for nested in statement.nestedBodies where !nested.isEmpty {
          guard let built = builtViews(of: nested, in: views, from: view) else { return nil }
          result = union(result, built)
          found = true
        }
      case .declaration:
        continue
      default:
        return nil
      }
    }
    return found ? result : nil
  }

  private func builtViews(_ expression: ScanExpr) -> [String]? {
    Self.builtViews(expression, in: views, from: view)
  }

  private func builtViews(of body: [ScanStatement]) -> [String]? {
    Self.builtViews(of: body, in: views, from: view)
  }

  private static func union(_ first: [String], _ second: [String]) -> [String] {
    first + second.filter { !first.contains($0) }
  }

  // MARK: - Values

  /// The type and case of a value pushed by value; `pathType` is the written type of the
  /// path it is appended to (`[Route]` makes every value a `Route`).
  private func value(of expression: ScanExpr, pathType: String?) -> SwiftUIValue {
    var value = SwiftUIValue(type: nil, caseName: nil, text: Self.shortText(expression, file))
    if let pathType, let element = Self.arrayElement(pathType) { value.type = element }
    var head = expression
    if case .call(let callee, _, _) = head.kind { head = callee }
    switch head.kind {
    case .identifier(let name):
      if Self.isTypeName(name), case .call = expression.kind {
        value.type = value.type ?? name
      } else if let type = parameterTypes[name] ?? views.propertyType(name, of: view),
        Self.arrayElement(type) == nil
      {
        // A collection is not one value: only an element's type is kept.
        value.type = value.type ?? type
      }
    case .member(let base, let name):
      if let base {
        if let typeName = Self.typePath(base) {
          value.type = value.type ?? typeName
          value.caseName = name
        }
      } else {
        value.caseName = name
      }
    case .string:
      value.type = value.type ?? "String"
    case .number(let text):
      value.type = value.type ?? (text.contains(".") ? "Double" : "Int")
    default:
      break
    }
    return value
  }

  /// The element type of a collection a `ForEach` or `List` walks.
  private func elementType(of collection: ScanExpr) -> String? {
    switch collection.kind {
    case .identifier(let name):
      return (parameterTypes[name] ?? views.propertyType(name, of: view)).flatMap(Self.arrayElement)
    case .member(let base?, "allCases"):
      return base.identifierName
    case .member(let base?, let name) where base.isSelf:
      return views.propertyType(name, of: view).flatMap(Self.arrayElement)
    default:
      return nil
    }
  }

  // MARK: - The leading button

  /// Whether a leading button of this view can end its action without leaving: it sets a
  /// state that presents an alert, or it dismisses only under a condition. One that always
  /// dismisses, or whose action is not known, is a plain custom back button.
  private func canStay() -> Bool {
    leadingActions.contains { _, action in
      guard !Self.dismissesAtTopLevel(action) else { return false }
      var setsAlert = false
      var conditionalDismiss = false
      forEachStatement(in: action) { statement, _ in
        switch statement.kind {
        case .assignment(let target, let value, _):
          if let name = Self.lastName(target), alertStates.contains(name),
            value.booleanValue != false
          {
            setsAlert = true
          }
        case .expression(let value):
          if let (receiver, name, _) = value.methodCall, name == "toggle",
            let state = receiver.flatMap(Self.lastName), alertStates.contains(state)
          {
            setsAlert = true
          }
        case .ifStatement, .guardStatement, .switchStatement:
          for body in statement.nestedBodies where Self.dismissesAtTopLevel(body) {
            conditionalDismiss = true
          }
        default:
          break
        }
      }
      return setsAlert || conditionalDismiss
    }
  }

  private static func dismissesAtTopLevel(_ body: [ScanStatement]) -> Bool {
    body.contains { statement in
      guard case .expression(let value) = statement.kind,
        case .call(let callee, _, _) = value.kind
      else { return false }
      let name = callee.identifierName ?? callee.memberName
      return name.map(SwiftUIVocabulary.dismissCalls.contains) == true
    }
  }

  /// The actions of the `Button`s an expression holds: `Button("Back") { … }`,
  /// `Button(action: { … }) { … }`, `Button { … } label: { … }`, `Button(action: goBack)`;
  /// each at its `Button`.
  private func buttonActions(in expression: ScanExpr) -> [(
    at: SourceRange, action: [ScanStatement]
  )] {
    var actions: [(at: SourceRange, action: [ScanStatement])] = []
    func visit(_ expression: ScanExpr) {
      expression.forEachSubexpression { candidate in
        guard case .call(let callee, let arguments, let trailing) = candidate.kind,
          Self.typeName(callee) == "Button"
        else { return }
        let action =
          arguments.first { $0.label == "action" }?.value
          ?? trailing.first { $0.label == nil }?.value
        switch action?.kind {
        case .closure(_, let body)?: actions.append((range(candidate), body))
        case .identifier(let name)?:
          if let method = views[view]?.methods.first(where: { $0.method.baseName == name }),
            let body = method.method.body
          {
            actions.append((range(candidate), body))
          }
        default: break
        }
      }
      for body in expression.closures {
        for statement in body {
          for nested in statement.expressions { visit(nested) }
        }
      }
    }
    visit(expression)
    return actions
  }

  // MARK: - Names

  /// `X` for `X(…)` and `X.init(…)`, `A.X` for `A.X(…)`, when written as a type
  /// (capitalised).
  static func typeName(_ callee: ScanExpr) -> String? {
    if case .member(let base?, "init") = callee.kind { return typePath(base) }
    return typePath(callee)
  }

  /// `Route` for `Route`, `App.Route` for `App.Route`: an expression that names a type (each
  /// component capitalised).
  static func typePath(_ expression: ScanExpr) -> String? {
    switch expression.kind {
    case .identifier(let name): return isTypeName(name) ? name : nil
    case .member(let base?, let name):
      guard isTypeName(name), let prefix = typePath(base) else { return nil }
      return prefix + "." + name
    default: return nil
    }
  }

  static func isTypeName(_ name: String) -> Bool {
    name.unicodeScalars.first.map { ("A"..."Z").contains($0) } == true
  }

  /// `path` for `$path`, `$router.path`, `path`.
  static func boundName(_ expression: ScanExpr) -> String? {
    guard let name = lastName(expression) else { return nil }
    return name.hasPrefix("$") ? String(name.dropFirst()) : name
  }

  /// The last name of `a.b.c` (`c`), or of an identifier.
  static func lastName(_ expression: ScanExpr) -> String? {
    expression.identifierName ?? expression.memberName
  }

  /// `Route` for `[Route]`, `Array<Route>`.
  static func arrayElement(_ type: String) -> String? {
    let text = type.filter { $0 != " " }
    if text.hasPrefix("["), text.hasSuffix("]"), !text.contains(":") {
      return String(text.dropFirst().dropLast())
    }
    if text.hasPrefix("Array<"), text.hasSuffix(">") {
      return String(text.dropFirst(6).dropLast())
    }
    return nil
  }

  /// `detail` for the patterns `.detail`, `.detail(let x)`, `Route.detail`.
  private static func caseName(_ pattern: ScanExpr) -> String? {
    var head = pattern
    if case .call(let callee, _, _) = head.kind { head = callee }
    return head.memberName
  }

  static func isClosure(_ expression: ScanExpr) -> Bool {
    if case .closure = expression.kind { true } else { false }
  }

  /// The modifier `name(…)` of `base.name(…)`, without its base: where a finding about the
  /// modifier points, and what its message quotes.
  static func modifierRange(of call: ScanExpr, name: String) -> Range<Int> {
    guard case .call(let callee, _, _) = call.kind else { return call.range }
    let start = max(callee.range.lowerBound, callee.range.upperBound - name.utf8.count)
    return start..<call.range.upperBound
  }

  static func shortText(_ expression: ScanExpr, _ file: SourceFile) -> String {
    let text = file.text(expression.range)
    let firstLine = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? text
    return firstLine.count > 60 ? String(firstLine.prefix(60)) + "…" : firstLine
  }
}

extension SwiftUIViewCode {
  /// Adds what `other` read to this code (`other`'s facts only where this has none).
  mutating func append(_ other: SwiftUIViewCode) {
    links += other.links
    registrations += other.registrations
    facts.merge(other.facts)
    for view in other.subviews where !subviews.contains(view) { subviews.append(view) }
    stacks += other.stacks
    boundPaths.formUnion(other.boundPaths)
    appends += other.appends
    referenced.formUnion(other.referenced)
    unresolved += other.unresolved
  }
}

extension ScanStatement {
  /// The expression of an expression statement or a `return`.
  var expressionValue: ScanExpr? {
    switch kind {
    case .expression(let value), .returnStatement(let value?): value
    default: nil
    }
  }
}

extension ScanExpr {
  /// The expressions directly inside this one (closures are leaves: their statements are
  /// not expressions of this one).
  var children: [ScanExpr] {
    switch kind {
    case .member(let base, _): base.map { [$0] } ?? []
    case .call(let callee, let arguments, let trailing):
      [callee] + (arguments + trailing).map(\.value)
    case .subscript(let base, let arguments): [base] + arguments.map(\.value)
    case .array(let elements): elements
    case .dictionary(let entries): entries.flatMap { [$0.key, $0.value] }
    case .binary(_, let lhs, let rhs): [lhs, rhs]
    case .prefix(_, let operand), .postfix(_, let operand), .cast(let operand, _, _),
      .typeReference(let operand):
      [operand]
    case .ternary(let condition, let then, let otherwise): [condition, then, otherwise]
    case .tuple(let elements): elements.map(\.value)
    case .identifier, .boolean, .nilLiteral, .number, .string, .closure, .selector, .keyPath,
      .unknown:
      []
    }
  }
}
