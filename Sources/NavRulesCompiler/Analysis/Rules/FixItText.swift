/// Text edits shared by the checker's fix-its.
enum FixItText {
  /// What separates a new directive inserted after `range` from it: a line break with the
  /// same indentation when `range` starts its line, else `; `.
  static func separator(before range: SourceRange) -> String {
    let file = range.file
    let line = file.lineRange(at: file.lineIndex(of: range.bytes.lowerBound))
    let prefix = file.bytes[line.lowerBound..<range.bytes.lowerBound]
    guard prefix.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else {
      return "; "
    }
    return "\n" + String(decoding: prefix, as: UTF8.self)
  }

  /// Replaces a hook action with a declarative directive of its screen: the directive takes
  /// the place of `existing` if the screen has one, else it is written just before the hook;
  /// the action goes away (with its hook when it was the only action).
  static func replaceHookAction(
    _ origin: HookTable.Origin, with directive: String, existing: SourceRange?, message: String
  ) -> Diagnostic.FixIt {
    let hook = origin.hook
    let removesHook = hook.actions.count == 1
    // One or two edits, each list made at its size: appending to an empty array allocated it
    // and then grew it, for each of thousands of findings.
    let removeAction = Diagnostic.TextEdit(range: origin.declaration.range, replacement: "")
    if let existing {
      let replace = Diagnostic.TextEdit(range: existing, replacement: directive)
      let remove =
        removesHook ? Diagnostic.TextEdit(range: hook.range, replacement: "") : removeAction
      return Diagnostic.FixIt(message, edits: [replace, remove])
    }
    if removesHook {
      return Diagnostic.FixIt(
        message, edits: [Diagnostic.TextEdit(range: hook.range, replacement: directive)])
    }
    let start = SourceRange(
      hook.range.file, hook.range.bytes.lowerBound..<hook.range.bytes.lowerBound)
    let separator = separator(before: hook.range)
    let insertion = separator == "; " ? directive + "; " : directive + separator
    return Diagnostic.FixIt(
      message, edits: [Diagnostic.TextEdit(range: start, replacement: insertion), removeAction])
  }
}
