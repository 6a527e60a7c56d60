/// One imperative statement in an `on EVENT { … }` hook: a write to navigator-wide state.
public enum HookAction: Hashable, Sendable {
  /// `popGesture enabled|disabled`: `interactivePopGestureRecognizer.isEnabled = …`.
  case setGestureEnabled(Bool)
  /// `popGestureDelegate …`: `interactivePopGestureRecognizer.delegate = …`.
  case setGestureDelegate(GestureDelegate)
  /// `navigationBar hidden|visible`: `setNavigationBarHidden(…)`.
  case setNavigationBar(BarVisibility)
  /// `titleStyle …`: `navigationBar.titleTextAttributes = …`.
  case setTitleStyle(TitleAttributes)
  /// `barAppearance SLOT …`: `navigationBar.standardAppearance = …` (or another slot), the
  /// bar's, which stays in effect for every screen shown after it until the next write.
  case setBarAppearance(BarAppearanceSlot, BarAppearance)
}
