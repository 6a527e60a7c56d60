// swift-tools-version: 6.0
import PackageDescription

/// A package that uses navrc as an app would: the build plugin compiles the `.navrules` files
/// of `DemoNavigation` on every build, and the code and tests use the generated symbols.
let package = Package(
  name: "PluginDemo",
  platforms: [.macOS(.v13), .iOS(.v13)],
  dependencies: [
    // By path, so it builds offline from a clone; an app names the repository URL instead.
    .package(name: "navrc", path: "../..")
  ],
  targets: [
    .target(
      name: "DemoNavigation",
      dependencies: [.product(name: "NavRules", package: "navrc")],
      plugins: [.plugin(name: "NavRulesPlugin", package: "navrc")]),
    .testTarget(
      name: "DemoNavigationTests",
      dependencies: ["DemoNavigation", .product(name: "NavRules", package: "navrc")]),
  ]
)
