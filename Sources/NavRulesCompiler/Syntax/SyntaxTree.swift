/// The syntax tree of one file: a uniform tree of directives, each a name, arguments and an
/// optional block of further directives.
///
/// The grammar does not know which directives exist: that is the resolver's job, so an
/// unknown or misplaced directive is an `unknown-directive`, not a parse error, and the
/// formatter can lay out any well-formed file. (Only error recovery knows the declaration
/// keywords; see `Parser`.) Ranges are byte offsets into `file`.
public struct SyntaxFile: Sendable {
  public let file: SourceFile
  /// The directives, stored flat (see `SyntaxTree`).
  let tree: SyntaxTree
  /// Every comment in the file, in order.
  public var comments: [Comment]
  /// Whether the file ends inside an unterminated block comment (diagnosed), so declarations
  /// after it may be missing from `directives`.
  public var endsInsideComment = false

  init(tree: SyntaxTree, comments: [Comment], endsInsideComment: Bool) {
    self.file = tree.file
    self.tree = tree
    self.comments = comments
    self.endsInsideComment = endsInsideComment
  }

  /// A file of comments only: for what reads comments and never the directives.
  public init(file: SourceFile, comments: [Comment]) {
    self.init(tree: SyntaxTree(file: file), comments: comments, endsInsideComment: false)
  }

  /// The top-level directives, in order.
  public var directives: DirectiveList { DirectiveList(tree: tree, nodes: 0..<tree.nodes.count) }

  /// The file with its comments only, for what reads comments after the tree is let go.
  var withoutDirectives: SyntaxFile {
    SyntaxFile(
      tree: SyntaxTree(file: file), comments: comments, endsInsideComment: endsInsideComment)
  }
}

/// The directives of a file, flat: one array of nodes in pre-order and one array of
/// arguments, with no `String` and no array per node.
///
/// A large file has a directive every few dozen bytes; as a tree of structs, each directive
/// and each block had its own arrays (a header, malloc overhead and growth slack each) and a
/// `String` per name and value, several times the size of the source. Here a node is a few
/// integers, and a name's or value's text is its bytes in `file`, made into a `String` only
/// when asked (`DirectiveSyntax` and `ArgumentList` are views that do so).
///
/// Immutable once built (`SyntaxTreeBuilder`), so it is shared by reference between the views
/// and the threads that read it.
final class SyntaxTree: Sendable {
  let file: SourceFile
  /// Every directive, in pre-order: a directive's block holds the nodes after it up to its
  /// `subtreeEnd`.
  let nodes: [DirectiveNode]
  let arguments: [ArgumentNode]
  /// The decoded text of the string literals whose text is not their bytes between the quotes
  /// (escapes, invalid UTF-8), by argument index: most strings need no entry.
  let decodedStrings: [Int32: String]

  init(
    file: SourceFile, nodes: [DirectiveNode] = [], arguments: [ArgumentNode] = [],
    decodedStrings: [Int32: String] = [:]
  ) {
    self.file = file
    self.nodes = nodes
    self.arguments = arguments
    self.decodedStrings = decodedStrings
  }

  /// Another reference to the same nodes, for a thread of its own.
  ///
  /// Every view retains and releases its tree as it is copied, and two threads doing so on one
  /// object contend for its reference count (a cache line passed back and forth), which cost
  /// the resolver's second pass on two threads more than it saved. The arrays are shared, not
  /// copied.
  func forAnotherThread() -> SyntaxTree {
    SyntaxTree(file: file, nodes: nodes, arguments: arguments, decodedStrings: decodedStrings)
  }

  /// The text of argument `index`, as the parser saw it: a string's decoded contents, or
  /// the source text of any other value.
  func text(ofArgument index: Int) -> String {
    let (decoded, bytes) = textSource(ofArgument: index)
    return decoded ?? file.text(bytes)
  }

