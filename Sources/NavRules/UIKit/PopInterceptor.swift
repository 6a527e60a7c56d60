#if canImport(UIKit)
  import UIKit

  /// A view controller of a `back intercept` screen: asked before a back tap pops it and
  /// before a swipe-back may begin. Never asked for pops made in code.
  @MainActor
  public protocol PopInterceptor: AnyObject {
    func shouldPop(trigger: PopTrigger) -> Bool
  }
#endif
