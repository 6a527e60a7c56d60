import NavRulesCompiler

/// The app's storyboards and xibs, indexed for the extraction: scenes by id, classes by
/// `storyboardIdentifier`, segues by identifier.
struct StoryboardIndex {
  let documents: [StoryboardDocument]
  private var classesByIdentifier: [String: String?] = [:]

  init(_ documents: [StoryboardDocument]) {
    self.documents = documents
    for document in documents {
      for scene in document.viewControllers {
        guard let identifier = scene.storyboardIdentifier, let name = scene.className else {
          continue
        }
        if let known = classesByIdentifier[identifier], known != name {
          classesByIdentifier[identifier] = .some(nil)  // Ambiguous: two different classes.
        } else {
          classesByIdentifier[identifier] = name
        }
      }
    }
  }

  /// The class of the scene with this `storyboardIdentifier`, when exactly one class has it.
  func className(forStoryboardIdentifier identifier: String) -> String? {
    classesByIdentifier[identifier] ?? nil
  }

  /// The class of the scene with this `storyboardIdentifier` in the storyboard named
  /// `storyboard` (each of its localizations), when exactly one class has it there.
  func className(forStoryboardIdentifier identifier: String, inStoryboard storyboard: String)
    -> String?
  {
    var found: String?
    for document in documents where Self.name(of: document) == storyboard {
      for scene in document.viewControllers where scene.storyboardIdentifier == identifier {
        guard let name = scene.className, found == nil || found == name else { return nil }
        found = name
      }
    }
    return found
  }

  /// `UIStoryboard(name: "Main", bundle: nil).instantiateInitialViewController()`: the class
  /// of `Main.storyboard`'s initial view controller.
  func initialClassName(of storyboard: ScanExpr?) -> String? {
    guard let (_, arguments) = storyboard?.call,
      case .string(let name)? = arguments.first?.value.kind,
      let document = documents.first(where: { Self.name(of: $0) == name }),
      let initial = document.initialViewControllerID,
      let scene = document.viewController(withID: initial)
    else { return nil }
    return scene.className
  }

  /// `Main` for `…/Base.lproj/Main.storyboard`.
  static func name(of document: StoryboardDocument) -> String {
    let last = document.file.path.split(separator: "/").last.map(String.init) ?? document.file.path
    guard let dot = last.lastIndex(of: ".") else { return last }
    return String(last[..<dot])
  }

  /// The segues with `identifier` whose scene is of `className`: `performSegue` run by an
  /// instance of that class finds no other (a segue of another class's scene is never taken
  /// for it, even when it is the only one with that identifier).
  func segues(withIdentifier identifier: String, from className: String) -> [(
    segue: StoryboardSegue, document: StoryboardDocument
  )] {
    var matches: [(StoryboardSegue, StoryboardDocument)] = []
    for document in documents {
      for segue in document.segues where segue.identifier == identifier {
        if let source = segue.sourceID,
          document.viewController(withID: source)?.className == className
        {
          matches.append((segue, document))
        }
      }
    }
    return matches
  }
}
