import NavRulesCompiler

/// What a storyboard or xib says about view controllers and the segues between them: the
/// part of Interface Builder's XML that `navrc scan` reads.
public struct StoryboardDocument: Sendable {
  public enum Kind: String, Hashable, Sendable {
    case storyboard
    case xib
  }

  public let file: SourceFile
  public var kind: Kind
  /// The `initialViewController` of the `<document>` (storyboards).
  public var initialViewControllerID: String?
  /// Every view-controller element in document order, nested ones included.
  public var viewControllers: [StoryboardViewController]
  /// Every `<segue>` in document order.
  public var segues: [StoryboardSegue]
  /// False when the XML is malformed: what was read before the error is kept.
  public var isComplete: Bool

  public init(
    file: SourceFile, kind: Kind, initialViewControllerID: String? = nil,
    viewControllers: [StoryboardViewController] = [], segues: [StoryboardSegue] = [],
    isComplete: Bool = true
  ) {
    self.file = file
    self.kind = kind
    self.initialViewControllerID = initialViewControllerID
    self.viewControllers = viewControllers
    self.segues = segues
    self.isComplete = isComplete
  }

  /// The view controller with this `id`, if the document has one.
  public func viewController(withID id: String) -> StoryboardViewController? {
    viewControllers.first { $0.id == id }
  }
}

/// A view-controller element: `viewController`, `tableViewController`,
/// `collectionViewController`, `navigationController`, `tabBarController`,
/// `pageViewController`, `splitViewController`, `hostingController`, a storyboard reference
/// (`viewControllerPlaceholder`), or any element with `sceneMemberID="viewController"`.
public struct StoryboardViewController: Sendable {
  /// The XML element's name, e.g. `navigationController`.
  public var elementName: String
  public var id: String?
  public var customClass: String?
  public var customModule: String?
  public var storyboardIdentifier: String?
  /// Whether it is the storyboard's `initialViewController`.
  public var isInitial: Bool
  /// Navigation controllers: `navigationBarHidden="YES"` (Interface Builder's "Shows
  /// Navigation Bar" unchecked), or a `<navigationBar key="navigationBar">` marked
  /// `hidden="YES"`.
  public var isNavigationBarHidden: Bool
  /// Navigation controllers: the destination of the `rootViewController` relationship segue
  /// (storyboards), or the first view controller nested in it (xibs).
  public var rootViewControllerID: String?
  /// The view-controller element this one is nested in (xibs: a navigation controller's
  /// `<viewControllers>`; storyboards connect containers by segues instead).
  public var parentID: String?
  /// Storyboard references: the `storyboardName` and `referencedIdentifier` they point to.
  public var referencedStoryboardName: String?
  public var referencedIdentifier: String?
  /// The byte offset of the element's `<`, for diagnostics.
  public var offset: Int

  public init(
    elementName: String, id: String? = nil, customClass: String? = nil,
    customModule: String? = nil, storyboardIdentifier: String? = nil, isInitial: Bool = false,
    isNavigationBarHidden: Bool = false, rootViewControllerID: String? = nil,
    parentID: String? = nil, referencedStoryboardName: String? = nil,
    referencedIdentifier: String? = nil, offset: Int
  ) {
    self.elementName = elementName
    self.id = id
    self.customClass = customClass
    self.customModule = customModule
    self.storyboardIdentifier = storyboardIdentifier
    self.isInitial = isInitial
    self.isNavigationBarHidden = isNavigationBarHidden
    self.rootViewControllerID = rootViewControllerID
    self.parentID = parentID
    self.referencedStoryboardName = referencedStoryboardName
    self.referencedIdentifier = referencedIdentifier
    self.offset = offset
  }

  public var isNavigationController: Bool { elementName == "navigationController" }

  /// A storyboard reference rather than a view controller.
  public var isReference: Bool { elementName == "viewControllerPlaceholder" }

  /// The class the element instantiates: its `customClass`, else the UIKit class of its
  /// element (`UIViewController` for `viewController`); nil for references and unknown
  /// elements.
  public var className: String? {
    if let customClass, !customClass.isEmpty { return customClass }
    return Self.uiKitClasses[elementName]
  }

  static let uiKitClasses: [String: String] = [
    "viewController": "UIViewController",
    "tableViewController": "UITableViewController",
    "collectionViewController": "UICollectionViewController",
    "navigationController": "UINavigationController",
    "tabBarController": "UITabBarController",
    "pageViewController": "UIPageViewController",
    "splitViewController": "UISplitViewController",
    "hostingController": "UIHostingController",
    "avPlayerViewController": "AVPlayerViewController",
    "glkViewController": "GLKViewController",
  ]
}

/// A `<segue>`.
public struct StoryboardSegue: Sendable {
  public var id: String?
  /// `show`, `push`, `showDetail`, `presentation`, `modal`, `popoverPresentation`,
  /// `relationship`, `embed`, `unwind`, `custom`, … as written.
  public var kind: String?
  /// The segue's `identifier`, for `performSegue(withIdentifier:)`.
  public var identifier: String?
  public var destinationID: String?
  /// For relationship segues: `rootViewController`, `viewControllers`, `masterViewController`,
  /// `detailViewController`, ….
  public var relationship: String?
  /// The view controller whose scene holds the segue (the innermost view-controller element
  /// around it, even when the segue hangs off a button or a cell).
  public var sourceID: String?
  /// The byte offset of the `<segue`, for diagnostics.
  public var offset: Int

  public init(
    id: String? = nil, kind: String? = nil, identifier: String? = nil,
    destinationID: String? = nil, relationship: String? = nil, sourceID: String? = nil,
    offset: Int
  ) {
    self.id = id
    self.kind = kind
    self.identifier = identifier
    self.destinationID = destinationID
    self.relationship = relationship
    self.sourceID = sourceID
    self.offset = offset
  }
}
