import NavRulesModel

/// How a finding about a scanned app's code spells UIKit and SwiftUI: in the language of the
/// file it points at, so that its message says what to change in the code, not in a rule file
/// the app does not have. One home for the spellings; each rule's wording of its finding in
/// these terms lives beside the rule (`CodeWording/`), keyed by the rule.
struct CodeTerms {
  enum Language {
    case swift
    case objectiveC
  }

  /// The language of the file the finding points at.
  let language: Language
  /// Whether the screen the finding is about is a SwiftUI view.
  let isSwiftUIView: Bool

  var isObjectiveC: Bool { language == .objectiveC }

  /// A method of one argument as the language names it: `viewDidAppear(_:)`,
  /// `viewDidAppear:`.
  func method(_ name: String) -> String {
    isObjectiveC ? "'\(name):'" : "'\(name)(_:)'"
  }

  /// A lifecycle method, e.g. `'viewWillAppear(_:)'`.
  func method(_ event: LifecycleEvent) -> String { method(event.rawValue) }

  /// The same moment after the transition: `viewDidAppear` for `viewWillAppear`, after which
  /// no swipe is in flight.
  func methodAfterTransition(_ event: LifecycleEvent) -> String {
    switch event {
    case .viewWillAppear: method(LifecycleEvent.viewDidAppear)
    case .viewWillDisappear: method(LifecycleEvent.viewDidDisappear)
    default: method(event)
    }
  }

  /// The delegate method that refuses a swipe.
  var shouldBegin: String { method("gestureRecognizerShouldBegin") }

  /// The test of the stack's depth that keeps a swipe off the root, as code of the navigation
  /// controller itself (`inNavigationController`) or of a view controller in it.
  func depthGuard(inNavigationController: Bool) -> String {
    switch (language, inNavigationController) {
    case (.swift, true): "'viewControllers.count > 1'"
    case (.objectiveC, true): "'self.viewControllers.count > 1'"
    case (.swift, false): "'(navigationController?.viewControllers.count ?? 0) > 1'"
    case (.objectiveC, false): "'self.navigationController.viewControllers.count > 1'"
    }
  }

  /// Turning the edge gesture back on, as a view controller writes it.
  var enableGesture: String {
    isObjectiveC
      ? "'self.navigationController.interactivePopGestureRecognizer.enabled = YES'"
      : "'navigationController?.interactivePopGestureRecognizer?.isEnabled = true'"
  }

  /// Turning iOS 26's content gesture off beside the edge gesture.
  var disableContentGesture: String {
    isObjectiveC
      ? "'interactiveContentPopGestureRecognizer.enabled = NO' (in 'if (@available(iOS 26, *))')"
      : "'interactiveContentPopGestureRecognizer?.isEnabled = false' (in "
        + "'if #available(iOS 26, *)')"
  }

  /// Where a screen's own title attributes belong so that every transition applies them.
  var itemAppearance: String {
    isObjectiveC
      ? "'self.navigationItem.standardAppearance' (and 'scrollEdgeAppearance')"
      : "'navigationItem.standardAppearance' (and 'scrollEdgeAppearance')"
  }

  /// `false` / `NO`.
  var no: String { isObjectiveC ? "'NO'" : "'false'" }
}

extension RuleContext {
  /// The terms of the scanned code a finding at `range` about `screen` speaks; `nil` for
  /// rule files, whose findings keep their rule-file wording.
  func codeTerms(at range: SourceRange, about screen: ScreenID? = nil) -> CodeTerms? {
    guard let languages = module.codeLanguages else { return nil }
    return CodeTerms(
      language: languages.objectiveCPaths.contains(range.file.path) ? .objectiveC : .swift,
      isSwiftUIView: screen.map(module.isSwiftUIView) ?? false)
  }

  /// How a scanned app's message names whose code an action is: `'GalleryViewController'`,
  /// `navigation controller 'MainNavigationController'`, `NavigationStack of 'ContentView'`.
  func codeOwnerName(_ action: ActionID) -> String {
    switch hooks.owner(of: action) {
    case .screen(let screen): "'\(name(screen))'"
    case .navigator(let navigator): "\(module[navigator].kindName) '\(name(navigator))'"
    }
  }
}
