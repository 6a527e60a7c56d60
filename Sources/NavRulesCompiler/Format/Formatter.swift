/// `navrc fmt`: rewrites a rule file in the one canonical layout.
///
/// The layout (documented in docs/editors.md):
/// - one statement per line, indented by four spaces per block level; `;` separators become
///   line breaks, single spaces separate a name and its values, a comma is followed by a space;
/// - `{` ends the line of its directive, an empty block is `{}`; a block written on one line
///   (`navigator Main { root Home }`, `on viewDidAppear { popGesture disabled }`, an inline
///   `titleStyle { … }`) stays on one line while it fits in 100 columns and holds no comment
///   and no block;
/// - a line longer than 100 columns is broken after commas, continuation lines indented once more;
/// - at most one blank line between statements, none at the start or end of a block or file;
///   line endings are `\n` (`\r\n` and a lone `\r` become `\n`), and the file ends with one;
/// - every comment is kept, where it was: on its own line, at the end of a line, or between
///   values; trailing spaces after line comments are dropped; the comments ending consecutive
///   lines are aligned (`PrintedLine.render`);
/// - statements that start on a line that a `navrc:disable-line` or `navrc:disable-next-line`
///   comment applies to keep starting on one line, however they are nested, so suppressions
///   keep covering what they covered (`SuppressedLineJoiner`).
///
/// Formatting never changes what a file means: the result is parsed again and must have the
/// same syntax tree, the same comments, and the same statements on suppressed lines; if not,
/// the file is left as it is (`refused`). Files with syntax errors are never rewritten.
public enum Formatter {
  public enum Result: Equatable {
    /// The canonical text (possibly equal to the input).
    case formatted(String)
    /// The lexer or parser found errors; the file is left alone.
    case syntaxErrors([Diagnostic])
    /// A safety check failed; the file is left alone. Reports a formatter bug.
    case refused(String)
    /// The file holds something the canonical layout cannot print without changing what it
    /// means (a known limitation, not a bug); the file is left alone.
    case unsupported(String)
  }

  public static func format(_ file: SourceFile) -> Result {
    let file = withLineFeeds(file)
    let syntax: SyntaxFile
    switch parse(file) {
    case .success(let tree): syntax = tree
    case .failure(let errors): return .syntaxErrors(errors.diagnostics)
    }
    let lines = LayoutPrinter.lines(syntax)
    switch check(LayoutPrinter.render(lines, of: syntax), of: syntax, path: file.path) {
    case .passed(let text):
      return .formatted(text)
    case .failed(let reason):
      return .refused(reason)
    case .suppressionsMoved:
      // The lines the layout split are joined again, and the result checked again.
      let joined: [PrintedLine]
      do {
        joined = try SuppressedLineJoiner.join(
          lines, of: syntax, suppressed: LayoutPrinter.suppressedLines(syntax))
      } catch {
        return .unsupported(
          "line \(error.line + 1) holds statements a suppression comment applies to, which"
            + " cannot share one line in the canonical layout: \(error.reason); put each of them"
            + " on its own line")
      }
      switch check(LayoutPrinter.render(joined, of: syntax), of: syntax, path: file.path) {
      case .passed(let text): return .formatted(text)
      case .failed(let reason), .suppressionsMoved(let reason): return .refused(reason)
      }
    }
  }

  /// What the checks of a formatted text found.
  private enum Check {
    case passed(String)
    /// A check failed: a formatter bug.
    case failed(String)
    /// The statements on the lines suppression comments apply to are not the same.
    case suppressionsMoved(String)
  }

  /// Whether `text`, formatted from `syntax`, means what it does: the same syntax tree, the
  /// same comments, the same statements on the lines suppression comments apply to.
  private static func check(_ text: String, of syntax: SyntaxFile, path: String) -> Check {
    let result = SourceFile(path: path, text: text)
    guard case .success(let reparsed) = parse(result) else {
      return .failed("the formatted text does not parse")
    }
    guard SyntaxShape.same(syntax, reparsed) else {
      return .failed("the formatted text has a different syntax tree")
    }
    guard commentTexts(syntax) == commentTexts(reparsed) else {
      return .failed("the formatted text has different comments")
    }
    let suppressed = suppressedStatements(syntax)
    let stillSuppressed = suppressedStatements(reparsed)
    guard suppressed.map(\.statements) == stillSuppressed.map(\.statements) else {
      let line =
        zip(suppressed, stillSuppressed).first { $0.statements != $1.statements }?.0.line
        ?? suppressed.first?.line ?? 0
      return .suppressionsMoved(
        "line \(line + 1) holds statements a suppression comment applies to, and the layout"
          + " would move them apart; put each of them on its own line")
    }
    return .passed(text)
  }

