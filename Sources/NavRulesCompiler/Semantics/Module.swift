import NavRulesModel

/// The resolved rules of one `navrc` run: every file's declarations in one namespace per kind,
/// with references turned into ids and values checked.
///
/// Every value keeps the source range of the directive that declared it, so later stages can
/// report at the directive and fix-its can edit it.
public struct Module: Sendable {
  /// The files of the module, in sorted path order.
  public var files: [SourceFile]
  /// The declared deployment target, if any (`platform`).
  public var platform: Located<PlatformVersion>?
  public var styles: [Style] = []
  public var navigators: [Navigator] = []
  public var screens: [Screen] = []
  /// How messages and notes name the screens and navigators, when not by their names: `navrc
  /// scan` names them by class (a rule file's names are identifiers, which a class need not
  /// be, and two navigation controllers of one class need two). `nil` for rule files, so
  /// `navrc check` reads the names and pays for nothing else.
  public var displayNames: DisplayNames?
  /// The languages of a scanned app's code, so that messages say what to change in the code's
  /// own terms (`CodeTerms`); `nil` for rule files, whose messages speak rule-file terms.
  public var codeLanguages: CodeLanguages?
  /// A scanned app's custom left buttons that go back without asking, by screen index (a
  /// SwiftUI leading button whose action is `dismiss()`): a tap on one pops, at that button.
  /// The rule language has no such fact, so rule files leave it empty.
  public var leftButtonsThatPop: [Int: SourceRange] = [:]

  package init(files: [SourceFile]) {
    self.files = files
  }

  /// The deployment target in effect.
  public var deploymentTarget: PlatformVersion { platform?.value ?? .default }

  // `_read` and `_modify` lend the element in place: `module[id].name` reads one field
  // instead of copying the whole declaration (a getter returns a copy, a dozen references
  // retained and released).
  public subscript(id: ScreenID) -> Screen {
    _read { yield screens[id.index] }
    _modify { yield &screens[id.index] }
  }

  public subscript(id: NavigatorID) -> Navigator {
    _read { yield navigators[id.index] }
    _modify { yield &navigators[id.index] }
  }

  public subscript(id: StyleID) -> Style {
    _read { yield styles[id.index] }
    _modify { yield &styles[id.index] }
  }

  public var screenIDs: [ScreenID] { screens.indices.map(ScreenID.init) }
  public var navigatorIDs: [NavigatorID] { navigators.indices.map(NavigatorID.init) }
  public var styleIDs: [StyleID] { styles.indices.map(StyleID.init) }

  public func screen(named name: String) -> ScreenID? {
    screens.firstIndex { $0.name == name }.map(ScreenID.init)
  }

  public func navigator(named name: String) -> NavigatorID? {
    navigators.firstIndex { $0.name == name }.map(NavigatorID.init)
  }

  public func style(named name: String) -> StyleID? {
    styles.firstIndex { $0.name == name }.map(StyleID.init)
  }

  /// How messages and notes name `screen`: its display name, else its name.
  package func displayName(_ screen: ScreenID) -> String {
    if let names = displayNames { return names.screens[screen.index] }
    return screens[screen.index].name
  }

  /// Whether `screen` is a SwiftUI view of a scanned app.
  package func isSwiftUIView(_ screen: ScreenID) -> Bool {
    guard let views = codeLanguages?.swiftUIViews, views.indices.contains(screen.index) else {
      return false
    }
    return views[screen.index]
  }

  /// How messages and notes name `navigator`: its display name, else its name.
  package func displayName(_ navigator: NavigatorID) -> String {
    if let names = displayNames { return names.navigators[navigator.index] }
    return navigators[navigator.index].name
  }
}

/// The names messages and notes give screens and navigators, by index.
public struct DisplayNames: Sendable {
  public var screens: [String]
  public var navigators: [String]

  public init(screens: [String], navigators: [String]) {
    self.screens = screens
    self.navigators = navigators
  }
}

/// What messages about a scanned app need to know to speak its code's language.
public struct CodeLanguages: Sendable {
  /// Whether each screen (by index) is a SwiftUI view rather than a view controller.
  public var swiftUIViews: [Bool]
  /// The app's Objective-C files (`.m`, `.mm`, `.h`), by path; the others are Swift.
  public var objectiveCPaths: Set<String>

