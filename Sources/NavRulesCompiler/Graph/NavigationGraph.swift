/// The navigation graph of a module, as `navrc graph` draws it: screens and navigators, push,
/// present and root edges, and the problems found in each declaration.
public struct NavigationGraph: Sendable {
  public enum NodeKind: String, Sendable {
    case screen
    case navigator
  }

  public struct Node: Sendable, Equatable {
    public var kind: NodeKind
    public var name: String
    /// The navigators this screen is the root of.
    public var rootOf: [String] = []
    /// The diagnostics reported inside the declaration, as `severity: message [id]` lines.
    public var problems: [String] = []
    public var errors = 0
    public var warnings = 0

    /// A stable identifier, unique across kinds (a screen and a navigator may share a name).
    public var id: String { "\(kind.rawValue)_\(name)" }
  }

  public enum EdgeKind: String, Sendable {
    case root
    case push
    case present
  }

  public struct Edge: Sendable, Equatable {
    public var from: String
    public var to: String
    public var kind: EdgeKind

    public init(from: String, to: String, kind: EdgeKind) {
      self.from = from
      self.to = to
      self.kind = kind
    }
  }

  /// Navigators first, then screens, each in declaration order (files in sorted order).
  public var nodes: [Node] = []
  /// Root edges, then each screen's pushes and presents, in declaration order; no repeats.
  public var edges: [Edge] = []

  public init(_ compilation: Compilation) {
    let module = compilation.module
    var index: [String: Int] = [:]
    for navigator in module.navigators {
      index[NodeKind.navigator.rawValue + "_" + navigator.name] = nodes.count
      nodes.append(Node(kind: .navigator, name: navigator.name))
    }
    for screen in module.screens {
      index[NodeKind.screen.rawValue + "_" + screen.name] = nodes.count
      nodes.append(Node(kind: .screen, name: screen.name))
    }
    var seen: Set<String> = []
    func add(_ edge: Edge) {
      if seen.insert("\(edge.from)>\(edge.to)>\(edge.kind)").inserted { edges.append(edge) }
    }
    for navigator in module.navigators {
      guard let root = navigator.root?.value else { continue }
      let screen = module[root].name
      nodes[index["screen_" + screen]!].rootOf.append(navigator.name)
      add(Edge(from: "navigator_" + navigator.name, to: "screen_" + screen, kind: .root))
    }
    for screen in module.screens {
      for push in screen.pushes {
        add(
          Edge(from: "screen_" + screen.name, to: "screen_" + module[push.value].name, kind: .push))
      }
      for present in screen.presents {
        add(
          Edge(
            from: "screen_" + screen.name, to: "navigator_" + module[present.value].name,
            kind: .present))
      }
    }
    // Problems: the diagnostics inside each `screen NAME { … }` or `navigator NAME { … }`,
    // found by binary search among each file's declarations (in source order, disjoint), so
    // many diagnostics among many declarations do not cost their product.
    var declarations: [ObjectIdentifier: [(range: Range<Int>, node: Int)]] = [:]
    for syntax in compilation.syntax {
      for directive in syntax.directives {
        guard let kind = NodeKind(rawValue: directive.nameText),
          let name = directive.arguments.first?.value, name.kind == .identifier,
          let node = index[kind.rawValue + "_" + name.text]
        else { continue }
        declarations[ObjectIdentifier(syntax.file), default: []].append((directive.range, node))
      }
    }
    for diagnostic in compilation.diagnostics {
      let offset = diagnostic.range.bytes.lowerBound
      guard let inFile = declarations[ObjectIdentifier(diagnostic.range.file)] else { continue }
      var low = 0
      var high = inFile.count
      while low < high {
        let mid = (low + high) / 2
        if inFile[mid].range.lowerBound <= offset { low = mid + 1 } else { high = mid }
      }
      guard low > 0, inFile[low - 1].range.contains(offset) else { continue }
      let declaration = inFile[low - 1]
      nodes[declaration.node].problems.append(
        "\(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.id.rawValue)]")
      if diagnostic.severity == .error {
        nodes[declaration.node].errors += 1
      } else {
        nodes[declaration.node].warnings += 1
      }
    }
  }

  /// `1 error, 2 warnings`, or `nil` when the node has no problem.
  static func summary(_ node: Node) -> String? {
    var parts: [String] = []
    if node.errors > 0 { parts.append("\(node.errors) \(node.errors == 1 ? "error" : "errors")") }
    if node.warnings > 0 {
      parts.append("\(node.warnings) \(node.warnings == 1 ? "warning" : "warnings")")
    }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }
}
