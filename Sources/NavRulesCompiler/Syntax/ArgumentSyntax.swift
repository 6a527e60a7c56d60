/// A directive's arguments: a view of a run of a `SyntaxTree`'s argument nodes, whose
/// elements are made when read.
public struct ArgumentList: RandomAccessCollection, Equatable, Sendable {
  let tree: SyntaxTree
  /// The argument nodes, in `tree.arguments`.
  let arguments: Range<Int>

  public var startIndex: Int { 0 }
  public var endIndex: Int { arguments.count }

  public subscript(position: Int) -> ArgumentSyntax {
    let index = arguments.lowerBound + position
    let node = tree.arguments[index]
    return ArgumentSyntax(
      value: ValueSyntax(
        kind: node.kind, range: node.range.range, text: tree.text(ofArgument: index)),
      comma: node.comma)
  }

  /// Where the text of argument `position` is, without making it (`SyntaxTree.textSource`).
  func textSource(at position: Int) -> (decoded: String?, bytes: Range<Int>) {
    tree.textSource(ofArgument: arguments.lowerBound + position)
  }

  /// The kind of argument `position`, read from its node without making its text.
  func kind(at position: Int) -> Token.Kind { tree.arguments[arguments.lowerBound + position].kind }

  /// The range of argument `position`, read from its node without making its text.
  func range(at position: Int) -> Range<Int> {
    tree.arguments[arguments.lowerBound + position].range.range
  }

  /// The comma after argument `position`, if any, read from its node.
  func comma(at position: Int) -> Range<Int>? {
    tree.arguments[arguments.lowerBound + position].comma
  }

  /// Whether an argument is malformed (and diagnosed by the lexer already), asked of the
  /// nodes: reading the arguments would make their texts. (Through a buffer pointer: a slice,
  /// or a closure reading the array per index, retains its storage, which the resolver's
  /// threads share.)
  public var containsInvalid: Bool {
    tree.arguments.withUnsafeBufferPointer { nodes in
      for index in arguments where nodes[index].kind == .invalid { return true }
      return false
    }
  }

  public static func == (lhs: ArgumentList, rhs: ArgumentList) -> Bool {
    lhs.elementsEqual(rhs)
  }
}

/// One argument value, and the comma that follows it if any.
public struct ArgumentSyntax: Hashable, Sendable {
  public var value: ValueSyntax
  public var comma: Range<Int>?

  init(value: ValueSyntax, comma: Range<Int>?) {
    self.value = value
    self.comma = comma
  }

  public var range: Range<Int> { value.range }
}

/// A value token with its text: the identifier or literal as written, or a string's decoded
/// contents.
///
/// Made when an `ArgumentList` is read, text and all: the resolver reads a value's text
/// several times, but only the values it reads.
public struct ValueSyntax: Hashable, Sendable {
  public var kind: Token.Kind
  public var range: Range<Int>
  public var text: String

  init(kind: Token.Kind, range: Range<Int>, text: String) {
    self.kind = kind
    self.range = range
    self.text = text
  }

  /// Whether the value was malformed and has been diagnosed by the lexer already.
  public var isInvalid: Bool { kind == .invalid }
}
