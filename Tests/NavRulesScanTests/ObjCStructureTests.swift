import NavRulesCompiler
import Testing

@testable import NavRulesScan

/// What the Objective-C reader builds: containers, methods named like Swift's, and statements
/// whose message sends are calls.
@Suite struct ObjCStructureTests {
  @Test func interfacesCategoriesExtensionsAndProtocols() throws {
    let file = scanObjC(
      """
      @class Foo, Bar;
      @protocol Forward;
      @protocol Screen <NSObject>
      - (void)show;
      @end
      @interface Box<ObjectType> : NSObject
      @end
      @interface A : UIViewController <UIGestureRecognizerDelegate, Screen> {
          BOOL _flag;
      }
      @property (nonatomic, copy) void (^handler)(BOOL finished);
      @property (nonatomic, strong, nullable) UINavigationController *navigator API_AVAILABLE(ios(13.0));
      @end
      @interface A ()
      @end
      @interface A (Tracking) <Screen>
      @end
      @implementation A (Tracking)
      @end
      @implementation A
      @end
      """)
    let types = file.types
    try #require(types.count == 7)
    #expect(
      types.map(\.kind) == [
        .objcProtocol, .objcInterface, .objcInterface, .objcInterface, .objcInterface,
        .objcImplementation, .objcImplementation,
      ])
    #expect(types.map(\.name) == ["Screen", "Box", "A", "A", "A", "A", "A"])
    #expect(types[0].protocols.map(\.name) == ["NSObject"])
    #expect(types[0].methods.map(\.selector) == ["show"])
    #expect(types[0].methods[0].body == nil)
    #expect(types[1].superclass?.name == "NSObject")
    #expect(types[2].superclass?.name == "UIViewController")
    #expect(types[2].protocols.map(\.name) == ["UIGestureRecognizerDelegate", "Screen"])
    #expect(
      types[2].inheritedTypes.map(\.name) == [
        "UIViewController", "UIGestureRecognizerDelegate", "Screen",
      ])
    #expect(types[2].categoryName == nil)
    #expect(types[2].properties.map(\.name) == ["_flag", "handler", "navigator"])
    #expect(types[2].properties[0].typeText == "BOOL")
    #expect(types[2].properties[2].typeText == "UINavigationController *")
    #expect(types[3].categoryName == "")
    #expect(types[4].categoryName == "Tracking")
    #expect(types[4].protocols.map(\.name) == ["Screen"])
    #expect(types[5].categoryName == "Tracking")
    #expect(types[6].categoryName == nil)
  }

  @Test func methodSelectorsMatchTheSwiftShape() throws {
    let file = scanObjC(
      """
      @implementation Nav
      - (BOOL)navigationBar:(UINavigationBar *)navigationBar shouldPopItem:(UINavigationItem *)item {
          return YES;
      }
      - (void)viewWillAppear:(BOOL)animated { [super viewWillAppear:animated]; }
      + (instancetype)new { return nil; }
      - (instancetype)initWithRootViewController:(UIViewController *)root NS_DESIGNATED_INITIALIZER;
      {
          return [super initWithRootViewController:root];
      }
      - (void)log:(NSString *)format, ... { }
      - (void)a:(int)x :(int)y { }
      - initWithFrame:(CGRect)frame { return self; }
      @end
      """)
    let methods = try #require(file.types.first?.methods)
    #expect(
      methods.map(\.selector) == [
        "navigationBar:shouldPopItem:", "viewWillAppear:", "new", "initWithRootViewController:",
        "log:", "a::", "initWithFrame:",
      ])
    #expect(methods[0].baseName == "navigationBar")
    #expect(methods[0].argumentLabels == [nil, "shouldPopItem"])
    #expect(methods[0].parameterNames == ["navigationBar", "item"])
    #expect(methods[0].returnType == "BOOL")
    #expect(methods[0].swiftName == "navigationBar(_:shouldPopItem:)")
    #expect(methods[0].matches("navigationBar", [nil, "shouldPop"]))
    #expect(!methods[0].matches("navigationBar", [nil, "didPop"]))
    #expect(
      methods[1].matches("viewWillAppear", [nil]) && !methods[1].matches("viewWillAppear", []))
    #expect(methods[1].argumentLabels == [nil] && methods[1].parameterNames == ["animated"])
    #expect(methods[2].isStatic && methods[2].kind == .function)
    #expect(methods[3].kind == .initializer && methods[3].body?.count == 1)
    #expect(methods[6].kind == .initializer && methods[6].returnType == nil)
    #expect(outline(of: "viewWillAppear", in: file) == ["super.viewWillAppear(animated)"])
    #expect(file.file.text(methods[0].nameRange) == "navigationBar")
  }

  @Test(arguments: [
    ("[super viewWillAppear:animated];", "super.viewWillAppear(animated)"),
    (
      "[self.navigationController.interactivePopGestureRecognizer setEnabled:NO];",
      "self.navigationController.interactivePopGestureRecognizer.setEnabled(false)"
    ),
    (
      "self.navigationController.interactivePopGestureRecognizer.enabled = NO;",
      "self.navigationController.interactivePopGestureRecognizer.enabled = false"
    ),
    (
      "[self.navigationController pushViewController:vc animated:YES];",
      "self.navigationController.pushViewController(vc, animated: true)"
    ),
    (
      "UIViewController *vc = [[DetailViewController alloc] initWithNibName:nil bundle:nil];",
      "let vc: UIViewController * = DetailViewController.alloc().initWithNibName(nil, bundle: nil)"
    ),
    ("id<P> vc = [X new], other = nil;", "let vc: id<P> = X.new()\nlet other: id<P> = nil"),
    (
      "[self presentViewController:[[UINavigationController alloc] initWithRootViewController:[X new]] animated:YES completion:nil];",
      "self.presentViewController(UINavigationController.alloc().initWithRootViewController(X.new()), animated: true, completion: nil)"
    ),
    ("Class c = [X class];", "let c: Class = type(X)"),
    ("__weak typeof(self) weakSelf = self;", "let weakSelf: __weak typeof(self) = self"),
    (
      "void (^done)(BOOL) = ^(BOOL finished) { [weakSelf close]; };",
      "let done: void = { (finished) in weakSelf.close() }"
    ),
    (
      "dispatch_async(dispatch_get_main_queue(), ^{ [self reload]; });",
      "dispatch_async(dispatch_get_main_queue(), { self.reload() })"
    ),
    (
      "if (self.navigationController.viewControllers.count > 1) return NO;",
      "if (self.navigationController.viewControllers.count > 1) { return false }"
    ),
    (
      "if (!x) a(); else if (y) { b(); } else c();",
      "if !x { a() } else { if y { b() } else { c() } }"
    ),
    (
      "if ([self.navigationController.viewControllers count] >= 2 && enabled) { [self push]; }",
      "if ((self.navigationController.viewControllers.count >= 2) && enabled) { self.push() }"
    ),
    (
      "[[[self navigationController] interactivePopGestureRecognizer] setEnabled:NO];",
      "self.navigationController.interactivePopGestureRecognizer.setEnabled(false)"
    ),
    (
      "UIViewController *top = [self topViewController];",
      "let top: UIViewController * = self.topViewController"
    ),
    ("x = a ? YES : NO;", "x = (a ? true : false)"),
    ("x = a ?: b;", "x = (a ?: b)"),
    (
      "self.navigationController.navigationBar.titleTextAttributes = @{NSForegroundColorAttributeName: [UIColor redColor]};",
      "self.navigationController.navigationBar.titleTextAttributes = [NSForegroundColorAttributeName: UIColor.redColor()]"
    ),
    ("NSArray *a = @[@1, @\"s\", @(x + 1), @YES];", "let a: NSArray * = [1, \"s\", (x + 1), true]"),
    ("NSString *s = @\"a\" \"b\\n\";", "let s: NSString * = \"ab\\n\""),
    (
      "UIViewController *top = (UIViewController *)self.topViewController;",
      "let top: UIViewController * = ((UIViewController *) self.topViewController)"
    ),
    (
      "(void)[self.navigationController popViewControllerAnimated:YES];",
      "self.navigationController.popViewControllerAnimated(true)"
    ),
    (
      "SEL s = @selector(navigationBar: shouldPopItem:);",
      "let s: SEL = #selector(navigationBar:shouldPopItem:)"
    ),
    (
      "[NSDictionary dictionaryWithObjectsAndKeys:a, b, c, d, nil];",
      "NSDictionary.dictionaryWithObjectsAndKeys(a, b, c, d, nil)"
    ),
    ("self->_flag = !self->_flag;", "self._flag = !self._flag"),
    ("count += 2;", "count += 2"),
    ("i++;", "i++"),
    (
      "return [super initWithNibName:nil bundle:nil];",
      "return super.initWithNibName(nil, bundle: nil)"
    ),
    ("@autoreleasepool { a(); }", "block { a() }"),
    ("@synchronized (self) { a(); }", "block { a() }"),
    (
      "@try { a(); } @catch (NSException *e) { b(); } @finally { c(); }",
      "block { a() }\nblock { b() }\nblock { c() }"
    ),
    ("{ a(); }", "block { a() }"),
    ("for (UIViewController *vc in stack) [vc reset];", "loop { vc.reset() }"),
    ("while (x) { y(); }", "loop { y() }"),
    ("do { y(); } while (x);", "loop { y() }"),
    (
      "static dispatch_once_t once; dispatch_once(&once, ^{ });",
      "let once: static dispatch_once_t\ndispatch_once(&once, {  })"
    ),
    ("CGRect frame = (CGRect){0, 0, 1, 1};", "let frame: CGRect = <?>"),
    ("unsigned long long n = 1;", "let n: unsigned long long = 1"),
    ("NSLog(@\"%@\", self); goto done; done: x();", "NSLog(\"%@\", self)\nother\nx()"),
    ("a[0] = b[i];", "a[0] = b[i]"),
    (
      "animated ? [self.navigationController.interactivePopGestureRecognizer setEnabled:NO] : (void)0;",
      "(animated ? self.navigationController.interactivePopGestureRecognizer.setEnabled(false) : 0)"
    ),
    ("a ? (x = NO) : f();", "(a ? (x = false) : f())"),
    ("a = b", "other"),
    (
      "void (*imp)(id, SEL) = (void (*)(id, SEL))provider(); imp(self, _cmd);",
      "let imp: void = ((void (*)(id, SEL)) provider())\nimp(self, _cmd)"
    ),
    (
      "done = (void (^)(BOOL))objc_getAssociatedObject(self, &key);",
      "done = ((void (^)(BOOL)) objc_getAssociatedObject(self, &key))"
    ),
    ("x = (int64_t)(delay * NSEC_PER_SEC);", "x = ((int64_t) (delay * NSEC_PER_SEC))"),
    (
      "BeginIgnoreWarning\n[self go];\nEndIgnoreWarning\n",
      "BeginIgnoreWarning\nself.go()\nEndIgnoreWarning"
    ),
    (
      "Extend([UIView class], @selector(init), __kindof UIView *, long long, ^UIView *(UIView *v) { return v; });",
      "Extend(type(UIView), #selector(init), <?>, <?>, { (v) in return v })"
    ),
    ("SEL selectors[] = { @selector(a), @selector(b) };", "let selectors: SEL = <?>"),
    (
      "return ^NSArray<UIViewController *> *(UINavigationController *n) { return n.viewControllers; };",
      "return { (n) in return n.viewControllers }"
    ),
  ])
  func statementsAndExpressions(_ body: String, _ expected: String) {
    #expect(objCStatements(body).joined(separator: "\n") == expected)
  }

  @Test func switchCases() throws {
    let statements = body(
      of: "f",
      in: scanObjC(
        """
        @implementation A
        - (void)f {
            switch (self.mode) {
                case ModeA:
                case ModeB: a(); break;
                default: { b(); }
            }
        }
        @end
        """))
    let first = try #require(statements.first)
    guard case .switchStatement(let subject, let cases) = first.kind else {
      Issue.record("not a switch")
      return
    }
    #expect(ScanOutline.describe(subject) == "self.mode")
    #expect(cases.map { $0.patterns.map(ScanOutline.describe) } == [["ModeA"], ["ModeB"], []])
    #expect(
      cases.map { $0.body.map(ScanOutline.describe) } == [[], ["a()", "other"], ["block { b() }"]])
  }

  @Test func cCodeAroundMethodsIsSkipped() {
    let file = scanObjC(
      """
      static NSString * const kKey = @"key";
      typedef NS_ENUM(NSInteger, Mode) { ModeA, ModeB };
      static void helper(UIViewController *vc) {
          if (vc) { [vc.navigationController popViewControllerAnimated:YES]; }
      }
      @implementation A
      static int counter = 0;
      - (void)viewDidLoad { [super viewDidLoad]; }
      void other(void) { }
      - (void)viewDidAppear:(BOOL)animated { helper(self); }
      @end
      """)
    #expect(file.types.map(\.name) == ["A"])
    #expect(file.types[0].methods.map(\.selector) == ["viewDidLoad", "viewDidAppear:"])
    #expect(outline(of: "viewDidAppear", in: file) == ["helper(self)"])
  }

  @Test func aMissingEndOrBraceDoesNotLoseTheNextMethods() {
    let file = scanObjC(
      """
      @implementation A
      - (void)viewDidLoad {
          if (x) {
              a();
      }

      - (void)viewWillAppear:(BOOL)animated {
          b();
      }

      @implementation B
      - (void)c { d(); }
      @end
      """)
    #expect(file.types.map(\.name) == ["A", "B"])
    #expect(file.types[0].methods.map(\.selector) == ["viewDidLoad", "viewWillAppear:"])
    #expect(outline(of: "viewWillAppear", in: file) == ["b()"])
    #expect(outline(of: "c", in: file) == ["d()"])
  }

  @Test func anUnreadableStatementIsSkippedToTheEndOfItsBlock() {
    #expect(objCStatements("a();\n[x y z w];\nb();\n") == ["a()", "other"])
    #expect(objCStatements("if (a) { x(; } c();") == ["if a { other }", "c()"])
  }
}
