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
    for index in stacks.indices { explore(stacks[index]) }
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

  /// The screens a stack shows: its root and what its links and values push, through the
  /// `navigationDestination(for:)` registrations of the same stack.
  private mutating func explore(_ stack: Stack) {
    var reached: Set<String> = []
    var pending = [stack.root]
    // By the last component of their type's name (`typeKey`), the first of each kept, so a
    // value finds its registration in one look-up however many screens the stack reaches.
    var registrations: [Substring: SwiftUIRegistration] = [:]
    var values: [(from: String, value: SwiftUIValue, at: SourceRange)] = []
    while true {
      while let screen = pending.popLast() {
        guard reached.insert(screen).inserted else { continue }
        if screenSet.insert(screen).inserted { screens.append(screen) }
        let code = content(of: screen)
        for link in code.links {
          switch link {
          case .view(let destination, let at, _):
            addPush(from: screen, to: destination, at: at)
            pending.append(destination)
          case .value(let value, let at):
            values.append((screen, value, at))
          }
        }
        for append in code.appends where boundPaths.contains(append.receiver) {
          values.append((screen, append.value, append.at))
        }
        for registration in code.registrations {
          let key = Self.typeKey(registration.type)
          if registrations[key] == nil { registrations[key] = registration }
        }
      }
      var left: [(from: String, value: SwiftUIValue, at: SourceRange)] = []
      for item in values {
        guard let destinations = Self.destinations(of: item.value, registrations) else {
          left.append(item)
          continue
        }
        for destination in destinations {
          addPush(from: item.from, to: destination, at: item.at)
          pending.append(destination)
        }
      }
      values = left
      if pending.isEmpty { break }
    }
    for item in values {
      let what =
        item.value.type.map { type in
          registrations[Self.typeKey(type)] != nil
            ? "navigation value \(item.value.text): which destination of \(type) it takes is not known"
            : "navigation value \(item.value.text) of type \(type): no navigationDestination(for: \(type).self) in its stack"
        } ?? "navigation value \(item.value.text) whose type is not known"
      unresolved.append(AppModel.Unresolved(range: item.at, what: what))
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
