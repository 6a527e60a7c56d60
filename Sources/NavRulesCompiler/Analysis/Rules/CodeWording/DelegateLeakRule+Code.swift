import NavRulesModel

extension DelegateLeakRule {
  /// The finding in the scanned code's terms: what the statement made the delegate, and where
  /// to put the previous one back.
  static func codeMessage(
    writer origin: ActionID, owner: String, top: String, _ context: RuleContext,
    _ terms: CodeTerms
  ) -> String {
    let what: String
    switch context.hooks[origin].declaration.action {
    case .setGestureDelegate(.none):
      what = "leaves the swipe-back gesture without a delegate, which allows every swipe"
    case .setGestureDelegate(.guarded):
      what =
        "makes '\(owner)' the swipe-back gesture's delegate, which allows every swipe off the root"
    default:
      what = "makes '\(owner)' the swipe-back gesture's delegate, which allows every swipe"
    }
    return
      "'\(context.text(origin))' in '\(owner)' \(what), and nothing puts the previous delegate "
      + "back: it is still in effect when '\(top)' is on top, where a swipe-back begins whatever "
      + "'\(top)' needs: keep the delegate it replaces and restore it in "
      + "\(terms.method(LifecycleEvent.viewWillDisappear)) of '\(owner)'"
  }
}

extension DelegateLeakRule {
  /// `navrc explain delegate-leak`'s scanned code.
  static let scannedCode = Explanation.ScannedCode(
    swiftBefore: """
      let navigation = UINavigationController(rootViewController: HomeViewController())

      class HomeViewController: UIViewController {
          func open() { navigationController?.pushViewController(MapViewController(), animated: true) }
      }

      class MapViewController: UIViewController, UIGestureRecognizerDelegate {
          func details() { navigationController?.pushViewController(FormViewController(), animated: true) }

          override func viewDidAppear(_ animated: Bool) {
              super.viewDidAppear(animated)
              navigationController?.interactivePopGestureRecognizer?.delegate = self   // never restored
          }
      }

      class FormViewController: UIViewController {}
      """,
    swiftAfter: """
      let navigation = UINavigationController(rootViewController: HomeViewController())

      class HomeViewController: UIViewController {
          func open() { navigationController?.pushViewController(MapViewController(), animated: true) }
      }

      class MapViewController: UIViewController, UIGestureRecognizerDelegate {
          private weak var savedDelegate: UIGestureRecognizerDelegate?

          func details() { navigationController?.pushViewController(FormViewController(), animated: true) }

          override func viewDidAppear(_ animated: Bool) {
              super.viewDidAppear(animated)
              savedDelegate = navigationController?.interactivePopGestureRecognizer?.delegate
              navigationController?.interactivePopGestureRecognizer?.delegate = self
          }

          override func viewWillDisappear(_ animated: Bool) {
              super.viewWillDisappear(animated)
              navigationController?.interactivePopGestureRecognizer?.delegate = savedDelegate
          }
      }

      class FormViewController: UIViewController {}
      """,
    objectiveCBefore: """
      @interface HomeViewController : UIViewController
      @end
      @interface MapViewController : UIViewController <UIGestureRecognizerDelegate>
      @end
      @interface FormViewController : UIViewController
      @end

      @implementation HomeViewController
      + (UINavigationController *)make {
          return [[UINavigationController alloc] initWithRootViewController:[[HomeViewController alloc] init]];
      }
      - (void)open {
          [self.navigationController pushViewController:[[MapViewController alloc] init] animated:YES];
      }
      @end

      @implementation MapViewController
      - (void)details {
          [self.navigationController pushViewController:[[FormViewController alloc] init] animated:YES];
      }
      - (void)viewDidAppear:(BOOL)animated {
          [super viewDidAppear:animated];
          self.navigationController.interactivePopGestureRecognizer.delegate = self;
      }
      @end
      """,
    objectiveCAfter: """
      @interface HomeViewController : UIViewController
      @end
      @interface MapViewController : UIViewController <UIGestureRecognizerDelegate>
      @property (nonatomic, weak) id<UIGestureRecognizerDelegate> savedDelegate;
      @end
      @interface FormViewController : UIViewController
      @end

      @implementation HomeViewController
      + (UINavigationController *)make {
          return [[UINavigationController alloc] initWithRootViewController:[[HomeViewController alloc] init]];
      }
      - (void)open {
          [self.navigationController pushViewController:[[MapViewController alloc] init] animated:YES];
      }
      @end

      @implementation MapViewController
      - (void)details {
          [self.navigationController pushViewController:[[FormViewController alloc] init] animated:YES];
      }
      - (void)viewDidAppear:(BOOL)animated {
          [super viewDidAppear:animated];
          self.savedDelegate = self.navigationController.interactivePopGestureRecognizer.delegate;
          self.navigationController.interactivePopGestureRecognizer.delegate = self;
      }
      - (void)viewWillDisappear:(BOOL)animated {
          [super viewWillDisappear:animated];
          self.navigationController.interactivePopGestureRecognizer.delegate = self.savedDelegate;
      }
      @end
      """,
    fix: """
      The gesture's delegate belongs to the navigation controller, not to the screen that set \
      it: it stays until something sets it again. Keep the delegate you replace and put it \
      back in `viewWillDisappear`, so that the screens pushed above, and the ones below, get \
      UIKit's own checks again.
      """)
}
