import NavRulesModel

/// The checker rules of §5, run on a module the front end accepted.
///
/// Declaration rules read the declarations; configuration rules are evaluated on every
/// reachable idle configuration of every navigator, which `NavigatorExploration` computes
/// exactly; `gesture-deadlock` is read off the swipes the exploration found frozen.
public enum Checker {
  static let declarationRules: [any DeclarationRule.Type] = [
    GestureBlockedBySystemRule.self,
    ConflictingPolicyRule.self,
    IneffectiveAtRootRule.self,
  ]

  static let configurationRules: [any ConfigurationRule.Type] = [
    RootPopRule.self,
    DelegateLeakRule.self,
    StateLeakRule.self,
    BackBypassRule.self,
  ]

  public static func check(_ module: Module) -> [Diagnostic] {
    let context = RuleContext(module: module, hooks: HookTable(module))
    let runner = TransitionRunner(module: module, hooks: context.hooks)
    var findings = FindingSet()
    for rule in declarationRules {
      for finding in rule.check(context) { findings.insert(finding, module: module) }
    }
    for navigator in module.navigatorIDs {
      let exploration = NavigatorExploration(navigator: navigator, module: module, runner: runner)
      var titleRule = TitleLostOnBackRule()
      for edge in exploration.edges.indices {
        let configuration = exploration.configuration(NavigatorExploration.EdgeID(edge))
        for rule in configurationRules {
          for finding in rule.check(configuration, context) {
            findings.insert(finding, exploration: exploration, module: module)
          }
        }
        for finding in titleRule.check(configuration, context) {
          findings.insert(finding, exploration: exploration, module: module)
        }
      }
      for freeze in exploration.freezes {
        for finding in GestureDeadlockRule.check(freeze, in: exploration, context) {
          findings.insert(finding, exploration: exploration, module: module)
        }
      }
    }
    return findings.diagnostics
  }
}
