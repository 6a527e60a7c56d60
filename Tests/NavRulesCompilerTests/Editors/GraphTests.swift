import NavRulesCompiler
import NavRulesTestSupport
import Testing

@Suite struct GraphTests {
  static func graph(_ path: String) throws -> NavigationGraph {
    let file = try InputFiles.read(Repository.url(path).path)
    return NavigationGraph(Compilation(files: [SourceFile(path: path, bytes: file.bytes)]))
  }

  @Test(arguments: GraphRenderer.Format.allCases, ["shop", "diagnostics"])
  func matchesGolden(format: GraphRenderer.Format, fixture: String) throws {
    let graph = try Self.graph("Tests/editors/fixtures/\(fixture).navrules")
    Golden.assertMatches(
      GraphRenderer.render(graph, as: format),
      file: "Tests/editors/golden/\(fixture).\(format.rawValue).golden")
  }

  @Test func hasScreensNavigatorsAndThreeKindsOfEdge() throws {
    let graph = try Self.graph("Tests/editors/fixtures/shop.navrules")
    #expect(graph.nodes.filter { $0.kind == .navigator }.map(\.name) == ["Main", "Onboarding"])
    #expect(graph.nodes.first { $0.name == "Home" }?.rootOf == ["Main"])
    #expect(
      graph.edges.contains { $0 == .init(from: "navigator_Main", to: "screen_Home", kind: .root) })
    #expect(
      graph.edges.contains {
        $0 == .init(from: "screen_Home", to: "navigator_Onboarding", kind: .present)
      })
    #expect(
      graph.edges.contains { $0 == .init(from: "screen_Home", to: "screen_Detail", kind: .push) })
    let legacy = try #require(graph.nodes.first { $0.name == "Legacy" })
    #expect(legacy.warnings == 1 && legacy.errors == 0)
    #expect(
      legacy.problems == [
        "warning: screen 'Legacy' is not reachable from any navigator's root [unreachable-screen]"
      ])
  }

  @Test func marksDeclarationsWithErrorsAndEscapesTooltips() {
    let file = SourceFile(
      path: "a.navrules",
      text: "navigator N { root A }\nscreen A { push Missing }\nscreen A {}\n")
    let graph = NavigationGraph(Compilation(files: [file]))
    let screen = graph.nodes.first { $0.name == "A" }
    #expect(screen?.errors == 2)
    let dot = GraphRenderer.render(graph, as: .dot)
    #expect(
      dot.contains(#"error: no screen named 'Missing' [undefined-reference]\nerror: duplicate"#))
    #expect(dot.contains("fillcolor=\"#ffebe9\""))
    #expect(GraphRenderer.quoted("say \"hi\" \\ now\nnext") == #""say \"hi\" \\ now\nnext""#)
    #expect(GraphRenderer.mermaidText("a \"b\" <c>") == "a #quot;b#quot; #lt;c#gt;")
  }

  @Test func isDeterministic() throws {
    let first = GraphRenderer.render(
      try Self.graph("Tests/editors/fixtures/shop.navrules"), as: .dot)
    let second = GraphRenderer.render(
      try Self.graph("Tests/editors/fixtures/shop.navrules"), as: .dot)
    #expect(first == second)
  }
}
