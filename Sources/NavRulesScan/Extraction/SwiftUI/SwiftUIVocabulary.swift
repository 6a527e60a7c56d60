import NavRulesCompiler

/// The SwiftUI names `navrc scan` recognises (docs/scan.md, "SwiftUI"), one list per concept,
/// as `UIKitVocabulary` is for UIKit.
enum SwiftUIVocabulary {
  /// Protocols that make a type a view whose `body` builds content: `View`, and the `App`
  /// whose scene may hold a stack (the `App` type plays the view's role).
  static let viewProtocols: Set<String> = ["View", "App", "Scene"]
  /// A view that wraps a UIKit view controller: the controller it makes is the screen.
  static let representableProtocols: Set<String> = ["UIViewControllerRepresentable"]
  static let makeControllerMethod = "makeUIViewController"
  /// Xcode's previews: a view nested in one is the canvas's, not the app's.
  static let previewProtocol = "PreviewProvider"

  /// Containers that are a `UINavigationController` underneath (iPhone layout): a
  /// `NavigationView` without a style is a stack.
  static let stackTypes: Set<String> = ["NavigationStack", "NavigationView"]

  /// `NavigationLink(…)`.
  static let link = "NavigationLink"
  /// `.navigationDestination(isPresented:)`, `(item:)`, `(for:)`.
  static let destinationModifier = "navigationDestination"

  /// Wrappers that only delay building their content: `AnyView(X())`,
  /// `NavigationLazyView { X() }` (an app's own, by its usual names).
  static let wrappers: Set<String> = [
    "AnyView", "NavigationLazyView", "LazyView", "LazyNavigationView", "NavigationLazy",
    "LazyDestination", "DeferView", "Group",
  ]

  /// Modifiers whose content is presented modally, in another hierarchy than the stack's:
  /// their links push nothing on this stack and their modifiers do not reach its screen.
  static let presentationModifiers: Set<String> = [
    "sheet", "fullScreenCover", "popover", "alert", "confirmationDialog", "contextMenu",
    "inspector",
  ]

  // MARK: Facts

  /// `.navigationBarBackButtonHidden(true)`.
  static let backButtonHidden = "navigationBarBackButtonHidden"
  /// `.navigationBarHidden(true)`.
  static let barHidden = "navigationBarHidden"
  /// `.toolbar(.hidden, for: .navigationBar)`, `.toolbar(.hidden)`,
  /// `.toolbarVisibility(.hidden, for: .navigationBar)`.
  static let toolbarVisibilityModifiers: Set<String> = ["toolbar", "toolbarVisibility"]
  /// The bars a visibility modifier names that are the navigation bar.
  static let navigationBarPlacements: Set<String> = ["navigationBar", "automatic"]
  /// `.toolbar { ToolbarItem(placement: .navigationBarLeading) { … } }`.
  static let toolbar = "toolbar"
  static let toolbarItems: Set<String> = ["ToolbarItem", "ToolbarItemGroup"]
  static let leadingPlacements: Set<String> = [
    "navigationBarLeading", "topBarLeading", "cancellationAction",
  ]
  /// `.navigationBarItems(leading: …)`.
  static let barItems = "navigationBarItems"
  static let leadingLabel = "leading"

  /// What ends a view's action by leaving it: `dismiss()`,
  /// `presentationMode.wrappedValue.dismiss()`, `path.removeLast()`.
  static let dismissCalls: Set<String> = ["dismiss", "removeLast", "popLast"]
  /// Modifiers that present an alert or dialog bound to a state a button sets.
  static let alertModifiers: Set<String> = ["alert", "confirmationDialog"]

  /// `UIHostingController(rootView: V())` and its subclasses.
  static let hostingController = "UIHostingController"
  static let rootViewLabel = "rootView"
}
