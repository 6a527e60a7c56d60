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

  /// Another file's entry under this file's key (a foreign entry) is refused by its header.
  @Test func anEntryOfOtherBytesIsNotUsed() throws {
    let folder = Folder()
    defer { folder.remove() }
    let first = SourceFile(path: "A.swift", text: "class A: UIViewController {}\n")
    let second = SourceFile(path: "B.swift", text: "class B: UINavigationController {}\n")
    _ = folder.cache.read(first)
    let firstEntry = folder.cache.entryPath(ContentHash(of: first.bytes), "swift")
    let secondEntry = folder.cache.entryPath(ContentHash(of: second.bytes), "swift")
    try FileManager.default.copyItem(atPath: firstEntry, toPath: secondEntry)
    #expect(folder.cache.cached(second) == nil)
    guard case .code(let read)? = folder.cache.read(second) else {
      Issue.record("no reading")
      return
    }
    #expect(read.types.map(\.name) == ["B"])
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

  /// Entries not used for `unusedDays` are deleted, of every generation; used ones stay.
  @Test func pruningDeletesWhatWasNotUsed() throws {
    let folder = Folder()
    defer { folder.remove() }
    let used = SourceFile(path: "A.swift", text: "class A {}\n")
    let unused = SourceFile(path: "B.swift", text: "class B {}\n")
    _ = folder.cache.read(used)
    _ = folder.cache.read(unused)
    let old = Date(timeIntervalSinceNow: -Double(ScanCache.unusedDays + 1) * 86_400)
    let stale = folder.path + "/scan-0-0/0.swift"
    try FileManager.default.createDirectory(
      atPath: folder.path + "/scan-0-0", withIntermediateDirectories: true)
    try Data([1]).write(to: URL(fileURLWithPath: stale))
    for path in [
      folder.cache.entryPath(ContentHash(of: used.bytes), "swift"),
      folder.cache.entryPath(ContentHash(of: unused.bytes), "swift"), stale,
    ] {
      try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
    }
    // A use records itself on an entry older than a day.
    #expect(folder.cache.cached(used) != nil)
    folder.cache.pruneIfDue()
    #expect(folder.cache.cached(used) != nil)
    #expect(folder.cache.cached(unused) == nil)
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/scan-0-0"))
    // Not again within a day.
    _ = folder.cache.read(unused)
    try FileManager.default.setAttributes(
      [.modificationDate: old],
      ofItemAtPath: folder.cache.entryPath(ContentHash(of: unused.bytes), "swift"))
    folder.cache.pruneIfDue()
    #expect(folder.cache.cached(unused) != nil)
  }
}
