import Foundation
import Testing

/// One module of `examples/`, formed the way a user runs `navrc` on it: each top-level
/// `*.navrules` file is a module, and so is each folder without a `Package.swift` (all the
/// `.navrules` files below it).
///
/// The emit goldens of the examples, the command tests and the consumer tests all take their
/// modules from here, so they agree on which examples exist and what their files are.
public struct ExampleModule: Sendable, CustomTestStringConvertible {
  /// The repository-relative path of the file or folder, e.g. `examples/web-history.navrules`.
  public var name: String
  /// Repository-relative paths of its rule files, sorted.
  public var paths: [String]

  public var testDescription: String { name }

  /// The generated type's name: `web-history.navrules` → `WebHistoryRules`,
  /// `swipe-freeze.fixed.navrules` → `SwipeFreezeFixedRules`, `title-styles` → `TitleStylesRules`.
  public var typeName: String {
    var base = String(name.dropFirst("examples/".count))
    if base.hasSuffix(".navrules") { base.removeLast(".navrules".count) }
    let words = base.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
    return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "Rules"
  }

  /// Where the golden emitted file of an example without errors lives.
  public var goldenPath: String {
    "Tests/NavRulesConsumerTests/Generated/Examples/\(typeName).swift"
  }

  /// Every example module, sorted by name.
  public static let all: [ExampleModule] = {
    let folder = Repository.url("examples")
    let manager = FileManager.default
    let names = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    var modules: [ExampleModule] = []
    for name in names where !name.hasPrefix(".") {
      let path = "examples/" + name
      if name.hasSuffix(".navrules") {
        modules.append(ExampleModule(name: path, paths: [path]))
        continue
      }
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
      if !files.isEmpty { modules.append(ExampleModule(name: path, paths: files.sorted())) }
    }
    return modules
  }()
}
