import Foundation
import PackagePlugin

/// `swift package navrc-scan [--target NAME]… [navrc scan options]`: reports what `navrc scan`
/// finds in the package's targets. It only reads, so it asks for no permission; `navrc-fix`
/// is the command that writes.
@main
struct NavrcScanCommand: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    try PackageScan.run(
      navrc: context.tool(named: "navrc").url, package: context.package, arguments: arguments)
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  extension NavrcScanCommand: XcodeCommandPlugin {
    /// Scans the Swift, Objective-C, storyboard and xib files of the project's targets (those
    /// named with `--target`, else all of them) as one app.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
      var extractor = ArgumentExtractor(arguments)
      let named = Set(extractor.extractOption(named: "target"))
      let targets = context.xcodeProject.targets.filter {
        named.isEmpty || named.contains($0.displayName)
      }
      let files = PackageScan.files(of: targets.map { $0.inputFiles.map(\.url) })
      try PackageScan.runNavrc(
        context.tool(named: "navrc").url,
        arguments: ["scan"] + extractor.remainingArguments + ["--"] + files,
        in: context.xcodeProject.directoryURL)
    }
  }
#endif
