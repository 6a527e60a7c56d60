#if canImport(UIKit)
  import UIKit

  /// A `UINavigationController` that applies the rules of one navigator.
  ///
  /// It reports what UIKit does to a `NavigatorSession` and applies the effects it answers;
  /// every decision is the session's. In code:
  ///
  /// ```swift
  /// let navigation = RulesNavigationController(
  ///   rules: NavigationRules.self, navigator: .main, rootViewController: HomeViewController())
  /// ```
  ///
  /// From a storyboard: set the navigation controller's class to `RulesNavigationController`
  /// (module `NavRules`) and call `RulesNavigationController.register(NavigationRules.self)`
  /// before the storyboard loads; the navigator is the one named by `navigatorName`, else the
  /// one whose root screen's class is the root view controller's.
  @MainActor
  open class RulesNavigationController: UINavigationController, UINavigationBarDelegate {
    /// The rules a controller that was given none uses (storyboards).
    private static var registeredBook: RuleBook?

    /// Registers the rules that storyboard-loaded controllers use.
    public static func register<Rules: NavigationRuleSet>(_ rules: Rules.Type) {
      registeredBook = rules.book
    }

    /// The navigator, by its name in the rule file (Interface Builder).
    @IBInspectable public var navigatorName: String?

    /// The policy core; `nil` until the controller first appears.
    public private(set) var session: NavigatorSession?

    /// The current time in milliseconds, for `backDebounce`.
    public var clock: () -> Double = { CACurrentMediaTime() * 1000 }

    private var book: RuleBook?
    private var navigatorID: NavigatorID?
    private lazy var popGestureDelegate = PopGestureDelegate(controller: self)
    private var hasAppeared = false
    /// Overrides that UIKit calls from inside another one report nothing themselves.
    private var reportingDepth = 0
    /// Ties a transition's completion to the transition it was registered for.
    private var transitionToken = 0

    /// A controller for `navigator` of `rules`, showing `rootViewController`.
    public convenience init<Rules: NavigationRuleSet>(
      rules: Rules.Type, navigator: Rules.Navigator, rootViewController: UIViewController
    ) {
      self.init(rootViewController: rootViewController)
      book = rules.book
      navigatorID = rules.id(navigator)
    }

    // MARK: Appearing

    open override func viewWillAppear(_ animated: Bool) {
      super.viewWillAppear(animated)
      guard !hasAppeared else { return }
      hasAppeared = true
      startSession()
    }

    open override func viewDidAppear(_ animated: Bool) {
      super.viewDidAppear(animated)
      if session?.transition?.kind == .launch { update { $0.transitionDidEnd() } }
    }

    private func startSession() {
      guard let book = book ?? Self.registeredBook else {
        assertionFailure(
          "RulesNavigationController has no rules: create it with init(rules:navigator:"
            + "rootViewController:) or call RulesNavigationController.register(_:) first")
        return
      }
      let rootClass = viewControllers.first.map(Self.className(of:)) ?? ""
      guard
        let navigator = navigatorID ?? navigatorName.flatMap(book.navigator(named:))
          ?? book.navigator(rootClassName: rootClass)
      else {
        assertionFailure("no navigator of the rules has a root of class \(rootClass)")
        return
      }
      session = NavigatorSession(book: book, navigator: navigator)
      interactivePopGestureRecognizer?.delegate = popGestureDelegate
      update { $0.launch(classNames: viewControllers.map(Self.className(of:))) }
    }

    // MARK: Stack changes

    open override func pushViewController(_ viewController: UIViewController, animated: Bool) {
      reporting {
        super.pushViewController(viewController, animated: animated)
      } report: {
        update {
          $0.didBeginPush(className: Self.className(of: viewController), animated: animated)
        }
        followTransition(interactive: false)
      }
    }

    open override func popViewController(animated: Bool) -> UIViewController? {
      var popped: UIViewController?
      reporting {
        popped = super.popViewController(animated: animated)
      } report: {
        guard popped != nil else {
          update {
            $0.tapPopDidNotHappen()
            return []
          }
          return
        }
        // The swipe-back calls this as it begins; its transition is interactive.
        let interactive = transitionCoordinator?.isInteractive ?? false
        update { $0.didBeginPop(interactive: interactive, animated: animated) }
        followTransition(interactive: interactive)
      }
      return popped
    }

    open override func popToViewController(_ viewController: UIViewController, animated: Bool)
      -> [UIViewController]?
    {
      replacing(animated: animated) {
        super.popToViewController(viewController, animated: animated)
      }
    }

    open override func popToRootViewController(animated: Bool) -> [UIViewController]? {
      replacing(animated: animated) { super.popToRootViewController(animated: animated) }
    }

    open override func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
      _ = replacing(animated: animated) {
        super.setViewControllers(viewControllers, animated: animated)
        return nil
      }
    }

    private func replacing(
      animated: Bool, _ change: () -> [UIViewController]?
    ) -> [UIViewController]? {
      let previous = viewControllers
      var result: [UIViewController]?
      reporting {
        result = change()
      } report: {
        let top = topViewController
        let topChanged = top !== previous.last
        let topWasInStack = top.map { top in previous.contains { $0 === top } } ?? false
        update {
          $0.didReplaceStack(
            classNames: viewControllers.map(Self.className(of:)), topChanged: topChanged,
            topWasInStack: topWasInStack, animated: animated)
        }
        if topChanged { followTransition(interactive: false) }
      }
      return result
    }

    /// Runs a UIKit call, then reports it unless an outer override will.
    private func reporting(_ call: () -> Void, report: () -> Void) {
      reportingDepth += 1
      call()
      reportingDepth -= 1
      if reportingDepth == 0, session != nil { report() }
    }

    /// Tells the session when the swipe is released and when the animation ends.
    private func followTransition(interactive: Bool) {
      guard session?.transition != nil else { return }
      transitionToken += 1
      let token = transitionToken
      guard let coordinator = transitionCoordinator else {
        update { $0.transitionDidEnd() }
        return
      }
      if interactive {
        coordinator.notifyWhenInteractionChanges { [weak self] context in
          guard let self, self.transitionToken == token else { return }
          self.update { $0.swipeReleased(cancelled: context.isCancelled) }
        }
      }
      let queued = coordinator.animate(alongsideTransition: nil) { [weak self] _ in
        guard let self, self.transitionToken == token else { return }
        self.update { $0.transitionDidEnd() }
      }
      if !queued { update { $0.transitionDidEnd() } }
    }

    // MARK: Back button and swipe

    public func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem)
      -> Bool
    {
      let count = viewControllers.count
      let items = navigationBar.items?.count ?? 0
      guard session != nil else {
        // Not configured: behave like UINavigationController.
        if count >= items { Task { @MainActor in _ = self.popViewController(animated: true) } }
        return count < items
      }
      var step: BackTapStep = .answer(.refused)
      update {
        step = $0.backButtonTapped(
          viewControllerCount: count, itemCount: items, nowMilliseconds: clock())
        return []
      }
      var answer: BackButtonAnswer
      switch step {
      case .answer(let immediate):
        answer = immediate
      case .ask(let index):
        let allows = interceptor(at: index)?.shouldPop(trigger: .backButton)
        answer = .refused
        update {
          answer = $0.interceptorAnswered(allows)
          return []
        }
      }
      apply(answer.effects)
      return answer.shouldPop
    }

    /// The pop gesture delegate's question.
    func swipeShouldBegin() -> Bool {
      guard let session else { return false }
      let item = topViewController?.navigationItem
      let hasCustomLeftItem =
        item.map {
          $0.hidesBackButton
            || (!($0.leftBarButtonItems ?? []).isEmpty && !$0.leftItemsSupplementBackButton)
        } ?? false
      // A copy: the view controller asked may itself change the stack.
      return session.swipeShouldBegin(hasCustomLeftItem: hasCustomLeftItem) { index, trigger in
        self.interceptor(at: index)?.shouldPop(trigger: trigger)
      }
    }

    private func interceptor(at index: Int) -> PopInterceptor? {
      viewControllers.indices.contains(index) ? viewControllers[index] as? PopInterceptor : nil
    }

    // MARK: Applying effects

    private func update(_ change: (inout NavigatorSession) -> [NavigationEffect]) {
      guard var current = session else { return }
      let effects = change(&current)
      session = current
      apply(effects)
    }

    private func apply(_ effects: [NavigationEffect]) {
      for effect in effects {
        switch effect {
        case .setTitleAttributes(let attributes):
          applyTitleAttributes(attributes)
        case .setNavigationBarHidden(let hidden, let animated):
          if isNavigationBarHidden != hidden { setNavigationBarHidden(hidden, animated: animated) }
        case .setGestureEnabled(let enabled):
          interactivePopGestureRecognizer?.isEnabled = enabled
        case .setScreenTitle(let title, let index):
          if viewControllers.indices.contains(index) {
            viewControllers[index].navigationItem.title = title
          }
        case .popTopScreen:
          Task { @MainActor [weak self] in
            guard let self else { return }
            var perform = false
            self.update {
              perform = $0.shouldPerformTapPop(viewControllerCount: self.viewControllers.count)
              return []
            }
            if perform { _ = self.popViewController(animated: true) }
          }
        case .presentConfirmation(let confirmation):
          presentConfirmation(confirmation)
        case .restoreBackButton:
          // A refused tap leaves the back arrow greyed; hiding and showing the bar restores it.
          if !isNavigationBarHidden {
            isNavigationBarHidden = true
            isNavigationBarHidden = false
          }
        }
      }
    }

    private func applyTitleAttributes(_ attributes: TitleAttributes?) {
      let tint = navigationBar.tintColor ?? view.tintColor ?? .systemBlue
      let dictionary = attributes?.textAttributes(tint: tint)
      navigationBar.titleTextAttributes = dictionary
      // Bars configured through UINavigationBarAppearance read their appearances instead.
      let standard = navigationBar.standardAppearance.copy()
      standard.titleTextAttributes = dictionary ?? [:]
      navigationBar.standardAppearance = standard
      if let compact = navigationBar.compactAppearance?.copy() {
        compact.titleTextAttributes = dictionary ?? [:]
        navigationBar.compactAppearance = compact
      }
      if let scrollEdge = navigationBar.scrollEdgeAppearance?.copy() {
        scrollEdge.titleTextAttributes = dictionary ?? [:]
        navigationBar.scrollEdgeAppearance = scrollEdge
      }
    }

    private func presentConfirmation(_ confirmation: BackConfirmation) {
      let alert = UIAlertController(
        title: nil, message: confirmation.message, preferredStyle: .alert)
      alert.addAction(
        UIAlertAction(title: confirmation.stayTitle, style: .cancel) { [weak self] _ in
          self?.update { $0.confirmationAnswered(leave: false) }
        })
      alert.addAction(
        UIAlertAction(title: confirmation.leaveTitle, style: .destructive) { [weak self] _ in
          self?.update { $0.confirmationAnswered(leave: true) }
        })
      present(alert, animated: true)
    }

    private static func className(of viewController: UIViewController) -> String {
      String(describing: type(of: viewController))
    }
  }
#endif
