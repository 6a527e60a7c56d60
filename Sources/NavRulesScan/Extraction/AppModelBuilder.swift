import NavRulesCompiler
import NavRulesModel

/// Builds the model of docs/scan.md#what-becomes-what from what the readers read: screens from
/// view-controller classes and storyboard scenes, navigators from navigation controllers created in
/// code, in storyboards or named by `--root`, their hooks, declarative facts and edges.
struct AppModelBuilder {
  private let codeFiles: [ScannedFile]
  private let classes: ClassTable
  private let storyboards: StoryboardIndex
  private let resolver: ClassResolver
  private var interpreter: HookInterpreter
  private var module: Module
  /// Screens by the class (or scene) name they were made for.
  private var screenByName: [String: ScreenID] = [:]
  private var usedScreenNames: Set<String> = []
  private var usedNavigatorNames: Set<String> = []
  /// The next suffix to try for a name already taken, by base name: n screens or navigators
  /// of one name cost O(n) to name, not O(n²) (each counting up from `_2` again) or, for
  /// navigators compared one by one, O(n³).
  private var nextSuffix: [String: Int] = [:]
  /// `"document index/scene id"` → screen.
  private var sceneScreens: [String: ScreenID] = [:]
  /// Navigation-controller scenes and creation sites → navigator.
  private var sceneNavigators: [String: NavigatorID] = [:]
  private var siteNavigators: [SourceRange: NavigatorID] = [:]
  private var unresolved: [AppModel.Unresolved] = []
  private var unresolvedSites: Set<SourceRange> = []
  private var origins = AppModel.Origins()
  private var navigatorClasses: [NavigatorID: String] = [:]
  /// Storyboard navigation controllers with the bar hidden, at their scenes.
  private var hiddenBarNavigators: [NavigatorID: SourceRange] = [:]
  /// Each `performSegue` call site: its identifier, the class whose code holds it, and whether
  /// a screen running it found the segue in its scenes.
  private var segueCalls: [SourceRange: (identifier: String, owner: String, found: Bool)] = [:]
  /// Findings the app's code makes inapplicable (`AppModel.notApplicable`).
  private var notApplicable: Set<Located<DiagnosticID>> = []
  /// Roots and pushes written outside a screen's own pushes (coordinators, children).
  private let coordinators: CoordinatorReading
  /// The app's SwiftUI views and stacks, and the navigators made for those stacks (named in
  /// messages by the view that holds them).
  private var swiftUI: SwiftUINavigation
  private var swiftUIHolders: [NavigatorID: String] = [:]
  private var conditions: [SourceRange: String] = [:]
  /// The classes scene routers make, with the call that keeps each out (`UnreachedBlockers`).
  private var routedBlockers: [String: AppModel.Blocker] = [:]

  /// The model of an app's sources; `roots` are `--root` classes.
  static func build(_ sources: [ScannedSource], roots: [String]) -> AppModel {
    var builder = AppModelBuilder(sources)
    builder.addScreens()
    builder.addNavigators(roots: roots)
    builder.addSwiftUINavigation()
    builder.addHooksAndFacts()
    builder.addEdges()
    builder.addSwiftUIFacts()
    builder.addHiddenBars()
    builder.addInterceptors()
    builder.addDisplayNames()
    builder.addCodeLanguages(sources)
    let opaque = builder.opaqueGestureNavigators()
    builder.unresolved += builder.interpreter.unresolved
    builder.unresolved.sort {
      ($0.range.file.path, $0.range.bytes.lowerBound) < (
        $1.range.file.path, $1.range.bytes.lowerBound
      )
    }
    var model = AppModel(
      module: builder.module, unresolved: builder.unresolved, origins: builder.origins)
    model.notApplicable = builder.notApplicable
    model.opaqueGestureNavigators = opaque
    model.conditions = builder.conditions
    let blockers = UnreachedBlockers(
      module: model.module, origins: model.origins, unresolved: model.unresolved,
      code: builder.codeFiles, classes: builder.classes, storyboards: builder.storyboards,
      routed: builder.routedBlockers)
    model.blockers = blockers.blockers
    model.baseClassScreens = blockers.baseClasses
    model.classes = builder.classes
    return model
  }

  private init(_ sources: [ScannedSource]) {
    var code: [ScannedFile] = []
    var documents: [StoryboardDocument] = []
    var files: [SourceFile] = []
    for source in sources {
      switch source {
      case .code(let file):
        code.append(file)
        files.append(file.file)
      case .storyboard(let document):
        documents.append(document)
        files.append(document.file)
      }
    }
    codeFiles = code
    classes = ClassTable(code)
    storyboards = StoryboardIndex(documents)
    resolver = ClassResolver(classes: classes, storyboards: storyboards, files: code)
    interpreter = HookInterpreter(classes: classes, resolver: resolver, titles: TitleStyleReader())
    coordinators = CoordinatorReading(files: code, classes: classes, resolver: resolver)
    module = Module(files: files)
    swiftUI = SwiftUINavigation(code)
  }

  // MARK: - Screens

