import NavRulesCompiler

/// The app's storyboards and xibs, indexed for the extraction: scenes by id, classes by
/// `storyboardIdentifier`, segues by identifier.
struct StoryboardIndex {
  let documents: [StoryboardDocument]
  private var classesByIdentifier: [String: String?] = [:]
  /// Documents by name (`Main`), the first of each name: a look-up per
  /// `UIStoryboard(name:bundle:)` call instead of a search.
  private var documentsByName: [String: StoryboardDocument] = [:]
  /// Segues by identifier and the class of their source scene, with their document's index:
  /// a `performSegue` call costs its matches, not a pass over every segue of the app.
  private var seguesByIdentifierAndClass: [SegueKey: [(segue: StoryboardSegue, document: Int)]] =
    [:]

  private struct SegueKey: Hashable {
    var identifier: String
    var className: String
  }

  init(_ documents: [StoryboardDocument]) {
    self.documents = documents
    for (index, document) in documents.enumerated() {
      let name = Self.name(of: document)
      if documentsByName[name] == nil { documentsByName[name] = document }
      for segue in document.segues {
        guard let identifier = segue.identifier, let source = segue.sourceID,
          let className = document.viewController(withID: source)?.className
        else { continue }
        seguesByIdentifierAndClass[
          SegueKey(identifier: identifier, className: className), default: []
        ].append((segue, index))
      }
    }
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
      let document = documentsByName[name],
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

  /// The segues with `identifier` whose scene is of `className`, with their document's index:
  /// `performSegue` run by an instance of that class finds no other (a segue of another
  /// class's scene is never taken for it, even when it is the only one with that identifier).
  func segues(withIdentifier identifier: String, from className: String) -> [(
    segue: StoryboardSegue, document: Int
  )] {
    seguesByIdentifierAndClass[SegueKey(identifier: identifier, className: className)] ?? []
  }
}
