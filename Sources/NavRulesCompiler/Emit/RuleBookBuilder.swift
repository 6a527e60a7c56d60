import NavRules

/// Turns a resolved module into the `RuleBook` the runtime applies: declaration order kept,
/// every value resolved (class names, styles, inherited swipe policy), nothing dropped.
public enum RuleBookBuilder {
  /// The book of `module`; `nil` when a navigator has no root (a module with errors).
  public static func book(from module: Module) -> RuleBook? {
    var navigators: [NavigatorRule] = []
    for navigator in module.navigators {
      guard let root = navigator.root?.value else { return nil }
      navigators.append(
        NavigatorRule(
          name: navigator.name, root: NavRules.ScreenID(root.index),
          titleStyle: navigator.titleStyle.map { titleStyle($0.value) },
          popGesture: navigator.effectivePopGesture,
          backDebounceMilliseconds: navigator.effectiveBackDebounce,
          hooks: navigator.hooks.map { hook in
            HookRule(event: hook.event.value, actions: hook.actions.map(\.action))
          },
          barAppearances: navigator.barAppearances.map(barAppearance)))
    }
    let screens = module.screens.map { screen in
      ScreenRule(
        name: screen.name,
        className: screen.effectiveClassName,
        title: screen.title?.value,
        titleStyle: screen.titleStyle.map { titleStyle($0.value) },
        back: screen.effectiveBack,
        popGesture: screen.popGesture?.value,
        navigationBar: screen.effectiveNavigationBar,
        leftBarButton: screen.effectiveLeftBarButton,
        pushes: screen.pushes.map { NavRules.ScreenID($0.value.index) },
        presents: screen.presents.map { NavRules.NavigatorID($0.value.index) },
        hooks: screen.hooks.map { hook in
          HookRule(
            event: hook.event.value, condition: hook.condition,
            actions: hook.actions.map(\.action))
        },
        barAppearances: screen.barAppearances.map(barAppearance))
    }
    return RuleBook(
      platform: module.deploymentTarget,
      styles: module.styles.map { StyleRule(name: $0.name, attributes: $0.attributes) },
      navigators: navigators,
      screens: screens)
  }

  private static func barAppearance(_ declared: Located<DeclaredBarAppearance>)
    -> BarAppearanceRule
  {
    BarAppearanceRule(slots: declared.value.slots, appearance: declared.value.appearance)
  }

  private static func titleStyle(_ style: TitleStyle) -> TitleStyleRule {
    switch style.source {
    case .style(let id):
      TitleStyleRule(attributes: style.attributes, style: NavRules.StyleID(id.index))
    case .inline:
      TitleStyleRule(attributes: style.attributes, style: nil)
    }
  }
}
