import Foundation
import NavRulesCompiler
import NavRulesTestSupport
import Testing

@testable import NavRulesScan

/// The readers never crash, never hang and never report anything, whatever the bytes: 1,000
/// random and mutated Swift and Objective-C inputs (seeded, so a failure replays from its
/// seed), pathological nesting, and mutated storyboards. The structure they return only points
/// into the file.
@Suite struct ScanRobustnessTests {
  static let swiftPieces: [String] = [
    "class ", "struct ", "enum ", "extension ", "protocol ", "func ", "override ", "init",
    "var ", "let ", "if ", "else ", "guard ", "switch ", "case ", "default:", "return ", "for ",
    "in ", "while ", "repeat ", "do ", "catch ", "defer ", "{", "}", "(", ")", "[", "]", "\"",
    "\"\"\"", "#\"", "\"#", "\\(", "\\#(", "/*", "*/", "//", "\n", " ", "#if DEBUG\n", "#else\n",
    "#endif\n", "#if false\n", "?", "!", ".", ",", ":", ";", "=", "==", "+=", "->", "<", ">",
    "??", "&&", "self", "super", "@objc", "@MainActor ", "`", "$0", "0x1F", "1.5e3", "as! ",
    "is ", "try? ", "await ", "{ [weak self] x in ", "#selector(", "#available(iOS 14, *)",
    "\\.", "é", "😀", "navigationController?.", "interactivePopGestureRecognizer", "isEnabled",
    " = false", "UIViewController", "<T>", "where ", "lazy ", "get ", "set ", "didSet ", "#/",
    "/#", "'",
  ]

  static let objCPieces: [String] = [
    "@interface ", "@implementation ", "@end", "@property ", "@protocol ", "@class ", "- ",
    "+ ", "(void)", "(BOOL)", "[", "]", "{", "}", "(", ")", ";", ":", "@\"", "\"", "'", "^",
    "@{", "@[", "@(", "@YES", "#import <UIKit/UIKit.h>\n", "#define A \\\n", "#if 0\n",
    "#ifdef X\n", "#else\n", "#endif\n", "#pragma mark - A\n", "/*", "*/", "//", "\n", " ",
    "self", "super", "YES", "NO", "nil", "if ", "else ", "for ", "while ", "do ", "switch ",
    "case ", "default", "return ", "*", "=", "->", ".", ",", "?", "@selector(", "__weak ",
    "typeof(self) ", "@autoreleasepool ", "@try ", "@catch ", "\\", "é", "😀",
    "self.navigationController.", "interactivePopGestureRecognizer", "setEnabled:", "NO]",
  ]

  static let snippets: [String] = [
    """
    class A: UIViewController {
        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            if navigationController?.viewControllers.count ?? 0 > 1 {
                navigationController?.interactivePopGestureRecognizer?.isEnabled = false
            }
            let s = "\\(a ? "}" : "{") \\("\\(b)")"
            items.map { [weak self] x in self?.push(x) }.forEach { _ in }
        }
    }
    """,
    """
    @implementation A
    - (void)viewWillAppear:(BOOL)animated {
        [super viewWillAppear:animated];
        if (self.navigationController.viewControllers.count > 1) return;
        [self.navigationController.interactivePopGestureRecognizer setEnabled:NO];
        __weak typeof(self) w = self;
        [UIView animateWithDuration:0.3 animations:^{ w.view.alpha = 1; } completion:^(BOOL f) {}];
    }
    @end
    """,
  ]

  static let fixtures: [(bytes: [UInt8], language: ScanLanguage)] = {
    var result = snippets.enumerated().map {
      (Array($0.element.utf8), $0.offset == 0 ? ScanLanguage.swift : .objectiveC)
    }
    for name in ["HomeViewController.swift", "LegacyViewController.m", "LegacyViewController.h"] {
      let path = ScanOutlineGoldenTests.folder + "/" + name
      if let data = FileManager.default.contents(atPath: Repository.url(path).path) {
        result.append(([UInt8](data), ScanLanguage(path: name) ?? .swift))
      }
    }
    return result
  }()