  /// `file` with each lone `\r` replaced by `\n`, byte for byte (so every offset stays): both
  /// end a line, and the layout only knows `\n` (and `\r\n`).
  static func withLineFeeds(_ file: SourceFile) -> SourceFile {
    let bytes = file.bytes
    guard bytes.contains(UInt8(ascii: "\r")) else { return file }
    var fed = bytes
    for index in bytes.indices where bytes[index] == UInt8(ascii: "\r") {
      if index + 1 == bytes.count || bytes[index + 1] != UInt8(ascii: "\n") {
        fed[index] = UInt8(ascii: "\n")
      }
    }
    return SourceFile(path: file.path, bytes: fed)
  }

  struct SyntaxErrors: Error {
    var diagnostics: [Diagnostic]
  }

  static func parse(_ file: SourceFile) -> Swift.Result<SyntaxFile, SyntaxErrors> {
    let (tokens, lexical) = Lexer.lex(file)
    let (tree, parse) = Parser.parse(tokens)
    let errors = lexical + parse
    return errors.isEmpty ? .success(tree) : .failure(SyntaxErrors(diagnostics: errors))
  }

  /// Every comment's text, as the formatter prints it, sorted.
  public static func commentTexts(_ syntax: SyntaxFile) -> [String] {
    syntax.comments.map { comment in
      var text = syntax.file.text(comment.range)
      if comment.kind == .line {
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
      } else {
        text = text.replacing("\r\n", with: "\n")
      }
      return text
    }.sorted()
  }

  /// For each suppressed line, the statements (as index paths in the tree) that start on it.
  static func suppressedStatements(_ syntax: SyntaxFile) -> [(line: Int, statements: [[Int]])] {
    let lines = LayoutPrinter.suppressedLines(syntax)
    guard !lines.isEmpty else { return [] }
    var byLine: [Int: [[Int]]] = [:]
    func visit(_ directives: DirectiveList, path: [Int]) {
      for (index, directive) in directives.enumerated() {
        let line = syntax.file.lineIndex(of: directive.name.range.lowerBound)
        if lines.contains(line) { byLine[line, default: []].append(path + [index]) }
        if let block = directive.block { visit(block.directives, path: path + [index]) }
      }
    }
    visit(syntax.directives, path: [])
    return byLine.keys.sorted().map { (line: $0, statements: byLine[$0] ?? []) }
      .sorted { "\($0.statements)" < "\($1.statements)" }
  }
}

/// A syntax tree without positions: what a file says, not how it is laid out.
public struct SyntaxShape: Equatable, CustomStringConvertible {
  public struct Node: Equatable {
    var name: String
    /// Each value's kind and source text, and whether a comma follows it.
    var arguments: [String]
    var block: [Node]?
  }

  public var nodes: [Node]

  /// Whether two files have the same shape, compared in place: the same as comparing their
  /// `SyntaxShape`s, without building them (a large file's shape would cost more memory
  /// than its tree).
  public static func same(_ lhs: SyntaxFile, _ rhs: SyntaxFile) -> Bool {
    func same(_ left: DirectiveList, _ right: DirectiveList) -> Bool {
      guard left.count == right.count else { return false }
      for (a, b) in zip(left, right) {
        guard a.nameText == b.nameText, a.arguments.count == b.arguments.count else {
          return false
        }
        for (x, y) in zip(a.arguments, b.arguments) {
          guard x.value.kind == y.value.kind, (x.comma == nil) == (y.comma == nil),
            lhs.file.bytes[x.range].elementsEqual(rhs.file.bytes[y.range])
          else { return false }
        }
        switch (a.block, b.block) {
        case (nil, nil): continue
        case (let x?, let y?): guard same(x.directives, y.directives) else { return false }
        default: return false
        }
      }
      return true
    }
    return same(lhs.directives, rhs.directives)
  }

  public init(_ syntax: SyntaxFile) {
    func nodes(_ directives: DirectiveList) -> [Node] {
      directives.map { directive in
        Node(
          name: directive.nameText,
          arguments: directive.arguments.map {
            "\($0.value.kind) \(syntax.file.text($0.range))\($0.comma == nil ? "" : ",")"
          },
          block: directive.block.map { nodes($0.directives) })
      }
    }
    self.nodes = nodes(syntax.directives)
  }

  public var description: String {
    func describe(_ nodes: [Node], _ indent: String) -> String {
      nodes.map { node in
        indent + ([node.name] + node.arguments).joined(separator: " ")
          + (node.block.map { " {\n" + describe($0, indent + "  ") + indent + "}" } ?? "") + "\n"
      }.joined()
    }
    return describe(nodes, "")
  }
}
