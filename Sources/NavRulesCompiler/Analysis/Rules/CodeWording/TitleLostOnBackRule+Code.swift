import NavRulesModel

extension TitleLostOnBackRule {
  /// The finding in the scanned code's terms: where a screen's own title attributes survive a
  /// back tap.
  static func codeMessage(
    screen: String, _ terms: CodeTerms
  ) -> String {
    "the title attributes set in \(terms.method(LifecycleEvent.viewWillAppear)) of "
      + "'\(screen)' are not applied when Back is tapped: a back tap or a programmatic pop to "
      + "'\(screen)' keeps the previous screen's title attributes: set them on "
      + "\(terms.itemAppearance) of '\(screen)', which UIKit applies on every transition"
  }
}

extension TitleLostOnBackRule {
  /// `navrc explain title-lost-on-back`'s scanned code.
  static let scannedCode = Explanation.ScannedCode(
    swiftBefore: """
      let navigation = UINavigationController(rootViewController: ArticleViewController())

      class ArticleViewController: UIViewController {
          func comments() { navigationController?.pushViewController(CommentsViewController(), animated: true) }

          override func viewWillAppear(_ animated: Bool) {
              super.viewWillAppear(animated)
              navigationController?.navigationBar.titleTextAttributes = [.foregroundColor: UIColor.systemBlue]
          }
      }

      class CommentsViewController: UIViewController {}
      """,
    swiftAfter: """
      let navigation = UINavigationController(rootViewController: ArticleViewController())

      class ArticleViewController: UIViewController {
          func comments() { navigationController?.pushViewController(CommentsViewController(), animated: true) }

          override func viewDidLoad() {
              super.viewDidLoad()
              let appearance = UINavigationBarAppearance()
              appearance.configureWithDefaultBackground()
              appearance.titleTextAttributes = [.foregroundColor: UIColor.systemBlue]
              navigationItem.standardAppearance = appearance
              navigationItem.scrollEdgeAppearance = appearance
          }
      }

      class CommentsViewController: UIViewController {}
      """,
    objectiveCBefore: """
      @interface ArticleViewController : UIViewController
      @end
      @interface CommentsViewController : UIViewController
      @end

      @implementation ArticleViewController
      + (UINavigationController *)make {
          return [[UINavigationController alloc] initWithRootViewController:[[ArticleViewController alloc] init]];
      }
      - (void)comments {
          [self.navigationController pushViewController:[[CommentsViewController alloc] init] animated:YES];
      }
      - (void)viewWillAppear:(BOOL)animated {
          [super viewWillAppear:animated];
          self.navigationController.navigationBar.titleTextAttributes =
              @{NSForegroundColorAttributeName : [UIColor systemBlueColor]};
      }
      @end
      """,
    objectiveCAfter: """
      @interface ArticleViewController : UIViewController
      @end
      @interface CommentsViewController : UIViewController
      @end

      @implementation ArticleViewController
      + (UINavigationController *)make {
          return [[UINavigationController alloc] initWithRootViewController:[[ArticleViewController alloc] init]];
      }
      - (void)comments {
          [self.navigationController pushViewController:[[CommentsViewController alloc] init] animated:YES];
      }
      - (void)viewDidLoad {
          [super viewDidLoad];
          UINavigationBarAppearance *appearance = [[UINavigationBarAppearance alloc] init];
          [appearance configureWithDefaultBackground];
          appearance.titleTextAttributes = @{NSForegroundColorAttributeName : [UIColor systemBlueColor]};
          self.navigationItem.standardAppearance = appearance;
          self.navigationItem.scrollEdgeAppearance = appearance;
      }
      @end
      """,
    fix: """
      The bar's `titleTextAttributes` are shared by every screen, and a back tap does not \
      give `viewWillAppear`'s write a chance to show. Give the screen its own appearance \
      (`navigationItem.standardAppearance`, iOS 13), which UIKit applies whenever the screen \
      becomes top, by a push, a pop or a swipe.
      """)
}
