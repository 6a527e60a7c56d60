import Foundation
import NavRulesTestSupport
import Testing

@testable import NavRulesCompiler
@testable import NavRulesScan

/// The whole of `navrc scan` (reading, extraction, checker) on mutated apps: the example apps
/// with bytes deleted, braces and quotes inserted, files cut short. It never crashes, and the
/// only diagnostics are the checker's (and suppressions'): the scanner has no error of its own
/// for code it does not understand.
@Suite struct AppScanRobustnessTests {
  static let originals: [(path: String, bytes: [UInt8])] = {
    var files: [(String, [UInt8])] = []
    for app in ["examples/scan/SwiftApp", "examples/scan/ObjCApp"] {
      let root = Repository.url(app).path
      for path in ScanInputs.sourceFiles(under: root) {
        if let data = FileManager.default.contents(atPath: path) {
          files.append((app + path.dropFirst(root.count), [UInt8](data)))
        }
      }
    }
    return files
  }()

  static let inserts: [[UInt8]] = [
    "{", "}", "\"", "/*", "(", ")", "[", "]", "@end", "<", ">", "\"\"\"", "#if X\n", "\n",
    "navigationController?.interactivePopGestureRecognizer?.delegate = nil\n",
  ].map { Array($0.utf8) }

  static func mutate(_ bytes: [UInt8], _ generator: inout SeededGenerator) -> [UInt8] {
    var bytes = bytes
    for _ in 0..<Int.random(in: 1...6, using: &generator) where !bytes.isEmpty {
      let at = Int.random(in: 0..<bytes.count, using: &generator)
      switch Int.random(in: 0..<4, using: &generator) {
      case 0:
        bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &generator)))
      case 1: bytes.insert(contentsOf: inserts.randomElement(using: &generator)!, at: at)
      case 2: bytes.removeSubrange(at...)
      default: bytes[at] = UInt8.random(in: 0...255, using: &generator)
      }
    }
    return bytes
  }

  @Test(arguments: 0..<4)
  func mutatedAppsAreScannedWithCheckerFindingsOnly(batch: Int) throws {
    try #require(Self.originals.count >= 8)
    for index in 0..<50 {
      let seed = UInt64(batch * 50 + index)
      var generator = SeededGenerator(seed: seed)
      let files = Self.originals.map { original in
        SourceFile(
          path: original.path,
          bytes: Bool.random(using: &generator)
            ? Self.mutate(original.bytes, &generator) : original.bytes)
      }
      let scan = AppScan(files: files)
      for diagnostic in scan.diagnostics {
        #expect(
          !diagnostic.id.isFrontEnd || diagnostic.id == .unusedSuppression,
          "seed \(seed): \(diagnostic.id) \(diagnostic.message)")
        #expect(diagnostic.range.bytes.upperBound <= diagnostic.range.file.bytes.count)
      }
      // `--rules` always writes a rule file `navrc check` understands.
      let rules = RulesFileWriter.text(of: scan.model)
      let compilation = Compilation(files: [SourceFile(path: "scan.navrules", text: rules)])
      #expect(
        !compilation.hasFrontEndErrors,
        "seed \(seed): \(compilation.diagnostics.map { "\($0.range): \($0.message)" })")
    }
  }
}