  private mutating func addScreens() {
    for (name, declarations) in classes.declaredInTwoTargets.sorted(by: { $0.key < $1.key }) {
      for at in declarations {
        note(
          at,
          "class '\(name)' declared in \(declarations.count) files (targets): left out, "
            + "since its code cannot be told apart by name")
      }
    }
    // Broken code (the compiler rejects it), left out rather than followed round.
    for cycle in classes.inheritanceCycles {
      guard let entry = classes[cycle[0]], let file = entry.file, let range = entry.nameRange
      else { continue }
      note(
        SourceRange(file, range),
        "class '\(cycle[0])' inherits from itself"
          + (cycle.count > 1 ? " through a cycle of \(cycle.count) classes" : "")
          + ": left out")
    }
    for name in classes.screenClasses {
      guard let entry = classes[name], let file = entry.file, let range = entry.nameRange else {
        continue
      }
      _ = addScreen(named: name, className: name, at: SourceRange(file, range))
    }
    for (index, document) in storyboards.documents.enumerated() {
      for scene in document.viewControllers
      where !scene.isNavigationController && !scene.isReference {
        guard let className = scene.className, let id = scene.id,
          classes.declaredInTwoTargets[className] == nil
        else { continue }
        let at = SourceRange(document.file, scene.offset..<scene.offset)
        let screen: ScreenID
        if scene.customClass?.isEmpty == false {
          screen =
            screenByName[className] ?? addScreen(named: className, className: className, at: at)
        } else {
          // A scene of a plain UIKit class is a screen of its own: two of them share nothing
          // but their class.
          let name = Self.identifier(className + "_" + id)
          screen = screenByName[name] ?? addScreen(named: name, className: className, at: at)
        }
        sceneScreens["\(index)/\(id)"] = screen
      }
    }
  }

  /// `base`, or `base_2`, `base_3`, … the first not in `used`, which it is added to.
  private static func uniqueName(
    _ base: String, in used: inout Set<String>, _ nextSuffix: inout [String: Int]
  ) -> String {
    var unique = base
    var suffix = nextSuffix[base] ?? 2
    while used.contains(unique) {
      unique = base + "_\(suffix)"
      suffix += 1
    }
    if unique != base { nextSuffix[base] = suffix }
    used.insert(unique)
    return unique
  }

  /// A screen; its name is the class's, made a rule-file identifier (and unique) if it is not
  /// one, the class name kept as its `class`.
  private mutating func addScreen(named name: String, className: String, at range: SourceRange)
    -> ScreenID
  {
    let id = ScreenID(module.screens.count)
    let unique = Self.uniqueName(Self.identifier(name), in: &usedScreenNames, &nextSuffix)
    var screen = Screen(name: unique, nameRange: range)
    if className != unique { screen.className = Located(className, at: range) }
    module.screens.append(screen)
    screenByName[name] = id
    origins.screens[id] = range
    return id
  }

  /// The screen of a view-controller class named in code, made on first use for a UIKit class
  /// the app pushes without subclassing it.
  private mutating func screen(forClass name: String, at range: SourceRange) -> ScreenID? {
    if let id = screenByName[name] { return id }
    guard ClassTable.isUIKitClass(name), !classes.isNavigationController(name) else { return nil }
    return addScreen(named: name, className: name, at: range)
  }

  /// The screen a storyboard reference (`viewControllerPlaceholder`) stands for: the scene of
  /// its `referencedIdentifier`, or the initial scene, in the one storyboard of its
  /// `storyboardName` (its own storyboard when it names none). Nil when that storyboard is not
  /// scanned, or several storyboards share the name.
  private func referencedScreen(_ id: String, in document: StoryboardDocument, at index: Int)
    -> ScreenID?
  {
    guard let reference = document.viewController(withID: id), reference.isReference else {
      return nil
    }
    let target: Int
    if let name = reference.referencedStoryboardName {
      let named = storyboards.documents.indices.filter {
        StoryboardIndex.name(of: storyboards.documents[$0]) == name
      }
      guard named.count == 1 else { return nil }
      target = named[0]
    } else {
      target = index
    }
    let referenced = storyboards.documents[target]
    let sceneID: String?
    if let identifier = reference.referencedIdentifier {
      sceneID = referenced.viewControllers.first { $0.storyboardIdentifier == identifier }?.id
    } else {
      sceneID = referenced.initialViewControllerID
    }
    return sceneID.flatMap { sceneScreens["\(target)/\($0)"] }
  }

  // MARK: - Navigators

