/// Looking names up, with "did you mean" suggestions for near misses and a hint when the name
/// exists but is of another kind.
extension Resolver {
  /// Whether an undefined `name` is better left unreported: a mistaken declaration was
  /// probably meant to declare it, or text that may declare it was lost.
  func isExcused(_ name: ValueSyntax) -> Bool {
    anyNameMayBeDeclared || possiblyDeclared.contains(name.text)
  }

  mutating func lookUpScreen(_ name: ValueSyntax) -> ScreenID? {
    if let id = screenIDs[name.text] { return id }
    screenReferencesIncomplete = true
    reportUndefined(
      name, kind: "screen", candidates: screenIDs.keys,
      otherKind: navigatorIDs[name.text] == nil ? nil : ("navigator", "present"))
    return nil
  }

  mutating func lookUpNavigator(_ name: ValueSyntax) -> NavigatorID? {
    if let id = navigatorIDs[name.text] { return id }
    reportUndefined(
      name, kind: "navigator", candidates: navigatorIDs.keys,
      otherKind: screenIDs[name.text] == nil ? nil : ("screen", "push"))
    return nil
  }

  mutating func lookUpStyle(_ name: ValueSyntax) -> StyleID? {
    if let id = styleIDs[name.text] {
      usedStyles.insert(id)
      return id
    }
    styleReferencesIncomplete = true
    reportUndefined(name, kind: "style", candidates: styleIDs.keys, otherKind: nil)
    return nil
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
