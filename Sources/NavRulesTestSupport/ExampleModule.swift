import Foundation
import Testing

/// One module of `examples/`, formed the way a user runs `navrc` on it.
///
/// Each scenario is a folder of `examples/` (one without a `Package.swift`). The two versions
/// of a trap in it, `NAME.broken.navrules` and `NAME.fixed.navrules`, are a module each; its
/// other rule files together form one module. `navrc check examples/NAME` checks a scenario,
/// and `navrc check examples/` all of them as one module, so names are unique across examples.
///
/// The emit goldens of the examples, the command tests and the consumer tests all take their
/// modules from here, so they agree on which examples exist and what their files are.
public struct ExampleModule: Sendable, CustomTestStringConvertible {
  /// The repository-relative path of the file or folder, e.g. `examples/web-history` or
  /// `examples/swipe-freeze/swipe-freeze.fixed.navrules`.
  public var name: String
  /// Repository-relative paths of its rule files, sorted.
  public var paths: [String]

  public var testDescription: String { name }

  public init(name: String, paths: [String]) {
    self.name = name
    self.paths = paths
  }

  /// The generated type's name: `web-history` → `WebHistoryRules`,
  /// `swipe-freeze.fixed.navrules` → `SwipeFreezeFixedRules`.
  public var typeName: String {
    var base = String(name.split(separator: "/").last ?? "")
    if base.hasSuffix(".navrules") { base.removeLast(".navrules".count) }
    let words = base.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
    return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "Rules"
  }

  /// Where the golden emitted file of an example without errors lives.
  public var goldenPath: String {
    "Tests/NavRulesConsumerTests/Generated/Examples/\(typeName).swift"
  }

  /// Every scenario folder as one module (what `navrc check examples/NAME` checks), sorted.
  public static let scenarios: [ExampleModule] = {
    let folder = Repository.url("examples")
    let manager = FileManager.default
    let names = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    var scenarios: [ExampleModule] = []
    for name in names where !name.hasPrefix(".") {
      let path = "examples/" + name
      let url = folder.appendingPathComponent(name)
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: url.path, isDirectory: &isDirectory),
        isDirectory.boolValue,
        !manager.fileExists(atPath: url.appendingPathComponent("Package.swift").path),
        let enumerator = manager.enumerator(atPath: url.path)
      else { continue }
      let files = enumerator.compactMap { $0 as? String }
        .filter {
          $0.hasSuffix(".navrules") && !$0.split(separator: "/").contains { $0.hasPrefix(".") }
        }
        .map { path + "/" + $0 }
      if !files.isEmpty { scenarios.append(ExampleModule(name: path, paths: files.sorted())) }
    }
    return scenarios
  }()

  /// Every example module (each version of a trap, each other scenario), sorted by name.
  public static let all: [ExampleModule] = scenarios.flatMap { scenario in
    let isVersion = { (path: String) in
      path.hasSuffix(".broken.navrules") || path.hasSuffix(".fixed.navrules")
    }
    let versions = scenario.paths.filter(isVersion).map { ExampleModule(name: $0, paths: [$0]) }
    let others = scenario.paths.filter { !isVersion($0) }
    return (others.isEmpty ? [] : [ExampleModule(name: scenario.name, paths: others)]) + versions
  }
}
