/// Whether a custom left bar button replaces the system back button (`leftBarButton …`).
///
/// UIKit refuses to begin a swipe-back on a screen with a custom left item, which is why
/// the policy needs to know.
public enum LeftBarButton: String, CaseIterable, Hashable, Sendable {
  case none
  case custom
}
