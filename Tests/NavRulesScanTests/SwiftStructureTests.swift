import NavRulesCompiler
import Testing

@testable import NavRulesScan

/// What the Swift reader builds: types, members, statements and expressions, in the shape
/// extraction reads (shown in `ScanOutline`'s notation).
@Suite struct SwiftStructureTests {
  @Test func typesAttributesGenericsAndInheritance() throws {
    let file = scanSwift(
      """
      @MainActor @available(iOS 13, *)
      public final class ListViewController<Item: Hashable>: UITableViewController, Sendable where Item: Codable {
          struct Row {}
          enum Mode: Int { case a, b }
      }
      extension Outer.Inner: UIGestureRecognizerDelegate {}
      protocol Screen: AnyObject { func show() }
      actor Store {}
      """)
    let types = file.types
    try #require(types.count == 4)
    #expect(types[0].kind == .class)
    #expect(types[0].name == "ListViewController")
    #expect(types[0].superclass?.name == "UITableViewController")
    #expect(types[0].inheritedTypes.map(\.name) == ["UITableViewController", "Sendable"])
    #expect(
      types[0].nestedTypes.map(\.qualifiedName) == [
        "ListViewController.Row", "ListViewController.Mode",
      ])
    #expect(types[0].nestedTypes[1].enclosingTypeNames == ["ListViewController"])
    #expect(types[1].kind == .extension)
    #expect(types[1].name == "Inner")
    #expect(types[1].enclosingTypeNames == ["Outer"])
    #expect(types[1].superclass == nil)
    #expect(types[2].kind == .protocol)
    #expect(types[2].methods.first?.body == nil)
    #expect(types[3].kind == .actor)
    let name = file.file.text(types[0].nameRange)
    #expect(name == "ListViewController")
  }

  @Test func methodsInitializersAndTheirNames() throws {
    let file = scanSwift(
      """
      class A: UIViewController, UINavigationBarDelegate {
          override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated) }
          func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool { true }
          required init?(coder: NSCoder) { fatalError() }
          override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
              super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
          }
          deinit { print("bye") }
          class func make() -> Self { fatalError() }
          private static func helper<T>(_ value: T) throws -> [T] where T: Equatable { [value] }
          subscript(index: Int) -> Int { index }
          static func == (lhs: A, rhs: A) -> Bool { true }
      }
      """)
    let methods = try #require(file.types.first?.methods)
    #expect(
      methods.map(\.swiftName) == [
        "viewWillAppear(_:)", "navigationBar(_:shouldPop:)", "init(coder:)",
        "init(nibName:bundle:)", "deinit()", "make()", "helper(_:)", "subscript(_:)",
        "==(lhs:rhs:)",
      ])
    #expect(methods[0].isOverride)
    #expect(methods[0].parameterNames == ["animated"])
    #expect(methods[0].argumentLabels == [nil])
    #expect(methods[1].argumentLabels == [nil, "shouldPop"])
    #expect(methods[1].matches("navigationBar", [nil, "shouldPop"]))
    #expect(methods[1].parameterNames == ["navigationBar", "item"])
    #expect(methods[1].returnType == "Bool")
    #expect(methods[2].kind == .initializer && methods[2].isInitializer)
    #expect(
      methods[3].isOverride && methods[3].parameterNames == ["nibNameOrNil", "nibBundleOrNil"])
    #expect(methods[4].kind == .deinitializer)
    #expect(methods[5].isStatic && methods[5].returnType == "Self")
    #expect(methods[6].isStatic && methods[6].isPrivate && methods[6].returnType == "[T]")
    #expect(methods[7].kind == .subscript && methods[7].body?.count == 1)
    #expect(outline(of: "viewWillAppear", in: file) == ["super.viewWillAppear(animated)"])
    #expect(outline(of: "init", in: file) == ["fatalError()"])
  }

  @Test func propertiesWithInitializersAccessorsAndObservers() throws {
    let file = scanSwift(
      """
      class A: UIViewController {
          let nav = UINavigationController(rootViewController: HomeViewController())
          lazy var menu: UINavigationController = {
              let navigation = UINavigationController(rootViewController: MenuViewController())
              return navigation
          }()
          static var shared: A?, count = 0
          override var prefersStatusBarHidden: Bool { true }
          var title2: String { get { "a" } set { print(newValue) } }
          var flag = false { didSet { update() } }
          @IBOutlet weak var button: UIButton!
          private(set) var (x, y) = (1, 2)
      }
      """)
    let properties = try #require(file.types.first?.properties)
    #expect(
      properties.map(\.name) == [
        "nav", "menu", "shared", "count", "prefersStatusBarHidden", "title2", "flag", "button",
      ])
    #expect(
      properties[0].initializer.map(ScanOutline.describe)
        == "UINavigationController(rootViewController: HomeViewController())")
    #expect(properties[0].isConstant)
    #expect(properties[1].isLazy && properties[1].typeText == "UINavigationController")
    #expect(
      properties[1].initializer.map(ScanOutline.describe)
        == "{ let navigation = UINavigationController(rootViewController: MenuViewController()); return navigation }()"
    )
    #expect(properties[2].isStatic && properties[3].initializer.map(ScanOutline.describe) == "0")
    #expect(properties[4].isOverride && properties[4].accessors.map(\.kind) == [.getter])
    #expect(properties[5].accessors.map(\.kind) == [.getter, .setter])
    #expect(properties[6].accessors.map(\.kind) == [.didSet])
    #expect(properties[6].initializer.map(ScanOutline.describe) == "false")
    #expect(properties[7].typeText == "UIButton!")
  }

  @Test func freeFunctionsAndGlobals() {
    let file = scanSwift(
      """
      import UIKit
      let root = UINavigationController(rootViewController: HomeViewController())
      func makeWindow() -> UIWindow { UIWindow() }
      typealias Handler = () -> Void
      UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, nil)
      """)
    #expect(file.properties.map(\.name) == ["root"])
    #expect(file.functions.map(\.swiftName) == ["makeWindow()"])
    #expect(file.types.isEmpty)
  }

  @Test(arguments: [
    (
      "if navigationController?.viewControllers.count ?? 0 > 1 { x() }",
      "if ((navigationController.viewControllers.count ?? 0) > 1) { x() }"
    ),
    (
      "if (navigationController?.viewControllers.count ?? 0) >= 2 && !done { x() }",
      "if (((navigationController.viewControllers.count ?? 0) >= 2) && !done) { x() }"
    ),
    (
      "if a { x() } else if b { y() } else { z() }",
      "if a { x() } else { if b { y() } else { z() } }"
    ),
    (
      "guard let nav = navigationController else { return }",
      "guard let nav = navigationController else { return }"
    ),
    (
      "if let nav, case .some(let x) = y, #available(iOS 15, *) { }",
      "if let nav = nav, case .some(let x) = y, #available(iOS 15, *) {  }"
    ),
    (
      "self.navigationController!.viewControllers.count != 1 ? a() : b()",
      "((self.navigationController.viewControllers.count != 1) ? a() : b())"
    ),
    (
      "let vc = storyboard?.instantiateViewController(withIdentifier: \"A\") as! AViewController",
      "let vc = (storyboard.instantiateViewController(withIdentifier: \"A\") as! AViewController)"
    ),
    ("x += 1", "x += 1"),
    (
      "animated ? (navigationController?.interactivePopGestureRecognizer?.isEnabled = false) : ()",
      "(animated ? (navigationController.interactivePopGestureRecognizer.isEnabled = false) : ())"
    ),
    ("(x += 1)", "(x += 1)"),
    ("a ? (b ? (x = 1) : f()) : (y = 2)", "(a ? (b ? (x = 1) : f()) : (y = 2))"),
    ("f(x = 1)", "other"),
    ("_ = try? foo(bar: &baz)", "_ = foo(bar: &baz)"),
    ("var a: [String: Any] = [:], b = [1, 2]", "let a: [String: Any] = [:]\nlet b = [1, 2]"),
    ("let (a, b) = pair", "other"),
    (
      "navigationController?.navigationBar.titleTextAttributes = [.foregroundColor: UIColor.red]",
      "navigationController.navigationBar.titleTextAttributes = [.foregroundColor: UIColor.red]"
    ),
    ("let vc = ArticleViewController<Int>(id: 1)", "let vc = ArticleViewController(id: 1)"),
    ("Factory<A>.make().show()", "Factory.make().show()"),
    ("a < b", "(a < b)"),
    ("let t = (a, label: b)", "let t = (a, label: b)"),
    ("list[0].items[i + 1]", "list[0].items[(i + 1)]"),
    ("let k = \\UIView.frame.size", "let k = \\UIView.frame.size"),
    (
      "button.addTarget(self, action: #selector(tap(_:)), for: .touchUpInside)",
      "button.addTarget(self, action: #selector(tap(_:)), for: .touchUpInside)"
    ),
    ("present(vc, animated: true) { print(1) }", "present(vc, animated: true) { print(1) }"),
    (
      "UIView.animate(withDuration: 1) { a() } completion: { _ in b() }",
      "UIView.animate(withDuration: 1) { a() } completion: { (_) in b() }"
    ),
    (
      "let c = { [weak self] (a: Int, b) -> Void in self?.go(a) }",
      "let c = { (a, b) in self.go(a) }"
    ),
    (
      "items.map { $0.name }.filter { !$0.isEmpty }", "items.map { $0.name }.filter { !$0.isEmpty }"
    ),
    ("let t = type(of: self).self", "let t = type(type(of: self))"),
    ("return", "return"),
    ("return nil", "return nil"),
    ("defer { cleanup() }", "defer { cleanup() }"),
    ("for vc in stack where vc.isEnabled { vc.reset() }", "loop { vc.reset() }"),
    ("while x { y() }", "loop { y() }"),
    ("repeat { y() } while x", "loop { y() }"),
    (
      "do { try a() } catch let error as NSError { b(error) } catch { c() }",
      "block { a() }\nblock { b(error) }\nblock { c() }"
    ),
    ("outer: for x in y { break outer }", "loop { other }"),
    ("throw Failure.bad", "other"),
    ("let x = -1, y = !flag", "let x = -1\nlet y = !flag"),
    ("async let page = load()\nweak var w = self", "let page = load()\nlet w = self"),
    ("let s = \"a\\tb\\u{1F600}\"", "let s = \"a\\tb😀\""),
    ("let s = #\"a\\n\\#(x)\"#", "let s = \"a\\\\n\\\\#(x)\""),
    ("let s = \"\"\"\n    line one\n      two\n    \"\"\"", "let s = \"line one\\n  two\""),
    ("let x = if a { 1 } else { 2 }", "let x = <?>"),
    ("a\n.b()\n.c", "a.b().c"),
    ("a\n-b", "a\n-b"),
    ("a\n+ b", "(a + b)"),
    ("let v = x as? Int ?? 0", "let v = ((x as? Int) ?? 0)"),
    ("if x is UINavigationController { }", "if (x is UINavigationController) {  }"),
    ("func helper() { push() }\nhelper()", "other\nhelper()"),
    ("final class Local: UIViewController {}\nactor Box {}\npush()", "other\nother\npush()"),
    ("if let (a, b) = pair { use(a) }", "if let (a, b) = pair { use(a) }"),
    ("_ = consume retrier", "_ = retrier"),
  ])
  func statementsAndExpressions(_ body: String, _ expected: String) {
    #expect(swiftStatements(body).joined(separator: "\n") == expected)
  }

  @Test func switchCases() throws {
    let statements = body(
      of: "f",
      in: scanSwift(
        """
        func f() {
            switch navigationController?.viewControllers.count {
            case 1, 2:
                a()
            case .some(let n) where n > 3:
                b()
            case let x as Int:
                fallthrough
            @unknown default:
                c()
                d()
            }
        }
        """))
    let first = try #require(statements.first)
    guard case .switchStatement(let subject, let cases) = first.kind else {
      Issue.record("not a switch")
      return
    }
    #expect(ScanOutline.describe(subject) == "navigationController.viewControllers.count")
    #expect(
      cases.map { $0.patterns.map(ScanOutline.describe) } == [
        ["1", "2"], [".some(<?>)"], ["(<?> as Int)"], [],
      ])
    #expect(cases.map(\.isDefault) == [false, false, false, true])
    #expect(cases.map { $0.body.count } == [1, 1, 1, 2])
  }

  @Test func closuresAndNestedTypesInsideAViewController() {
    let file = scanSwift(
      """
      final class A: UIViewController {
          override func viewDidLoad() {
              super.viewDidLoad()
              let button = UIButton(primaryAction: UIAction { [weak self] _ in
                  self?.navigationController?.pushViewController(B(), animated: true)
              })
              struct Local { let x = 1 }
              func helper() { }
              view.addSubview(button)
          }
          final class Cell: UITableViewCell {
              override func prepareForReuse() { super.prepareForReuse() }
          }
      }
      """)
    #expect(
      outline(of: "viewDidLoad", in: file) == [
        "super.viewDidLoad()",
        "let button = UIButton(primaryAction: UIAction { (_) in self.navigationController.pushViewController(B(), animated: true) })",
        "other", "other", "view.addSubview(button)",
      ])
    #expect(file.allTypes.map(\.qualifiedName) == ["A", "A.Cell"])
    #expect(file.types[0].nestedTypes[0].methods.map(\.baseName) == ["prepareForReuse"])
  }

  @Test func aCallNamedLikeAModifierIsACall() {
    let file = scanSwift(
      """
      final class A: UIViewController {
          private(set) var count = 0
          unowned(unsafe) var owner: B
          func open() { navigationController?.pushViewController(B(), animated: true) }
          override func viewDidLoad() {
              open()
              final()
          }
      }
      """)
    #expect(outline(of: "viewDidLoad", in: file) == ["open()", "final()"])
    #expect(file.types[0].properties.map(\.name) == ["count", "owner"])
  }

  @Test func statementRangesPointAtTheirFirstToken() throws {
    let source =
      "class A {\n    func f() {\n        self.navigationController?.isNavigationBarHidden = true\n    }\n}\n"
    let file = scanSwift(source)
    let statement = try #require(body(of: "f", in: file).first)
    let position = file.file.position(of: statement.firstTokenRange.lowerBound)
    #expect(position == SourcePosition(line: 3, column: 9))
    #expect(file.file.text(statement.firstTokenRange) == "self")
    #expect(
      file.file.text(statement.range) == "self.navigationController?.isNavigationBarHidden = true")
  }

  @Test func anUnreadableStatementIsSkippedToTheEndOfItsBlock() {
    let file = scanSwift(
      """
      class A {
          func f() {
              a()
              b(c d)
              e()
              if x { g() }
          }
          func g() {
              h()
          }
      }
      """)
    let statements = body(of: "f", in: file)
    #expect(statements.map(ScanOutline.describe) == ["a()", "other"])
    #expect(file.file.text(statements[1].range).hasPrefix("b(c d)"))
    #expect(file.file.text(statements[1].range).hasSuffix("if x { g() }"))
    #expect(outline(of: "g", in: file) == ["h()"])
  }

  @Test func aBrokenStatementInsideAClosureStaysInTheClosure() {
    #expect(swiftStatements("run { a(; b() }\nc()") == ["run { other }", "c()"])
  }

  @Test func aMissingBraceEndsTheMethodAtTheNextDeclaration() {
    let file = scanSwift(
      """
      class A: UIViewController {
          override func viewDidLoad() {
              if x {
                  a()
          }

          override func viewWillAppear(_ animated: Bool) {
              b()
          }
      }

      class B: UIViewController {
          func c() {}
      }
      """)
    #expect(file.types.map(\.name) == ["A", "B"])
    #expect(file.types[0].methods.map(\.baseName) == ["viewDidLoad", "viewWillAppear"])
    #expect(outline(of: "viewWillAppear", in: file) == ["b()"])
    #expect(file.types[1].methods.map(\.baseName) == ["c"])
  }

  @Test func anExtraBraceDoesNotEndTheClass() {
    let file = scanSwift(
      """
      class A: UIViewController {
          override func viewDidLoad() {
              a()
              }
          }

          override func viewWillAppear(_ animated: Bool) {
              b()
          }
      }
      """)
    #expect(file.types.map(\.name) == ["A"])
    #expect(file.types[0].methods.map(\.baseName) == ["viewDidLoad", "viewWillAppear"])
    #expect(file.functions.isEmpty)
  }

  @Test func halfWrittenCodeStillYieldsWhatPrecedesIt() {
    let file = scanSwift(
      "class A: UIViewController {\n    override func viewDidLoad() {\n        navigationController?."
    )
    #expect(file.types.first?.methods.first?.baseName == "viewDidLoad")
    #expect(outline(of: "viewDidLoad", in: file) == ["other"])
  }
}
