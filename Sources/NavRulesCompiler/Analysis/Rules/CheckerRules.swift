/// Every checker rule, in one list: its explanation (its id, severity and summary, what
/// `navrc explain` and docs/rules/ say) and how the checker runs it. The checker's rule lists
/// and the checker's part of `Explanation.all`, the registry of ids, are read from here.
enum CheckerRules {
  /// How the checker runs a rule.
  enum Scheduling {
    /// On the declarations alone, beside the explorations.
    case declaration(any DeclarationRule.Type)
    /// On every reachable idle configuration whose top it concerns.
    case configuration(any ConfigurationRule.Type)
    /// Blaming the writers of one field's values, searched writer by writer (`root-pop`,
    /// whose scope is the root alone, is answered for all writers at once by `RootReach`).
    case origin([any OriginRule.Type])
    /// Read off the swipes the exploration found frozen (`gesture-deadlock`).
    case frozenSwipes
    /// Replayed on the configurations a pop can reveal (`title-lost-on-back`).
    case revealedScreens
  }

  struct Entry {
    var explanation: Explanation
    var scheduling: Scheduling

    var id: DiagnosticID { explanation.id }
  }

  static let all: [Entry] = [
    Entry(explanation: RootPopRule.explanation, scheduling: .origin([RootPopRule.self])),
    Entry(explanation: GestureDeadlockRule.explanation, scheduling: .frozenSwipes),
    Entry(explanation: DelegateLeakRule.explanation, scheduling: .origin([DelegateLeakRule.self])),
    Entry(
      explanation: StateLeakRule.explanation,
      scheduling: .origin([
        StateLeakRule.DisabledGesture.self, StateLeakRule.BlockingDelegate.self,
        StateLeakRule.StandardAppearance.self, StateLeakRule.CompactAppearance.self,
        StateLeakRule.ScrollEdgeAppearance.self, StateLeakRule.CompactScrollEdgeAppearance.self,
      ])),
    Entry(
      explanation: ContentSwipeBypassRule.explanation,
      scheduling: .origin([
        ContentSwipeBypassRule.DisabledGesture.self, ContentSwipeBypassRule.BlockingDelegate.self,
      ])),
    Entry(explanation: TitleLostOnBackRule.explanation, scheduling: .revealedScreens),
    Entry(explanation: BackBypassRule.explanation, scheduling: .configuration(BackBypassRule.self)),
    Entry(
      explanation: GestureBlockedBySystemRule.explanation,
      scheduling: .declaration(GestureBlockedBySystemRule.self)),
    Entry(
      explanation: ConflictingPolicyRule.explanation,
      scheduling: .declaration(ConflictingPolicyRule.self)),
    Entry(
      explanation: IneffectiveAtRootRule.explanation,
      scheduling: .declaration(IneffectiveAtRootRule.self)),
  ]

  static var declarationRules: [any DeclarationRule.Type] {
    all.compactMap { if case .declaration(let rule) = $0.scheduling { rule } else { nil } }
  }

  static var configurationRules: [any ConfigurationRule.Type] {
    all.compactMap { if case .configuration(let rule) = $0.scheduling { rule } else { nil } }
  }

  static var originRules: [any OriginRule.Type] {
    all.flatMap { entry -> [any OriginRule.Type] in
      guard case .origin(let rules) = entry.scheduling else { return [] }
      return rules
    }
  }
}
