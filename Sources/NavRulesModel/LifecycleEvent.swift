/// The five `UIViewController` appearance callbacks a hook can attach to.
///
/// The declaration order is the order in which a single screen goes through them when it is
/// pushed and later popped; transitions interleave two screens' events (see `Transition`).
public enum LifecycleEvent: String, CaseIterable, Hashable, Sendable {
  case viewDidLoad
  case viewWillAppear
  case viewDidAppear
  case viewWillDisappear
  case viewDidDisappear
}
