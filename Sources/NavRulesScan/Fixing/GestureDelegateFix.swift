import NavRulesCompiler

/// The fix-it for the most copied navigation snippet: a navigation controller (an
/// `extension UINavigationController`, a subclass, an Objective-C base class) that makes
/// itself, or nothing, its swipe-back gesture's delegate without the depth guard, which lets
/// a swipe begin on the root screen (`root-pop`).
///
/// The fix makes the navigation controller the delegate and has it answer
/// `viewControllers.count > 1`: a `gestureRecognizerShouldBegin` is added, or one that
/// returns `true`/`YES` is mended. It is offered only where that edit is the whole fix and
/// cannot change anything else (docs/adopting.md): the statement is the navigation
/// controller's own write of `self` or `nil`, no class above it answers the question, and an
/// existing answer is nothing but `true`. The commands re-scan fixed code before writing it.
enum GestureDelegateFix {
  /// The fix-it for `diagnostic`, when it is a `root-pop` at such a write.
  static func fixIt(
    for diagnostic: Diagnostic, in file: ScannedFile, of files: [ScannedFile], classes: ClassTable
  ) -> Diagnostic.FixIt? {
    guard diagnostic.id == .rootPop else { return nil }
    let offset = diagnostic.range.bytes.lowerBound
    guard
      let type = file.allTypes.filter({ $0.range.contains(offset) })
        .min(by: { $0.range.count < $1.range.count }),
      let method = type.methods.first(where: { $0.range.contains(offset) }),
      let statement = method.body.flatMap({ Self.statement(at: offset, in: $0) }),
      case .assignment(let target, let written, nil) = statement.kind
    else { return nil }
    let value = written.uncast
    // The navigation controller's own recognizer (`interactivePopGestureRecognizer?.delegate`,
    // `self.interactivePopGestureRecognizer.delegate`), not a screen's navigation controller's.
    let source = file.file
    let targetText = source.text(target.range)
    guard targetText.contains(UIKitVocabulary.popGestureRecognizer),
      !targetText.contains("navigationController"),
      classes.isNavigationController(type.name),
      value.isSelf || value.isNil
    else { return nil }
    let objectiveC = file.language != .swift
    var edits: [Diagnostic.TextEdit] = []
    if value.isNil {
      // Objective-C declares the conformance in a header this fix does not edit.
      guard !objectiveC, let conformance = conformanceEdit(type, file, files) else {
        return nil
      }
      edits.append(
        Diagnostic.TextEdit(range: SourceRange(source, value.range), replacement: "self"))
      if let conformance { edits.append(conformance) }
    }
    if let (existing, _, owner) = classes.method(
      UIKitVocabulary.shouldBeginMethod, dispatchedFrom: type.name)
    {
      // Mended only in the class itself, and only when all it says is "allow".
      guard owner == type.name, let returned = Self.onlyReturnedValue(existing),
        returned.booleanValue == true,
        ownsFile(existing, file)
      else { return nil }
      let guardText = objectiveC ? "self.viewControllers.count > 1" : "viewControllers.count > 1"
      edits.append(
        Diagnostic.TextEdit(range: SourceRange(source, returned.range), replacement: guardText))
    } else {
      guard let insertion = methodInsertion(into: type, of: file, method: method) else {
        return nil
      }
      edits.append(insertion)
    }
    return Diagnostic.FixIt(
      objectiveC
        ? "answer 'self.viewControllers.count > 1' in gestureRecognizerShouldBegin:"
        : "answer 'viewControllers.count > 1' in gestureRecognizerShouldBegin(_:)",
      edits: edits)
  }

  /// The statement whose first token is at `offset`, at any depth.
  private static func statement(at offset: Int, in statements: [ScanStatement]) -> ScanStatement? {
    for statement in statements where statement.range.contains(offset) {
      if statement.firstTokenRange.lowerBound == offset { return statement }
      switch statement.kind {
      case .ifStatement(_, let then, let otherwise):
        if let found = self.statement(at: offset, in: then + (otherwise ?? [])) { return found }
      case .guardStatement(_, let body), .loop(let body), .block(let body),
        .deferStatement(let body):
        if let found = self.statement(at: offset, in: body) { return found }
      case .switchStatement(_, let cases):
        if let found = self.statement(at: offset, in: cases.flatMap(\.body)) { return found }
      default:
        break
      }
    }
    return nil
  }

