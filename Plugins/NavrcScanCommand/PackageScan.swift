import Foundation
import PackagePlugin

/// `navrc scan` over the targets of a package, shared by the `navrc-scan` and `navrc-fix`
/// command plugins (the second links this file, since plugins cannot share a library).
///
/// The targets scanned form one app, as the inputs of one `navrc scan` run always do: a screen
/// pushed in one module may be declared in another. Test targets are left out unless named
/// with `--target`, since their view controllers are fixtures, not screens the app can reach.
enum PackageScan {
  /// The file names `navrc scan` reads (docs/scan.md).
  static let scannedExtensions: Set<String> = ["swift", "m", "mm", "h", "storyboard", "xib"]

  /// Scans `package` (the targets named by `--target`, else every non-test source target) with
  /// the other arguments passed to navrc as they are, options before the folders.
  static func run(
    navrc: URL, package: Package, arguments: [String], leadingOptions: [String] = []
  ) throws {
    var extractor = ArgumentExtractor(arguments)
    let named = extractor.extractOption(named: "target")
    let targets: [SourceModuleTarget]
    if named.isEmpty {
      targets = package.targets.compactMap { $0 as? SourceModuleTarget }.filter {
        $0.kind != .test
      }
    } else {
      targets = try package.targets(named: named).compactMap { $0 as? SourceModuleTarget }
    }
    // Paths relative to the package, so that the report reads as `swift build`'s does and a
    // SARIF log uploaded from the repository root has relative locations.
    let root = package.directoryURL.standardizedFileURL.path
    let folders = targets.map { target -> String in
      // `directoryURL` needs tools version 6.1; `directory` is its 6.0 spelling, and its
      // description its path (`string` is deprecated).
      let path = URL(fileURLWithPath: "\(target.directory)").standardizedFileURL.path
      return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }
    guard !folders.isEmpty else {
      Diagnostics.warning("navrc scan: the package has no source targets to scan")
      return
    }
    try runNavrc(
      navrc,
      arguments: ["scan"] + leadingOptions + extractor.remainingArguments + ["--"]
        + folders.sorted(),
      in: package.directoryURL)
  }

  /// The scanned files of the selected targets of an Xcode project, as absolute paths.
  static func files(of inputs: [[URL]]) -> [String] {
    inputs.joined().filter { scannedExtensions.contains($0.pathExtension) }.map(\.path).sorted()
  }

  /// Runs navrc with the plugin's own standard output and error, so its report reaches the
  /// user (and Xcode) line for line; a status other than 0 fails the command.
  static func runNavrc(_ navrc: URL, arguments: [String], in directory: URL) throws {
    let process = Process()
    process.executableURL = navrc
    process.arguments = arguments
    process.currentDirectoryURL = directory
    try process.run()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw NavrcFailed(status: process.terminationStatus)
    }
  }

  struct NavrcFailed: Error, CustomStringConvertible {
    let status: Int32
    var description: String {
      status == 1
        ? "navrc scan found errors (exit status 1)"
        : "navrc scan failed (exit status \(status)); its message is above"
    }
  }
}
