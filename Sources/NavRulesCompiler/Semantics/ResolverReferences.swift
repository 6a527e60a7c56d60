/// Looking names up, with "did you mean" suggestions for near misses and a hint when the name
/// exists but is of another kind.
extension Resolver {
  /// Whether an undefined `name` is better left unreported: a mistaken declaration was
  /// probably meant to declare it, or text that may declare it was lost.
  func isExcused(_ name: ValueSyntax) -> Bool {
    anyNameMayBeDeclared || possiblyDeclared.contains(name.text)
  }

  // The names looked up are identifiers (the readers checked), so ASCII: they are found by
  // their bytes in the file, and their text is made only when they are not found.

  /// The screen named by the identifier at `name` in the file.
  mutating func lookUpScreen(at name: Range<Int>) -> ScreenID? {
    if let index = screenNames.index(of: name, in: file) { return ScreenID(index) }
    screenReferencesIncomplete = true
    let value = identifier(at: name)
    reportUndefined(
      value, kind: "screen", candidates: screenNames.names,
      otherKind: navigatorNames.index(of: value.text) == nil ? nil : ("navigator", "present"))
    return nil
  }

  /// The navigator named by the identifier at `name` in the file.
  mutating func lookUpNavigator(at name: Range<Int>) -> NavigatorID? {
    if let index = navigatorNames.index(of: name, in: file) {
      return NavigatorID(index)
    }
    let value = identifier(at: name)
    reportUndefined(
      value, kind: "navigator", candidates: navigatorNames.names,
      otherKind: screenNames.index(of: value.text) == nil ? nil : ("screen", "push"))
    return nil
  }

  /// The style named by the identifier at `name` in the file.
  mutating func lookUpStyle(at name: Range<Int>) -> StyleID? {
    if let index = styleNames.index(of: name, in: file) {
      let id = StyleID(index)
      usedStyles.insert(id)
      return id
    }
    styleReferencesIncomplete = true
    reportUndefined(
      identifier(at: name), kind: "style", candidates: styleNames.names, otherKind: nil)
    return nil
  }

  /// The identifier at `range` as a value, as reading its argument would have made it.
  func identifier(at range: Range<Int>) -> ValueSyntax {
    ValueSyntax(kind: .identifier, range: range, text: file.text(range))
  }

  /// `undefined-reference`, with a "did you mean" among `candidates` and, when the name is
  /// declared as another kind, a note saying how to use it (`otherKind`: that kind and the
  /// directive that shows it).
  private mutating func reportUndefined(
    _ name: ValueSyntax, kind: String, candidates: some Collection<String>,
    otherKind: (kind: String, directive: String)?
  ) {
    guard !isExcused(name) else { return }
    var notes: [Diagnostic.Note] = []
    if let otherKind {
      notes.append(
        Diagnostic.Note(
          SemanticMessages.wrongKindOfName(
            name.text, isA: otherKind.kind,
            use: "show it with '\(otherKind.directive) \(name.text)'"),
          at: range(name.range)))
    }
    let sorted: [String]
    if let cached = sortedNames[kind], cached.count == candidates.count {
      sorted = cached.names
    } else {
      sorted = candidates.sorted()
      sortedNames[kind] = (candidates.count, sorted)
    }
    report(
      .undefinedReference, SemanticMessages.undefinedReference(kind, name.text), at: name,
      suggesting: sorted, notes: notes)
  }
}
