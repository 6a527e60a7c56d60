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
    // The shards of the two files read, and the run's report.
    #expect((1...2).contains(Self.entries(tree.path("cache")).count { $0.contains("/shard-") }))
    let given = navrc(["scan", "--cache-path", tree.path("given"), tree.path("App")])
    #expect((1...2).contains(Self.entries(tree.path("given")).count { $0.contains("/shard-") }))
    let warm = navrc(["scan", "--cache-path", tree.path("given"), tree.path("App")])
    let none = navrc(["scan", "--no-cache", "--cache-path", tree.path("none"), tree.path("App")])
    #expect(!FileManager.default.fileExists(atPath: tree.path("none")))
    for result in [given, warm, none] {
      #expect(result.status == configured.status)
      #expect(result.error == configured.error)
    }
    #expect(navrc(["scan", "--cache-path", "", tree.path("App")]).status == 2)
  }

  /// A re-run on the same bytes with the same settings prints the kept report; a change to a
  /// file, to the `.navrc`, to the baseline, to the options or to the terminal is a new run.
  @Test func aReportIsReplayedOnlyForTheSameRun() throws {
    let tree = try TemporaryTree(ConfigurationCommandTests.app)
    defer { tree.remove() }
    let cache = tree.path("cache")
    func scan(_ options: [String] = [], terminal: Bool = false) -> RunResult {
      navrc(["scan", "--cache-path", cache] + options + [tree.path("App")], terminal: terminal)
    }
    func uncached(_ options: [String] = [], terminal: Bool = false) -> RunResult {
      navrc(["scan", "--no-cache"] + options + [tree.path("App")], terminal: terminal)
    }
    func same(_ first: RunResult, _ second: RunResult, _ comment: Comment) {
      #expect(first.status == second.status, comment)
      #expect(first.output == second.output, comment)
      #expect(first.error == second.error, comment)
    }
    let first = scan()
    #expect(first.error.contains("[root-pop]"))
    let records = Self.entries(cache).filter { $0.contains("/record-report-") }
    #expect(records.count == 1)
    same(scan(), first, "replayed")
    same(scan(["--format", "json"]), uncached(["--format", "json"]), "another format")
    same(scan(terminal: true), uncached(terminal: true), "a terminal")
    try "disable root-pop\n".write(
      toFile: tree.path("App/.navrc"), atomically: true, encoding: .utf8)
    same(scan(), uncached(), "the configuration changed")
    #expect(!scan().error.contains("[root-pop]"))
    try FileManager.default.removeItem(atPath: tree.path("App/.navrc"))
    same(scan(), first, "the configuration removed")
    _ = navrc(["scan", "--write-baseline", tree.path("baseline.json"), tree.path("App")])
    same(
      scan(["--baseline", tree.path("baseline.json")]),
      uncached(["--baseline", tree.path("baseline.json")]), "a baseline")
    try "[]".write(toFile: tree.path("baseline.json"), atomically: true, encoding: .utf8)
    same(
      scan(["--baseline", tree.path("baseline.json")]),
      uncached(["--baseline", tree.path("baseline.json")]), "the baseline changed")
    try "class Home: UIViewController {}\n".write(
      toFile: tree.path("App/Sources/Nav.swift"), atomically: true, encoding: .utf8)
    same(scan(), uncached(), "a file changed")
    #expect(scan().error != first.error)
  }
}
