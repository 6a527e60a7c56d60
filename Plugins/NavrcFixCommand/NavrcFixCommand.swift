import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory navrc-fix [--target NAME]… [options]`:
/// `navrc scan --fix` over the package's targets, which rewrites the sources it can fully fix.
/// A command of its own so that only fixing asks for the permission to write.
@main
struct NavrcFixCommand: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    try PackageScan.run(
      navrc: context.tool(named: "navrc").url, package: context.package, arguments: arguments,
      leadingOptions: ["--fix"])
  }
}
