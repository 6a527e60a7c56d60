import NavRulesModel

extension StateLeakRule {
  /// A disabled gesture's finding in the scanned code's terms.
  static func disabledGestureCodeMessage(
    writer origin: ActionID, owner: String, top: String, _ context: RuleContext,
    _ terms: CodeTerms
  ) -> String {
    "'\(context.text(origin))' in '\(owner)' turns the swipe-back gesture off for the whole "
      + "navigation controller, and nothing turns it back on: it is still off when '\(top)' is "
      + "on top: set \(terms.enableGesture) in "
      + "\(terms.method(LifecycleEvent.viewWillDisappear)) of '\(owner)'"
  }

  /// A blocking delegate's finding in the scanned code's terms.
  static func blockingDelegateCodeMessage(
    writer origin: ActionID, owner: String, top: String, _ context: RuleContext,
    _ terms: CodeTerms
  ) -> String {
    "'\(context.text(origin))' in '\(owner)' makes the swipe-back gesture's delegate one whose "
      + "\(terms.shouldBegin) returns \(terms.no), and nothing puts the previous delegate back: "
      + "it is still in effect when '\(top)' is on top, where no swipe-back can begin: keep the "
      + "delegate it replaces and restore it in "
      + "\(terms.method(LifecycleEvent.viewWillDisappear)) of '\(owner)'"
  }
}

extension StateLeakRule.BarAppearanceLeak {
  /// A bar appearance's finding in the scanned code's terms: the item's own appearance is the
  /// fix, since UIKit shows it only while that screen is on top.
  static func codeMessage(
    writer origin: ActionID, slot: BarAppearanceSlot, owner: String, top: String,
    _ context: RuleContext, _ terms: CodeTerms
  ) -> String {
    let item = terms.isObjectiveC ? "self.navigationItem" : "navigationItem"
    return "'\(context.text(origin))' in '\(owner)' sets the navigation bar's "
      + "\(slot.propertyName), which every screen of the navigation controller shares: it is "
      + "still in effect when '\(top)' is on top: set '\(item).\(slot.propertyName)' of "
      + "'\(owner)' instead, which UIKit shows only while '\(owner)' is on top"
  }
}

extension StateLeakRule {
  /// `navrc explain state-leak`'s scanned code.
  static let scannedCode = Explanation.ScannedCode(
    swiftBefore: """
      let navigation = UINavigationController(rootViewController: HomeViewController())

      class HomeViewController: UIViewController {
          func open() { navigationController?.pushViewController(DrawingViewController(), animated: true) }
      }

      class DrawingViewController: UIViewController {
          override func viewDidAppear(_ animated: Bool) {
              super.viewDidAppear(animated)
              navigationController?.interactivePopGestureRecognizer?.isEnabled = false   // never back on
          }
      }
      """,
    swiftAfter: """
      let navigation = UINavigationController(rootViewController: HomeViewController())

      class HomeViewController: UIViewController {
          func open() { navigationController?.pushViewController(DrawingViewController(), animated: true) }
      }

      class DrawingViewController: UIViewController {
          override func viewDidAppear(_ animated: Bool) {
              super.viewDidAppear(animated)
              navigationController?.interactivePopGestureRecognizer?.isEnabled = false
          }

          override func viewWillDisappear(_ animated: Bool) {
              super.viewWillDisappear(animated)
              navigationController?.interactivePopGestureRecognizer?.isEnabled = true
          }
      }
      """,
    objectiveCBefore: """
      @interface HomeViewController : UIViewController
      @end
      @interface DrawingViewController : UIViewController
      @end

      @implementation HomeViewController
      + (UINavigationController *)make {
          return [[UINavigationController alloc] initWithRootViewController:[[HomeViewController alloc] init]];
      }
      - (void)open {
          [self.navigationController pushViewController:[[DrawingViewController alloc] init] animated:YES];
      }
      @end

      @implementation DrawingViewController
      - (void)viewDidAppear:(BOOL)animated {
          [super viewDidAppear:animated];
          self.navigationController.interactivePopGestureRecognizer.enabled = NO;
      }
      @end
      """,
    objectiveCAfter: """
      @interface HomeViewController : UIViewController
      @end
      @interface DrawingViewController : UIViewController
      @end

      @implementation HomeViewController
      + (UINavigationController *)make {
          return [[UINavigationController alloc] initWithRootViewController:[[HomeViewController alloc] init]];
      }
      - (void)open {
          [self.navigationController pushViewController:[[DrawingViewController alloc] init] animated:YES];
      }
      @end

      @implementation DrawingViewController
      - (void)viewDidAppear:(BOOL)animated {
          [super viewDidAppear:animated];
          self.navigationController.interactivePopGestureRecognizer.enabled = NO;
      }
      - (void)viewWillDisappear:(BOOL)animated {
          [super viewWillDisappear:animated];
          self.navigationController.interactivePopGestureRecognizer.enabled = YES;
      }
      @end
      """,
    fix: """
      `isEnabled` and the delegate belong to the navigation controller: a screen that turns \
      the swipe off (or sets a delegate that refuses it) turns it off for every screen shown \
      after it, the one it returns to included. Turn it back on (or restore the delegate) in \
      `viewWillDisappear` of the screen that turned it off.
      """)
}
