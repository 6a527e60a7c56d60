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
    if isExcused(name) { return nil }
    var notes: [Diagnostic.Note] = []
    if navigatorIDs[name.text] != nil {
      notes.append(
        Diagnostic.Note(
          SemanticMessages.wrongKindOfName(
            name.text, isA: "navigator", use: "show it with 'present \(name.text)'"),
          at: range(name.range)))
    }
    report(
      .undefinedReference, SemanticMessages.undefinedReference("screen", name.text), at: name,
      suggesting: Array(screenIDs.keys).sorted(), notes: notes)
    return nil
  }

  mutating func lookUpNavigator(_ name: ValueSyntax) -> NavigatorID? {
    if let id = navigatorIDs[name.text] { return id }
    if isExcused(name) { return nil }
    var notes: [Diagnostic.Note] = []
    if screenIDs[name.text] != nil {
      notes.append(
        Diagnostic.Note(
          SemanticMessages.wrongKindOfName(
            name.text, isA: "screen", use: "show it with 'push \(name.text)'"),
          at: range(name.range)))
    }
    report(
      .undefinedReference, SemanticMessages.undefinedReference("navigator", name.text), at: name,
      suggesting: Array(navigatorIDs.keys).sorted(), notes: notes)
    return nil
  }

  mutating func lookUpStyle(_ name: ValueSyntax) -> StyleID? {
    if let id = styleIDs[name.text] {
      usedStyles.insert(id)
      return id
    }
    styleReferencesIncomplete = true
    if isExcused(name) { return nil }
    report(
      .undefinedReference, SemanticMessages.undefinedReference("style", name.text), at: name,
      suggesting: Array(styleIDs.keys).sorted())
    return nil
  }
}