  private mutating func addNavigators(roots: [String]) {
    var found:
      [(navClass: String, root: ScreenID, at: SourceRange, key: String?, barHidden: Bool)] = []
    // Storyboards: navigation controllers and their root relationship.
    for (index, document) in storyboards.documents.enumerated() {
      for scene in document.viewControllers where scene.isNavigationController {
        let at = SourceRange(document.file, scene.offset..<scene.offset)
        guard let rootID = scene.rootViewControllerID,
          let root = sceneScreens["\(index)/\(rootID)"]
            ?? referencedScreen(rootID, in: document, at: index)
        else {
          note(
            at, "navigation controller scene whose root view controller is not in this storyboard")
          continue
        }
        found.append(
          (
            scene.className ?? "UINavigationController", root, at, "\(index)/\(scene.id ?? "")",
            scene.isNavigationBarHidden
          ))
      }
    }
    // Code: `UINavigationController(rootViewController: X())` and its spellings.
    var creations: [(navClass: String, root: ScanExpr, at: SourceRange, context: CodeContext)] = []
    forEachCodeExpression { expression, context in
      if let (navClass, root) = Self.navigatorCreation(expression, classes) {
        creations.append((navClass, root, context.range(expression.range), context))
      }
    }
    let helpers = NavigatorHelperReading(files: codeFiles, classes: classes, resolver: resolver)
    let mapped = MappedNavigatorReading(files: codeFiles, classes: classes, resolver: resolver)
    for creation in creations {
      // Inside a helper, rooted at its parameter, or in a `map` over the roots: a navigator
      // at each call or element instead.
      if helpers.helperSites.contains(creation.at) || mapped.closureSites.contains(creation.at) {
        continue
      }
      var root = hostedViewScreen(creation.root, in: creation.context)
      if root == nil,
        let rootClass = resolver.viewControllerClass(of: creation.root, in: creation.context)
      {
        root = screen(forClass: rootClass, at: creation.at)
      }
      guard let root else {
        note(creation.at, "navigation controller whose root view controller is not a known class")
        continue
      }
      found.append((creation.navClass, root, creation.at, nil, false))
    }
    for creation in helpers.creations + mapped.creations {
      guard let screen = screen(forClass: creation.rootClass, at: creation.at) else { continue }
      found.append((creation.navClass, screen, creation.at, nil, false))
    }
    for item in helpers.unresolved + mapped.unresolved { note(item.range, item.what) }
    for root in coordinators.roots {
      guard let screen = screen(forClass: root.rootClass, at: root.at) else { continue }
      found.append((root.navClass, screen, root.at, nil, false))
    }
    for item in coordinators.unresolved { note(item.range, item.what) }
    var nameCounts: [String: Int] = [:]
    for item in found { nameCounts[item.navClass, default: 0] += 1 }
    for item in found {
      var name = item.navClass
      if nameCounts[name, default: 0] > 1 { name += "_" + module.screens[item.root.index].name }
      let id = addNavigator(named: name, navClass: item.navClass, root: item.root, at: item.at)
      if let key = item.key { sceneNavigators[key] = id } else { siteNavigators[item.at] = id }
      if item.barHidden { hiddenBarNavigators[id] = item.at }
    }
    // `--root CLASS`: roots the scanner cannot see.
    for rootClass in roots {
      let at = SourceRange(module.files.first ?? SourceFile(path: "--root", text: ""), 0..<0)
      let root =
        screenByName[rootClass]
        ?? addScreen(named: Self.identifier(rootClass), className: rootClass, at: at)
      let id = addNavigator(
        named: Self.identifier(rootClass) + "Navigation", navClass: "UINavigationController",
        root: root, at: origins.screens[root] ?? at)
      origins.rootOptions[id] = rootClass
    }
  }

  private mutating func addNavigator(
    named base: String, navClass: String, root: ScreenID, at range: SourceRange
  ) -> NavigatorID {
    let name = Self.uniqueName(Self.identifier(base), in: &usedNavigatorNames, &nextSuffix)
    let id = NavigatorID(module.navigators.count)
    var navigator = Navigator(name: name, nameRange: range)
    navigator.kindName = "navigation controller"
    navigator.root = Located(root, at: range)
    module.navigators.append(navigator)
    origins.navigators[id] = range
    navigatorClasses[id] = navClass
    return id
  }

  /// `N(rootViewController: x)`, `[[N alloc] initWithRootViewController:x]`,
  /// `N.init(rootViewController: x)` for a navigation-controller class `N`.
  static func navigatorCreation(_ expression: ScanExpr, _ classes: ClassTable)
    -> (navClass: String, root: ScanExpr)?
  {
    guard let (callee, arguments) = expression.call, let first = arguments.first else {
      return nil
    }
    var navClass: String?
    if let name = callee.identifierName,
      first.label.map(UIKitVocabulary.rootLabels.contains) == true
    {
      navClass = name
    } else if let (base, method) = callee.member, let base {
      if method == "init", first.label.map(UIKitVocabulary.rootLabels.contains) == true {
        navClass = base.identifierName
      } else if UIKitVocabulary.rootInitializers.contains(method),
        let (allocBase, allocName, _) = base.methodCall, allocName == "alloc"
      {
        navClass = allocBase?.identifierName
      }
    }
    guard let navClass, classes.isNavigationController(navClass) else { return nil }
    return (navClass, first.value)
  }

  /// Messages and notes name screens and navigators by class (docs/scan.md): `Café`, not the
  /// identifier `Caf_` the rule file needs; `UINavigationController` for each of two plain
  /// navigation controllers; `UIViewController` for a scene with no custom class.
  private mutating func addDisplayNames() {
    module.displayNames = DisplayNames(
      screens: module.screens.map(\.effectiveClassName),
      navigators: module.navigatorIDs.map {
        swiftUIHolders[$0] ?? navigatorClasses[$0] ?? module[$0].name
      })
  }

  /// Which screens are SwiftUI views and which files Objective-C, so that messages say what
  /// to change in the code's own language (`CodeTerms`).
  private mutating func addCodeLanguages(_ sources: [ScannedSource]) {
    var objectiveC: Set<String> = []
    for case .code(let file) in sources where file.language == .objectiveC {
      objectiveC.insert(file.file.path)
    }
    module.codeLanguages = CodeLanguages(
      swiftUIViews: module.screens.map {
        swiftUI.views[$0.effectiveClassName]?.isRepresentable == false
      },
      objectiveCPaths: objectiveC)
  }

  // MARK: - Hooks and declarative facts

