#if canImport(UIKit)
  import UIKit

  /// Writes the title attributes the rules declare where UIKit reads them: the bar's
  /// `titleTextAttributes`, the bar's appearances, and the appearances the top navigation
  /// item has of its own (which replace the bar's while it is on top). `nil` gives back what
  /// the app had set before the runtime's first write, its `UINavigationBar.appearance()`
  /// styling included; an appearance the app never set is never created.
  @MainActor
  struct TitleAttributesWriter {
    /// The four appearances a bar or a navigation item has (the last from iOS 15).
    typealias Slot = BarAppearanceSlot

    /// What an owner of appearances showed before the runtime wrote, per slot it had.
    private struct Original {
      var legacy: [NSAttributedString.Key: Any]?
      var slots: [Slot: [NSAttributedString.Key: Any]]
    }

    /// The bar's own attributes before the first write.
    private var barOriginal: Original?
    /// Navigation items written into, with their own attributes before the first write.
    private var itemOriginals: [ObjectIdentifier: (item: WeakItem, original: Original)] = [:]

    private struct WeakItem {
      weak var item: UINavigationItem?
    }

    mutating func write(
      _ attributes: [NSAttributedString.Key: Any]?, bar: UINavigationBar,
      topItem: UINavigationItem?
    ) {
      let barOriginal = self.barOriginal ?? Self.original(of: bar)
      self.barOriginal = barOriginal
      bar.titleTextAttributes = attributes ?? barOriginal.legacy
      for slot in Slot.allCases {
        guard let appearance = bar.titleAppearance(slot)?.copy() else { continue }
        appearance.titleTextAttributes = attributes ?? barOriginal.slots[slot] ?? [:]
        bar.setTitleAppearance(appearance, slot)
      }
      guard let item = topItem else { return }
      itemOriginals = itemOriginals.filter { $0.value.item.item != nil }
      let key = ObjectIdentifier(item)
      if attributes == nil, itemOriginals[key] == nil { return }
      let itemOriginal = itemOriginals[key]?.original ?? Self.original(of: item)
      itemOriginals[key] = (WeakItem(item: item), itemOriginal)
      for slot in Slot.allCases {
        guard let appearance = item.titleAppearance(slot)?.copy() else { continue }
        appearance.titleTextAttributes = attributes ?? itemOriginal.slots[slot] ?? [:]
        item.setTitleAppearance(appearance, slot)
      }
    }

    private static func original(of owner: some TitleAppearanceOwner) -> Original {
      var slots: [Slot: [NSAttributedString.Key: Any]] = [:]
      for slot in Slot.allCases {
        if let appearance = owner.titleAppearance(slot) {
          slots[slot] = appearance.titleTextAttributes
        }
      }
      return Original(legacy: owner.legacyTitleTextAttributes, slots: slots)
    }
  }

  /// A navigation bar or a navigation item: the appearances UIKit reads title attributes from.
  @MainActor
  protocol TitleAppearanceOwner {
    var legacyTitleTextAttributes: [NSAttributedString.Key: Any]? { get }
    func titleAppearance(_ slot: TitleAttributesWriter.Slot) -> UINavigationBarAppearance?
    func setTitleAppearance(
      _ appearance: UINavigationBarAppearance, _ slot: TitleAttributesWriter.Slot)
  }

  extension UINavigationBar: TitleAppearanceOwner {
    var legacyTitleTextAttributes: [NSAttributedString.Key: Any]? { titleTextAttributes }

    func titleAppearance(_ slot: TitleAttributesWriter.Slot) -> UINavigationBarAppearance? {
      switch slot {
      case .standard: return standardAppearance
      case .compact: return compactAppearance
      case .scrollEdge: return scrollEdgeAppearance
      case .compactScrollEdge:
        guard #available(iOS 15, *) else { return nil }
        return compactScrollEdgeAppearance
      }
    }

    func setTitleAppearance(
      _ appearance: UINavigationBarAppearance, _ slot: TitleAttributesWriter.Slot
    ) {
      switch slot {
      case .standard: standardAppearance = appearance
      case .compact: compactAppearance = appearance
      case .scrollEdge: scrollEdgeAppearance = appearance
      case .compactScrollEdge:
        if #available(iOS 15, *) { compactScrollEdgeAppearance = appearance }
      }
    }
  }

  extension UINavigationItem: TitleAppearanceOwner {
    /// A navigation item has no legacy attributes: only appearances.
    var legacyTitleTextAttributes: [NSAttributedString.Key: Any]? { nil }

    func titleAppearance(_ slot: TitleAttributesWriter.Slot) -> UINavigationBarAppearance? {
      switch slot {
      case .standard: return standardAppearance
      case .compact: return compactAppearance
      case .scrollEdge: return scrollEdgeAppearance
      case .compactScrollEdge:
        guard #available(iOS 15, *) else { return nil }
        return compactScrollEdgeAppearance
      }
    }

    func setTitleAppearance(
      _ appearance: UINavigationBarAppearance, _ slot: TitleAttributesWriter.Slot
    ) {
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