  /// Where the text of argument `index` is, without making it: a literal's decoded text when
  /// it has escapes, else the bytes that are its text (a literal's without its quotes).
  func textSource(ofArgument index: Int) -> (decoded: String?, bytes: Range<Int>) {
    let argument = arguments[index]
    guard argument.isStringLike(in: file) else { return (nil, argument.range.range) }
    // Most files have no escape at all: no hashing then.
    let decoded = decodedStrings.isEmpty ? nil : decodedStrings[Int32(index)]
    return (decoded, file.stringLiteralContents(argument.range.range))
  }
}

/// One directive of a `SyntaxTree`: 32 bytes.
struct DirectiveNode: Hashable, Sendable {
  var name: PackedRange
  /// The directive's arguments: `SyntaxTree.arguments[firstArgument..<firstArgument + count]`.
  var firstArgument: Int32
  var argumentCount: Int32
  /// The index one past the directive's subtree: its next sibling's, if it has one.
  var subtreeEnd: Int32
  /// Where the `{` is, if the block has one.
  private var leftBraceOffset: UInt32 = 0
  private var rightBraceOffset: OptionalByteOffset = OptionalByteOffset(nil)
  /// `.identifier`, or `.invalid` for a malformed word (reported by the lexer).
  var nameKind: Token.Kind
  private var blockKind = BlockKind.none

  /// Whether the directive has a block, and how it was opened.
  private enum BlockKind: UInt8, Hashable, Sendable {
    case none
    case braced
    /// The `{` was missing (diagnosed) and the block was recovered from indentation.
    case implicit
  }

  init(name: PackedRange, nameKind: Token.Kind, firstArgument: Int32, subtreeEnd: Int32) {
    self.name = name
    self.nameKind = nameKind
    self.firstArgument = firstArgument
    self.argumentCount = 0
    self.subtreeEnd = subtreeEnd
  }

  var hasBlock: Bool { blockKind != .none }

  /// From the name to the end of the last argument: `arguments` are the tree's (or, while it
  /// is built, the builder's).
  func headRange(arguments: [ArgumentNode]) -> Range<Int> {
    let name = name.range
    guard argumentCount > 0 else { return name }
    let last = arguments[Int(firstArgument + argumentCount - 1)]
    return name.lowerBound..<last.range.range.upperBound
  }

  /// `nil` when the directive has no block; an empty range at `headEnd` when the `{` was
  /// missing (diagnosed) and the block was recovered from indentation.
  func leftBrace(headEnd: Int) -> Range<Int>? {
    switch blockKind {
    case .none: nil
    case .braced: Int(leftBraceOffset)..<Int(leftBraceOffset) + 1
    case .implicit: headEnd..<headEnd
    }
  }

  /// `nil` when there is no block, or the file ended before it was closed (diagnosed).
  var rightBrace: Range<Int>? { rightBraceOffset.range }

  /// Gives the directive a block: a `{` (one byte) or, when it was missing, `nil`.
  mutating func setBlock(leftBrace: Range<Int>?, rightBrace: Range<Int>?) {
    blockKind = leftBrace == nil ? .implicit : .braced
    leftBraceOffset = UInt32(clamping: leftBrace?.lowerBound ?? 0)
    rightBraceOffset = OptionalByteOffset(rightBrace)
  }

  mutating func removeBlock() {
    blockKind = .none
    leftBraceOffset = 0
    rightBraceOffset = OptionalByteOffset(nil)
  }
}

/// One argument of a `SyntaxTree`: 16 bytes.
struct ArgumentNode: Hashable, Sendable {
  var range: PackedRange
  private var commaOffset: OptionalByteOffset
  var kind: Token.Kind

  init(range: PackedRange, kind: Token.Kind) {
    self.range = range
    self.commaOffset = OptionalByteOffset(nil)
    self.kind = kind
  }

  /// The comma after the value, if any.
  var comma: Range<Int>? {
    get { commaOffset.range }
    set { commaOffset = OptionalByteOffset(newValue) }
  }

  /// Whether the value's text is a string's contents rather than its source: a string
  /// literal, or a malformed one (reported by the lexer).
  func isStringLike(in file: SourceFile) -> Bool {
    kind == .string || (kind == .invalid && file.isStringLiteral(range.range))
  }
}