  /// What a method returns when its body is one `return VALUE` (or one expression).
  private static func onlyReturnedValue(_ method: ScannedMethod) -> ScanExpr? {
    guard let body = method.body, body.count == 1 else { return nil }
    switch body[0].kind {
    case .returnStatement(let value?): return value
    case .expression(let value): return value
    default: return nil
    }
  }

  private static func ownsFile(_ method: ScannedMethod, _ file: ScannedFile) -> Bool {
    file.allTypes.contains { type in type.methods.contains { $0.range == method.range } }
  }

  /// Adds `UIGestureRecognizerDelegate` to the Swift type's inheritance clause unless some
  /// part of the class declares it already: `.some(nil)` when nothing is to add; nil when it
  /// cannot be added safely.
  private static func conformanceEdit(
    _ type: ScannedType, _ file: ScannedFile, _ files: [ScannedFile]
  ) -> Diagnostic.TextEdit?? {
    let protocolName = "UIGestureRecognizerDelegate"
    let declared = files.contains { file in
      file.allTypes.contains { part in
        part.name == type.name
          && (part.inheritedTypes + part.protocols).contains { $0.name == protocolName }
      }
    }
    if declared { return .some(nil) }
    let source = file.file
    if let last = type.inheritedTypes.last {
      return Diagnostic.TextEdit(
        range: SourceRange(source, last.range.upperBound..<last.range.upperBound),
        replacement: ", " + protocolName)
    }
    let end = type.nameRange.upperBound
    // `extension UINavigationController {`: the clause goes right after the name.
    var index = end
    let bytes = source.bytes
    while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
    guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
    return Diagnostic.TextEdit(
      range: SourceRange(source, end..<end), replacement: ": " + protocolName)
  }

  /// The new method, on its own lines before the line of the type's closing `}` (Swift) or
  /// `@end` (Objective-C), indented as `beside` is; nil when that line holds anything else.
  private static func methodInsertion(
    into type: ScannedType, of file: ScannedFile, method beside: ScannedMethod
  ) -> Diagnostic.TextEdit? {
    let source = file.file
    let bytes = source.bytes
    let objectiveC = file.language != .swift
    let closing = objectiveC ? Array("@end".utf8) : [UInt8(ascii: "}")]
    let end = type.range.upperBound
    guard end >= closing.count, end <= bytes.count,
      Array(bytes[(end - closing.count)..<end]) == closing
    else { return nil }
    let closingStart = end - closing.count
    let line = source.lineIndex(of: closingStart)
    let lineStart = source.lineStarts[line]
    guard bytes[lineStart..<closingStart].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == 9 })
    else { return nil }
    let methodLine = source.lineRange(at: source.lineIndex(of: beside.range.lowerBound))
    let indent = String(
      decoding: bytes[methodLine].prefix { $0 == UInt8(ascii: " ") || $0 == 9 }, as: UTF8.self)
    let step = indent.hasPrefix("\t") ? "\t" : indent.isEmpty ? "    " : indent
    let text: String
    if objectiveC {
      text = """
        - (BOOL)gestureRecognizerShouldBegin:(UIGestureRecognizer *)gestureRecognizer {
            return self.viewControllers.count > 1;
        }


        """
    } else {
      // A public type's conformance needs a public answer (UIKit's classes are open).
      let access = isPublic(type, source) ? "public " : ""
      // A blank line already above the closing `}` separates the new method: no second one.
      let blankAbove =
        line > 0
        && bytes[source.lineRange(at: line - 1)].allSatisfy {
          $0 == UInt8(ascii: " ") || $0 == 9 || $0 == 10 || $0 == 13
        }
      text =
        (blankAbove ? "" : "\n") + "\(indent)\(access)func gestureRecognizerShouldBegin("
        + "_ gestureRecognizer: UIGestureRecognizer) -> Bool {\n"
        + "\(indent)\(step)viewControllers.count > 1\n"
        + "\(indent)}\n"
    }
    // Before the line of the closing `}`, after a line break ends the member above.
    return Diagnostic.TextEdit(range: SourceRange(source, lineStart..<lineStart), replacement: text)
  }

  /// An extension of a UIKit class, or a declaration written `public` or `open`.
  private static func isPublic(_ type: ScannedType, _ source: SourceFile) -> Bool {
    if type.kind == .extension, ClassTable.isUIKitClass(type.name) { return true }
    let line = source.lineRange(at: source.lineIndex(of: type.range.lowerBound))
    let head = source.text(line.lowerBound..<max(line.lowerBound, type.nameRange.lowerBound))
    return head.contains("public ") || head.contains("open ")
  }
}
