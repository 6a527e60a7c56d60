// swift-tools-version: 6.0
import PackageDescription

/// navrc: a compiler for `.navrules` files and the runtime that applies them.
///
/// The pipeline is split so that each piece can be linked on its own: apps link `NavRules`
/// (and, through it, `NavRulesModel`); build tools link `NavRulesCompiler`; `NavRulesScan`
/// reads an app into the compiler's model; the `navrc` executable is a thin shell over
/// `NavrcCommand`.
let package = Package(
  name: "navrc",
  platforms: [.macOS(.v13), .iOS(.v13)],
  products: [
    .executable(name: "navrc", targets: ["navrc"]),
    .library(name: "NavRules", targets: ["NavRules"]),
    .library(name: "NavRulesCompiler", targets: ["NavRulesCompiler"]),
    .plugin(name: "NavRulesPlugin", targets: ["NavRulesPlugin"]),
  ],
  targets: [
    // The shared vocabulary and the UIKit navigation model, read by the checker and the runtime.
    .target(name: "NavRulesModel"),
    // The runtime library an app links.
    .target(name: "NavRules", dependencies: ["NavRulesModel"]),
    // Source → tokens → syntax tree → module → analysis → diagnostics / emitted Swift.
    // The emitter writes `NavRules` tables, so it builds them with the runtime's own types.
    .target(name: "NavRulesCompiler", dependencies: ["NavRulesModel", "NavRules", "CPrefetch"]),
    // `navrc scan`: reads an app's Swift, Objective-C and storyboards into the same `Module`
    // and runs the compiler's checker on it, through the compiler's `package` interface.
    .target(name: "NavRulesScan", dependencies: ["NavRulesModel", "NavRulesCompiler"]),
    // The language server: `check` for rule files and `scan` for app sources, so it sits above
    // both.
    .target(name: "NavRulesLanguageServer", dependencies: ["NavRulesCompiler", "NavRulesScan"]),
    // A cache prefetch hint, which Swift cannot ask for: the exploration's worklist knows the
    // screens it will visit next.
    .target(name: "CPrefetch"),
    // Argument parsing and the subcommands, testable in-process.
    .target(
      name: "NavrcCommand",
      dependencies: ["NavRulesCompiler", "NavRulesScan", "NavRulesLanguageServer"]),
    .executableTarget(name: "navrc", dependencies: ["NavrcCommand"]),
    // Runs `navrc emit` over a target's `.navrules` files on every build, navrc built from source.
    // The navrc-plugins package that scripts/make-artifact-bundle writes has the same plugin
    // running a prebuilt navrc, and the navrc-scan and navrc-fix commands (Plugins/), which
    // live there alone so that a package depending on both has one command of each name.
    .plugin(name: "NavRulesPlugin", capability: .buildTool(), dependencies: ["navrc"]),
    // Golden files and repository paths for the test targets.
    .target(name: "NavRulesTestSupport", path: "Sources/NavRulesTestSupport"),

    .testTarget(
      name: "NavRulesModelTests", dependencies: ["NavRulesModel", "NavRulesTestSupport"]),
    // The fuzz targets' bodies live here and one of them drives the language server.
    .testTarget(
      name: "NavRulesCompilerTests",
      dependencies: [
        "NavRulesCompiler", "NavRulesLanguageServer", "NavRulesScan", "NavRulesTestSupport",
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "NavRulesScanTests",
      dependencies: ["NavRulesScan", "NavRulesCompiler", "NavRulesModel", "NavRulesTestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "NavRulesLanguageServerTests",
      dependencies: ["NavRulesLanguageServer", "NavRulesCompiler", "NavRulesTestSupport"]),
    .testTarget(
      name: "NavrcCommandTests", dependencies: ["NavrcCommand", "navrc", "NavRulesTestSupport"]),
    // The policy core, the table format, and the simulation over random rule sets.
    .testTarget(
      name: "NavRulesTests", dependencies: ["NavRules", "NavRulesCompiler", "NavRulesTestSupport"]),
    // Golden emitted files compiled against the runtime and read back.
    .testTarget(
      name: "NavRulesConsumerTests",
      dependencies: ["NavRules", "NavRulesCompiler", "NavRulesTestSupport"]),
  ]
)
