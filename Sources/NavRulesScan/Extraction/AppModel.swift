import NavRulesCompiler
import NavRulesModel

/// What `navrc scan` extracted from an app: the same `Module` the resolver builds from rule
/// files, with ranges in the app's own files, and what it had to leave out.
public struct AppModel: Sendable {
  public var module: Module
  /// Pushes, roots and values the scanner could not resolve, in file order: left out of the
  /// model, never guessed.
  public var unresolved: [Unresolved]
  /// Where each screen and navigator came from (a class declaration, a storyboard scene, a
  /// `--root` option), for `--rules` comments.
  public var origins: Origins
  /// The ids the app's suppression comments name for each line (0-based), so `--rules`
  /// carries them to the same declarations.
  public var suppressions: [LineKey: [String]] = [:]
  /// Findings that do not apply where the app states a fact the language cannot: they are not
  /// reported, and `--rules` suppresses them on their line.
  package var notApplicable: Set<Located<DiagnosticID>> = []
  /// The `popGesture disabled` actions whose method also disables iOS 26's content gesture
  /// (the `content-swipe-bypass` findings that do not apply), for the ways-back audit.
  package var contentGestureAlsoDisabled: Set<SourceRange> {
    Set(notApplicable.lazy.filter { $0.value == .contentSwipeBypass }.map(\.range))
  }
  /// The navigators (by their origin, where path notes point) in which a hook writes the pop
  /// gesture's delegate or `isEnabled` with a value navrc cannot resolve. The model has no
  /// unknown value, so the write is left out; the findings about the gesture on their paths
  /// are dropped instead (`AppScan`), since the value they assume may have been replaced.
  public var opaqueGestureNavigators: Set<SourceRange> = []
  /// SwiftUI facts read from a modifier whose argument is not a literal, as its `true` case
  /// (`.navigationBarBackButtonHidden(isEditing)`): the condition, which a finding there
  /// names in a note.
  public var conditions: [SourceRange: String] = [:]

  /// The app's suppressions that the scan reported as suppressing nothing
  /// (`unused-suppression`), in file order: `--rules` writes those whose line has no
  /// declaration in the rule file on a line of their own, so that `navrc check` reports them
  /// too.
  public var unusedSuppressions: [UnusedSuppression] = []

  /// One id of a suppression comment that suppresses nothing in the app.
  public struct UnusedSuppression: Sendable {
    /// The id as written.
    public var name: String
    /// Where the id is written.
    public var range: SourceRange
    /// The whole comment, which may name several ids.
    public var comment: SourceRange
    /// The line the comment applies to (0-based).
    public var target: LineKey
    /// The screen whose class's code holds the comment, if any.
    public var screen: ScreenID?
  }

  public struct LineKey: Hashable, Sendable {
    public var path: String
    public var line: Int
  }

  /// A part of the app the model leaves out.
  public struct Unresolved: Sendable, Equatable {
    public var range: SourceRange
    /// What was left out and why, e.g. `push of 'viewController': not a class`.
    public var what: String
  }

  /// A screen no navigator root reaches: its code was read, but no path the analysis explores
  /// runs it, so a clean report says nothing about it.
  public struct UnreachedScreen: Sendable, Equatable {
    /// Its class, as messages name it (`Module.displayNames`).
    public var name: String
    /// Its class declaration or storyboard scene.
    public var range: SourceRange
    /// Whether it is a SwiftUI view, which a `NavigationStack` would reach, not a navigation
    /// controller.
    public var isSwiftUIView = false
    /// The first place that keeps it out (docs/scan.md#blockers).
    public var blocker: Blocker
  }

  /// Why a screen is not analysed, from the facts the scan read (`UnreachedBlockers`).
  public struct Blocker: Sendable, Equatable, Hashable {
    /// What keeps it out, e.g. ``presented by `Home.showSettings()` without a navigation
    /// controller``; `not created by name in any code or storyboard navrc reads` when nothing is known.
    public var what: String
    /// Where, when a place is known.
    public var at: SourceRange?
    /// The unreached screens that push it, from the one the blocker keeps out down to the one
    /// that pushes this screen; empty when the blocker is its own.
    public var through: [String] = []
  }

  /// The app's classes as the model was built from them, for the scan's fix-its.
  var classes: ClassTable?

  /// Each unreached screen's blocker; base classes have none.
  public var blockers: [ScreenID: Blocker] = [:]
  /// Unreached screens that are base classes analysed through their subclasses (only
  /// subclassed, never created), with their subclasses: not counted as screens.
  public var baseClassScreens: [ScreenID: [String]] = [:]

  /// The screens the analysis does not explore, in declaration order, base classes apart.
  public var unreachedScreens: [UnreachedScreen] {
    let reached = module.screensReachedFromRoots()
    return module.screenIDs.filter { !reached[$0.index] && baseClassScreens[$0] == nil }.map {
      id in
      UnreachedScreen(
        name: module.displayName(id), range: origins.screens[id] ?? module[id].nameRange,
        isSwiftUIView: module.isSwiftUIView(id),
        blocker: blockers[id]
          ?? Blocker(what: "not created by name in any code or storyboard navrc reads", at: nil))
    }
  }

  /// The screens counted in reports: every screen but the base classes.
  public var countedScreens: Int { module.screens.count - baseClassScreens.count }

  /// Where declarations came from.
  public struct Origins: Sendable {
    public var screens: [ScreenID: SourceRange] = [:]
    public var navigators: [NavigatorID: SourceRange] = [:]
    /// Navigators declared with `--root CLASS`.
    public var rootOptions: [NavigatorID: String] = [:]
  }
}

/// One recognised action in app code, where it is written, and whether a test of the stack's
/// depth guards it.
struct ExtractedAction {
  var action: HookAction
  /// The statement that performs it (its first token is where diagnostics point).
  var range: SourceRange
  var pushedOnly: Bool
  /// For `popGesture disabled`: the same lifecycle method also disables iOS 26's content
  /// gesture.
  var alsoDisablesContentGesture = false
}
