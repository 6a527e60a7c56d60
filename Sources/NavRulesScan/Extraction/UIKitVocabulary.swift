import NavRulesCompiler
import NavRulesModel

/// The UIKit names `navrc scan` recognises, one list per concept: a new spelling is one entry here,
/// not a new branch in the extraction (docs/scan.md#what-becomes-what is the table they implement).
enum UIKitVocabulary {
  /// UIKit (and system framework) view controllers an app class can inherit from to be a
  /// screen. A class reaching `UINavigationController` is a navigator instead.
  static let viewControllerClasses: Set<String> = [
    "UIViewController", "UITableViewController", "UICollectionViewController",
    "UITabBarController", "UIPageViewController", "UISplitViewController",
    "UISearchController", "UIHostingController", "UIDocumentBrowserViewController",
    "UIActivityViewController", "UIReferenceLibraryViewController", "UIInputViewController",
    "SFSafariViewController", "AVPlayerViewController", "GLKViewController",
    "QLPreviewController", "PHPickerViewController", "UIAlertController",
    "UIFontPickerViewController", "UIColorPickerViewController", "CNContactViewController",
    "MKMapViewController", "WKWebViewController", "ASDKViewController", "ASViewController",
  ]

  /// Navigation controllers: UIKit's own and the system's subclasses of it.
  static let navigationControllerClasses: Set<String> = [
    "UINavigationController", "UIImagePickerController", "MFMailComposeViewController",
    "MFMessageComposeViewController", "UIVideoEditorController",
  ]

  /// UIKit properties an Objective-C getter message reads: the reader makes
  /// `[nav topViewController]` the member `nav.topViewController`, as dot syntax is, so each
  /// property has one spelling for the extraction.
  static let objectiveCGetters: Set<String> = [
    "navigationController", "topViewController", "visibleViewController",
    "interactivePopGestureRecognizer", "interactiveContentPopGestureRecognizer",
    "navigationBar", "navigationItem", "viewControllers", "childViewControllers",
    "titleTextAttributes", "isNavigationBarHidden", "lastObject", "firstObject", "count",
  ]

  /// The five lifecycle methods a hook attaches to, by their name in both languages.
  static func lifecycleEvent(ofMethod name: String) -> LifecycleEvent? {
    LifecycleEvent(rawValue: name)
  }

  // MARK: The interactive pop gesture

  /// `navigationController.interactivePopGestureRecognizer`.
  static let popGestureRecognizer = "interactivePopGestureRecognizer"
  /// iOS 26's `interactiveContentPopGestureRecognizer`, which the language has no action for;
  /// also read through `value(forKey:)`/`valueForKey:` with this name.
  static let contentPopGestureRecognizer = "interactiveContentPopGestureRecognizer"
  static let valueForKeyMethods: Set<String> = ["value", "valueForKey"]
  /// `recognizer.isEnabled = …` (Swift), `recognizer.enabled = …` (Objective-C dot syntax).
  static let enabledProperties: Set<String> = ["isEnabled", "enabled"]
  /// `[recognizer setEnabled:NO]`.
  static let enabledSetters: Set<String> = ["setEnabled"]
  /// `recognizer.delegate = …`, `[recognizer setDelegate:…]`.
  static let delegateProperties: Set<String> = ["delegate"]
  static let delegateSetters: Set<String> = ["setDelegate"]
  /// The delegate method whose answer decides `guarded`, `block` or `self`.
  static let shouldBeginMethod = "gestureRecognizerShouldBegin"

  // MARK: The navigation bar

  /// `navigationController.isNavigationBarHidden = …`, ObjC `navigationBarHidden`.
  static let barHiddenProperties: Set<String> = ["isNavigationBarHidden", "navigationBarHidden"]
  /// `setNavigationBarHidden(_:animated:)`, `setNavigationBarHidden:animated:`.
  static let barHiddenSetters: Set<String> = ["setNavigationBarHidden"]
  /// `navigationController.navigationBar`, whose `isHidden`/`hidden`/`setHidden:` hide it.
  static let navigationBar = "navigationBar"
  static let hiddenProperties: Set<String> = ["isHidden", "hidden"]
  static let hiddenSetters: Set<String> = ["setHidden"]
  /// `navigationBar.titleTextAttributes = …`, `[bar setTitleTextAttributes:…]`.
  static let titleAttributesProperties: Set<String> = ["titleTextAttributes"]
  static let titleAttributesSetters: Set<String> = ["setTitleTextAttributes"]