  public init(swiftUIViews: [Bool], objectiveCPaths: Set<String>) {
    self.swiftUIViews = swiftUIViews
    self.objectiveCPaths = objectiveCPaths
  }
}

/// A value and the source range of the directive (or argument) it came from.
public struct Located<Value: Sendable>: Sendable {
  public var value: Value
  public var range: SourceRange

  public init(_ value: Value, at range: SourceRange) {
    self.value = value
    self.range = range
  }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}

public struct ScreenID: Hashable, Comparable, Sendable {
  public var index: Int
  public init(_ index: Int) { self.index = index }
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.index < rhs.index }
}

public struct NavigatorID: Hashable, Comparable, Sendable {
  public var index: Int
  public init(_ index: Int) { self.index = index }
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.index < rhs.index }
}

public struct StyleID: Hashable, Comparable, Sendable {
  public var index: Int
  public init(_ index: Int) { self.index = index }
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.index < rhs.index }
}

/// `style NAME { color …; font … }`.
public struct Style: Sendable {
  public var name: String
  /// The range of the name in the declaration.
  public var nameRange: SourceRange
  public var attributes: TitleAttributes
  /// `background` and `backgroundColor`, which only a `barAppearance` reads.
  public var background: BarBackground?
  public var backgroundColor: TitleColor?

  /// The style as a bar appearance: its background, and its attributes for the title.
  public var barAppearance: BarAppearance {
    BarAppearance(
      background: background, backgroundColor: backgroundColor,
      title: attributes == TitleAttributes() ? nil : attributes)
  }
}

/// A declared `barAppearance [SLOT] STYLE` or `barAppearance [SLOT] { … }` of a screen or
/// navigator: the appearance the runtime gives the screens' navigation items in those slots.
public struct DeclaredBarAppearance: Hashable, Sendable {
  /// The slots it is for: the one named, else all four.
  public var slots: [BarAppearanceSlot]
  public var appearance: BarAppearance
  public var source: TitleStyleSource
}

/// Title attributes as written: a named style or an inline block.
public enum TitleStyleSource: Hashable, Sendable {
  case style(StyleID)
  case inline
}

/// A resolved `titleStyle` value.
public struct TitleStyle: Hashable, Sendable {
  public var attributes: TitleAttributes
  public var source: TitleStyleSource
}

/// `navigator NAME { … }`: one `UINavigationController`.
public struct Navigator: Sendable {
  public var name: String
  public var nameRange: SourceRange
  /// `root SCREEN` (its value range is the screen name).
  public var root: Located<ScreenID>?
  public var titleStyle: Located<TitleStyle>?
  /// `barAppearance …`, in source order, at most one per slot.
  public var barAppearances: [Located<DeclaredBarAppearance>] = []
  public var popGesture: Located<PopGesturePolicy>?
  /// `backDebounce`, in milliseconds.
  public var backDebounce: Located<Double>?
  /// `on viewDidLoad { … }`: the navigation controller's own code, run at launch before the
  /// root screen's `viewDidLoad`, in source order.
  public var hooks: [Hook] = []
  /// How path notes name it: a rule file's `navigator`, or the `navigation controller` that
  /// `navrc scan` found in an app.
  public var kindName = "navigator"

  package init(name: String, nameRange: SourceRange) {
    self.name = name
    self.nameRange = nameRange
  }

  /// The swipe policy its screens inherit.
  public var effectivePopGesture: PopGesturePolicy { popGesture?.value ?? .system }
  public var effectiveBackDebounce: Double { backDebounce?.value ?? 0 }
}

/// `screen NAME { … }`: one view controller type.
public struct Screen: Sendable {
  public var name: String
  public var nameRange: SourceRange
  /// `class NAME`.
  public var className: Located<String>? {
    get { classNameText?.located }
    set { classNameText = newValue.map(DeclaredText.init) }
  }
  public var title: Located<String>? {
    get { titleText?.located }
    set { titleText = newValue.map(DeclaredText.init) }
  }
  /// What `className` and `title` make their text from, when something reads them.
  var classNameText: DeclaredText?
  var titleText: DeclaredText?
  public var titleStyle: Located<TitleStyle>? {
    get { indirectTitleStyle?.value }
    set { indirectTitleStyle = newValue.map(Indirect.init) }
  }
  /// `push A, B`: each target with the range of its name.
  public var pushes: [Located<ScreenID>] = []
  /// `present N`: each navigator with the range of its name.
  public var presents: [Located<NavigatorID>] = []
  public var back: Located<BackPolicy>? {
    get { indirectBack?.value }
    set { indirectBack = newValue.map(Indirect.init) }
  }
  public var popGesture: Located<PopGesturePolicy>?
  public var navigationBar: Located<BarVisibility>?
  public var leftBarButton: Located<LeftBarButton>?
  /// `barAppearance …`, in source order, at most one per slot.
  public var barAppearances: [Located<DeclaredBarAppearance>] = []
  /// `on EVENT { … }` blocks in source order.
  public var hooks: [Hook] = []

