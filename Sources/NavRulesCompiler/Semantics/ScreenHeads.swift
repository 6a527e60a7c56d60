/// The heads of a file's well-formed screen declarations (`screen NAME { … }`), read on all
/// threads ahead of pass 1.
///
/// Pass 1 declares in source order, on one thread: the first declaration of a name gets it,
/// and a later one is a duplicate. Most of what it did for each screen does not depend on
/// that order: matching the keyword, checking the head, making the name's `String` and
/// hashing its bytes. In a large file that is done here first, on all threads, and the
/// ordered part, the name table, is left to the one.
struct ScreenHeads {
  /// What pass 1 needs of a well-formed screen declaration.
  struct Head {
    /// The name, as `Resolver.declaredName` finds it.
    var name: Range<Int>
    /// The name's text, as `SourceFile.text` makes it.
    var text: String
    /// The name's `NameTable.hash`.
    var hash: UInt64
  }

  /// The file's top-level directives' nodes, in order.
  let nodes: [Int32]
  /// By top-level directive: its head, if it is a screen declaration whose head pass 1 would
  /// accept without a diagnostic (`Resolver.declaredName`); nil for any other directive.
  let heads: [Head?]

  /// The heads of `tree`'s top-level directives, read on `threads` threads.
  init(tree: SyntaxTree, threads: Int) {
    // Every node is read, in order, and nothing waits on a test of what was read: stepping
    // from sibling to sibling waited for one node after another, and so did a branch on each
    // node; reads in order stream.
    let nodes = tree.nodes.withUnsafeBufferPointer { directives in
      [Int32](unsafeUninitializedCapacity: directives.count) { found, count in
        var siblingStart = 0
        var next = 0
        for node in directives.indices {
          let subtreeEnd = Int(directives[node].subtreeEnd)
          // Written at every node, kept (by moving on) only at a sibling's start.
          found[next] = Int32(node)
          let isStart = node == siblingStart
          next &+= isStart ? 1 : 0
          siblingStart = isStart ? subtreeEnd : siblingStart
        }
        count = next
      }
    }
    self.nodes = nodes
    heads = tree.file.bytes.withUnsafeBufferPointer { bytes in
      tree.nodes.withUnsafeBufferPointer { directives in
        tree.arguments.withUnsafeBufferPointer { arguments in
          // Through buffers, read by every thread: reading the arrays through `tree` on each
          // thread would write their reference counts, shared between the cores.
          let source = Source(bytes: bytes, directives: directives, arguments: arguments)
          return ParallelArray.map(count: nodes.count, parts: threads) {
            source.head(ofNode: Int(nodes[$0]))
          }
        }
      }
    }
  }

  /// The buffers a head is read from.
  ///
  /// `@unchecked Sendable`: the buffers are only read, while the arrays they view are kept
  /// alive and unchanged by `init`.
  private struct Source: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
    let directives: UnsafeBufferPointer<DirectiveNode>
    let arguments: UnsafeBufferPointer<ArgumentNode>

    /// The head of the directive at `node`, if `Resolver.declaredName` would take its name
    /// as it is: one identifier, no comma, a block. Anything else, well formed or not, is
    /// left to `Resolver.declare`.
    func head(ofNode node: Int) -> Head? {
      let directive = directives[node]
      guard directive.argumentCount == 1, directive.hasBlock else { return nil }
      let keyword = UnsafeBufferPointer(rebasing: bytes[directive.name.range])
      guard DirectiveKeyword(keyword) == .screen else { return nil }
      let argument = arguments[Int(directive.firstArgument)]
      guard argument.kind == .identifier, argument.comma == nil else { return nil }
      let name = argument.range.range
      // An identifier is ASCII, so its text is its bytes (as `SourceFile.text` makes it).
      let bytes = UnsafeBufferPointer(rebasing: bytes[name])
      return Head(
        name: name, text: String(decoding: bytes, as: UTF8.self), hash: NameTable.hash(bytes))
    }
  }
}