  /// The bar's `UINavigationBarAppearance` slots (`navigationBar.standardAppearance = …`),
  /// by property and by Objective-C setter. The navigation item's same-named properties are
  /// per screen and are not read.
  static let appearanceProperties: [String: BarAppearanceSlot] = [
    "standardAppearance": .standard, "compactAppearance": .compact,
    "scrollEdgeAppearance": .scrollEdge, "compactScrollEdgeAppearance": .compactScrollEdge,
  ]
  static let appearanceSetters: [String: BarAppearanceSlot] = [
    "setStandardAppearance": .standard, "setCompactAppearance": .compact,
    "setScrollEdgeAppearance": .scrollEdge,
    "setCompactScrollEdgeAppearance": .compactScrollEdge,
  ]

  // MARK: The back button

  /// `navigationItem.leftBarButtonItem(s) = …`, `setLeftBarButton(_:animated:)`.
  static let navigationItem = "navigationItem"
  static let leftItemProperties: Set<String> = ["leftBarButtonItem", "leftBarButtonItems"]
  static let leftItemSetters: Set<String> = [
    "setLeftBarButton", "setLeftBarButtonItem", "setLeftBarButtonItems",
  ]
  /// `navigationItem.hidesBackButton = true`, `setHidesBackButton(true, animated:)`: UIKit
  /// refuses the swipe back on a screen whose back button is hidden, as it does for a custom
  /// left button (SwiftUI's `.navigationBarBackButtonHidden(true)` is this property).
  static let hidesBackButtonProperties: Set<String> = ["hidesBackButton"]
  static let hidesBackButtonSetters: Set<String> = ["setHidesBackButton"]
  /// `navigationBar(_:shouldPop:)`, `navigationBar:shouldPopItem:`.
  static let shouldPopMethod = "navigationBar"
  static let shouldPopLabels: Set<String> = ["shouldPop", "shouldPopItem"]
  /// How a navigation controller names the view controller it asks.
  static let topViewControllerNames: Set<String> = ["topViewController", "visibleViewController"]

  // MARK: The navigation graph

  /// `pushViewController(_:animated:)`, `[nav pushViewController:…]`, `show(_:sender:)`,
  /// `[self showViewController:… sender:…]`.
  static let pushMethods: Set<String> = ["pushViewController", "show", "showViewController"]

  /// Whether a call of a push method is one: `show` also names other methods, so only
  /// `show(_:sender:)` counts.
  static func isPush(_ name: String, _ arguments: [ScanArgument]) -> Bool {
    guard pushMethods.contains(name), !arguments.isEmpty else { return false }
    return name == "pushViewController" || (arguments.count == 2 && arguments[1].label == "sender")
  }
  /// `present(_:animated:completion:)`, `presentViewController:animated:completion:`.
  static let presentMethods: Set<String> = ["present", "presentViewController"]
  /// `performSegue(withIdentifier:sender:)`, `performSegueWithIdentifier:sender:`.
  static let performSegueMethods: Set<String> = ["performSegue", "performSegueWithIdentifier"]
  /// `instantiateViewController(withIdentifier:)`, `instantiateViewControllerWithIdentifier:`,
  /// `instantiateViewController(identifier:creator:)`.
  static let instantiateMethods: Set<String> = [
    "instantiateViewController", "instantiateViewControllerWithIdentifier",
  ]
  /// `UINavigationController(rootViewController:)`, `initWithRootViewController:`.
  static let rootLabels: Set<String> = ["rootViewController"]
  static let rootInitializers: Set<String> = ["initWithRootViewController"]
  /// `nav.viewControllers = [root, …]`, `setViewControllers(_:animated:)`.
  static let stackProperties: Set<String> = ["viewControllers"]
  static let stackSetters: Set<String> = ["setViewControllers"]
  /// Initializer and factory spellings that make a new instance of the receiver's class.
  static let objectiveCAllocators: Set<String> = ["alloc", "new"]

  // MARK: The depth of the stack

  /// `navigationController.viewControllers.count`, `children.count`, ObjC `[… count]`.
  static let stackNames: Set<String> = ["viewControllers", "children", "childViewControllers"]
  static let countNames: Set<String> = ["count"]
  static let firstNames: Set<String> = ["first", "firstObject"]
  /// `viewControllers.last`, `viewControllers.lastObject`: the top view controller.
  static let lastNames: Set<String> = ["last", "lastObject"]
}
