import NavRulesModel

/// `state-leak`: a disabled gesture or a blocking delegate set by one screen in effect under
/// another.
enum StateLeakRule {
  /// The gesture left disabled.
  enum DisabledGesture: OriginRule {
    static let field = StateField.gesture
    static let scope = BlameScope.underAnotherScreen

    static func blames(_ action: HookAction) -> Bool { action == .setGestureEnabled(false) }

    static func check(
      _ configuration: IdleConfiguration, writer origin: ActionID, _ context: RuleContext
    ) -> Finding? {
      guard let ownerScreen = context.owner(origin), ownerScreen != configuration.top else {
        return nil
      }
      let owner = context.name(ownerScreen)
      let top = context.name(configuration.top)
      return Finding(
        id: .stateLeak,
        message: context.codeTerms(at: context.range(origin)).map {
          disabledGestureCodeMessage(writer: origin, owner: owner, top: top, context, $0)
        }
          ?? "the swipe-back gesture disabled by '\(owner)' is still disabled when '\(top)' is "
          + "on top",
        range: context.range(origin),
        path: PathEnding(
          edge: configuration.edge, ending: "'\(top)' is on top with the gesture disabled",
          writer: origin))
    }
  }

  /// A delegate that refuses every swipe, left in place.
  enum BlockingDelegate: OriginRule {
    static let field = StateField.delegate
    static let scope = BlameScope.underAnotherScreen

    static func blames(_ action: HookAction) -> Bool { action == .setGestureDelegate(.block) }

    static func check(
      _ configuration: IdleConfiguration, writer origin: ActionID, _ context: RuleContext
    ) -> Finding? {
      guard configuration.state.delegate == .block, let ownerScreen = context.owner(origin),
        ownerScreen != configuration.top
      else { return nil }
      let owner = context.name(ownerScreen)
      let top = context.name(configuration.top)
      return Finding(
        id: .stateLeak,
        message: context.codeTerms(at: context.range(origin)).map {
          blockingDelegateCodeMessage(writer: origin, owner: owner, top: top, context, $0)
        }
          ?? "the blocking gesture delegate set by '\(owner)' is still in effect when '\(top)' "
          + "is on top",
        range: context.range(origin),
        path: PathEnding(
          edge: configuration.edge, ending: "'\(top)' is on top with the blocking delegate",
          writer: origin))
    }
  }

  /// The bar's appearance in one slot, written by one screen and still showing on another
  /// (docs/checker.md#the-bars-appearance).
  protocol BarAppearanceLeak: OriginRule {}

  enum StandardAppearance: BarAppearanceLeak {
    static let field = StateField.standardAppearance
  }
  enum CompactAppearance: BarAppearanceLeak {
    static let field = StateField.compactAppearance
  }
  enum ScrollEdgeAppearance: BarAppearanceLeak {
    static let field = StateField.scrollEdgeAppearance
  }
  enum CompactScrollEdgeAppearance: BarAppearanceLeak {
    static let field = StateField.compactScrollEdgeAppearance
  }

  static let explanation = Explanation(
    id: .stateLeak,
    severity: .warning,
    summary:
      "A disabled gesture, blocking delegate or bar appearance set by one screen leaks to others.",
    symptom: """
      Swipe-back stops working on screens that never asked for it, typically after the user \
      visited one particular screen. Nothing crashes; the gesture just does nothing. Or the \
      navigation bar keeps one screen's colours (its `UINavigationBarAppearance`) on the \
      screens pushed after it, and on the one revealed when it is popped.
      """,
    cause: """
      `interactivePopGestureRecognizer.isEnabled` and its delegate are shared by every screen \
      of one navigation controller. A screen that disables the gesture (or installs a delegate \
      that refuses it) and does not restore it on the way out leaves it disabled for the \
      screens it pushes and for the screens revealed when it is popped.
      """,
    bad: """
      navigator Main { root Home }

      screen Home { push Form }

      screen Form {
          push Help
          on viewDidAppear { popGesture disabled }   // never re-enabled
      }

      screen Help { }
      """,
    good: """
      navigator Main { root Home }

      screen Home { push Form }

      screen Form {
          push Help
          popGesture disabled                        // only while Form is on top
      }

      screen Help { }
      """,
    fix: """
      Use the declarative `popGesture disabled` (the runtime applies it only while the screen is \
      on top, to both swipe-back gestures of iOS 26). Pairing the hook with \
      `on viewWillDisappear { popGesture enabled }` stops the leak, but the hook still turns off \
      only the edge gesture, which iOS 26's content swipe walks around \
      (`content-swipe-bypass`). For the bar's appearance, declare `barAppearance` on the screen \
      (in code: set `navigationItem.standardAppearance` and its siblings instead of \
      `navigationController?.navigationBar`'s): the runtime gives it to the screen's own \
      navigation item, which wins over the bar's and never reaches another screen.
      """,
    scanned: scannedCode)
}

extension StateLeakRule.BarAppearanceLeak {
  static var scope: BlameScope { .underAnotherScreen }

  static func blames(_ action: HookAction) -> Bool {
    if case .setBarAppearance(let slot, _) = action { slot == field.appearanceSlot } else { false }
  }

  /// A screen's write still showing while another screen is on top: not when that screen's
  /// navigation item has its own appearance in the slot (declared, so the runtime sets it; it
  /// wins over the bar's), nor when that screen's own hooks write the same appearance there.
  static func check(
    _ configuration: IdleConfiguration, writer origin: ActionID, _ context: RuleContext
  ) -> Finding? {
    guard let slot = field.appearanceSlot, let ownerScreen = context.owner(origin),
      ownerScreen != configuration.top,
      case .setBarAppearance(_, let written) = context.hooks.declaration(of: origin).action
    else { return nil }
    let top = context.module[configuration.top]
    if top.declaredBarAppearance(slot, in: context.module[configuration.navigator]) != nil {
      return nil
    }
    for hook in top.hooks {
      for action in hook.actions where action.action == .setBarAppearance(slot, written) {
        return nil
      }
    }
    let owner = context.name(ownerScreen)
    let topName = context.name(configuration.top)
    return Finding(
      id: .stateLeak,
      message: context.codeTerms(at: context.range(origin)).map {
        codeMessage(writer: origin, slot: slot, owner: owner, top: topName, context, $0)
      }
        ?? "the bar's \(slot.propertyName) set by '\(owner)' is still in effect when "
        + "'\(topName)' is on top",
      range: context.range(origin),
      path: PathEnding(
        edge: configuration.edge,
        ending: "'\(topName)' is on top with the bar's \(slot.propertyName) of '\(owner)'",
        writer: origin))
  }
}
