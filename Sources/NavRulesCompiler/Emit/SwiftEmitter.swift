import NavRules

/// What `navrc emit` writes: typed names for every screen, navigator and style, and the
/// table of everything declared, in one Swift file that compiles against `NavRules`.
///
/// The names are enum cases (cheap for the type checker); the values are one string literal
/// in `TableFormat`, decoded by the runtime on first use: swiftc type-checks every Swift
/// expression, so a table written as Swift values takes many times as long to type-check as
/// to parse, and a string literal does not (docs/performance.md, "Emitted Swift").
public enum SwiftEmitter {
  /// The generated file, or `nil` when the module cannot be emitted (it has errors).
  public static func emit(_ module: Module, options: EmitOptions = EmitOptions()) -> String? {
    guard let book = RuleBookBuilder.book(from: module) else { return nil }
    var printer = CodePrinter()
    FileHeaderGenerator.generate(into: &printer)
    RuleSetGenerator(module: module, book: book, options: options).generate(into: &printer)
    return printer.content
  }
}

/// The choices `navrc emit` offers.
public struct EmitOptions: Sendable {
  /// The generated enum's name (`--type-name`).
  public var typeName: String
  /// The access level of the generated declarations (`--access`).
  public var access: AccessLevel

  public static let defaultTypeName = "NavigationRules"

  public init(typeName: String = EmitOptions.defaultTypeName, access: AccessLevel = .internal) {
    self.typeName = typeName
    self.access = access
  }

  public enum AccessLevel: String, CaseIterable, Sendable {
    case `public`
    case `internal`

    /// The modifier to print before a declaration (`internal` is Swift's default: none).
    var modifier: String { self == .public ? "public " : "" }
  }
}
