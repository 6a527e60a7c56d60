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

  extension UINavigationBar {
    /// Writes one of the bar's appearance slots: shared by every screen, as app code's write.
    @MainActor
    func setAppearance(_ appearance: UINavigationBarAppearance, for slot: BarAppearanceSlot) {
      switch slot {
      case .standard: standardAppearance = appearance
      case .compact: compactAppearance = appearance
      case .scrollEdge: scrollEdgeAppearance = appearance
      case .compactScrollEdge:
        if #available(iOS 15, *) { compactScrollEdgeAppearance = appearance }
      }
    }
  }

  extension UINavigationItem {
    /// Writes one of the item's appearance slots: this screen's alone, put back by UIKit on
    /// every transition and preferred to the bar's.
    @MainActor
    func setAppearance(_ appearance: UINavigationBarAppearance, for slot: BarAppearanceSlot) {
      switch slot {
      case .standard: standardAppearance = appearance
      case .compact: compactAppearance = appearance
      case .scrollEdge: scrollEdgeAppearance = appearance
      case .compactScrollEdge:
        if #available(iOS 15, *) { compactScrollEdgeAppearance = appearance }
      }
    }
  }
#endif
