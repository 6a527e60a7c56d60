import Foundation
import NavRulesTestSupport
import Testing

@testable import NavRulesCompiler
@testable import NavRulesScan

/// A scan through the cache reports what a scan without it does, byte for byte: cold, warm,
/// after an edit, and whatever state the cache's entries are in.
@Suite struct ScanCacheTests {
  /// A fresh cache folder, removed by `remove`.
  struct Folder {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("navrc-cache-\(UUID().uuidString)").path
    var cache: ScanCache { ScanCache(root: path) }
    func remove() { try? FileManager.default.removeItem(atPath: path) }
  }

  /// Everything a scan reports: the JSON report and the rule file `--rules` writes.
  static func output(_ scan: AppScan) -> String {
    JSONRenderer.render(scan.diagnostics, extraMembers: scan.model.jsonMembers) + "\n"
      + RulesFileWriter.text(of: scan.model)
  }

  static func files(_ app: String) throws -> [SourceFile] { try ScanExamplesTests.files(of: app) }

  @Test func coldWarmAndEditedScansReportTheSame() throws {
    for app in ScanExamplesTests.apps {
      let folder = Folder()
      defer { folder.remove() }
      var files = try Self.files(app)
      let reference = Self.output(AppScan(files: files))
      #expect(Self.output(AppScan(files: files, cache: folder.cache)) == reference, "\(app) cold")
      for file in files where ScanCache.readerName(of: file.path) != nil {
        #expect(folder.cache.cached(file) != nil, "\(file.path) kept")
      }
      #expect(Self.output(AppScan(files: files, cache: folder.cache)) == reference, "\(app) warm")
      // One file edited: its old entry stays, its new bytes are read.
      let index = try #require(
        files.firstIndex { $0.path.hasSuffix(".swift") || $0.path.hasSuffix(".m") })
      let edited = SourceFile(
        path: files[index].path,
        bytes: Array("// edited\nclass EditedViewController: UIViewController {}\n".utf8)
          + files[index].bytes)
      #expect(folder.cache.cached(edited) == nil)
      files[index] = edited
      let editedReference = Self.output(AppScan(files: files))
      #expect(editedReference != reference)
      #expect(
        Self.output(AppScan(files: files, cache: folder.cache)) == editedReference, "\(app) edited")
    }
  }

  /// Entries cut short, damaged, of another file or layout, or in the way as a folder, are
  /// ignored and written again; the report is unchanged.
  @Test func unusableEntriesAreReadAgain() throws {
    let files = try Self.files("examples/scan/SwiftApp")
    let reference = Self.output(AppScan(files: files))
    let damages: [(String, (String) throws -> Void)] = [
      ("empty", { try Data().write(to: URL(fileURLWithPath: $0)) }),
      (
        "cut",
        { path in
          let data = try Data(contentsOf: URL(fileURLWithPath: path))
          try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        }
      ),
      (
        "byte changed",
        { path in
          var data = try Data(contentsOf: URL(fileURLWithPath: path))
          data[data.count - 3] ^= 0x40
          try data.write(to: URL(fileURLWithPath: path))
        }
      ),
      (
        "another magic",
        { path in
          var data = try Data(contentsOf: URL(fileURLWithPath: path))
          data[0] ^= 0x01
          try data.write(to: URL(fileURLWithPath: path))
        }
      ),
      (
        "a folder",
        { path in
          try FileManager.default.removeItem(atPath: path)
          try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }
      ),
    ]
    for (name, damage) in damages {
      let folder = Folder()
      defer { folder.remove() }
      _ = AppScan(files: files, cache: folder.cache)
      let entries = try FileManager.default.contentsOfDirectory(atPath: folder.cache.folder)
      #expect(!entries.isEmpty)
      for entry in entries { try damage(folder.cache.folder + "/" + entry) }
      #expect(Self.output(AppScan(files: files, cache: folder.cache)) == reference, "\(name)")
      if name != "a folder" {
        for file in files { #expect(folder.cache.cached(file) != nil, "\(name): rewritten") }
      }
    }
  }

  /// Another file's entry under this file's key (a foreign or damaged header) is refused:
  /// its checksum is seeded with its key.
  @Test func anEntryOfOtherBytesIsNotUsed() throws {
    let folder = Folder()
    defer { folder.remove() }
    let first = SourceFile(path: "A.swift", text: "class A: UIViewController {}\n")
    let second = SourceFile(path: "B.swift", text: "class B: UINavigationController {}\n")
    _ = folder.cache.read(first)
    var shard = try Data(
      contentsOf: URL(fileURLWithPath: folder.cache.shardPath(Self.shard(first))))
    let hash = ContentHash(of: second.bytes)
    var words = Data()
    for word in [hash.high, hash.low, UInt64(second.bytes.count)] {
      withUnsafeBytes(of: word.littleEndian) { words.append(contentsOf: $0) }
    }
    let start = ScanCache.shardMagic.count
    shard.replaceSubrange(start..<start + words.count, with: words)
    try shard.write(to: URL(fileURLWithPath: folder.cache.shardPath(Self.shard(second))))
    #expect(folder.cache.cached(second) == nil)
    guard case .code(let read)? = folder.cache.read(second) else {
      Issue.record("no reading")
      return
    }
    #expect(read.types.map(\.name) == ["B"])
  }

  /// The shard of a Swift file's entry.
  static func shard(_ file: SourceFile) -> Int {
    ScanCache.Key(hash: ContentHash(of: file.bytes), reader: "swift").shard
  }

  /// A Swift file named `name` whose entry shares `file`'s shard.
  static func file(_ name: String, inShardOf file: SourceFile) -> SourceFile {
    var number = 0
    while true {
      let candidate = SourceFile(path: name + ".swift", text: "class \(name)\(number) {}\n")
      if shard(candidate) == shard(file) { return candidate }
      number += 1
    }
  }

  /// Scans sharing one cache at once, as CI and an editor do, all report the same and leave
  /// no temporary file behind.
  @Test func concurrentScansShareTheCache() throws {
    let folder = Folder()
    defer { folder.remove() }
    let files = try Self.files("examples/scan/ObjCApp")
    let reference = Self.output(AppScan(files: files))
    let outputs = ResultSlots<String>(count: 6)
    DispatchQueue.concurrentPerform(iterations: 6) { index in
      outputs.set(index, Self.output(AppScan(files: files, cache: folder.cache)))
    }
    #expect(outputs.values.allSatisfy { $0 == reference })
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.cache.folder)
    #expect(!names.contains { $0.hasPrefix(".") })
  }

  /// A rewrite of a shard drops the entries not used for `unusedDays`, and stamps those used
  /// on a new day; files not written for `unusedDays` are deleted, of every generation.
  @Test func pruningDeletesWhatWasNotUsed() throws {
    let folder = Folder()
    defer { folder.remove() }
    let day = 86_400
    let now = Int(Date().timeIntervalSince1970)
    func cache(at time: Int) -> ScanCache {
      var cache = folder.cache
      cache.clock = time
      return cache
    }
    let used = SourceFile(path: "A.swift", text: "class A {}\n")
    let unused = Self.file("B", inShardOf: used)
    let later = Self.file("C", inShardOf: used)
    let old = cache(at: now - (ScanCache.unusedDays + 1) * day)
    _ = old.read([used, unused])
    // Used today: its shard is written again, stamping it and dropping the other.
    _ = cache(at: now).read(used)
    #expect(folder.cache.cached(used) != nil)
    #expect(folder.cache.cached(unused) == nil)
    // Still there when the shard is next written within `unusedDays`.
    _ = cache(at: now + (ScanCache.unusedDays - 1) * day).read(later)
    #expect(folder.cache.cached(used) != nil)
    #expect(folder.cache.cached(later) != nil)

    let stale = folder.path + "/scan-0-0/0.swift"
    try FileManager.default.createDirectory(
      atPath: folder.path + "/scan-0-0", withIntermediateDirectories: true)
    try Data([1]).write(to: URL(fileURLWithPath: stale))
    let oldDate = Date(timeIntervalSinceNow: -Double(ScanCache.unusedDays + 1) * 86_400)
    for path in [folder.cache.shardPath(Self.shard(used)), stale] {
      try FileManager.default.setAttributes([.modificationDate: oldDate], ofItemAtPath: path)
    }
    folder.cache.pruneIfDue()
    #expect(folder.cache.cached(used) == nil)
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/scan-0-0"))
    // Not again within a day.
    _ = folder.cache.read(used)
    try FileManager.default.setAttributes(
      [.modificationDate: oldDate], ofItemAtPath: folder.cache.shardPath(Self.shard(used)))
    folder.cache.pruneIfDue()
    #expect(folder.cache.cached(used) != nil)
  }

  /// `scan --fix`'s re-scan: the files the first scan read keep their readings, the fixed
  /// ones are read through the cache (where the next run finds them), and the report is a
  /// fresh scan's.
  @Test func aRescanReadsOnlyTheReplacedFilesThroughTheCache() throws {
    let folder = Folder()
    defer { folder.remove() }
    var files = try Self.files("examples/scan/SwiftApp")
    let scan = AppScan(files: files)
    let index = try #require(files.firstIndex { $0.path.hasSuffix(".swift") })
    let replaced = SourceFile(
      path: files[index].path, bytes: files[index].bytes + Array("\n// fixed\n".utf8))
    files[index] = replaced
    let rescan = scan.rescanning(files, roots: [], options: .init(), cache: folder.cache)
    #expect(Self.output(rescan) == Self.output(AppScan(files: files)))
    #expect(folder.cache.cached(replaced) != nil)
    for file in files where file !== replaced {
      #expect(folder.cache.cached(file) == nil, "\(file.path) read again")
    }
  }

  /// An edit to a class that classes in other files inherit from: the files that inherit are
  /// not read again, yet what they inherit is the edited class's (its facts are linked after
  /// every file's are at hand), in Swift and in Objective-C.
  @Test func anEditedBaseClassChangesItsSubclassesInOtherFiles() throws {
    let swift: [(String, String)] = [
      (
        "App/App.swift",
        "import UIKit\nlet nav = UINavigationController(rootViewController: HomeViewController())\n"
      ),
      ("App/Home.swift", "import UIKit\nclass HomeViewController: BaseViewController {}\n"),
      (
        "App/Detail.swift",
        """
        import UIKit
        class DetailViewController: UIViewController {
          override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            navigationController?.interactivePopGestureRecognizer?.delegate = nil
          }
        }

        """
      ),
    ]
    let bases = [
      "import UIKit\nclass BaseViewController: UIViewController {}\n",
      """
      import UIKit
      class BaseViewController: UIViewController {
        func showDetail() {
          navigationController?.pushViewController(DetailViewController(), animated: true)
        }
      }

      """,
      "import UIKit\nclass BaseViewController: UINavigationController {}\n",
    ]
    let objectiveC: [(String, String)] = [
      (
        "App/Home.m",
        "@interface HomeViewController : BaseViewController\n@end\n"
          + "@implementation HomeViewController\n@end\n"
      ),
      (
        "App/AppDelegate.m",
        "@implementation AppDelegate\n- (void)start {\n"
          + "  UINavigationController *nav = [[UINavigationController alloc] "
          + "initWithRootViewController:[[HomeViewController alloc] init]];\n}\n@end\n"
      ),
      (
        "App/Detail.m",
        "@interface DetailViewController : UIViewController\n@end\n"
          + "@implementation DetailViewController\n- (void)viewDidAppear:(BOOL)animated {\n"
          + "  [super viewDidAppear:animated];\n"
          + "  self.navigationController.interactivePopGestureRecognizer.delegate = nil;\n}\n@end\n"
      ),
    ]
    let objectiveCBases = [
      "@interface BaseViewController : UIViewController\n@end\n"
        + "@implementation BaseViewController\n@end\n",
      "@interface BaseViewController : UIViewController\n@end\n"
        + "@implementation BaseViewController\n- (void)showDetail {\n"
        + "  [self.navigationController pushViewController:[[DetailViewController alloc] init] "
        + "animated:YES];\n}\n@end\n",
      "@interface BaseViewController : UINavigationController\n@end\n"
        + "@implementation BaseViewController\n@end\n",
    ]
    for (others, basePath, versions) in [
      (swift, "App/Base.swift", bases), (objectiveC, "App/Base.m", objectiveCBases),
    ] {
      let folder = Folder()
      defer { folder.remove() }
      let kept = others.map { SourceFile(path: $0.0, text: $0.1) }
      var outputs: [String] = []
      for version in versions {
        let files = kept + [SourceFile(path: basePath, text: version)]
        let reference = Self.output(AppScan(files: files))
        #expect(
          Self.output(AppScan(files: files, cache: folder.cache)) == reference, "\(basePath)")
        outputs.append(reference)
      }
      // Each edit changed what the files that inherit say.
      #expect(Set(outputs).count == versions.count, "\(basePath)")
    }
  }

  /// A relative cache folder (`--cache-path cache`) that does not exist yet is made in the
  /// working directory (it was never made, and nothing was kept).
  @Test func aRelativeFolderIsMadeInTheWorkingDirectory() throws {
    let name = "navrc-relative-cache-\(UUID().uuidString)"
    let made = FileManager.default.currentDirectoryPath + "/" + name
    defer { try? FileManager.default.removeItem(atPath: made) }
    let file = SourceFile(path: "A.swift", text: "class A: UIViewController {}\n")
    _ = ScanCache(root: name).read(file)
    #expect(ScanCache(root: made).cached(file) != nil)
  }
}
