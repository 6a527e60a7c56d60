import Foundation
import NavrcCommand
import Testing

/// `navrc scan`'s cache folder (docs/scan.md, "The cache"): `--cache-path`, else the
/// `.navrc`'s `cachePath` (relative to its folder), else the platform's; `--no-cache` keeps
/// nothing. Where the cache is never changes the report.
@Suite struct ScanCacheCommandTests {
  static func entries(_ folder: String) -> [String] {
    let manager = FileManager.default
    let generations = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
    return generations.filter { $0.hasPrefix("scan-") }.flatMap { generation in
      ((try? manager.contentsOfDirectory(atPath: folder + "/" + generation)) ?? []).map {
        generation + "/" + $0
      }
    }
  }

  @Test func theCacheFolderIsChosenAsDocumented() throws {
    var files = ConfigurationCommandTests.app
    files["App/.navrc"] = "cachePath ../cache // beside the app\n"
    let tree = try TemporaryTree(files)
    defer { tree.remove() }
    let configured = navrc(["scan", tree.path("App")])
    #expect(configured.status == 1)
    #expect(Self.entries(tree.path("cache")).count == 2)
    let given = navrc(["scan", "--cache-path", tree.path("given"), tree.path("App")])
    #expect(Self.entries(tree.path("given")).count == 2)
    let warm = navrc(["scan", "--cache-path", tree.path("given"), tree.path("App")])
    let none = navrc(["scan", "--no-cache", "--cache-path", tree.path("none"), tree.path("App")])
    #expect(!FileManager.default.fileExists(atPath: tree.path("none")))
    for result in [given, warm, none] {
      #expect(result.status == configured.status)
      #expect(result.error == configured.error)
    }
    #expect(navrc(["scan", "--cache-path", "", tree.path("App")]).status == 2)
  }
}
