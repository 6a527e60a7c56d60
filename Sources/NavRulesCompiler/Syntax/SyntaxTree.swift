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
  /// Packed, as every range of the tree: see `PackedRange`.
  private var packedComma: OptionalPackedRange

  public var comma: Range<Int>? {
    get { packedComma.range }
    set { packedComma = OptionalPackedRange(newValue) }
  }

  init(value: ValueSyntax, comma: Range<Int>?) {
    self.value = value
    self.packedComma = OptionalPackedRange(comma)
  }

  public var range: Range<Int> { value.range }
}

/// A value token with its text: the identifier or literal as written, or a string's decoded
/// contents.
public struct ValueSyntax: Hashable, Sendable {
  public var kind: Token.Kind
  private var packedRange: PackedRange
  public var text: String

  public var range: Range<Int> {
    get { packedRange.range }
    set { packedRange = PackedRange(newValue) }
  }

  init(kind: Token.Kind, range: Range<Int>, text: String) {
    self.kind = kind
    self.packedRange = PackedRange(range)
    self.text = text
  }

  /// Whether the value was malformed and has been diagnosed by the lexer already.
  public var isInvalid: Bool { kind == .invalid }
}

/// `{ directive* }`.
public struct BlockSyntax: Hashable, Sendable {
  /// The `{`; an empty range at the end of the directive's head when the `{` was missing
  /// (diagnosed) and the block was recovered from indentation.
  public var leftBrace: Range<Int> {
    get { packedLeftBrace.range }
    set { packedLeftBrace = PackedRange(newValue) }
  }
  public var directives: [DirectiveSyntax]
  /// `nil` when the file ended before the block was closed (diagnosed).
  public var rightBrace: Range<Int>? {
    get { packedRightBrace.range }
    set { packedRightBrace = OptionalPackedRange(newValue) }
  }
  private var packedLeftBrace: PackedRange
  private var packedRightBrace: OptionalPackedRange

  init(leftBrace: Range<Int>, directives: [DirectiveSyntax], rightBrace: Range<Int>?) {
    self.packedLeftBrace = PackedRange(leftBrace)
    self.directives = directives
    self.packedRightBrace = OptionalPackedRange(rightBrace)
  }

  public var range: Range<Int> {
    leftBrace
      .lowerBound..<(rightBrace?.upperBound ?? directives.last?.range.upperBound
      ?? leftBrace.upperBound)
  }
}
