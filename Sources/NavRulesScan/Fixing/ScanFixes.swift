import NavRulesCompiler

/// The fix-its of scan findings: edits to the app's Swift and Objective-C, offered only where
/// they are the whole fix and safe (docs/adopting.md#fixes). They reach `--format json`,
/// SARIF, the language server's code actions and `navrc scan --fix`.
enum ScanFixes {
  /// `diagnostics` with the checker's fix-its (rule-file edits) replaced by the scan's.
  static func replacingFixIts(
    of diagnostics: [Diagnostic], sources: [ScannedSource?], classes known: ClassTable? = nil
  ) -> [Diagnostic] {
    var result = diagnostics
    for index in result.indices { result[index].fixIts = [] }
    guard result.contains(where: { $0.id == .rootPop }) else { return result }
    var code: [ScannedFile] = []
    for case .code(let file)? in sources { code.append(file) }
    var byFile: [ObjectIdentifier: ScannedFile] = [:]
    for file in code { byFile[ObjectIdentifier(file.file)] = file }
    let classes = known ?? ClassTable(code)
    for index in result.indices where result[index].id == .rootPop {
      guard let file = byFile[ObjectIdentifier(result[index].range.file)],
        let fixIt = GestureDelegateFix.fixIt(
          for: result[index], in: file, of: code, classes: classes)
      else { continue }
      result[index].fixIts = [fixIt]
    }
    return result
  }
}
