import Foundation
import Testing

@testable import NavRulesCompiler
@testable import NavRulesLanguageServer

/// Which rule files the language server checks as one module with an open document: those of
/// its SwiftPM target's folder when it is in one, as the build plugin's `navrc emit` does; else
/// those of its workspace folder.
@Suite struct LanguageServerModuleTests {
  static let rules = "navigator Main { root Home }\nscreen Home {}\n"

  /// The codes of the diagnostics last published for `path` after opening it.
  static func codesAfterOpening(_ path: String, in folder: borrowing TemporaryFolder) -> [String]? {
    let recorder = WorkspaceIndexTests.Recorder()
    let server = WorkspaceIndexTests.server(recorder)
    _ = server.receive(
      WorkspaceIndexTests.frame(WorkspaceIndexTests.initialize(folders: [folder.uri("")])))
    _ = server.receive(
      WorkspaceIndexTests.frame(WorkspaceIndexTests.didOpen(folder.uri(path), rules)))
    let published = WorkspaceIndexTests.published(recorder.sent).last {
      $0["params"]?["uri"]?.stringValue == folder.uri(path)
    }
    return published?["params"]?["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue }
  }

  /// Two targets of a package each declare their own `Home`: two modules, as the plugin emits
  /// them (the server checked the whole workspace as one and reported duplicates).
  @Test func aTargetsFolderIsOneModule() throws {
    let folder = try TemporaryFolder([
      "Package.swift": "// swift-tools-version:6.0\n",
      "Sources/Shop/Shop.navrules": Self.rules,
      "Sources/Account/Nested/Account.navrules": Self.rules,
      "Tests/ShopTests/Fixture.navrules": Self.rules,
    ])
    #expect(Self.codesAfterOpening("Sources/Shop/Shop.navrules", in: folder) == [])
    #expect(Self.codesAfterOpening("Sources/Account/Nested/Account.navrules", in: folder) == [])
    #expect(Self.codesAfterOpening("Tests/ShopTests/Fixture.navrules", in: folder) == [])
  }

  /// Without a `Package.swift`, `Sources` is an ordinary folder: the workspace is one module.
  @Test func outsideAPackageTheWorkspaceFolderIsOneModule() throws {
    let folder = try TemporaryFolder([
      "Sources/Shop/Shop.navrules": Self.rules,
      "Sources/Account/Account.navrules": Self.rules,
    ])
    let codes = Self.codesAfterOpening("Sources/Shop/Shop.navrules", in: folder)
    #expect(codes?.contains("duplicate-declaration") == true)
  }
}
