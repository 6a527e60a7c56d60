/// Whether the navigation bar is shown while a screen is on top (`navigationBar …`).
public enum BarVisibility: String, CaseIterable, Hashable, Sendable {
  case visible
  case hidden

  public var isHidden: Bool { self == .hidden }
}