  private mutating func addHooksAndFacts() {
    for (index, screen) in module.screens.enumerated() {
      let className = screen.effectiveClassName
      guard classes[className] != nil else { continue }
      var hooks: [Hook] = []
      for event in LifecycleEvent.allCases {
        let (actions, method) = interpreter.actions(of: event, forClass: className)
        guard let (method, file) = method else { continue }
        hooks += Self.hooks(actions, event: event, method: method, file: file)
        // The method also disables iOS 26's `interactiveContentPopGestureRecognizer`, which
        // the language has no action for: the content swipe cannot bypass this hook.
        for action in actions where action.alsoDisablesContentGesture {
          notApplicable.insert(Located(.contentSwipeBypass, at: action.range))
        }
      }
      module.screens[index].hooks = hooks
      if let leftItem = interpreter.setsLeftBarButton(className) {
        module.screens[index].leftBarButton = Located(.custom, at: leftItem.range)
        if leftItem.isConditional { module.conditionalLeftButtons.insert(index) }
      }
    }
    for navigator in module.navigatorIDs {
      guard let navClass = navigatorClasses[navigator] else { continue }
      let (actions, method) = interpreter.actions(of: .viewDidLoad, forClass: navClass)
      guard let (method, file) = method else { continue }
      // A depth test never holds while the navigation controller loads: the root is alone.
      let atLaunch = actions.filter { !$0.pushedOnly }
      module[navigator].hooks = Self.hooks(
        atLaunch, event: .viewDidLoad, method: method, file: file)
    }
  }

  /// Consecutive actions with the same condition form one hook, so the order is kept.
  static func hooks(
    _ actions: [ExtractedAction], event: LifecycleEvent, method: ScannedMethod, file: SourceFile
  ) -> [Hook] {
    var hooks: [Hook] = []
    let eventRange = SourceRange(file, method.nameRange)
    let range = SourceRange(file, method.range)
    for action in actions {
      let declaration = ActionDeclaration(action: action.action, range: action.range)
      let condition: HookCondition = action.pushedOnly ? .pushed : .always
      // No copy of the last hook is held while its actions grow: that copy shared their
      // storage, so each append copied them all: quadratic (docs/robustness.md).
      if !hooks.isEmpty, hooks[hooks.count - 1].condition == condition {
        hooks[hooks.count - 1].actions.append(declaration)
      } else {
        hooks.append(
          Hook(
            event: Located(event, at: eventRange),
            guardClause: condition == .pushed ? Located(.pushed, at: eventRange) : nil,
            actions: [declaration], range: range))
      }
    }
    return hooks
  }

  /// `back intercept taps` on the screens a `navigationBar(_:shouldPop:)` interceptor really
  /// asks: those its navigators reach (found once the edges are known).
  private mutating func addInterceptors() {
    let interceptors = BackInterceptor.all(in: classes)
    guard !interceptors.isEmpty else { return }
    let pushed = Set(module.screens.flatMap { $0.pushes.map(\.value.index) })
    for navigator in module.navigatorIDs {
      guard let navClass = navigatorClasses[navigator] else { continue }
      let applying = interceptors.filter { $0.applies(toNavigatorOfClass: navClass, classes) }
      guard !applying.isEmpty else { continue }
      for screen in screensReached(from: navigator) {
        guard module.screens[screen.index].back == nil else { continue }
        let className = module.screens[screen.index].effectiveClassName
        for interceptor in applying {
          if let (method, file, owner) = interceptor.askedMethod(ofScreen: className, classes) {
            // A root nothing pushes is never popped: a method it only inherits changes nothing
            // there (and `ineffective-at-root` would blame the shared base class).
            if owner != className, !pushed.contains(screen.index) { break }
            // UIKit asks `navigationBar(_:shouldPop:)` about back taps, never about swipes.
            module.screens[screen.index].back = Located(
              .interceptTaps, at: SourceRange(file, method.nameRange))
            break
          }
        }
      }
    }
  }

  /// The navigators whose own hooks, or the hooks of a screen they reach, write the pop
  /// gesture's delegate or `isEnabled` with a value navrc cannot resolve.
  private mutating func opaqueGestureNavigators() -> Set<SourceRange> {
    let writers = interpreter.unknownGestureWriters
    let unmodeled = UnmodeledGestureCode.sites(in: classes)
    for site in unmodeled { note(site.range, site.what) }
    guard !writers.isEmpty || !unmodeled.isEmpty else { return [] }
    var opaque: Set<SourceRange> = []
    for navigator in module.navigatorIDs {
      let navClass = navigatorClasses[navigator]
      let own = navClass.map(writers.contains) ?? false
      let runsUnmodeled = unmodeled.contains { site in
        guard let siteClass = site.navigationClass else { return true }
        return navClass.map { classes.inherits($0, from: siteClass) } ?? false
      }
      if own || runsUnmodeled
        || screensReached(from: navigator).contains(where: {
          writers.contains(module.screens[$0.index].effectiveClassName)
        })
      {
        opaque.insert(module[navigator].nameRange)
      }
    }
    return opaque
  }

  /// The root of a navigator and the screens pushes lead to from it.
  private func screensReached(from navigator: NavigatorID) -> [ScreenID] {
    guard let root = module[navigator].root?.value else { return [] }
    var reached: [ScreenID] = []
    var seen: Set<Int> = []
    var pending = [root]
    while let screen = pending.popLast() {
      guard seen.insert(screen.index).inserted else { continue }
      reached.append(screen)
      pending += module.screens[screen.index].pushes.map(\.value)
    }
    return reached
  }

