import NavRulesModel

extension GestureDeadlockRule {
  /// The finding in the scanned code's terms: the lifecycle method that runs mid-swipe, and
  /// the one that runs after it.
  static func codeMessage(
    _ action: ActionID, from: String, to: String, _ context: RuleContext, _ terms: CodeTerms
  ) -> String {
    let event = context.hooks[action].event
    return
      "'\(context.text(action))' in \(terms.method(event)) of \(context.codeOwnerName(action)) "
      + "runs while a swipe back from '\(from)' to '\(to)' is in flight, and turning the "
      + "gesture off then freezes the screen: do it in \(terms.methodAfterTransition(event)), "
      + "after the swipe has finished"
  }
}

extension GestureDeadlockRule {
  /// `navrc explain gesture-deadlock`'s scanned code.
  static let scannedCode = Explanation.ScannedCode(
    swiftBefore: """
      let navigation = UINavigationController(rootViewController: GalleryViewController())

      class GalleryViewController: UIViewController {
          func open() { navigationController?.pushViewController(PhotoViewController(), animated: true) }

          override func viewWillAppear(_ animated: Bool) {
              super.viewWillAppear(animated)
              // Runs as a swipe back from the photo begins: the swipe freezes.
              navigationController?.interactivePopGestureRecognizer?.isEnabled = false
          }

          override func viewWillDisappear(_ animated: Bool) {
              super.viewWillDisappear(animated)
              navigationController?.interactivePopGestureRecognizer?.isEnabled = true
          }
      }

      class PhotoViewController: UIViewController {}
      """,
    swiftAfter: """
      let navigation = UINavigationController(rootViewController: GalleryViewController())

      class GalleryViewController: UIViewController {
          func open() { navigationController?.pushViewController(PhotoViewController(), animated: true) }

          override func viewDidAppear(_ animated: Bool) {
              super.viewDidAppear(animated)
              navigationController?.interactivePopGestureRecognizer?.isEnabled = false
          }

          override func viewWillDisappear(_ animated: Bool) {
              super.viewWillDisappear(animated)
              navigationController?.interactivePopGestureRecognizer?.isEnabled = true
          }
      }

      class PhotoViewController: UIViewController {}
      """,
    objectiveCBefore: """
      @interface GalleryViewController : UIViewController
      @end
      @interface PhotoViewController : UIViewController
      @end

      @implementation GalleryViewController

      + (UINavigationController *)make {
          return [[UINavigationController alloc] initWithRootViewController:[[GalleryViewController alloc] init]];
      }

      - (void)open {
          [self.navigationController pushViewController:[[PhotoViewController alloc] init] animated:YES];
      }

      - (void)viewWillAppear:(BOOL)animated {
          [super viewWillAppear:animated];
          self.navigationController.interactivePopGestureRecognizer.enabled = NO;
      }

      - (void)viewWillDisappear:(BOOL)animated {
          [super viewWillDisappear:animated];
          self.navigationController.interactivePopGestureRecognizer.enabled = YES;
      }

      @end
      """,
    objectiveCAfter: """
      @interface GalleryViewController : UIViewController
      @end
      @interface PhotoViewController : UIViewController
      @end

      @implementation GalleryViewController

      + (UINavigationController *)make {
          return [[UINavigationController alloc] initWithRootViewController:[[GalleryViewController alloc] init]];
      }

      - (void)open {
          [self.navigationController pushViewController:[[PhotoViewController alloc] init] animated:YES];
      }

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
      `viewWillAppear` of the screen a swipe reveals, and `viewWillDisappear` of the screen it \
      hides, run after the swipe has begun. Turning the gesture off there leaves the swipe \
      half done. Turn it off in `viewDidAppear` and back on in `viewWillDisappear`, which run \
      when no swipe is in flight.
      """)
}