  /// Checks one input: it is read within `limit`, and every range lies in the file.
  static func check(
    _ bytes: [UInt8], _ language: ScanLanguage, seed: UInt64,
    limit: Duration = .seconds(10)
  ) {
    let file = SourceFile(path: language == .swift ? "fuzz.swift" : "fuzz.m", bytes: bytes)
    let clock = ContinuousClock()
    var scanned: ScannedFile?
    let elapsed = clock.measure { scanned = ScanReader.read(file, language: language) }
    #expect(elapsed < limit, "seed \(seed): \(bytes.count) bytes took \(elapsed)")
    guard let scanned else { return }
    let outOfBounds = allRanges(scanned).first {
      $0.lowerBound < 0 || $0.upperBound > bytes.count
    }
    #expect(outOfBounds == nil, "seed \(seed): range \(String(describing: outOfBounds))")
    _ = ScanOutline.render(scanned)
  }

  static func pieceSoup(_ language: ScanLanguage, _ generator: inout SeededGenerator) -> [UInt8] {
    let pieces = language == .swift ? swiftPieces : objCPieces
    var bytes: [UInt8] = []
    let length = Int.random(in: 0...2_000, using: &generator)
    while bytes.count < length {
      if Int.random(in: 0..<8, using: &generator) == 0 {
        bytes.append(UInt8.random(in: 0...255, using: &generator))
      } else {
        bytes += Array(pieces.randomElement(using: &generator)!.utf8)
      }
    }
    return bytes
  }

  static func mutate(_ original: [UInt8], _ generator: inout SeededGenerator) -> [UInt8] {
    var bytes = original
    let inserts: [[UInt8]] = [
      "{", "}", "\"", "/*", "(", ")", "[", "]", "\"\"\"", "#if X\n", "@end",
    ]
    .map { Array($0.utf8) }
    for _ in 0..<Int.random(in: 1...8, using: &generator) {
      let position = Int.random(in: 0...bytes.count, using: &generator)
      switch Int.random(in: 0..<5, using: &generator) {
      case 0:
        let end = min(bytes.count, position + Int.random(in: 1...30, using: &generator))
        bytes.removeSubrange(position..<end)
      case 1:
        bytes.insert(contentsOf: inserts.randomElement(using: &generator)!, at: position)
      case 2:
        bytes.insert(UInt8.random(in: 0...255, using: &generator), at: position)
      case 3:
        bytes.removeSubrange(position...)
      default:
        let end = min(bytes.count, position + Int.random(in: 1...200, using: &generator))
        bytes.insert(contentsOf: bytes[position..<end], at: min(bytes.count, end))
      }
    }
    return bytes
  }

  /// Nesting far past the readers' limit, of a construct picked by the generator.
  static func deepNesting(_ language: ScanLanguage, _ generator: inout SeededGenerator) -> [UInt8] {
    let depth = Int.random(in: 100...3_000, using: &generator)
    let (open, close): (String, String) =
      language == .swift
      ? [
        ("(", ")"), ("{", "}"), ("[", "]"), ("if a {", "}"), ("f { x in ", "}"), ("\"\\(", ")\""),
        ("a.b(", ")"), ("!", ""), ("a + ", "b"), ("a ?? ", "b"), ("#if X\n", "#endif\n"),
      ].randomElement(using: &generator)!
      : [
        ("(", ")"), ("{", "}"), ("[", " foo]"), ("[x bar:", "]"), ("^{ ", "}"), ("if (a) ", ";"),
        ("-", "a"), ("a = ", "b"), ("#ifdef X\n", "#endif\n"),
      ].randomElement(using: &generator)!
    let prefix = language == .swift ? "class A { func f() {\n" : "@implementation A\n- (void)f {\n"
    var text = prefix + String(repeating: open, count: depth)
    if Bool.random(using: &generator) { text += "x" + String(repeating: close, count: depth) }
    text += language == .swift ? "\n}\nfunc g() {}\n}\n" : "\n}\n- (void)g {}\n@end\n"
    return Array(text.utf8)
  }

  @Test(arguments: 0..<10)
  func randomAndMutatedInputsNeverCrashOrHang(batch: Int) throws {
    try #require(Self.fixtures.count >= 5)
    for index in 0..<100 {
      let seed = UInt64(batch * 100 + index)
      var generator = SeededGenerator(seed: seed)
      let language: ScanLanguage = seed % 2 == 0 ? .swift : .objectiveC
      let bytes: [UInt8]
      switch seed % 5 {
      case 0:
        bytes = Self.pieceSoup(language, &generator)
      case 4:
        bytes = Self.deepNesting(language, &generator)
      default:
        let candidates = Self.fixtures.filter { $0.language == language }
        bytes = Self.mutate(candidates.randomElement(using: &generator)!.bytes, &generator)
      }
      Self.check(bytes, language, seed: seed)
    }
  }

