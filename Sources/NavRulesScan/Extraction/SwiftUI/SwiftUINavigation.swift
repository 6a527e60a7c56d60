import NavRulesCompiler

/// The SwiftUI part of an app's model (docs/scan.md, "SwiftUI"): each `NavigationStack` or
/// `NavigationView` is a navigator, the views it shows are screens, its links and value-based
/// destinations are pushes, and the modifiers of a screen's content are its facts.
///
/// A screen's content is its view type's code, the content of the stacks it is the root of,
/// and the code of the app views it builds inline that are not screens themselves (not pushed
/// anywhere, not a stack's root), read as its own.
struct SwiftUINavigation {
  struct Stack {
    var kind: String
    var holder: String
    var root: String
    var at: SourceRange
  }

  struct Push {
    var from: String
    var to: String
    var at: SourceRange
  }

  let views: SwiftUIViewTable
  private(set) var stacks: [Stack] = []
  private(set) var pushes: [Push] = []
  /// The views a stack shows, in the order found.
  private(set) var screens: [String] = []
  private var screenSet: Set<String> = []
  private var pushKeys: Set<[String]> = []
  /// Views with SwiftUI navigation that no stack shows and no screen builds inline.
  private(set) var unreached: [String] = []
  private(set) var unresolved: [AppModel.Unresolved] = []
  /// The values already listed as unresolved: a value every stack reaches is listed once,
  /// not once per stack, so the list stays as long as the app's value sites (the model keeps
  /// the first entry per site anyway).
  private var unresolvedValues: Set<SourceRange> = []
  /// The screens the walks of the stacks visited, counted for the bound of `exploreAll`.
  private(set) var screenVisits = 0

  private var own: [String: SwiftUIViewCode] = [:]
  /// The code written around a destination view at its links (`D().navigationBarHidden(true)`).
  private var linkContent: [String: [SwiftUIViewCode]] = [:]
  /// Stack contents read as their root's code.
  private var rootContent: [String: [SwiftUIViewCode]] = [:]
  /// Views that are screens on their own: pushed somewhere or a stack's root.
  private var standalone: Set<String> = []
  private var boundPaths: Set<String> = []
  private var contents: [String: SwiftUIViewCode] = [:]
  private var inlined: Set<String> = []

  init(_ files: [ScannedFile]) {
    views = SwiftUIViewTable(files)
    unresolved = views.unread
    guard !views.order.isEmpty else { return }
    var sites: [SwiftUIStackSite] = []
    for name in views.order {
      let code = SwiftUICodeReader.read(view: name, in: views)
      own[name] = code
      unresolved += code.unresolved
      sites += code.stacks
      collect(code)
    }
    for site in sites {
      collect(site.content)
      unresolved += site.content.unresolved
      let root = site.root ?? site.holder
      standalone.insert(root)
      if site.root != nil { rootContent[root, default: []].append(site.content) }
      stacks.append(Stack(kind: site.kind, holder: site.holder, root: root, at: site.at))
    }
    exploreAll()
    for name in views.order
    where !screenSet.contains(name) && !inlined.contains(name)
      && own[name]?.holdsNavigation == true && views[name]?.isApp == false
    {
      unreached.append(name)
    }
  }

  /// Records what every piece of code says about which views are screens on their own and
  /// which paths are bound to a stack, nested link contents included.
  private mutating func collect(_ code: SwiftUIViewCode) {
    boundPaths.formUnion(code.boundPaths)
    for link in code.links {
      guard case .view(let destination, _, let content) = link else { continue }
      standalone.insert(destination)
      linkContent[destination, default: []].append(content)
      collect(content)
    }
    for registration in code.registrations {
      for arm in registration.arms {
        standalone.formUnion(arm.views)
        for view in arm.views { linkContent[view, default: []].append(arm.content) }
        collect(arm.content)
      }
    }
  }

  /// The content of a screen: its own code, its stack and link contents, and its inline
  /// subviews' code.
  mutating func content(of screen: String) -> SwiftUIViewCode {
    if let known = contents[screen] { return known }
    var result = own[screen] ?? SwiftUIViewCode()
    for content in rootContent[screen] ?? [] { result.append(content) }
    for content in linkContent[screen] ?? [] { result.append(content) }
    var seen: Set<String> = [screen]
    var index = 0
    while index < result.subviews.count {
      let subview = result.subviews[index]
      index += 1
      guard !standalone.contains(subview), seen.insert(subview).inserted,
        let code = own[subview]
      else { continue }
      inlined.insert(subview)
      result.append(code)
    }
    contents[screen] = result
    return result
  }

  /// Walks every stack, each stack's walk at most once per set of screens it shows.
  ///
  /// Stacks whose walks show the same screens through the same registrations make the same
  /// screens, pushes and unresolved values, so only the first of them (in stack order, for a
  /// stable output) is walked to the end. Which stacks those are comes from a walk in reverse
  /// order that stops at the first root of an already classified stack whose screens include
  /// its own root (`classify`). Bound: when the app's stacks reach one another (every view a
  /// stack reaching every other view), classifying visits O(views + stacks) screens and one
  /// walk visits each view once, against stacks × views before; stacks that show different
  /// screens are still walked one by one (O(stacks × views) at worst).
  private mutating func exploreAll() {
    let classes = classify()
    var walked: Set<Int> = []
    for index in stacks.indices {
      if let sameAs = classes[index], !walked.insert(sameAs).inserted { continue }
      explore(stacks[index])
    }
  }

