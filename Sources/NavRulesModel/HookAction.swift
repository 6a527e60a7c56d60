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
}
