#if canImport(UIKit)
  import UIKit

  extension BarAppearance {
    /// A new `UINavigationBarAppearance` configured as declared (iOS 13 API only).
    @MainActor
    func navigationBarAppearance(tint: UIColor) -> UINavigationBarAppearance {
      let appearance = UINavigationBarAppearance()
      switch background {
      case nil, .default?: appearance.configureWithDefaultBackground()
      case .opaque?: appearance.configureWithOpaqueBackground()
      case .transparent?: appearance.configureWithTransparentBackground()
      }
      if let backgroundColor { appearance.backgroundColor = backgroundColor.uiColor(tint: tint) }
      if let title { appearance.titleTextAttributes = title.textAttributes(tint: tint) }
      return appearance
    }
  }

#endif
