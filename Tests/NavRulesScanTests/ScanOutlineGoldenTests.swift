import Foundation
import NavRulesCompiler
import NavRulesTestSupport
import Testing

@testable import NavRulesScan

/// The structure of realistic Swift, Objective-C, storyboard and xib files, as outlines beside
/// them (`NAME.EXT.outline`). The outlines double as documentation of what the readers keep;
/// `NAVRC_RECORD=1` re-records them.
@Suite struct ScanOutlineGoldenTests {
  static let folder = "Tests/NavRulesScanTests/Fixtures"

  static var fixtures: [String] {
    let names =
      (try? FileManager.default.contentsOfDirectory(atPath: Repository.url(folder).path)) ?? []
    return names.filter {
      ScanReader.fileExtensions.contains(ScanLanguage.pathExtensionForTests($0))
    }
    .sorted()
  }

  @Test(arguments: fixtures)
  func outline(_ name: String) throws {
    let path = Self.folder + "/" + name
    let data = try #require(FileManager.default.contents(atPath: Repository.url(path).path))
    let file = SourceFile(path: path, bytes: [UInt8](data))
    let outline: String
    switch try #require(ScanReader.read(file)) {
    case .code(let scanned): outline = ScanOutline.render(scanned)
    case .storyboard(let document): outline = ScanOutline.render(document)
    }
    Golden.assertMatches(outline, file: path + ".outline")
  }
}

extension ScanLanguage {
  static func pathExtensionForTests(_ name: String) -> String {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return name[name.index(after: dot)...].lowercased()
  }
}
