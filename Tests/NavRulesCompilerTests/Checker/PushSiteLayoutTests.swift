import Testing

@testable import NavRulesCompiler

/// Push sites are laid out screen by screen, each target once in the order first pushed, a
/// screen with `if pushed` hooks twice; the same in any number of parts.
@Suite struct PushSiteLayoutTests {
  static let source = """
    navigator Main { root A }
    screen A {
      push B, C, B, A
      on viewDidAppear if pushed { popGesture disabled }
      on viewWillDisappear { popGesture enabled }
    }
    screen B { push C, C }
    screen C {}
    screen D { push A }

    """

  static func layout(parts: Int) throws -> PushSiteLayout {
    let compilation = Compilation(files: [SourceFile(path: "layout.navrules", text: source)])
    try #require(!compilation.hasFrontEndErrors)
    let module = compilation.module
    return PushSiteLayout(
      module: module, hasConditionalActions: HookTable(module).hasConditionalActions,
      parts: parts)
  }

  @Test(arguments: [1, 2, 3, 4])
  func sitesAreEachScreensDistinctTargets(parts: Int) throws {
    let layout = try Self.layout(parts: parts)
    // A splits (`if pushed`): its three distinct targets from the root, then from deeper.
    #expect(layout.spans.map(\.start) == [0, 6, 7, 7])
    #expect(layout.spans.map(\.end) == [6, 7, 7, 8])
    #expect(layout.spans.map(\.splitsByDepth) == [true, false, false, false])
    #expect(layout.spans[0].sites(fromRoot: true) == 0..<3)
    #expect(layout.spans[0].sites(fromRoot: false) == 3..<6)
    #expect(layout.spans[1].sites(fromRoot: true) == 6..<7)
    #expect(layout.spans[1].sites(fromRoot: false) == 6..<7)
    #expect(layout.source.map(\.index) == [0, 0, 0, 0, 0, 0, 1, 3])
    #expect(layout.target.map(\.index) == [1, 2, 0, 1, 2, 0, 2, 0])
    let fromRoot = layout.source.indices.map {
      layout.spans[layout.source[$0].index].isFromRoot($0)
    }
    #expect(fromRoot == [true, true, true, false, false, false, false, false])
  }
}