  /// A storyboard navigation controller with its bar hidden hides it on its screens
  /// (docs/scan.md#what-becomes-what): its root and every screen its pushes reach, by segues, code
  /// or `performSegue` (found once the edges are known). `navigationBar` is declared per screen, so
  /// a screen that a navigator showing its bar also reaches (one made in code, a storyboard's with
  /// the bar shown, a `--root`) is left visible: the two navigators disagree, and navrc does not
  /// guess.
  private mutating func addHiddenBars() {
    guard !hiddenBarNavigators.isEmpty else { return }
    // Each screen is walked once per kind of navigator, not once per navigator (an app can
    // make a navigation controller in hundreds of places): everything a screen leads to is
    // reached by every navigator that reaches it, so a walk stops at screens already marked.
    var shown = [Bool](repeating: false, count: module.screens.count)
    markReached(
      from: module.navigatorIDs.filter { hiddenBarNavigators[$0] == nil }, in: &shown)
    var hiddenBy = [SourceRange?](repeating: nil, count: module.screens.count)
    var hidden = [Bool](repeating: false, count: module.screens.count)
    for navigator in module.navigatorIDs {
      guard let at = hiddenBarNavigators[navigator] else { continue }
      for screen in markReached(from: [navigator], in: &hidden) { hiddenBy[screen.index] = at }
    }
    for index in module.screens.indices where !shown[index] {
      if let at = hiddenBy[index] { module.screens[index].navigationBar = Located(.hidden, at: at) }
    }
  }

  /// Marks the roots of `navigators` and the screens pushes lead to from them in `marked`,
  /// not past a screen marked already; returns the screens it marked.
  @discardableResult
  private func markReached(from navigators: [NavigatorID], in marked: inout [Bool]) -> [ScreenID] {
    var reached: [ScreenID] = []
    var pending = navigators.compactMap { module[$0].root?.value }
    while let screen = pending.popLast() {
      guard !marked[screen.index] else { continue }
      marked[screen.index] = true
      reached.append(screen)
      pending += module.screens[screen.index].pushes.map(\.value)
    }
    return reached
  }

  // MARK: - Edges

  private mutating func addEdges() {
    let helpers = PushHelpers(files: codeFiles, classes: classes)
    for index in module.screens.indices {
      let className = module.screens[index].effectiveClassName
      guard classes[className]?.isDeclared == true else { continue }
      // Found first, then added: nothing below captures the builder while it changes.
      for (body, context, owner) in visibleBodies(of: className) {
        for call in Self.navigationCalls(in: body, context, helpers: helpers, classes: classes) {
          add(call, from: ScreenID(index), context: context, owner: owner)
        }
      }
    }
    // A screen handed to a view model or a router: before the children's pushes are copied
    // to their parents, so that a child's pushes of this kind are copied too.
    let argumentPushes = ScreenArgumentPushReading(
      files: codeFiles, classes: classes, resolver: resolver)
    for push in argumentPushes.pushes {
      guard let source = screenByName[push.from],
        let target = screen(forClass: push.to, at: push.at)
      else { continue }
      addPush(from: source, to: target, at: push.at)
    }
    for item in argumentPushes.unresolved { note(item.range, item.what) }
    routedBlockers = argumentPushes.blockers
    addCoordinatorPushes()
    // Pushes in code that is not a screen's (a storyboard scene's class is one, whatever it
    // inherits) or a navigation controller's: the screen that pushes is unknown.
    var strayPushes: [(at: SourceRange, owner: String)] = []
    for file in codeFiles {
      for type in file.allTypes
      where screenByName[type.name] == nil && !classes.isScreen(type.name)
        && !classes.isNavigationController(type.name) && !isTestCase(type.name)
      {
        for method in type.methods
        where file.mentions(Self.navigationWords, in: method.range) {
          let context = CodeContext(file: file.file, selfClass: nil, body: nil)
          for case .push(_, let at) in Self.navigationCalls(in: method.body ?? [], context)
          where !coordinators.attributedSites.contains(at)
            && !argumentPushes.attributedSites.contains(at)
          {
            strayPushes.append((at, type.name))
          }
        }
      }
    }
    let protocols = Set(
      codeFiles.flatMap {
        $0.allTypes.filter { [.protocol, .objcProtocol].contains($0.kind) }.map(\.name)
      })
    for (at, owner) in strayPushes {
      if let superclass = classes[owner]?.inherited.first, !classes.isClass(superclass),
        !protocols.contains(superclass), !Self.isSystemNonViewController(superclass)
      {
        note(
          at,
          "push from '\(owner)', whose superclass '\(superclass)' is not in the scanned files: "
            + "the screen that pushes is not known")
      } else {
        note(
          at,
          "push from '\(owner)', which is not a view controller: the screen that pushes is not "
            + "known")
      }
    }
    noteUnfoundSegues()
    addStoryboardSegues()
  }

  /// Pushes from a screen made by another object's code that the screen's action calls, and
  /// a child's pushes as its parent's (`CoordinatorReading`).
  private mutating func addCoordinatorPushes() {
    for push in coordinators.pushes {
      guard let source = screenByName[push.from], !classes.isNavigationController(push.to),
        let target = screen(forClass: push.to, at: push.at)
      else { continue }
      addPush(from: source, to: target, at: push.at)
    }
    for (parent, child) in coordinators.children {
      guard let parentScreen = screenByName[parent], let childScreen = screenByName[child],
        parentScreen != childScreen
      else { continue }
      for push in module.screens[childScreen.index].pushes {
        addPush(from: parentScreen, to: push.value, at: push.range)
      }
    }
  }

