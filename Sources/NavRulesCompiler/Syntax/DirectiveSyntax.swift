/// `name argument* block?`, as in `push Detail, Web`, `screen Home { … }` or
/// `on viewDidAppear { popGesture disabled }`.
///
/// A view of one node of a `SyntaxTree`: a reference and an index, so a tree of millions of
/// directives holds no struct per directive beyond its node. Two views are equal when they
/// say the same thing at the same places, whichever trees they come from.
public struct DirectiveSyntax: Equatable, Sendable {
  let tree: SyntaxTree
  let index: Int

  private var node: DirectiveNode { tree.nodes[index] }

  public var name: Token { Token(node.nameKind, node.name.range) }

  /// The name as written; made on each call, so compare with `hasName(_:)` where it is hot.
  public var nameText: String { tree.file.text(node.name.range) }

  /// Whether the name is `word`, compared in place.
  public func hasName(_ word: StaticString) -> Bool {
    tree.file.hasText(word, in: node.name.range)
  }

  /// Calls `body` with the name's bytes in the source: for a reader that matches the name
  /// without making its `String`.
  func withNameBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    let range = node.name.range
    return tree.file.bytes.withUnsafeBufferPointer {
      body(UnsafeBufferPointer(rebasing: $0[range]))
    }
  }

  public var arguments: ArgumentList {
    let node = node
    let start = Int(node.firstArgument)
    return ArgumentList(tree: tree, arguments: start..<start + Int(node.argumentCount))
  }

  public var block: BlockSyntax? { node.hasBlock ? BlockSyntax(tree: tree, owner: index) : nil }

  /// Whether the directive has a block, asked of its node: `block` makes a view.
  var hasBlock: Bool { node.hasBlock }

  /// From the name to the last argument or the closing brace.
  ///
  /// Read from the node when the block was closed (nearly always): the resolver asks for the
  /// range of every directive it keeps, and the block's view would find its `{` through a
  /// second view of this directive.
  public var range: Range<Int> {
    let node = node
    let start = node.name.range.lowerBound
    guard node.hasBlock else { return start..<node.headRange(arguments: tree.arguments).upperBound }
    if let rightBrace = node.rightBrace { return start..<rightBrace.upperBound }
    return start..<BlockSyntax(tree: tree, owner: index).range.upperBound
  }

  /// The range of the name and the arguments, without the block.
  public var headRange: Range<Int> { node.headRange(arguments: tree.arguments) }

  public static func == (lhs: DirectiveSyntax, rhs: DirectiveSyntax) -> Bool {
    lhs.name == rhs.name && lhs.arguments == rhs.arguments && lhs.block == rhs.block
  }
}

/// `{ directive* }`: a view of the block of a `SyntaxTree` node.
public struct BlockSyntax: Equatable, Sendable {
  let tree: SyntaxTree
  /// The index of the directive the block belongs to.
  let owner: Int

  /// The `{`; an empty range at the end of the directive's head when the `{` was missing
  /// (diagnosed) and the block was recovered from indentation.
  public var leftBrace: Range<Int> {
    let directive = DirectiveSyntax(tree: tree, index: owner)
    return tree.nodes[owner].leftBrace(headEnd: directive.headRange.upperBound) ?? 0..<0
  }

  public var directives: DirectiveList {
    DirectiveList(tree: tree, nodes: owner + 1..<Int(tree.nodes[owner].subtreeEnd))
  }

  /// `nil` when the file ended before the block was closed (diagnosed).
  public var rightBrace: Range<Int>? { tree.nodes[owner].rightBrace }

  public var range: Range<Int> {
    leftBrace
      .lowerBound..<(rightBrace?.upperBound ?? directives.last?.range.upperBound
      ?? leftBrace.upperBound)
  }

  public static func == (lhs: BlockSyntax, rhs: BlockSyntax) -> Bool {
    lhs.leftBrace == rhs.leftBrace && lhs.rightBrace == rhs.rightBrace
      && lhs.directives == rhs.directives
  }
}

/// The directives of a file or a block, in order: a view of a run of a `SyntaxTree`'s nodes,
/// stepping from each directive to the node after its subtree, its next sibling.
///
/// A forward collection only (positions are node indices, not offsets): `count` and `last`
/// walk the siblings.
public struct DirectiveList: Collection, Equatable, Sendable {
  let tree: SyntaxTree
  /// The nodes of the directives and of their subtrees.
  let nodes: Range<Int>

  /// A directive's node index.
  public struct Index: Comparable, Sendable {
    let node: Int
    public static func < (lhs: Index, rhs: Index) -> Bool { lhs.node < rhs.node }
  }

  public var startIndex: Index { Index(node: nodes.lowerBound) }
  public var endIndex: Index { Index(node: nodes.upperBound) }

  public func index(after position: Index) -> Index {
    Index(node: Int(tree.nodes[position.node].subtreeEnd))
  }

  public subscript(position: Index) -> DirectiveSyntax {
    DirectiveSyntax(tree: tree, index: position.node)
  }

  public var isEmpty: Bool { nodes.isEmpty }

  /// The last directive, found by walking the siblings.
  public var last: DirectiveSyntax? {
    var last: Index?
    var position = startIndex
    while position < endIndex {
      last = position
      position = index(after: position)
    }
    return last.map { self[$0] }
  }

  public static func == (lhs: DirectiveList, rhs: DirectiveList) -> Bool {
    lhs.elementsEqual(rhs)
  }
}
