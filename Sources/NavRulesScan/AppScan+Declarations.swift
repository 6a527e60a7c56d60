import NavRulesCompiler

extension AppScan {
  /// Names the declaration around a finding, for a baseline (`Baseline`): the innermost type
  /// and method holding it (`MainNavigationController.viewDidLoad`), the type alone outside
  /// its methods, the free function, or "" (a storyboard, code outside any declaration).
  /// The index is built once, for all the findings of a run.
  public func declarationNamer() -> @Sendable (SourceRange) -> String {
    var byFile: [ObjectIdentifier: ScannedFile] = [:]
    for case .code(let file)? in sources { byFile[ObjectIdentifier(file.file)] = file }
    let files = byFile
    return { range in
      guard let file = files[ObjectIdentifier(range.file)] else { return "" }
      let offset = range.bytes.lowerBound
      let type = file.allTypes.filter { $0.range.contains(offset) }.min {
        $0.range.count < $1.range.count
      }
      let methods = type?.methods ?? file.functions
      let method = methods.first { $0.range.contains(offset) }
      return [type?.qualifiedName, method?.swiftName].compactMap { $0 }.joined(separator: ".")
    }
  }
}