  // The two largest fields, which most screens leave out, behind a reference: 8 bytes each in
  // every screen instead of 72 and 64 (a screen is 224 bytes instead of 344).
  private var indirectTitleStyle: Indirect<Located<TitleStyle>>?
  private var indirectBack: Indirect<Located<BackPolicy>>?

  public init(name: String, nameRange: SourceRange) {
    self.name = name
    self.nameRange = nameRange
  }

  /// The view controller class: the declared one, else the screen's name.
  public var effectiveClassName: String { className?.value ?? name }
  public var effectiveBack: BackPolicy { back?.value ?? .allow }
  public var effectiveNavigationBar: BarVisibility { navigationBar?.value ?? .visible }
  public var effectiveLeftBarButton: LeftBarButton { leftBarButton?.value ?? .none }

  /// The swipe policy in effect inside `navigator`: the screen's own, else the navigator's.
  public func effectivePopGesture(in navigator: Navigator) -> PopGesturePolicy {
    popGesture?.value ?? navigator.effectivePopGesture
  }

  /// The title attributes the runtime applies when the screen becomes top in `navigator`.
  public func declaredTitle(in navigator: Navigator) -> TitleAttributes? {
    titleStyle?.value.attributes ?? navigator.titleStyle?.value.attributes
  }

  /// The appearance the runtime gives the screen's navigation item in `slot` inside
  /// `navigator`: its own, else the navigator's; `nil` leaves the bar's showing.
  public func declaredBarAppearance(_ slot: BarAppearanceSlot, in navigator: Navigator)
    -> BarAppearance?
  {
    Self.appearance(slot, in: barAppearances) ?? Self.appearance(slot, in: navigator.barAppearances)
  }

  private static func appearance(
    _ slot: BarAppearanceSlot, in declared: [Located<DeclaredBarAppearance>]
  ) -> BarAppearance? {
    declared.first { $0.value.slots.contains(slot) }?.value.appearance
  }

  /// The actions that run at `event` on an instance that is, or is not, its navigator's root
  /// at depth 1, in source order.
  public func actions(at event: LifecycleEvent, isRootAtDepthOne: Bool) -> [ActionDeclaration] {
    hooks.filter {
      $0.event.value == event && $0.condition.holds(isRootAtDepthOne: isRootAtDepthOne)
    }
    .flatMap(\.actions)
  }
}

/// `on EVENT { ACTION… }` or `on EVENT if pushed { ACTION… }`.
public struct Hook: Sendable {
  public var event: Located<LifecycleEvent>
  /// `if pushed`, where it is written; `nil` for a hook that always runs.
  public var guardClause: Located<HookCondition>?
  public var actions: [ActionDeclaration]
  /// The whole `on EVENT { … }` directive, for fix-its that move or replace it.
  public var range: SourceRange

  /// When the hook's actions run.
  public var condition: HookCondition { guardClause?.value ?? .always }

  package init(
    event: Located<LifecycleEvent>, guardClause: Located<HookCondition>?,
    actions: [ActionDeclaration], range: SourceRange
  ) {
    self.event = event
    self.guardClause = guardClause
    self.actions = actions
    self.range = range
  }
}

/// One action in a hook, where it was written.
public struct ActionDeclaration: Hashable, Sendable {
  public var action: HookAction
  /// The whole action statement, e.g. `popGesture disabled`.
  public var range: SourceRange

  package init(action: HookAction, range: SourceRange) {
    self.action = action
    self.range = range
  }
}

/// An immutable value behind a reference, for a large field most values leave out: the field
/// then takes 8 bytes instead of the value's size. A copy shares the reference, which is safe
/// because nothing mutates it; setting the field makes a new one.
final class Indirect<Value: Sendable>: Sendable {
  let value: Value

  init(_ value: Value) {
    self.value = value
  }
}
