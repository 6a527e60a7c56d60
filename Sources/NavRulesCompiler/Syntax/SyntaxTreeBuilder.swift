/// Grows the flat arrays of a `SyntaxTree`: the parser appends a directive when it meets its
/// name and closes its block when it has read it, so the nodes come out in pre-order.
struct SyntaxTreeBuilder {
  let file: SourceFile
  private(set) var nodes: [DirectiveNode] = []
  private(set) var arguments: [ArgumentNode] = []
  private var decodedStrings: [Int32: String] = [:]

  init(file: SourceFile) {
    self.file = file
  }

  /// The tree, from here on immutable.
  func build() -> SyntaxTree {
    SyntaxTree(file: file, nodes: nodes, arguments: arguments, decodedStrings: decodedStrings)
  }

  /// Starts a directive (without arguments or block yet); returns its index.
  mutating func appendDirective(name: Token) -> Int {
    let index = nodes.count
    nodes.append(
      DirectiveNode(
        name: PackedRange(name.range), nameKind: name.kind,
        firstArgument: Int32(arguments.count), subtreeEnd: Int32(index + 1)))
    return index
  }

  /// Appends a value to the arguments of the last directive started: the arguments of a
  /// directive are read before any directive of its block is. The directive counts them
  /// once they are all read (`endArguments()`), not one write into its node each.
  mutating func appendArgument(_ token: Token, decodedText: String?) {
    let index = arguments.count
    let argument = ArgumentNode(range: PackedRange(token.range), kind: token.kind)
    arguments.append(argument)
    // A string is kept as its bytes; the lexer decodes a text only when it is not them.
    if let decodedText { decodedStrings[Int32(index)] = decodedText }
  }

  /// Gives the last directive started the arguments appended since it was.
  mutating func endArguments() {
    let last = nodes.count - 1
    nodes[last].argumentCount = Int32(arguments.count) - nodes[last].firstArgument
  }

  /// The comma after the last argument of the last directive started, if any.
  var lastArgumentComma: Range<Int>? {
    get { arguments.last?.comma }
    set { arguments[arguments.count - 1].comma = newValue }
  }

  /// Gives directive `index` a block holding every node appended after it; `leftBrace` is
  /// `nil` when the `{` was missing.
  mutating func closeBlock(of index: Int, leftBrace: Range<Int>?, rightBrace: Range<Int>?) {
    nodes[index].setBlock(leftBrace: leftBrace, rightBrace: rightBrace)
    nodes[index].subtreeEnd = Int32(nodes.count)
  }

  /// Takes directive `index`'s block away; the directives of its block become its siblings.
  mutating func removeBlock(of index: Int) {
    nodes[index].removeBlock()
    nodes[index].subtreeEnd = Int32(index + 1)
  }

  /// The last child of the block directive `index` is reading (its nodes up to the end), if any.
  func lastChild(ofOpenBlock index: Int) -> Int? {
    var child = index + 1
    guard child < nodes.count else { return nil }
    while Int(nodes[child].subtreeEnd) < nodes.count { child = Int(nodes[child].subtreeEnd) }
    return child
  }

  /// How many nodes and arguments the tree has: a point to go back to.
  struct Mark {
    var nodes: Int
    var arguments: Int
  }

  var mark: Mark { Mark(nodes: nodes.count, arguments: arguments.count) }

  /// Removes what was appended after `mark`, which was taken between top-level statements:
  /// nothing before it refers to what follows it.
  mutating func rollBack(to mark: Mark) {
    nodes.removeSubrange(mark.nodes...)
    arguments.removeSubrange(mark.arguments...)
    decodedStrings = decodedStrings.filter { $0.key < mark.arguments }
  }

  /// Room for `nodes` directives and `arguments` arguments, so they are not grown by copies.
  mutating func reserveCapacity(nodes: Int, arguments: Int) {
    self.nodes.reserveCapacity(nodes)
    self.arguments.reserveCapacity(arguments)
  }
}