  /// Whether `className` is an `XCTestCase`, directly or through scanned superclasses: a test
  /// drives the app's screens from outside, so what it pushes is not the app's navigation.
  private func isTestCase(_ className: String) -> Bool {
    var name = className
    for _ in 0..<64 {
      guard let superclass = classes[name]?.inherited.first else { return false }
      if superclass == "XCTestCase" { return true }
      name = superclass
    }
    return false
  }

  /// System classes and protocols that are never a view controller, so that a push from
  /// their subclass is not blamed on a superclass navrc did not scan (an `AppDelegate:
  /// UIResponder`, a test case, a `UISplitViewControllerDelegate` conformance).
  private static func isSystemNonViewController(_ name: String) -> Bool {
    systemNonViewControllers.contains(name)
      || (name.hasPrefix("UI") && (name.hasSuffix("Delegate") || name.hasSuffix("DataSource")))
  }

  private static let systemNonViewControllers: Set<String> = [
    "NSObject", "NSProxy", "UIResponder", "UIView", "XCTestCase",
  ]

  /// Words every push, segue and present call holds (`pushViewController`, `show`,
  /// `performSegue…`, `present…`): a body without any has none.
  private static let navigationWords = MentionWords(["push", "show", "Segue", "present"])

  /// A call in a screen's code that changes the navigation graph.
  private enum NavigationCall {
    case push(ScanExpr, at: SourceRange)
    case segue(String?, at: SourceRange)
    case present(ScanExpr, at: SourceRange)
  }

  /// The pushes, segues and presents of a body, closures included (they run when the user
  /// acts, which is when pushes happen).
  private static func navigationCalls(
    in body: [ScanStatement], _ context: CodeContext, helpers: PushHelpers? = nil,
    classes: ClassTable? = nil
  ) -> [NavigationCall] {
    var calls: [NavigationCall] = []
    forEachExpression(in: body) { candidate in
      guard case .call = candidate.kind,
        let (receiver, name, arguments) = candidate.methodCallOnAnyReceiver,
        let first = arguments.first?.value
      else { return }
      let at = context.range(candidate.range)
      if UIKitVocabulary.isPush(name, arguments) {
        // `super.pushViewController` in an override is not a push of the app's.
        if receiver?.identifierName != "super" { calls.append(.push(first, at: at)) }
      } else if UIKitVocabulary.performSegueMethods.contains(name) {
        if case .string(let identifier) = first.kind {
          calls.append(.segue(identifier, at: at))
        } else {
          calls.append(.segue(nil, at: at))
        }
      } else if UIKitVocabulary.presentMethods.contains(name) {
        calls.append(.present(first, at: at))
      }
      // `show(Detail())` of a method that pushes its parameter (a push helper).
      if let helpers, let classes,
        let pushed = helpers.pushedArgument(
          of: name, arguments, receiver: receiver, in: context, classes: classes)
      {
        calls.append(.push(pushed, at: at))
      }
    }
    return calls
  }

  private mutating func add(
    _ call: NavigationCall, from source: ScreenID, context: CodeContext, owner: String
  ) {
    switch call {
    case .push(let value, let at):
      push(from: source, value, at: at, context: context)
    case .segue(let identifier?, let at):
      performSegue(identifier, from: source, at: at, owner: owner)
    case .segue(nil, let at):
      note(at, "segue performed by an identifier that is not a string literal")
    case .present(let value, let at):
      present(value, from: source, at: at, context: context)
    }
  }

  /// The bodies a screen's code runs that may push, present or perform a segue: the methods
  /// its class dispatches to (its own and inherited ones it does not override) and its
  /// properties' initializers.
  private func visibleBodies(of className: String) -> [(
    [ScanStatement], CodeContext, owner: String
  )] {
    var bodies: [([ScanStatement], CodeContext, owner: String)] = []
    let members = classes.runMembers(of: className, key: "navigation") { member in
      switch member {
      case .method(let method, let file, _):
        method.body != nil && classes.mentions(Self.navigationWords, in: method.range, of: file)
      case .property(let property, let file, _):
        classes.mentions(Self.navigationWords, in: property.range, of: file)
      }
    }
    for member in members {
      switch member {
      case .method(let method, let file, let owner):
        guard let statements = method.body else { continue }
        bodies.append(
          (statements, CodeContext(file: file, selfClass: className, method: method), owner))
      case .property(let property, let file, let owner):
        var statements: [ScanStatement] = []
        if let value = property.initializer {
          statements.append(
            ScanStatement(.expression(value), range: value.range, firstTokenRange: value.range))
        }
        for accessor in property.accessors { statements += accessor.body ?? [] }
        if !statements.isEmpty {
          bodies.append(
            (statements, CodeContext(file: file, selfClass: className, body: statements), owner))
        }
      }
    }
    return bodies
  }

  private mutating func push(
    from source: ScreenID, _ value: ScanExpr, at: SourceRange, context: CodeContext
  ) {
    if let hosted = hostedViewScreen(value, in: context) {
      addPush(from: source, to: hosted, at: at)
      return
    }
    guard let className = resolver.viewControllerClass(of: value, in: context) else {
      note(at, "push of a view controller whose class is not known")
      return
    }
    if classes.isNavigationController(className) {
      return  // Pushing a navigation controller is an error UIKit reports at run time.
    }
    guard let target = screen(forClass: className, at: at) else {
      note(at, "push of '\(className)', which is not a view controller navrc knows")
      return
    }
    addPush(from: source, to: target, at: at)
  }