  /// Inputs built to defeat recursion and quadratic behavior, at sizes far past any limit.
  static let pathological: [(name: String, language: ScanLanguage, text: String)] = {
    let n = 100_000
    func swift(_ body: String) -> String { "class A {\nfunc f() {\n\(body)\n}\nfunc g() {}\n}\n" }
    func objC(_ body: String) -> String { "@implementation A\n- (void)f {\n\(body)\n}\n@end\n" }
    return [
      ("parentheses", .swift, swift(String(repeating: "(", count: n))),
      ("braces", .swift, swift(String(repeating: "{", count: n))),
      ("closing braces", .swift, swift(String(repeating: "}", count: n))),
      (
        "brackets", .swift,
        swift(String(repeating: "[", count: n) + String(repeating: "]", count: n))
      ),
      ("ifs", .swift, swift(String(repeating: "if a {\n", count: n / 10))),
      ("else ifs", .swift, swift("if a {}" + String(repeating: " else if a {}", count: n / 10))),
      ("member chain", .swift, swift("a" + String(repeating: ".b", count: n))),
      ("call chain", .swift, swift("a" + String(repeating: "()", count: n))),
      ("binary chain", .swift, swift("x = a" + String(repeating: " + a", count: n))),
      ("right-associative chain", .swift, swift("x = a" + String(repeating: " ?? a", count: n))),
      ("prefix chain", .swift, swift("x = " + String(repeating: "!", count: n) + "a")),
      ("ternary chain", .swift, swift("x = " + String(repeating: "a ? b : ", count: n / 10) + "c")),
      ("closures", .swift, swift(String(repeating: "f { x in ", count: n / 10))),
      ("nested types", .swift, String(repeating: "class A {\n", count: n / 10)),
      ("interpolations", .swift, swift("x = " + String(repeating: "\"\\(", count: n / 10))),
      ("conditional blocks", .swift, swift(String(repeating: "#if X\n", count: n / 10))),
      ("one long line", .swift, swift(String(repeating: "a.b(c: d[0], e: { $0 }) ", count: n / 5))),
      ("messages", .objectiveC, objC(String(repeating: "[", count: n))),
      ("nested sends", .objectiveC, objC(String(repeating: "[x f:", count: n / 10))),
      ("blocks", .objectiveC, objC(String(repeating: "^{ ", count: n / 10))),
      (
        "single-statement ifs", .objectiveC,
        objC(String(repeating: "if (a) ", count: n / 10) + "x;")
      ),
      ("casts", .objectiveC, objC("x = " + String(repeating: "(Foo *)", count: n / 10) + "y;")),
      ("assignment chain", .objectiveC, objC(String(repeating: "a = ", count: n / 10) + "b;")),
      ("C braces", .objectiveC, String(repeating: "{", count: n)),
      ("directives", .objectiveC, objC(String(repeating: "#if A\n", count: n / 10))),
    ]
  }()

  @Test(arguments: 0..<pathological.count)
  func pathologicalNestingIsReadQuickly(index: Int) {
    let input = Self.pathological[index]
    Self.check(Array(input.text.utf8), input.language, seed: UInt64(index), limit: .seconds(20))
  }

  @Test func mutatedStoryboardsNeverCrash() throws {
    var originals: [[UInt8]] = []
    for name in ["Main.storyboard", "RootNavigation.xib"] {
      let path = ScanOutlineGoldenTests.folder + "/" + name
      originals.append(
        [UInt8](try #require(FileManager.default.contents(atPath: Repository.url(path).path))))
    }
    for seed in 0..<UInt64(100) {
      var generator = SeededGenerator(seed: seed)
      let bytes = Self.mutate(originals[Int(seed) % 2], &generator)
      let file = SourceFile(path: seed % 2 == 0 ? "fuzz.storyboard" : "fuzz.xib", bytes: bytes)
      guard case .storyboard(let document) = ScanReader.read(file) else {
        Issue.record("seed \(seed): not read as a storyboard")
        continue
      }
      let offsets = document.viewControllers.map(\.offset) + document.segues.map(\.offset)
      #expect(offsets.allSatisfy { $0 >= 0 && $0 <= bytes.count }, "seed \(seed)")
    }
  }
}
