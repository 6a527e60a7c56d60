#if canImport(UIKit)
  import UIKit

  /// The long-press back menu (iOS 14) dropped while the top screen's `back` is not `allow`:
  /// the screen below gets a back item whose `menu` stays nil, and its own item back when the
  /// suppression is restored. Only while needed: a custom back item loses the system's title
  /// shortening, which every other screen keeps.
  @MainActor
  struct BackMenuSuppression {
    /// The view controller below the top, whose navigation item provides the back button.
    weak var owner: UIViewController?
    /// Its own `backBarButtonItem` before, usually nil.
    let previous: UIBarButtonItem?
    let item: UIBarButtonItem

    @available(iOS 14, *)
    init(installingOn owner: UIViewController) {
      let previous = owner.navigationItem.backBarButtonItem
      let item = MenuFreeBackBarButtonItem(
        title: Self.title(for: owner, previous: previous), style: .plain, target: nil,
        action: nil)
      item.image = previous?.image
      self.previous = previous
      self.item = item
      self.owner = owner
      owner.navigationItem.backBarButtonItem = item
    }

    /// The title the system back button would show. Under `.generic` and `.minimal` the
    /// display mode ignores the item's `title` and `backButtonTitle` but not a back item's
    /// title, so the back item gets none (unless the app gave its own back item one).
    @available(iOS 14, *)
    private static func title(for owner: UIViewController, previous: UIBarButtonItem?) -> String? {
      let navigationItem = owner.navigationItem
      guard navigationItem.backButtonDisplayMode == .default else { return previous?.title }
      return previous?.title ?? navigationItem.backButtonTitle ?? navigationItem.title
        ?? owner.title
    }

    /// Follows the owner's title, which the app may change while the suppression is in place
    /// (called at rest).
    @available(iOS 14, *)
    func refreshTitle() {
      guard let owner, owner.navigationItem.backBarButtonItem === item else { return }
      let title = Self.title(for: owner, previous: previous)
      if item.title != title { item.title = title }
    }

    /// Gives the owner its own back item again, unless something else replaced ours since.
    func restore() {
      guard let owner, owner.navigationItem.backBarButtonItem === item else { return }
      owner.navigationItem.backBarButtonItem = previous
    }
  }

  /// A back item that never takes the history menu UIKit gives back buttons from iOS 14 (UIKit
  /// sets it through `menu`).
  @MainActor
  final class MenuFreeBackBarButtonItem: UIBarButtonItem {
    @available(iOS 14.0, *)
    override var menu: UIMenu? {
      get { super.menu }
      set {}
    }
  }
#endif
