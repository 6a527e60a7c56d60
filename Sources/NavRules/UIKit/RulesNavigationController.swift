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
  ///
  /// Every way back a user has goes through the rules: back taps (`navigationBar(_:shouldPop:)`),
  /// the long-press back menu of iOS 14 (which calls `popToViewController(_:animated:)` or
  /// `popToRootViewController(animated:)`), the edge swipe and iOS 26's content swipe (the
  /// delegates of both recognizers). Pops made in code never do: `popViewController(animated:)`,
  /// `setViewControllers(_:animated:)`, and the `applyingRules: false` variants of the two
  /// `popTo…` methods.
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
    /// The delegates the runtime gives the edge and (iOS 26) the content pop gestures, each
    /// wrapping the delegate UIKit had given it.
    private var edgeGestureDelegate: PopGestureDelegate?
    private var contentGestureDelegate: PopGestureDelegate?
    /// The menu-free back item installed on the screen below the top, while the top's `back`
    /// is not `allow`.
    private var backMenuSuppression: BackMenuSuppression?
    private var hasAppeared = false
    /// Whether the runtime owns the pop gestures' delegates (not without rules: UIKit keeps
    /// its own).
    private var governsGestures = false
    /// Writes title attributes and gives back the app's own.
    private var titleWriter = TitleAttributesWriter()
    /// The `back confirm` alert the session waits on, while it is on screen.
    private weak var confirmationAlert: UIAlertController?
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
      // UIKit may create the content pop gesture only once the view is in a window.
      if session != nil { installContentGestureDelegate() }
      if session?.transition?.kind == .launch { update { $0.transitionDidEnd() } }
      observeUIKit()
    }

    private func startSession() {
      let rootClass = viewControllers.first.map(Self.className(of:)) ?? ""
      guard let book = book ?? Self.registeredBook,
        let navigator = navigatorID ?? navigatorName.flatMap(book.navigator(named:))
          ?? book.navigator(rootClassName: rootClass)
      else {
        assertionFailure(
          "RulesNavigationController has no rules for a root of class \(rootClass): create it "
            + "with init(rules:navigator:rootViewController:) or call "
            + "RulesNavigationController.register(_:) first")
        // Without rules it behaves as UIKit's, keeping only the core's guards on back taps.
        session = NavigatorSession(book: .withoutRules, navigator: NavigatorID(0))
        update { $0.launch(classNames: viewControllers.map(Self.className(of:))) }
        return
      }
      session = NavigatorSession(book: book, navigator: navigator)
      governsGestures = true
      if let edge = interactivePopGestureRecognizer {
        let delegate = PopGestureDelegate(
          controller: self, recognizer: .edge, wrapping: edge.delegate)
        edgeGestureDelegate = delegate
        edge.delegate = delegate
      }
      installContentGestureDelegate()
      update { $0.launch(classNames: viewControllers.map(Self.className(of:))) }
    }

    /// iOS 26's `interactiveContentPopGestureRecognizer` (`UIGestureRecognizer?`), reached by
    /// name: the package also builds with SDKs that predate it (iOS 17 and 18 SDKs with any
    /// compiler), where naming the property would not compile. `#available` keeps older iOS
    /// versions from looking; `responds(to:)` keeps `value(forKey:)` from raising.
    private var contentPopGestureRecognizer: UIGestureRecognizer? {
      guard #available(iOS 26, *) else { return nil }
      let name = "interactiveContentPopGestureRecognizer"
      guard responds(to: NSSelectorFromString(name)) else { return nil }
      return value(forKey: name) as? UIGestureRecognizer
    }

    /// Wraps the content pop gesture's delegate (iOS 26), once per recognizer: the runtime
    /// decides whether it may begin, UIKit's delegate keeps everything else (its own
    /// conditions, and its failure requirements with scroll views).
    private func installContentGestureDelegate() {
      guard governsGestures, let content = contentPopGestureRecognizer,
        content.delegate !== contentGestureDelegate || contentGestureDelegate == nil
      else { return }
      let delegate = PopGestureDelegate(
        controller: self, recognizer: .content, wrapping: content.delegate)
      contentGestureDelegate = delegate
      content.delegate = delegate
    }

    // MARK: Stack changes

    open override func pushViewController(_ viewController: UIViewController, animated: Bool) {
      observeUIKit()
      if reportingDepth == 0, let session, let below = topViewController {
        // The back button of the pushed screen comes from `below`: drop its menu before UIKit
        // builds it.
        let pushed = session.screen(forClassName: Self.className(of: viewController))
        updateBackMenu(below: below, offered: session.offersBackMenu(whileOnTop: pushed))
      }
      reporting {
        super.pushViewController(viewController, animated: animated)
      } report: {
        update {
          $0.didBeginPush(className: Self.className(of: viewController), animated: animated)
        }
        installContentGestureDelegate()
        followTransition(interactive: false)
      }
    }

    @discardableResult
    open override func popViewController(animated: Bool) -> UIViewController? {
      observeUIKit()
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

    /// The long-press back menu (iOS 14) calls this, and UIKit asks no delegate first: the
    /// call is taken as the user's, and the rules of every screen it would remove apply
    /// (`NavigatorSession.backMenuPicked`). It returns the view controllers popped, or nil
    /// when the rules refused or wait for an answer (a `back confirm` alert; the pop then
    /// happens on "leave").
    ///
    /// To pop from code without any rule, call
    /// `popToViewController(_:animated:applyingRules: false)`.
    @discardableResult
    open override func popToViewController(_ viewController: UIViewController, animated: Bool)
      -> [UIViewController]?
    {
      observeUIKit()
      guard reportingDepth == 0, session != nil,
        let index = viewControllers.firstIndex(where: { $0 === viewController }),
        index < viewControllers.count - 1
      else { return popToViewController(viewController, animated: animated, applyingRules: false) }
      return backMenuPicked(index, animated: animated)
    }

    /// What the back menu calls when the root is picked, on some iOS versions; as
    /// `popToViewController(_:animated:)`, the rules apply. From code, call
    /// `popToRootViewController(animated:applyingRules: false)`.
    @discardableResult
    open override func popToRootViewController(animated: Bool) -> [UIViewController]? {
      observeUIKit()
      guard reportingDepth == 0, session != nil, viewControllers.count >= 2 else {
        return popToRootViewController(animated: animated, applyingRules: false)
      }
      return backMenuPicked(0, animated: animated)
    }

    /// Pops to `viewController`. With `applyingRules: false`, a pop from code: no rule applies and
    /// nobody is asked (docs/runtime.md#what-the-runtime-guarantees); with `true`, as the back
    /// menu's pick.
    @discardableResult
    public func popToViewController(
      _ viewController: UIViewController, animated: Bool, applyingRules: Bool
    ) -> [UIViewController]? {
      guard !applyingRules else { return popToViewController(viewController, animated: animated) }
      return replacing(animated: animated) {
        super.popToViewController(viewController, animated: animated)
      }
    }

    /// Pops to the root. With `applyingRules: false`, a pop from code: no rule applies and
    /// nobody is asked (docs/runtime.md#what-the-runtime-guarantees); with `true`, as the back
    /// menu's pick.
    @discardableResult
    public func popToRootViewController(animated: Bool, applyingRules: Bool)
      -> [UIViewController]?
    {
      guard !applyingRules else { return popToRootViewController(animated: animated) }
      return replacing(animated: animated) { super.popToRootViewController(animated: animated) }
    }

    /// Applies the rules to a pick of the back menu: asks the `back intercept` view
    /// controllers concerned, top first, and pops, refuses or shows the `back confirm` alert.
    private func backMenuPicked(_ index: Int, animated: Bool) -> [UIViewController]? {
      var step = BackMenuStep.refused
      update {
        step = $0.backMenuPicked(stackIndex: index, viewControllerCount: viewControllers.count)
        return []
      }
      if case .ask(let indices) = step {
        // `allSatisfy` stops at the first view controller that refuses.
        let allAgreed = indices.allSatisfy {
          interceptor(at: $0)?.shouldPop(trigger: .backMenu) ?? true
        }
        update {
          step = $0.backMenuInterceptorsAnswered(allAgreed)
          return []
        }
      }
      switch step {
      case .pop(let target):
        guard viewControllers.indices.contains(target) else { return nil }
        return popToViewController(
          viewControllers[target], animated: animated, applyingRules: false)
      case .keep(let effects):
        apply(effects)
        return nil
      case .ask:
        return nil
      }
    }

    open override func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
      observeUIKit()
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
        // The coordinator is still attached during its completion: look once it is gone.
        Task { @MainActor [weak self] in self?.observeUIKit() }
      }
      if !queued { update { $0.transitionDidEnd() } }
    }

    /// Tells the session what UIKit shows now (the session decides what follows): the
    /// `back confirm` alert that is not on screen (never shown, or dismissed by the app), and
    /// the stack, which may have changed without the overrides. Called before every user
    /// action, push and pop, after every transition, and when the controller appears.
    private func observeUIKit() {
      guard reportingDepth == 0, let session else { return }
      if session.isAwaitingConfirmation, !isShowingConfirmation {
        confirmationAlert = nil
        update { $0.confirmationEndedWithoutAnswer() }
      }
      let classNames = viewControllers.map(Self.className(of:))
      let transitionRunning = transitionCoordinator != nil
      update { $0.stackObserved(classNames: classNames, transitionRunning: transitionRunning) }
    }

    /// Whether the alert is presented (also while it animates in or out: a button's handler
    /// runs once it is gone).
    private var isShowingConfirmation: Bool {
      guard let alert = confirmationAlert else { return false }
      return alert.presentingViewController != nil || alert.isBeingPresented
    }

    // MARK: Back button and swipe

    public func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem)
      -> Bool
    {
      let count = viewControllers.count
      let items = navigationBar.items?.count ?? 0
      guard session != nil else {
        // Before the first appearance: behave like UINavigationController, one pop at a time.
        guard count >= items else { return true }
        if transitionCoordinator == nil {
          Task { @MainActor in _ = self.popViewController(animated: true) }
        }
        return false
      }
      if count >= items { observeUIKit() }
      // From iOS 26 the bar takes taps while a transition runs; they must not start a pop.
      let transitionRunning = transitionCoordinator != nil
      var step: BackTapStep = .answer(.refused)
      update {
        step = $0.backButtonTapped(
          viewControllerCount: count, itemCount: items, nowMilliseconds: clock(),
          transitionRunning: transitionRunning)
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

    /// A pop gesture delegate's question, for the edge gesture or iOS 26's content gesture.
    func swipeShouldBegin(_ recognizer: PopRecognizer) -> Bool {
      observeUIKit()
      guard let session else { return false }
      let item = topViewController?.navigationItem
      let hasCustomLeftItem =
        item.map {
          $0.hidesBackButton
            || (!($0.leftBarButtonItems ?? []).isEmpty && !$0.leftItemsSupplementBackButton)
        } ?? false
      // A copy: the view controller asked may itself change the stack. From iOS 26 a swipe
      // can interrupt a running pop; it must not start a second one.
      return session.swipeShouldBegin(
        recognizer: recognizer, hasCustomLeftItem: hasCustomLeftItem,
        transitionRunning: transitionCoordinator != nil,
        viewControllerCount: viewControllers.count
      ) { index, trigger in
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
      // While the bar animates, its items are left alone; a push sets the item beforehand.
      if let session = self.session, session.transition == nil {
        let count = viewControllers.count
        updateBackMenu(
          below: count >= 2 ? viewControllers[count - 2] : nil, offered: session.offersBackMenu)
      }
    }

    /// Drops the long-press back menu (iOS 14) while it is not offered: the screen below the
    /// top gets a back item whose `menu` stays nil, and gets its own item back afterwards, so
    /// the system's back button (its title shortening included) is kept everywhere else.
    private func updateBackMenu(below: UIViewController?, offered: Bool) {
      guard #available(iOS 14, *) else { return }
      let owner = offered ? nil : below
      if let current = backMenuSuppression, current.owner !== owner || owner == nil {
        current.restore()
        backMenuSuppression = nil
      }
      guard let owner else { return }
      if let current = backMenuSuppression {
        current.refreshTitle()
      } else {
        backMenuSuppression = BackMenuSuppression(installingOn: owner)
      }
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
        case .setBarAppearance(let slot, let appearance):
          // The bar's, shared by every screen, as the app code the hook models writes it.
          navigationBar.setTitleAppearance(
            appearance.navigationBarAppearance(tint: appearanceTint), slot)
        case .setItemAppearance(let slot, let appearance, let index):
          if viewControllers.indices.contains(index) {
            // The item's: this screen's alone, preferred by UIKit to the bar's.
            viewControllers[index].navigationItem.setTitleAppearance(
              appearance.navigationBarAppearance(tint: appearanceTint), slot)
          }
        case .popToScreen(let index):
          Task { @MainActor [weak self] in
            guard let self else { return }
            var perform = false
            self.update {
              perform = $0.shouldPerformMenuPop(
                toStackIndex: index, viewControllerCount: self.viewControllers.count)
              return []
            }
            if perform, self.viewControllers.indices.contains(index) {
              self.popToViewController(
                self.viewControllers[index], animated: true, applyingRules: false)
            }
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
          // After the bar's callback returns, not while it handles the button's tap.
          Task { @MainActor [weak self] in self?.restoreBackButton() }
        }
      }
    }

    /// The colour a declared `tint` stands for.
    private var appearanceTint: UIColor { navigationBar.tintColor ?? view.tintColor ?? .systemBlue }

    private func applyTitleAttributes(_ attributes: TitleAttributes?) {
      let tint = navigationBar.tintColor ?? view.tintColor ?? .systemBlue
      titleWriter.write(
        attributes?.textAttributes(tint: tint), bar: navigationBar,
        topItem: topViewController?.navigationItem)
    }

    /// Un-greys the back button after a refused tap (the session asks only at rest). UIKit
    /// before iOS 11 left the arrow dimmed; hiding and showing the back button of the top
    /// item rebuilds it without touching the bar's visibility, so the safe area, large titles
    /// and search bars stay put. Not on an item that hides its back button itself, nor once a
    /// transition began.
    private func restoreBackButton() {
      guard transitionCoordinator == nil, let item = topViewController?.navigationItem,
        !item.hidesBackButton
      else { return }
      item.setHidesBackButton(true, animated: false)
      item.setHidesBackButton(false, animated: false)
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
      confirmationAlert = alert
      // UIKit shows nothing while something else is presented: the answer is "stay" at once.
      // A presentation refused otherwise (one in flight) or an alert dismissed by the app is
      // found at the next observation (`observeUIKit`).
      guard presentedViewController == nil else {
        confirmationAlert = nil
        update { $0.confirmationEndedWithoutAnswer() }
        return
      }
      present(alert, animated: true)
    }

    private static func className(of viewController: UIViewController) -> String {
      String(describing: type(of: viewController))
    }
  }
#endif
