import NavRulesCompiler

/// What `navrc scan --format json` adds beside `"diagnostics"` (docs/scan.md):
/// `"unresolved":[{"file","line","column","what"}]`, what the scanner left out of the model; and
/// `"unreached":[{"screen","file","line","column","blocker","through"}]`, the screens of the
/// model no navigator root reaches, which were not analysed, each with what keeps it out; and
/// `"baseClasses":[{"screen","file","line","column","subclasses"}]`, the base classes analysed
/// through their subclasses, counted apart.
extension AppModel {
  public var jsonMembers: [(String, JSON)] {
    [
      ("unresolved", .array(unresolved.map(Self.json))),
      ("unreached", .array(unreachedScreens.map(Self.json))),
      ("baseClasses", .array(baseClasses.map(Self.json))),
    ]
  }

  /// The base classes counted apart, in declaration order.
  var baseClasses: [(name: String, range: SourceRange, subclasses: [String])] {
    module.screenIDs.compactMap { id in
      baseClassScreens[id].map {
        (module.displayName(id), origins.screens[id] ?? module[id].nameRange, $0)
      }
    }
  }

  static func json(_ base: (name: String, range: SourceRange, subclasses: [String])) -> JSON {
    let start = base.range.start
    return .object([
      ("screen", .string(base.name)),
      ("file", .string(base.range.file.path)),
      ("line", .int(start.line)),
      ("column", .int(start.column)),
      ("subclasses", .array(base.subclasses.map { .string($0) })),
    ])
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
      ("blocker", json(screen.blocker)),
      ("through", .array(screen.blocker.through.map { .string($0) })),
    ])
  }

  /// `{"what"}`, with `"file","line","column"` when the place is known.
  static func json(_ blocker: Blocker) -> JSON {
    var members: [(String, JSON)] = [("what", .string(blocker.what))]
    if let at = blocker.at {
      members += [
        ("file", .string(at.file.path)), ("line", .int(at.start.line)),
        ("column", .int(at.start.column)),
      ]
    }
    return .object(members)
  }
}
