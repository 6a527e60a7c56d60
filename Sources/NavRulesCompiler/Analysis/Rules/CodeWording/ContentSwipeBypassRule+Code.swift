import NavRulesModel

extension ContentSwipeBypassRule {
  /// The finding in the scanned code's terms: the content gesture to turn off beside the edge
  /// gesture.
  static func codeMessage(
    writer origin: ActionID, top: String, _ context: RuleContext, _ terms: CodeTerms
  ) -> String {
    let what =
      context.hooks[origin].declaration.action == .setGestureDelegate(.block)
      ? "the delegate governs only the edge gesture"
      : "it turns off only the edge gesture"
    return
      "on iOS 26 and later, '\(context.text(origin))' in \(context.codeOwnerName(origin)) does "
      + "not stop a swipe-back on '\(top)': \(what), and a swipe across the content still pops "
      + "the screen: also set \(terms.disableContentGesture) while '\(top)' is on top"
  }
}

extension ContentSwipeBypassRule {
  /// `navrc explain content-swipe-bypass`'s scanned code.
  static let scannedCode = Explanation.ScannedCode(
    swiftBefore: """
      let navigation = UINavigationController(rootViewController: HomeViewController())

      class HomeViewController: UIViewController {
          func open() { navigationController?.pushViewController(DrawingViewController(), animated: true) }
      }

      class DrawingViewController: UIViewController {
          override func viewDidAppear(_ animated: Bool) {
              super.viewDidAppear(animated)
              navigationController?.interactivePopGestureRecognizer?.isEnabled = false   // the edge only
          }

          override func viewWillDisappear(_ animated: Bool) {
              super.viewWillDisappear(animated)
              navigationController?.interactivePopGestureRecognizer?.isEnabled = true
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
              if #available(iOS 26, *) {
                  navigationController?.interactiveContentPopGestureRecognizer?.isEnabled = false
              }
          }

          override func viewWillDisappear(_ animated: Bool) {
              super.viewWillDisappear(animated)
              navigationController?.interactivePopGestureRecognizer?.isEnabled = true
              if #available(iOS 26, *) {
                  navigationController?.interactiveContentPopGestureRecognizer?.isEnabled = true
              }
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
      - (void)viewWillDisappear:(BOOL)animated {
          [super viewWillDisappear:animated];
          self.navigationController.interactivePopGestureRecognizer.enabled = YES;
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
          if (@available(iOS 26, *)) {
              self.navigationController.interactiveContentPopGestureRecognizer.enabled = NO;
          }
      }
      - (void)viewWillDisappear:(BOOL)animated {
          [super viewWillDisappear:animated];
          self.navigationController.interactivePopGestureRecognizer.enabled = YES;
          if (@available(iOS 26, *)) {
              self.navigationController.interactiveContentPopGestureRecognizer.enabled = YES;
          }
      }
      @end
      """,
    fix: """
      On iOS 26 a swipe across the content pops too, through \
      `interactiveContentPopGestureRecognizer`, which neither the edge gesture's `isEnabled` \
      nor its delegate governs. Turn that gesture off beside the edge one, under \
      `#available(iOS 26, *)`, in the same method.
      """)
}
