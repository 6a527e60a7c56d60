/// Who inherits from whom among an app's classes, resolved once for all of them: each class's
/// superclass, the facts its chain of superclasses decides (whether it reaches a UIKit view
/// or navigation controller), and an order of the classes that answers "does A inherit from
/// B?" in O(1).
///
/// Hostile code (a pull request, a generated file) may hold a chain of 10,000 classes or a
/// cycle (`class A: B`, `class B: A`, which the compiler rejects): everything here is
/// O(classes) time and memory, whatever the depth, where keeping each class's chain whole was
/// O(classes × depth) (docs/robustness.md has the figures). A class in a cycle
/// has no superclass here: it reaches no UIKit class, so it is no screen, and the cycle is
/// reported (`cycles`) rather than followed.
struct ClassLineage {
  /// A class's place in the lineage.
  struct Node {
    var superclass: String?
    /// The nearest class above this one (itself excluded) that has methods or properties:
    /// walks that look at members skip the empty classes between.
    var nextWithMembers: String?
    var reachesNavigationController = false
    var reachesViewController = false
    /// Whether a class of the chain is declared in two targets.
    var isAmbiguous = false
    /// Its place in a depth-first walk of the inheritance forest: a class inherits from
    /// another when its interval lies within the other's.
    var entered = 0
    var left = 0
  }

  private(set) var nodes: [String: Node] = [:]
  /// The cycles found, each class of a cycle once, in declaration order.
  private(set) var cycles: [[String]] = []

  init() {}

  /// - Parameters:
  ///   - names: the classes, in declaration order.
  ///   - superclass: a class's superclass, nil where its chain ends.
  ///   - hasMembers: whether a class has methods or properties of its own.
  ///   - isNavigationController, isViewController: UIKit's classes of each kind.
  init(
    _ names: [String], superclass: (String) -> String?, hasMembers: (String) -> Bool,
    isNavigationController: (String) -> Bool, isViewController: (String) -> Bool
  ) {
    var order: [String] = []
    for name in names where nodes[name] == nil {
      nodes[name] = Node(superclass: superclass(name))
      order.append(name)
    }
    // The superclasses the app does not declare (UIKit's) end their chains.
    for name in order {
      if let up = nodes[name]!.superclass, nodes[up] == nil {
        nodes[up] = Node()
        order.append(up)
      }
    }
    cutCycles(order)
    // Parents before children, each class once: the facts flow down, the intervals nest.
    var children: [String: [String]] = [:]
    var roots: [String] = []
    for name in order {
      if let up = nodes[name]!.superclass {
        children[up, default: []].append(name)
      } else {
        roots.append(name)
      }
    }
    var clock = 0
    for root in roots {
      var stack: [(name: String, next: Int)] = [(root, 0)]
      enter(root, clock: &clock, hasMembers, isNavigationController, isViewController)
      while let (name, next) = stack.last {
        let below = children[name] ?? []
        if next < below.count {
          stack[stack.count - 1].next += 1
          enter(below[next], clock: &clock, hasMembers, isNavigationController, isViewController)
          stack.append((below[next], 0))
        } else {
          nodes[name]!.left = clock
          clock += 1
          stack.removeLast()
        }
      }
    }
  }

  private mutating func enter(
    _ name: String, clock: inout Int, _ hasMembers: (String) -> Bool,
    _ isNavigationController: (String) -> Bool, _ isViewController: (String) -> Bool
  ) {
    var node = nodes[name]!
    let above = node.superclass.flatMap { nodes[$0] }
    node.entered = clock
    clock += 1
    node.nextWithMembers =
      node.superclass.map { hasMembers($0) ? $0 : above?.nextWithMembers } ?? nil
    node.reachesNavigationController =
      isNavigationController(name) || above?.reachesNavigationController == true
    node.reachesViewController = isViewController(name) || above?.reachesViewController == true
    nodes[name] = node
  }

  /// Each class's superclass walked once: a walk that comes back to a class of its own path
  /// has found a cycle, whose classes lose their superclass.
  private mutating func cutCycles(_ order: [String]) {
    var state: [String: Bool] = [:]  // false: on the current path; true: done.
    for start in order where state[start] == nil {
      var path: [String] = []
      var current: String? = start
      while let name = current, state[name] == nil {
        state[name] = false
        path.append(name)
        current = nodes[name]?.superclass
      }
      if let name = current, state[name] == false, let first = path.firstIndex(of: name) {
        let cycle = Array(path[first...])
        for member in cycle { nodes[member]!.superclass = nil }
        cycles.append(cycle)
      }
      for name in path { state[name] = true }
    }
  }

  /// Marks the classes whose chain holds one of `names` as ambiguous (parents before
  /// children, as in the walk).
  mutating func markAmbiguous(_ names: Set<String>) {
    guard !names.isEmpty else { return }
    for name in nodes.keys.sorted(by: { nodes[$0]!.entered < nodes[$1]!.entered }) {
      let up = nodes[name]!.superclass.flatMap { nodes[$0] }
      nodes[name]!.isAmbiguous = names.contains(name) || up?.isAmbiguous == true
    }
  }

  subscript(name: String) -> Node? { nodes[name] }

  /// Whether `name` is `ancestor` or inherits from it.
  func inherits(_ name: String, from ancestor: String) -> Bool {
    if name == ancestor { return true }
    guard let node = nodes[name], let other = nodes[ancestor] else { return false }
    return other.entered < node.entered && node.left < other.left
  }
}

/// A class and its superclasses, the class first, walked one link at a time (O(1) memory).
struct ClassChain: Sequence, IteratorProtocol {
  private let lineage: ClassLineage
  private var upcoming: String?
  /// Whether only classes with members are walked (after the first).
  private let membersOnly: Bool

  init(_ lineage: ClassLineage, from name: String, membersOnly: Bool) {
    self.lineage = lineage
    self.upcoming = name
    self.membersOnly = membersOnly
  }

  mutating func next() -> String? {
    guard let current = upcoming else { return nil }
    let node = lineage[current]
    upcoming = membersOnly ? node?.nextWithMembers : node?.superclass
    return current
  }
}
