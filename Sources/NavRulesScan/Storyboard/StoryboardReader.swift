import NavRulesCompiler

/// Reads a storyboard or xib (`XMLReader`) into a `StoryboardDocument`.
///
/// What it keeps: the `<document>`'s `initialViewController`; each view-controller element
/// with its `id`, `customClass`, `customModule`, `storyboardIdentifier`, whether the
/// navigation bar is hidden, and its nesting; each `<segue>` with its source (the innermost
/// view-controller element around it). A navigation controller's root is the destination of
/// its `rootViewController` relationship segue, or, in a xib, the first view controller nested
/// in it. Everything else (views, constraints, outlets, actions) is ignored.
///
/// Malformed XML ends the reading at the error, keeping what came before; nothing is reported.
enum StoryboardReader {
  static func read(_ file: SourceFile, kind: StoryboardDocument.Kind) -> StoryboardDocument {
    var builder = StoryboardBuilder(file: file, kind: kind)
    var reader = XMLReader(bytes: file.bytes, start: file.contentStart)
    let succeeded = reader.read(
      didStart: { name, attributes, offset in builder.start(name, attributes, at: offset) },
      didEnd: { builder.end() })
    builder.document.isComplete = succeeded
    return builder.document
  }

  /// The elements that are view controllers whatever their attributes.
  static let viewControllerElements: Set<String> = [
    "viewController", "tableViewController", "collectionViewController",
    "navigationController", "tabBarController", "pageViewController", "splitViewController",
    "hostingController", "viewControllerPlaceholder", "avPlayerViewController",
    "glkViewController",
  ]
}

/// Collects the document as the reader reports elements.
private struct StoryboardBuilder {
  var document: StoryboardDocument
  /// For each open element, the index of the view controller it is (or nil).
  private var openElements: [Int?] = []
  /// The indices of the open view-controller elements, innermost last.
  private var openViewControllers: [Int] = []

  init(file: SourceFile, kind: StoryboardDocument.Kind) {
    self.document = StoryboardDocument(file: file, kind: kind)
  }

  mutating func start(_ elementName: String, _ attributes: XMLReader.Attributes, at offset: Int) {
    let enclosing = openViewControllers.last
    if elementName == "document" {
      document.initialViewControllerID = attributes["initialViewController"]
    }
    if Self.isViewController(elementName, attributes) {
      let index = document.viewControllers.count
      let id = attributes["id"]
      var viewController = StoryboardViewController(
        elementName: elementName, id: id, customClass: attributes["customClass"],
        customModule: attributes["customModule"],
        storyboardIdentifier: attributes["storyboardIdentifier"],
        isInitial: id != nil && id == document.initialViewControllerID,
        isNavigationBarHidden: attributes["navigationBarHidden"] == "YES",
        parentID: enclosing.flatMap { document.viewControllers[$0].id },
        referencedStoryboardName: attributes["storyboardName"],
        referencedIdentifier: attributes["referencedIdentifier"], offset: offset)
      if viewController.isReference { viewController.customClass = nil }
      document.viewControllers.append(viewController)
      if document.kind == .xib, let parent = enclosing,
        document.viewControllers[parent].isNavigationController,
        document.viewControllers[parent].rootViewControllerID == nil
      {
        document.viewControllers[parent].rootViewControllerID = id
      }
      openViewControllers.append(index)
      openElements.append(index)
      return
    }
    openElements.append(nil)
    if elementName == "navigationBar", attributes["key"] == "navigationBar",
      attributes["hidden"] == "YES", let owner = enclosing,
      document.viewControllers[owner].isNavigationController
    {
      document.viewControllers[owner].isNavigationBarHidden = true
    }
    if elementName == "segue" {
      let segue = StoryboardSegue(
        id: attributes["id"], kind: attributes["kind"], identifier: attributes["identifier"],
        destinationID: attributes["destination"], relationship: attributes["relationship"],
        sourceID: enclosing.flatMap { document.viewControllers[$0].id }, offset: offset)
      document.segues.append(segue)
      if segue.kind == "relationship", segue.relationship == "rootViewController",
        let owner = enclosing, document.viewControllers[owner].isNavigationController
      {
        document.viewControllers[owner].rootViewControllerID = segue.destinationID
      }
    }
  }

  mutating func end() {
    guard let last = openElements.popLast() else { return }
    if last != nil { openViewControllers.removeLast() }
  }

  private static func isViewController(_ name: String, _ attributes: XMLReader.Attributes)
    -> Bool
  {
    StoryboardReader.viewControllerElements.contains(name)
      || (attributes["sceneMemberID"] == "viewController" && name.hasSuffix("Controller"))
  }
}
