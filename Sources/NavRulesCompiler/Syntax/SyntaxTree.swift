/// The syntax tree of one file: a uniform tree of directives, each a name, arguments and an
/// optional block of further directives.
///
/// The grammar does not know which directives exist: that is the resolver's job, so an
/// unknown or misplaced directive is an `unknown-directive`, not a parse error, and the
/// formatter can lay out any well-formed file. (Only error recovery knows the declaration
/// keywords; see `Parser`.) Ranges are byte offsets into `file`.
public struct SyntaxFile: Sendable {
  public let file: SourceFile
  public var directives: [DirectiveSyntax]
  /// Every comment in the file, in order.
  public var comments: [Comment]
  /// Whether the file ends inside an unterminated block comment (diagnosed), so declarations
  /// after it may be missing from `directives`.
  public var endsInsideComment = false

  /// The file with its comments only, for what reads comments after the tree is let go.
  var withoutDirectives: SyntaxFile {
    SyntaxFile(
      file: file, directives: [], comments: comments, endsInsideComment: endsInsideComment)
  }
}

/// `name argument* block?`, as in `push Detail, Web`, `screen Home { … }` or
/// `on viewDidAppear { popGesture disabled }`.
public struct DirectiveSyntax: Hashable, Sendable {
  public var name: Token
  public var nameText: String
  public var arguments: [ArgumentSyntax]
  public var block: BlockSyntax?

  /// From the name to the last argument or the closing brace.
  public var range: Range<Int> {
    let end = block?.range.upperBound ?? arguments.last?.range.upperBound ?? name.range.upperBound
    return name.range.lowerBound..<end
  }

  /// The range of the name and the arguments, without the block.
  public var headRange: Range<Int> {
    name.range.lowerBound..<(arguments.last?.range.upperBound ?? name.range.upperBound)
  }
}

/// One argument value, and the comma that follows it if any.
public struct ArgumentSyntax: Hashable, Sendable {
  public var value: ValueSyntax
  public var comma: Range<Int>?

  public var range: Range<Int> { value.range }
}

/// A value token with its text: the identifier or literal as written, or a string's decoded
/// contents.
public struct ValueSyntax: Hashable, Sendable {
  public var kind: Token.Kind
  public var range: Range<Int>
  public var text: String

  /// Whether the value was malformed and has been diagnosed by the lexer already.
  public var isInvalid: Bool { kind == .invalid }
}

/// `{ directive* }`.
public struct BlockSyntax: Hashable, Sendable {
  /// The `{`; an empty range at the end of the directive's head when the `{` was missing
  /// (diagnosed) and the block was recovered from indentation.
  public var leftBrace: Range<Int>
  public var directives: [DirectiveSyntax]
  /// `nil` when the file ended before the block was closed (diagnosed).
  public var rightBrace: Range<Int>?

  public var range: Range<Int> {
    leftBrace
      .lowerBound..<(rightBrace?.upperBound ?? directives.last?.range.upperBound
      ?? leftBrace.upperBound)
  }
}
