/// The numbers of a `NavigatorExploration`'s frames, path edges and groups: each its own type,
/// so that a frame is never read where a path edge is meant, stored as one `Int32` (the
/// exploration's records and lists hold millions of them).
protocol ExplorationID: PackedNumber, Hashable, Comparable {}

extension ExplorationID {
  init(_ index: Int) { self.init(raw: Int32(truncatingIfNeeded: index)) }

  /// The number as an index into the exploration's tables.
  var index: Int { Int(raw) }

  /// The value of a record's field that has no number yet (a frame not entered, a path edge
  /// not explored, no cancelled swipe); never handed out by `NavigatorExploration`'s
  /// accessors.
  static var absent: Self { Self(raw: -1) }

  var isAbsent: Bool { raw < 0 }

  static func < (lhs: Self, rhs: Self) -> Bool { lhs.raw < rhs.raw }
}

extension NavigatorExploration {
  /// A frame: a screen pushed onto another (or launched as the root) with a navigator state.
  struct FrameID: ExplorationID {
    var raw: Int32

    /// The root frame, the root at depth 1: the first made.
    static let root = FrameID(raw: 0)
  }

  /// A path edge: a frame and the state its top is idle in.
  struct EdgeID: ExplorationID {
    var raw: Int32
  }

  /// A group: the path edges that agree on their top screen, whether it is the root at depth
  /// 1, and their state.
  struct GroupID: ExplorationID {
    var raw: Int32
  }
}
