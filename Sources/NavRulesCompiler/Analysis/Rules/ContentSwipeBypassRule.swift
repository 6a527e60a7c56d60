import NavRulesModel

/// `content-swipe-bypass`: a hook's disabled gesture, or its blocking delegate, is what keeps a
/// swipe-back from beginning on a screen whose declarative policy lets it begin; on iOS 26 and
/// later the content swipe, which hooks do not reach (`PopRecognizer.content`), pops it anyway.
///
/// Unlike `state-leak`, it also fires when the writer's own screen is on top: that is the usual
/// case, a screen that turns the gesture off for itself.
enum ContentSwipeBypassRule {
  /// `popGesture disabled` in a hook.
  enum DisabledGesture: OriginRule {
    static let field = StateField.gesture
    static let scope = BlameScope.deeperUnderAnyScreen

    static func blames(_ action: HookAction) -> Bool { action == .setGestureEnabled(false) }

    static func check(
      _ configuration: IdleConfiguration, writer origin: ActionID, _ context: RuleContext
    ) -> Finding? {
      guard !configuration.state.gestureEnabled else { return nil }
      return finding(
        configuration, writer: origin, context,
        what: "it disables only the edge gesture")
    }
  }

  /// `popGestureDelegate block` in a hook.
  enum BlockingDelegate: OriginRule {
    static let field = StateField.delegate
    static let scope = BlameScope.deeperUnderAnyScreen

    static func blames(_ action: HookAction) -> Bool { action == .setGestureDelegate(.block) }

    static func check(
      _ configuration: IdleConfiguration, writer origin: ActionID, _ context: RuleContext
    ) -> Finding? {
      guard configuration.state.delegate == .block else { return nil }
      return finding(
        configuration, writer: origin, context,
        what: "the delegate governs only the edge gesture")
    }
  }

  /// The finding when `configuration` is at depth 2 or deeper and its top screen's
  /// declarative policy, with the bar as the state has it, lets the content swipe begin.
  private static func finding(
    _ configuration: IdleConfiguration, writer origin: ActionID, _ context: RuleContext,
    what: String
  ) -> Finding? {
    let state = configuration.state
    // The screen's fields are read in place: a copy of the `Screen` retains each of them.
    let screens = context.module.screens
    let top = configuration.top.index
    let policyAllows = SwipeRule.declarativePolicyAllows(
      back: screens[top].effectiveBack,
      popGesture: screens[top].effectivePopGesture(in: context.module[configuration.navigator]),
      leftBarButton: screens[top].effectiveLeftBarButton, barHidden: state.barHidden)
    guard
      SwipeRule.contentSwipeBypassesHookState(
        depth: configuration.isRootAtDepthOne ? 1 : 2, gestureEnabled: state.gestureEnabled,
        delegate: state.delegate, declarativePolicyAllows: policyAllows)
    else { return nil }
    let name = context.name(configuration.top)
    // Appended as UTF-8 into one buffer, made a `String` once: appending each part to a
    // `String` costs more, for each of thousands of findings. The action's
    // text is copied from the source and the owner's name appended in place, each without a
    // `String` of its own; the fix-it's message follows the message in the same buffer.
    // The hook's origin is read once (each look-up copies the hook).
    let hook = context.hooks[origin]
    let action = hook.declaration.range
    // Room for the owner's name too, which is most often a screen's (typically short) name.
    var text = UTF8Text(
      capacity: 384 + action.bytes.count + 2 * name.utf8.count + what.utf8.count)
    text.append("on iOS 26 and later, '")
    text.append(action)
    text.append("' set by ")
    let ownerStart = text.count
    context.appendOwnerName(origin, to: &text)
    let owner = ownerStart..<text.count
    text.append(" does not stop a swipe-back on '")
    text.append(name)
    text.append("': ")
    text.append(what)
    text.append(", and the content swipe still pops it")
    let messageEnd = text.count
    text.append("declare 'popGesture disabled' on ")
    text.append(repeating: owner)
    text.append(" instead; the runtime enforces it on both swipe-back gestures")
    return Finding(
      id: .contentSwipeBypass,
      message: context.codeTerms(at: action).map {
        codeMessage(writer: origin, top: name, context, $0)
      } ?? text.string(0..<messageEnd),
      range: action,
      path: PathEnding(
        edge: configuration.edge, ending: "then swipe back across the content on iOS 26",
        writer: origin),
      fixIts: [
        FixItText.replaceHookAction(
          hook, with: "popGesture disabled", existing: context.ownerPopGesture(origin),
          message: text.string(messageEnd..<text.count))
      ])
  }

  static let explanation = Explanation(
    id: .contentSwipeBypass,
    severity: .warning,
    summary:
      "On iOS 26 the content swipe-back ignores a hook's disabled gesture or blocking delegate.",
    symptom: """
      On iOS 26 and later, a screen that turns the swipe-back off in a hook can be swiped away \
      anyway: a horizontal swipe that starts anywhere in the content, not at the left edge, \
      pops it. Unsaved work on a form that was meant to stay put is lost. On earlier iOS \
      versions the same code works.
      """,
    cause: """
      iOS 26 adds a second pop gesture, `interactiveContentPopGestureRecognizer`, over the \
      whole content area, with its own `isEnabled` and its own delegate. A hook's \
      `popGesture disabled` sets `interactivePopGestureRecognizer.isEnabled`, the edge \
      gesture's, and `popGestureDelegate block` replaces the edge gesture's delegate: neither \
      reaches the content gesture, which still follows UIKit's rule (the top screen's \
      `back`, `popGesture`, bar and left button; never at the root). The check reports the \
      hook action when, in some reachable state with two or more screens on the stack, it is \
      what keeps the top screen's swipe from beginning although the screen's declarative \
      policy would let it begin.

      The declarative `popGesture disabled` (and `back block` or `back confirm`) is enforced \
      by the runtime on both gestures; hooks keep UIKit's meaning and only touch the edge one.
      """,
    bad: """
      navigator Main { root Home }

      screen Home { push Form }

      screen Form {
          on viewDidAppear { popGesture disabled }      // the edge swipe only
          on viewWillDisappear { popGesture enabled }
      }
      """,
    good: """
      navigator Main { root Home }

      screen Home { push Form }

      screen Form {
          popGesture disabled                           // both swipe-back gestures
      }
      """,
    fix: """
      Replace the hook with the declarative `popGesture disabled` on the screen that must not \
      be swiped away (or `back confirm "…"` if leaving should ask); the runtime applies it to \
      the edge and the content gesture, only while that screen is on top. Hand-written code \
      outside the runtime must also disable `interactiveContentPopGestureRecognizer` (iOS 26), \
      or refuse it in its delegate.
      """,
    scanned: scannedCode)
}
