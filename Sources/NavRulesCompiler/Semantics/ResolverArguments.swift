/// Reading a directive's arguments: each reader diagnoses what is wrong and returns `nil`, so
/// a directive with a bad value is simply left out of the module.
///
/// An argument the lexer already reported (`.invalid`) makes a reader return `nil` silently.
extension Resolver {
  /// Reports a block on a directive that takes none.
  mutating func rejectBlock(_ directive: DirectiveSyntax) {
    // Asked of the node first: nearly every directive has no block, and the view is made
    // only to report one.
    if directive.hasBlock, let block = directive.block {
      report(.syntax, SemanticMessages.unexpectedBlock(directive.nameText), at: block.leftBrace)
    }
  }

  /// Reports a directive written without its value.
  mutating func reportMissingValue(_ directive: DirectiveSyntax, expected: String) {
    report(
      .invalidValue, SemanticMessages.missingValue(directive.nameText, expected: expected),
      at: directive.name.range)
  }

  /// The directive's only argument.
  mutating func singleValue(_ directive: DirectiveSyntax, expected: String) -> ValueSyntax? {
    guard hasSingleArgument(directive, expected: expected) else { return nil }
    return directive.arguments[0].value
  }

  /// Whether the directive has exactly one valid argument, reporting what `singleValue` does
  /// otherwise; asked of the nodes, so a caller that matches the argument's bytes makes no
  /// text.
  mutating func hasSingleArgument(_ directive: DirectiveSyntax, expected: String) -> Bool {
    rejectBlock(directive)
    let arguments = directive.arguments
    guard !arguments.isEmpty else {
      reportMissingValue(directive, expected: expected)
      return false
    }
    if arguments.containsInvalid { return false }
    if arguments.count > 1 {
      let message =
        arguments.comma(at: 0) != nil
        ? SemanticMessages.unexpectedComma(directive.nameText)
        : SemanticMessages.extraValue(spelling(arguments[1].value), directive: directive.nameText)
      report(.invalidValue, message, at: arguments.range(at: 1))
      return false
    }
    return true
  }

  /// Checks that `value` is an identifier.
  mutating func requireIdentifier(_ value: ValueSyntax, expected: String) -> Bool {
    guard value.kind == .identifier else {
      if !value.isInvalid {
        report(
          .invalidValue, SemanticMessages.wrongKind(expected: expected, found: describe(value)),
          at: value.range)
      }
      return false
    }
    return true
  }

  /// The range of the directive's only argument, which must be an identifier: for a name
  /// looked up by its bytes (`root S0`, `titleStyle Brand`), whose text is made only if it is
  /// reported.
  mutating func identifierRange(_ directive: DirectiveSyntax, expected: String) -> Range<Int>? {
    guard hasSingleArgument(directive, expected: expected) else { return nil }
    let arguments = directive.arguments
    guard arguments.kind(at: 0) == .identifier else {
      _ = requireIdentifier(arguments[0].value, expected: expected)
      return nil
    }
    return arguments.range(at: 0)
  }

  /// The directive's only argument, which must be a string literal, as a text made only when
  /// it is read (`DeclaredText`).
  mutating func declaredString(_ directive: DirectiveSyntax, expected: String) -> DeclaredText? {
    guard hasSingleArgument(directive, expected: expected) else { return nil }
    let arguments = directive.arguments
    guard arguments.kind(at: 0) == .string else {
      let value = arguments[0].value
      report(
        .invalidValue, SemanticMessages.wrongKind(expected: expected, found: describe(value)),
        at: value.range)
      return nil
    }
    let (decoded, bytes) = arguments.textSource(at: 0)
    return DeclaredText(decoded: decoded, bytes: bytes, at: range(directive.range))
  }

  /// One of a fixed set of words, such as a policy name.
  mutating func keyword<Word: RawRepresentable & CaseIterable>(
    _ value: ValueSyntax, as _: Word.Type, what: String
  ) -> Word? where Word.RawValue == String {
    guard requireIdentifier(value, expected: what) else { return nil }
    if let word = Word(rawValue: value.text) { return word }
    let choices = Word.allCases.map(\.rawValue)
    report(
      .invalidValue, SemanticMessages.notOneOf(value.text, what: what, choices: choices),
      at: value, suggesting: choices)
    return nil
  }

  /// Argument `position` of `arguments`, one of a fixed set of words: matched on its bytes,
  /// its text made only when it is no such word (to report it).
  mutating func keyword<Word: RawRepresentable & CaseIterable>(
    at position: Int, of arguments: ArgumentList, as type: Word.Type, what: String
  ) -> Word? where Word.RawValue == String {
    if arguments.kind(at: position) == .identifier,
      let word = file.word(type, spelledAt: arguments.range(at: position))
    {
      return word
    }
    return keyword(arguments[position].value, as: type, what: what)
  }

  /// The directive's only argument, one of a fixed set of words.
  mutating func keyword<Word: RawRepresentable & CaseIterable>(
    _ directive: DirectiveSyntax, as type: Word.Type, what: String
  ) -> Word? where Word.RawValue == String {
    guard hasSingleArgument(directive, expected: what) else { return nil }
    return keyword(at: 0, of: directive.arguments, as: type, what: what)
  }

  /// Hands each name of a comma-separated list (`push A, B, C`) to `body`, by its range, as
  /// it is read from the argument nodes: a name's text is made only where it is reported, and
  /// no list of the ranges is made (an allocation for every `push`). The names before a
  /// mistake are still handed over.
  mutating func forEachName(
    _ directive: DirectiveSyntax, expected: String, plural: String,
    _ body: (inout Resolver, Range<Int>) -> Void
  ) {
    rejectBlock(directive)
    let arguments = directive.arguments
    guard !arguments.isEmpty else {
      reportMissingValue(directive, expected: expected)
      return
    }
    var followsComma = true
    for position in arguments.indices {
      let kind = arguments.kind(at: position)
      // A malformed word was reported by the lexer; what follows it is not news.
      if kind == .invalid { return }
      if !followsComma {
        report(
          .syntax, SemanticMessages.expectedCommaBetween(plural), at: arguments.range(at: position))
        return
      }
      if kind == .identifier {
        body(&self, arguments.range(at: position))
      } else {
        _ = requireIdentifier(arguments[position].value, expected: expected)
      }
      followsComma = arguments.comma(at: position) != nil
    }
  }

  /// How a message names the kind of value that was written.
  func describe(_ value: ValueSyntax) -> String {
    switch value.kind {
    case .identifier: "'\(value.text)'"
    case .string: "string literal"
    default: "\(value.kind) '\(value.text)'"
    }
  }
}
