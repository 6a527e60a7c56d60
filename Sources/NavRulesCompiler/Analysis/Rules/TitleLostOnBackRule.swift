import NavRulesModel

/// `title-lost-on-back`: title attributes written in `viewWillAppear` of a screen a pop can
/// reveal, where a back tap ignores them.
///
/// A screen can be revealed by a pop exactly when it is on top in some reachable configuration
/// and pushes some screen: that push is always possible, and a pop of the pushed screen
/// reveals it, at the depth it stands at in that configuration, which decides whether its
/// `if pushed` hooks run.
struct TitleLostOnBackRule {
  /// How far each screen has been checked as revealed, per navigator run.
  private var checked: [Checked]

  private enum Checked: UInt8, Comparable {
    case not
    /// Revealed as the root at depth 1: the hooks that always run are checked.
    case atRoot
    /// Revealed deeper: every hook is checked.
    case all

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  init(screenCount: Int) {
    checked = [Checked](repeating: .not, count: screenCount)
  }

  mutating func check(_ configuration: IdleConfiguration, _ context: RuleContext) -> [Finding] {
    let revealed = configuration.top
    let isRoot = configuration.isRootAtDepthOne
    let level: Checked = isRoot ? .atRoot : .all
    let before = checked[revealed.index]
    guard before < level else { return [] }
    checked[revealed.index] = level
    // Most screens write no title in `viewWillAppear`: asked first, before the screen, its
    // navigator and its hooks are copied (for nothing, on rule sets with no such hook).
    guard context.hooks.setsTitleOnAppear[revealed.index] else { return [] }
    let screen = context.module[revealed]
    guard let pushed = screen.pushes.first?.value else { return [] }
    let declared =
      screen.declaredTitle(in: context.module[configuration.navigator]) ?? TitleAttributes()
    var findings: [Finding] = []
    for hook in screen.hooks
    where hook.event.value == .viewWillAppear && hook.condition.holds(isRootAtDepthOne: isRoot)
      && !(before == .atRoot && hook.condition == .always)
    {
      for action in hook.actions {
        guard case .setTitleStyle(let attributes) = action.action, attributes != declared else {
          continue
        }
        let origin = HookTable.Origin(
          declaration: action, owner: .screen(revealed), event: .viewWillAppear, hook: hook)
        findings.append(
          Finding(
            id: .titleLostOnBack,
            message: context.codeTerms(at: action.range).map {
              Self.codeMessage(screen: context.name(revealed), $0)
            }
              ?? "title attributes set in viewWillAppear of '\(context.name(revealed))' are not "
              + "applied when Back is tapped; a back tap or programmatic pop keeps the previous "
              + "screen's attributes",
            range: action.range,
            path: PathEnding(
              edge: configuration.edge,
              ending: "→ \(context.name(pushed)), then tap Back to '\(context.name(revealed))'"),
            // A declared style also applies at the root, where an `if pushed` hook does not.
            fixIts: hook.condition != .always
              ? []
              : [
                FixItText.replaceHookAction(
                  origin, with: context.text(of: action.range),
                  existing: screen.titleStyle?.range,
                  message: "declare the title style on '\(screen.name)'; the runtime applies it "
                    + "on every way the screen becomes top")
              ]))
      }
    }
    return findings
  }

  static let explanation = Explanation(
    id: .titleLostOnBack,
    severity: .warning,
    summary: "Title attributes set in viewWillAppear are lost when Back is tapped.",
    symptom: """
      A screen shows its own title colour and font when it is pushed and when the user swipes \
      back to it, but after tapping Back (or a programmatic pop) it shows the attributes of the \
      screen that was just popped.
      """,
    cause: """
      Since iOS 10 the navigation bar ignores `titleTextAttributes` written in the revealed \
      screen's `viewWillAppear` during a non-interactive pop: the bar's pop transition is \
      already set up with the old attributes. On an interactive swipe the same write takes \
      effect, which is why the bug looks random.
      """,
    bad: """
      style Dark { color #222222 }

      navigator Main { root Home }

      screen Home {
          push Detail
          on viewWillAppear { titleStyle Dark }
      }

      screen Detail { titleStyle { color systemBlue } }
      """,
    good: """
      style Dark { color #222222 }

      navigator Main { root Home }

      screen Home {
          push Detail
          titleStyle Dark        // applied at launch, on push, on every kind of pop
      }

      screen Detail { titleStyle { color systemBlue } }
      """,
    fix: """
      Declare the attributes with `titleStyle` on the screen (or its navigator); the runtime \
      applies them whenever the screen becomes top, including after a back tap.
      """,
    scanned: scannedCode)
}
