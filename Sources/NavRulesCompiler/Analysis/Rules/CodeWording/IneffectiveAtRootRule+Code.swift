import NavRulesModel

extension IneffectiveAtRootRule {
  /// A root's question before leaving, in the scanned code's terms: nothing is ever left.
  static func backCodeMessage(
    root: ScreenID, navigator: NavigatorID, back range: SourceRange, _ context: RuleContext,
    _ terms: CodeTerms
  ) -> String {
    let name = context.name(root)
    let stack = "\(context.module[navigator].kindName) '\(context.name(navigator))'"
    if terms.isSwiftUIView {
      return
        "the leading toolbar button of '\(name)' that asks before leaving (the back button "
        + "hidden by '.\(context.text(of: range))') guards nothing: '\(name)' is the first view "
        + "of \(stack) and no view pushes it, so there is nothing to go back to"
    }
    return
      "'\(context.text(of: range))' is never asked: '\(name)' is the root of \(stack) and no "
      + "screen pushes it, so it is never popped and has no back button"
  }
}

extension IneffectiveAtRootRule {
  /// `navrc explain ineffective-at-root`'s scanned code: a question a root is never asked.
  static let scannedCode = Explanation.ScannedCode(
    swiftBefore: """
      protocol BackHandler { func shouldPopOnBack() -> Bool }

      extension UINavigationController: UINavigationBarDelegate {
          public func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool {
              if let handler = topViewController as? BackHandler { return handler.shouldPopOnBack() }
              return true
          }
      }

      let navigation = UINavigationController(rootViewController: EditorViewController())

      class EditorViewController: UIViewController, BackHandler {
          func shouldPopOnBack() -> Bool { false }   // the root has no back button
      }
      """,
    swiftAfter: """
      protocol BackHandler { func shouldPopOnBack() -> Bool }

      extension UINavigationController: UINavigationBarDelegate {
          public func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool {
              if let handler = topViewController as? BackHandler { return handler.shouldPopOnBack() }
              return true
          }
      }

      let navigation = UINavigationController(rootViewController: EditorViewController())

      class EditorViewController: UIViewController {}
      """,
    objectiveCBefore: """
      @protocol BackHandler
      - (BOOL)shouldPopOnBack;
      @end

      @implementation UINavigationController (BackHandler)
      - (BOOL)navigationBar:(UINavigationBar *)navigationBar shouldPopItem:(UINavigationItem *)item {
          id top = self.topViewController;
          if ([top conformsToProtocol:@protocol(BackHandler)]) { return [top shouldPopOnBack]; }
          return YES;
      }
      @end

      @interface EditorViewController : UIViewController <BackHandler>
      @end

      @implementation EditorViewController
      + (UINavigationController *)make {
          return [[UINavigationController alloc] initWithRootViewController:[[EditorViewController alloc] init]];
      }
      - (BOOL)shouldPopOnBack { return NO; }
      @end
      """,
    objectiveCAfter: """
      @protocol BackHandler
      - (BOOL)shouldPopOnBack;
      @end

      @implementation UINavigationController (BackHandler)
      - (BOOL)navigationBar:(UINavigationBar *)navigationBar shouldPopItem:(UINavigationItem *)item {
          id top = self.topViewController;
          if ([top conformsToProtocol:@protocol(BackHandler)]) { return [top shouldPopOnBack]; }
          return YES;
      }
      @end

      @interface EditorViewController : UIViewController
      @end

      @implementation EditorViewController
      + (UINavigationController *)make {
          return [[UINavigationController alloc] initWithRootViewController:[[EditorViewController alloc] init]];
      }
      @end
      """,
    fix: """
      A navigation controller's root is never popped, so a question asked before popping it \
      is never asked, and a SwiftUI stack's first view has nothing to go back to. Remove the \
      question, or push the screen from another one if it is meant to ask.
      """)
}
