/// A minimum deployment target (`platform iOS 13.0`).
public struct PlatformVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The oldest iOS a rule file may target.
  public static let minimum = PlatformVersion(12, 0)
  /// The deployment target when a module declares none.
  public static let `default` = PlatformVersion(15, 0)

  public var major: Int
  public var minor: Int
  public var patch: Int

  public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
    self.major = major
    self.minor = minor
    self.patch = patch
  }

  public static func < (lhs: PlatformVersion, rhs: PlatformVersion) -> Bool {
    (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
  }

  public var description: String {
    patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)"
  }
}
