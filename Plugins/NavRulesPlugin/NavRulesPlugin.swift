import Foundation
import PackagePlugin

/// Runs `navrc emit` on every build: all the `.navrules` files of a target, as one module,
/// into one Swift file in the plugin's work directory that the target compiles.
///
/// One command per target, not per file: the files of one run form one module (a screen in
/// one file pushes a screen declared in another), so they must be compiled together. The
/// command lists every rule file, the `.navrc` that `navrc emit` reads and the `navrc` binary
/// as inputs, so it runs again only when one of them changes; `navrc` leaves the output
/// untouched when its bytes would not change.
/// On errors `navrc` prints `FILE:LINE:COL: error: …` for the rule file and fails the build.
@main
struct NavRulesPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let ruleFiles = target.sourceFiles(withSuffix: "navrules").map(\.url)
    return try Self.commands(
      ruleFiles: ruleFiles, targetName: target.name, navrc: context.tool(named: "navrc").url,
      workDirectory: context.pluginWorkDirectoryURL)
  }

  /// The command for one target; none when it has no rule files.
  static func commands(ruleFiles: [URL], targetName: String, navrc: URL, workDirectory: URL)
    -> [Command]
  {
    guard !ruleFiles.isEmpty else { return [] }
    let inputs = ruleFiles.sorted { $0.path < $1.path }
    let output = workDirectory.appendingPathComponent("\(targetName).NavigationRules.swift")
    // Its `disable` and `severity` settings change what emit reports, so editing it alone
    // must run the command again.
    let configuration = configurationFile(above: inputs[0]).map { [$0] } ?? []
    return [
      .buildCommand(
        displayName: "Compiling navigation rules of \(targetName)",
        executable: navrc,
        arguments: ["emit", "-o", output.path] + inputs.map(\.path),
        inputFiles: inputs + configuration + [navrc],
        outputFiles: [output])
    ]
  }

  /// The `.navrc` that `navrc emit` reads for a run whose first input is `file`: in the
  /// file's folder or the nearest folder above it (docs/adopting.md). One created later,
  /// where none was, is read from the next build that runs the command.
  static func configurationFile(above file: URL) -> URL? {
    var folder = file.standardizedFileURL.deletingLastPathComponent()
    while true {
      let candidate = folder.appendingPathComponent(".navrc")
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder),
        !isFolder.boolValue
      {
        return candidate
      }
      let parent = folder.deletingLastPathComponent()
      guard parent.path != folder.path, !folder.path.isEmpty else { return nil }
      folder = parent
    }
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  extension NavRulesPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
      let ruleFiles = target.inputFiles.map(\.url).filter { $0.pathExtension == "navrules" }
      return try Self.commands(
        ruleFiles: ruleFiles, targetName: target.displayName,
        navrc: context.tool(named: "navrc").url, workDirectory: context.pluginWorkDirectoryURL)
    }
  }
#endif
