import Foundation
import NavRulesTestSupport
import Testing

@testable import NavRulesCompiler
@testable import NavRulesScan

/// The scan cache's payload gives back exactly what the readers read, every field of every
/// struct included, and its key hash is XXH64 as published.
@Suite struct ScanCacheFormatTests {
  /// Code that reaches every cached struct and every statement and condition shape.
  static let swift = """
    import UIKit
    let shared = UINavigationController(rootViewController: Home())
    func helper(_ value: Int) -> Int { value }
    protocol Screen: AnyObject {}
    enum Route: String { case home }
    struct Point { var x = 1 }
    class Outer: UIViewController, Screen {
      class Inner: NSObject {}
      private static var count: Int = 0
      lazy var table = { UITableView() }()
      var title2: String? {
        get { title }
        set { title = newValue }
      }
      var observed = 0 { didSet { print(oldValue) } }
      override func viewDidLoad() {
        super.viewDidLoad()
        let map = ["a": 1, "b": 2]
        var list = [1, 2, 3]
        list[0] += 1
        if let nav = navigationController, case .some = nav.topViewController, #available(iOS 15, *) {
          nav.pushViewController(Home(), animated: true)
        } else {
          return
        }
        guard map.isEmpty else { return }
        switch list.count {
        case 0, 1: break
        default: print(!true, list.count > 1 ? "x" : nil, (1, b: 2), \\Outer.title, #selector(viewDidLoad))
        }
        for _ in list { continue }
        do { try run() } catch {}
        defer { print(-1.5) }
        _ = navigationController as? UINavigationController
        items.forEach { item in print(item) }
        UIView.animate(withDuration: 1) { self.view.alpha = 0 }
        _ = Outer.self
        _ = x!
      }
    }
    extension Outer.Inner {}

    """

  static let objc = """
    #import <UIKit/UIKit.h>
    @interface Legacy : UIViewController <UIGestureRecognizerDelegate>
    @property (nonatomic, strong) UINavigationController *nav;
    - (BOOL)navigationBar:(UINavigationBar *)bar shouldPopItem:(UINavigationItem *)item;
    @end
    @interface Legacy ()
    @end
    @implementation Legacy (Extra)
    - (void)viewDidLoad {
      [super viewDidLoad];
      self.navigationController.interactivePopGestureRecognizer.delegate = (id)self;
      if (self.nav) { [self.nav popViewControllerAnimated:YES]; }
    }
    + (instancetype)make { return [[self alloc] init]; }
    @end

    """

  /// Everything the examples and fixtures read, and the two samples above.
  static func sample() throws -> [(SourceFile, ScannedSource)] {
    var files = [
      SourceFile(path: "Sample.swift", text: swift), SourceFile(path: "Legacy.m", text: objc),
    ]
    for folder in ["examples/scan", "Tests/NavRulesScanTests/Fixtures"] {
      for path in ScanInputs.sourceFiles(under: Repository.url(folder).path) {
        let data = try #require(FileManager.default.contents(atPath: path))
        files.append(SourceFile(path: path, bytes: [UInt8](data)))
      }
    }
    return files.compactMap { file in ScanReader.read(file).map { (file, $0) } }
  }

  /// Every stored property, recursively, as text; a class instance (the `SourceFile`) by
  /// identity. `structs` collects the stored properties of each of navrc's structs met.
  static func describe(_ value: Any, structs: inout [String: [String]]) -> String {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .class { return "<\(ObjectIdentifier(value as AnyObject))>" }
    if mirror.displayStyle == .struct {
      let name = String(reflecting: type(of: value))
      if name.hasPrefix("NavRulesScan.") || name == "NavRulesCompiler.Comment" {
        structs[String(describing: type(of: value))] = mirror.children.map { $0.label ?? "?" }
      }
    }
    if mirror.children.isEmpty { return String(reflecting: value) }
    let children = mirror.children.map { child in
      (child.label ?? "") + ":" + describe(child.value, structs: &structs)
    }
    return "\(type(of: value))(" + children.joined(separator: ",") + ")"
  }

  @Test func theReadingComesBackWhole() throws {
    var structs: [String: [String]] = [:]
    for (file, source) in try Self.sample() {
      let payload = ScanCacheFormat.encode(source)
      let decoded = try payload.withUnsafeBytes { try ScanCacheFormat.decode($0, file: file) }
      var ignored: [String: [String]] = [:]
      let read = Array(Self.describe(source, structs: &structs).utf8)
      let back = Array(Self.describe(decoded, structs: &ignored).utf8)
      if read != back {
        // Where they part, not two pages of text.
        let at = zip(read, back).prefix { $0 == $1 }.count
        func excerpt(_ text: [UInt8]) -> String {
          String(decoding: text[max(0, at - 120)..<min(text.count, at + 80)], as: UTF8.self)
        }
        Issue.record("\(file.path): read …\(excerpt(read))… came back …\(excerpt(back))…")
      }
    }
    // A field the format does not write fails here: add it to `ScanCacheFormat` (both
    // halves) and to `fields`, which changes the fingerprint, so older entries are not read.
    let listed = Dictionary(
      ScanCacheFormat.fields.map { ($0.type, $0.properties) }, uniquingKeysWith: { a, _ in a })
    for (name, properties) in structs.sorted(by: { $0.key < $1.key }) {
      #expect(listed[name] == properties, "\(name) has fields the scan cache does not list")
    }
    #expect(Set(structs.keys) == Set(listed.keys), "the sample must reach every cached struct")
  }

  /// A payload cut anywhere, or with a byte changed, is refused or read as some other valid
  /// reading; never a trap (the entry's checksum refuses damage before this).
  @Test func aDamagedPayloadNeverTraps() throws {
    let file = SourceFile(path: "Sample.swift", text: Self.swift)
    let payload = ScanCacheFormat.encode(try #require(ScanReader.read(file)))
    for length in stride(from: 0, to: payload.count, by: max(1, payload.count / 200)) {
      let cut = Array(payload[..<length])
      #expect(throws: ScanCacheFormat.Corrupt.self) {
        try cut.withUnsafeBytes { try ScanCacheFormat.decode($0, file: file) }
      }
    }
    var generator = SeededGenerator(seed: 35)
    for _ in 0..<300 {
      var damaged = payload
      damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(
        in: 0...255, using: &generator)
      _ = try? damaged.withUnsafeBytes { try ScanCacheFormat.decode($0, file: file) }
    }
    let short = SourceFile(path: "Sample.swift", text: "let x = 1\n")
    #expect(throws: ScanCacheFormat.Corrupt.self) {
      try payload.withUnsafeBytes { try ScanCacheFormat.decode($0, file: short) }
    }
  }

  /// Vectors from the reference implementation (`xxhsum -H1`).
  @Test func theContentHashIsXXH64() {
    func xxh64(_ bytes: [UInt8]) -> UInt64 {
      bytes.withUnsafeBytes { ContentHash.xxh64($0, seed: 0) }
    }
    #expect(xxh64([]) == 0xEF46_DB37_51D8_E999)
    #expect(xxh64(Array("abc".utf8)) == 0x44BC_2CF5_AD77_0999)
    let long = (0..<3).flatMap { _ in (0...255).map { UInt8($0) } } + Array("tail!xy".utf8)
    #expect(xxh64(long) == 0xF496_C16F_1B44_7556)
    #expect(ContentHash(of: long).description.count == 32)
    #expect(ContentHash(of: long) != ContentHash(of: long + [0]))
  }
}
