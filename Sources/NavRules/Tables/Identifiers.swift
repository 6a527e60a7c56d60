/// A screen of a `RuleBook`: its index in `RuleBook.screens`.
///
/// Apps rarely write these: generated code names screens through its `Screen` enum, and
/// `NavigationRuleSet.id(_:)` turns a case into an id.
public struct ScreenID: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var index: Int

  public init(_ index: Int) { self.index = index }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.index < rhs.index }
  public var description: String { "screen #\(index)" }
}

/// A navigator of a `RuleBook`: its index in `RuleBook.navigators`.
public struct NavigatorID: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var index: Int

  public init(_ index: Int) { self.index = index }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.index < rhs.index }
  public var description: String { "navigator #\(index)" }
}

/// A named style of a `RuleBook`: its index in `RuleBook.styles`.
public struct StyleID: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var index: Int

  public init(_ index: Int) { self.index = index }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.index < rhs.index }
  public var description: String { "style #\(index)" }
}