  /// For each stack, the class of stacks that show the same screens, or nil for each when a
  /// type has two different destination registrations (then which one a stack takes depends
  /// on the order of its walk, and every stack is walked).
  private mutating func classify() -> [Int?] {
    var classes: [Int?] = Array(repeating: nil, count: stacks.count)
    var screensOfClass: [Set<String>] = []
    var classOfRoot: [String: Int] = [:]
    var registrationSites: [Substring: SourceRange] = [:]
    for index in stacks.indices.reversed() {
      let root = stacks[index].root
      if let known = classOfRoot[root] {
        classes[index] = known
        continue
      }
      let walk = self.walk(from: root, recording: false) { screen in
        guard let other = classOfRoot[screen], screensOfClass[other].contains(root) else {
          return nil
        }
        return other
      }
      if walk.metTwoRegistrationsForAType { return classes.map { _ in nil } }
      for registration in walk.registrations.values {
        let key = Self.typeKey(registration.type)
        if let site = registrationSites[key], site != registration.at {
          return classes.map { _ in nil }
        }
        registrationSites[key] = registration.at
      }
      if let sameAs = walk.stoppedAt {
        classes[index] = sameAs
      } else {
        classes[index] = screensOfClass.count
        screensOfClass.append(walk.reached)
      }
      classOfRoot[root] = classes[index]
    }
    return classes
  }

  /// The screens a stack shows: its root and what its links and values push, through the
  /// `navigationDestination(for:)` registrations of the same stack.
  private mutating func explore(_ stack: Stack) {
    let walk = self.walk(from: stack.root, recording: true) { _ in nil }
    for item in walk.values where unresolvedValues.insert(item.at).inserted {
      let what =
        item.value.type.map { type in
          walk.registrations[Self.typeKey(type)] != nil
            ? "navigation value \(item.value.text): which destination of \(type) it takes is not known"
            : "navigation value \(item.value.text) of type \(type): no navigationDestination(for: \(type).self) in its stack"
        } ?? "navigation value \(item.value.text) whose type is not known"
      unresolved.append(AppModel.Unresolved(range: item.at, what: what))
    }
  }

  private struct Walk {
    var reached: Set<String> = []
    /// By the last component of their type's name (`typeKey`), the first of each kept, so a
    /// value finds its registration in one look-up however many screens the stack reaches.
    var registrations: [Substring: SwiftUIRegistration] = [:]
    /// The values left unresolved (all of them when the walk stopped early).
    var values: [(from: String, value: SwiftUIValue, at: SourceRange)] = []
    /// What `stop` returned when it ended the walk.
    var stoppedAt: Int?
    /// Whether two different registrations for one type were met.
    var metTwoRegistrationsForAType = false
  }

  /// The walk of a stack from its root; `recording` adds its screens and pushes to the model.
  /// `stop` is asked about each screen as it is reached; a non-nil answer ends the walk.
  private mutating func walk(
    from root: String, recording: Bool, stop: (String) -> Int?
  ) -> Walk {
    var walk = Walk()
    var pending = [root]
    while true {
      while let screen = pending.popLast() {
        guard walk.reached.insert(screen).inserted else { continue }
        screenVisits += 1
        if let sameAs = stop(screen) {
          walk.stoppedAt = sameAs
          return walk
        }
        if recording, screenSet.insert(screen).inserted { screens.append(screen) }
        let code = content(of: screen)
        for link in code.links {
          switch link {
          case .view(let destination, let at, _):
            if recording { addPush(from: screen, to: destination, at: at) }
            pending.append(destination)
          case .value(let value, let at):
            walk.values.append((screen, value, at))
          }
        }
        for append in code.appends where boundPaths.contains(append.receiver) {
          walk.values.append((screen, append.value, append.at))
        }
        for registration in code.registrations {
          let key = Self.typeKey(registration.type)
          if let first = walk.registrations[key] {
            if first.at != registration.at { walk.metTwoRegistrationsForAType = true }
          } else {
            walk.registrations[key] = registration
          }
        }
      }
      var left: [(from: String, value: SwiftUIValue, at: SourceRange)] = []
      for item in walk.values {
        guard let destinations = Self.destinations(of: item.value, walk.registrations) else {
          left.append(item)
          continue
        }
        for destination in destinations {
          if recording { addPush(from: item.from, to: destination, at: item.at) }
          pending.append(destination)
        }
      }
      walk.values = left
      if pending.isEmpty { return walk }
    }
  }

  /// The views a value pushes: those of the registration for its type, for its case when
  /// the destination switches over cases; nil when that is not certain.
  private static func destinations(
    of value: SwiftUIValue, _ registrations: [Substring: SwiftUIRegistration]
  ) -> [String]? {
    guard let type = value.type, let registration = registrations[typeKey(type)] else {
      return nil
    }
    let arms = registration.arms
    if arms.count == 1, arms[0].caseName == nil { return arms[0].views }
    guard let caseName = value.caseName else { return nil }
    if let arm = arms.first(where: { $0.caseName == caseName }) { return arm.views }
    return arms.first { $0.caseName == nil }?.views
  }

  /// `App.Route` and `Route` name the same type when one is written inside `App`: types are
  /// compared by the last component of their names.
  private static func typeKey(_ type: String) -> Substring {
    type.split(separator: ".").last ?? Substring(type)
  }

  private mutating func addPush(from source: String, to target: String, at: SourceRange) {
    guard pushKeys.insert([source, target]).inserted else { return }
    pushes.append(Push(from: source, to: target, at: at))
  }
}