  private mutating func addPush(from source: ScreenID, to target: ScreenID, at: SourceRange) {
    guard !module.screens[source.index].pushes.contains(where: { $0.value == target }) else {
      return
    }
    module.screens[source.index].pushes.append(Located(target, at: at))
  }

  private mutating func addPresent(
    from source: ScreenID, to navigator: NavigatorID, at: SourceRange
  ) {
    guard !module.screens[source.index].presents.contains(where: { $0.value == navigator }) else {
      return
    }
    module.screens[source.index].presents.append(Located(navigator, at: at))
  }

  /// `present(nav, …)` of a navigation controller made in the same method.
  private mutating func present(
    _ value: ScanExpr, from source: ScreenID, at: SourceRange, context: CodeContext
  ) {
    var expression = value.uncast
    if let name = expression.identifierName, let local = context.locals[name] {
      expression = local.uncast
    }
    if let navigator = siteNavigators[context.range(expression.range)] {
      addPresent(from: source, to: navigator, at: at)
    }
  }

  /// `performSegue(withIdentifier:)` in code of class `owner`, run by an instance of `source`'s
  /// class: the segues with that identifier of the scenes of that class. None is a guess
  /// avoided, not a fallback to another scene's segue; the call is counted as unresolved once
  /// every screen that runs it has looked (`noteUnfoundSegues`).
  private mutating func performSegue(
    _ identifier: String, from source: ScreenID, at: SourceRange, owner: String
  ) {
    let className = module.screens[source.index].effectiveClassName
    let matches = storyboards.segues(withIdentifier: identifier, from: className)
    let found = segueCalls[at]?.found == true || !matches.isEmpty
    segueCalls[at] = (identifier, owner, found)
    for (segue, index) in matches {
      guard let destination = segue.destinationID else { continue }
      follow(segue, from: source, to: "\(index)/\(destination)", at: at)
    }
  }

  /// A `performSegue` whose identifier no scene of the class whose code holds it, nor of any
  /// of its subclasses, has: left out of the model and counted.
  private mutating func noteUnfoundSegues() {
    guard segueCalls.values.contains(where: { !$0.found }) else { return }
    // The classes with a screen among their subclasses, in one pass over the classes (asked
    // per call, every class's chain was walked for each of thousands of calls); a walk stops
    // at a class already in, whose superclasses are too.
    var screenAncestors: Set<String> = []
    for name in classes.order where classes.isScreen(name) {
      for ancestor in classes.chain(from: name).dropFirst() {
        guard screenAncestors.insert(ancestor).inserted else { break }
      }
    }
    for (at, call) in segueCalls where !call.found {
      let subclasses = screenAncestors.contains(call.owner)
      note(
        at,
        "segue '\(call.identifier)' not found in the scenes of '\(call.owner)'"
          + (subclasses ? " or its subclasses" : ""))
    }
  }

  private mutating func addStoryboardSegues() {
    for (index, document) in storyboards.documents.enumerated() {
      for segue in document.segues {
        guard let sourceID = segue.sourceID, let source = sceneScreens["\(index)/\(sourceID)"],
          let destination = segue.destinationID, segue.relationship == nil
        else { continue }
        follow(
          segue, from: source, to: "\(index)/\(destination)",
          at: SourceRange(document.file, segue.offset..<segue.offset))
      }
    }
  }

  /// A segue to a scene pushes it (`show`, `push`); to a navigation controller, presents it.
  private mutating func follow(
    _ segue: StoryboardSegue, from source: ScreenID, to key: String, at: SourceRange
  ) {
    if let navigator = sceneNavigators[key] {
      if segue.kind != "embed" { addPresent(from: source, to: navigator, at: at) }
    } else if Self.isPush(segue), let target = sceneScreens[key] {
      addPush(from: source, to: target, at: at)
    }
  }

  private static func isPush(_ segue: StoryboardSegue) -> Bool {
    segue.kind == "show" || segue.kind == "push"
  }

  // MARK: - SwiftUI

  /// Each SwiftUI stack is a navigator whose class is `UINavigationController` (every
  /// `extension UINavigationController` applies to it), rooted at its root view; its views
  /// are screens and its links pushes (docs/scan.md, "SwiftUI").
  private mutating func addSwiftUINavigation() {
    for item in swiftUI.unresolved { note(item.range, item.what) }
    guard !swiftUI.views.order.isEmpty else { return }
    var counts: [String: Int] = [:]
    for stack in swiftUI.stacks { counts[stack.holder, default: 0] += 1 }
    for stack in swiftUI.stacks {
      guard let root = swiftUIScreen(stack.root, at: stack.at) else { continue }
      var name = stack.holder + stack.kind
      if counts[stack.holder, default: 0] > 1 { name += "_" + stack.root }
      let id = addNavigator(
        named: name, navClass: "UINavigationController", root: root, at: stack.at)
      module[id].kindName = stack.kind + " of"
      swiftUIHolders[id] = stack.holder
    }
    for push in swiftUI.pushes {
      guard let source = swiftUIScreen(push.from, at: push.at),
        let target = swiftUIScreen(push.to, at: push.at)
      else { continue }
      addPush(from: source, to: target, at: push.at)
    }
    for view in swiftUI.unreached { _ = swiftUIScreen(view, at: nil) }
  }

