import NavRules

/// App code names screens through the generated enum, never by string.
enum Checkout {
  /// The screens the catalog can push.
  static var catalogDestinations: [NavigationRules.Screen] {
    NavigationRules.rule(.catalog).pushes.compactMap(NavigationRules.screen)
  }

  /// The message the cart asks before leaving.
  static var leaveCartMessage: String? {
    guard case .confirm(let confirmation) = NavigationRules.rule(.cart).back else { return nil }
    return confirmation.message
  }

  /// A policy core for the shop's navigation controller (the UIKit adapter makes one too).
  static func shopSession() -> NavigatorSession {
    NavigatorSession(book: NavigationRules.book, navigator: NavigationRules.id(.shop))
  }
}
