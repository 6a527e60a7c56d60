import NavRulesCompiler
import NavRulesTestSupport
import Testing

@Test func contractExampleResolves() {
  let file = SourceFile(path: "x.navrules", text: "navigator Main { root Home }\nscreen Home { }\n")
  let compilation = Compilation(files: [file])
  #expect(compilation.diagnostics.isEmpty)
  #expect(compilation.module.screens.map(\.name) == ["Home"])
}

@Test func lineDiffShowsChanges() {
  let diff = LineDiff.render(expected: "a\nb\nc", actual: "a\nB\nc")
  #expect(diff.contains("- b"))
  #expect(diff.contains("+ B"))
}