  /// The screen of a SwiftUI view: a view type's own, or for a
  /// `UIViewControllerRepresentable` the view controller it makes.
  private mutating func swiftUIScreen(_ view: String, at: SourceRange?) -> ScreenID? {
    guard let entry = swiftUI.views[view] else { return nil }
    if entry.isRepresentable {
      guard let (value, body, file) = swiftUI.views.controllerExpression(ofRepresentable: view),
        let className = resolver.viewControllerClass(
          of: value, in: CodeContext(file: file, selfClass: nil, body: body)),
        let screen = screen(forClass: className, at: at ?? SourceRange(file, value.range))
      else {
        if let at { note(at, "'\(view)' shows a view controller whose class is not known") }
        return nil
      }
      return screen
    }
    return screenByName[view]
      ?? addScreen(named: view, className: view, at: SourceRange(entry.file, entry.nameRange))
  }

  /// `UIHostingController(rootView: V(…))` (or a subclass's initializer with `rootView:`), or
  /// a local bound to one: the screen of `V`.
  private mutating func hostedViewScreen(_ value: ScanExpr, in context: CodeContext) -> ScreenID? {
    var expression = value.uncast
    if let name = expression.identifierName, let local = context.locals[name] {
      expression = local.uncast
    }
    guard let (callee, arguments) = expression.call,
      let rootView = arguments.first(where: { $0.label == SwiftUIVocabulary.rootViewLabel }),
      let hosting = SwiftUICodeReader.typeName(callee),
      hosting == SwiftUIVocabulary.hostingController
        || classes.inherits(hosting, from: SwiftUIVocabulary.hostingController)
    else { return nil }
    let built = SwiftUICodeReader.builtViews(rootView.value, in: swiftUI.views)
    guard let views = built, views.count == 1 else {
      note(context.range(expression.range), "hosting controller whose root view is not a view type")
      return nil
    }
    return swiftUIScreen(views[0], at: context.range(expression.range))
  }

  /// The facts of the SwiftUI content of every screen that is a view (shown by a stack or
  /// hosted by UIKit code): its hidden back button, leading items, hidden bar and a leading
  /// button that can stay.
  private mutating func addSwiftUIFacts() {
    guard !swiftUI.views.order.isEmpty else { return }
    for index in module.screens.indices {
      let name = module.screens[index].effectiveClassName
      guard swiftUI.views[name]?.isRepresentable == false else { continue }
      let facts = swiftUI.content(of: name).facts
      if let at = facts.leftBarButton, module.screens[index].leftBarButton == nil {
        module.screens[index].leftBarButton = Located(.custom, at: at)
      }
      if let at = facts.barHidden, module.screens[index].navigationBar == nil {
        module.screens[index].navigationBar = Located(.hidden, at: at)
      }
      if let (at, condition) = facts.interceptTaps, module.screens[index].back == nil {
        module.screens[index].back = Located(.interceptTaps, at: at)
        if let condition { conditions[at] = condition }
      }
      if let at = facts.leadingButtonLeaves, facts.leftBarButton != nil {
        module.leftButtonsThatPop[index] = at
      }
    }
  }

  // MARK: - Support

  /// Every expression of the app's code, with the context it runs in.
  /// Every expression of the app's code that could create a navigation controller, with the
  /// context it runs in: code that does not mention a root view controller is skipped.
  private func forEachCodeExpression(_ body: (ScanExpr, CodeContext) -> Void) {
    let needles = MentionWords(["ootViewController"])
    for file in codeFiles where file.mentions(needles) {
      var bodies: [([ScanStatement], String?)] = []
      for type in file.allTypes {
        let selfClass = classes.isClass(type.name) ? type.name : nil
        for method in type.methods where file.mentions(needles, in: method.range) {
          bodies.append((method.body ?? [], selfClass))
        }
        for property in type.properties where file.mentions(needles, in: property.range) {
          var statements: [ScanStatement] = []
          if let value = property.initializer {
            statements.append(
              ScanStatement(.expression(value), range: value.range, firstTokenRange: value.range))
          }
          for accessor in property.accessors { statements += accessor.body ?? [] }
          bodies.append((statements, selfClass))
        }
      }
      for function in file.functions { bodies.append((function.body ?? [], nil)) }
      for property in file.properties {
        if let value = property.initializer {
          bodies.append(
            (
              [ScanStatement(.expression(value), range: value.range, firstTokenRange: value.range)],
              nil
            ))
        }
      }
      for (statements, selfClass) in bodies {
        let context = CodeContext(file: file.file, selfClass: selfClass, body: statements)
        forEachExpression(in: statements) { body($0, context) }
      }
    }
  }

  private mutating func note(_ range: SourceRange, _ what: String) {
    guard unresolvedSites.insert(range).inserted else { return }
    unresolved.append(AppModel.Unresolved(range: range, what: what))
  }

  /// A rule-file identifier made of `text`: letters, digits and `_`.
  static func identifier(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      let isWordCharacter =
        ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar)
        || ("0"..."9").contains(scalar) || scalar == "_"
      result.unicodeScalars.append(isWordCharacter ? scalar : "_")
    }
    if let first = result.unicodeScalars.first, ("0"..."9").contains(first) {
      result = "_" + result
    }
    return result.isEmpty ? "_" : result
  }
}
