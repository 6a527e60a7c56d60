import NavRulesCompiler

/// What `navrc scan --format json` adds beside `"diagnostics"` (docs/scan.md):
/// `"unresolved":[{"file","line","column","what"}]`, what the scanner left out of the model; and
/// `"unreached":[{"screen","file","line","column"}]`, the screens of the model no navigator root
/// reaches, which were not analysed.
extension AppModel {
  public var jsonMembers: [(String, JSON)] {
    [
      ("unresolved", .array(unresolved.map(Self.json))),
      ("unreached", .array(unreachedScreens.map(Self.json))),
    ]
  }

  static func json(_ item: Unresolved) -> JSON {
    let start = item.range.start
    return .object([
      ("file", .string(item.range.file.path)),
      ("line", .int(start.line)),
      ("column", .int(start.column)),
      ("what", .string(item.what)),
    ])
  }

  static func json(_ screen: UnreachedScreen) -> JSON {
    let start = screen.range.start
    return .object([
      ("screen", .string(screen.name)),
      ("file", .string(screen.range.file.path)),
      ("line", .int(start.line)),
      ("column", .int(start.column)),
    ])
  }
}
