/// A list of words a stage of the extraction looks for before walking a method's tree: code
/// that holds none of them cannot hold what the stage reads, and is skipped.
///
/// The words in `registry` are found once per file, when it is read (`MentionIndex`, kept in
/// the scan cache with the reading); a look-up is then a binary search per word. A word not in
/// the registry still works, through a search of the method's bytes at each look-up: add a new
/// stage's words to `registry` (CONTRIBUTING.md, "Add a scan pattern").
struct MentionWords: Sendable {
  /// Indexes into `registry` of the words it holds.
  let registered: [Int]
  /// The words that are not in `registry`, searched for byte by byte.
  let unregistered: [[UInt8]]

  init(_ words: [String]) {
    var registered: [Int] = []
    var unregistered: [[UInt8]] = []
    for word in words {
      let bytes = Array(word.utf8)
      if let index = Self.registryIndex[bytes] {
        registered.append(index)
      } else if !bytes.isEmpty {
        unregistered.append(bytes)
      }
    }
    self.registered = registered
    self.unregistered = unregistered
  }

  /// Every word some stage looks for, found in each file when it is read. Each is at least
  /// two bytes long (`MentionIndex` finds words by their first two bytes). Changing this list
  /// changes the cache's layout (`ScanCacheFormat.fingerprint`).
  static let registry: [[UInt8]] = [
    // Pushes, segues, presentations (`AppModelBuilder`).
    "push", "show", "Segue", "present",
    // Navigators' roots and placed screens (`AppModelBuilder`, `NavigatorHelpers`,
    // `CoordinatorReading`, `InjectedNavigatorReading`).
    "ootViewController", "iewControllers", "addChild", "show(", "showViewController",
    // Gesture writes the model does not follow (`UnmodeledGestureCode`).
    "interactivePopGestureRecognizer", "elegate", "nabled",
    // Left bar button items and a hidden back button (`HookInterpreter`).
    "eftBarButton", "idesBackButton",
    // SwiftUI navigation (`SwiftUIViewTable`).
    "NavigationLink", "navigationDestination", "NavigationStack", "NavigationView",
    "navigationBarBackButtonHidden", "navigationBarHidden", "navigationBarItems",
    "navigationBarLeading", "topBarLeading", "cancellationAction",
  ].map { Array($0.utf8) }

  private static let registryIndex: [[UInt8]: Int] = {
    var index: [[UInt8]: Int] = [:]
    for (number, word) in registry.enumerated() where index[word] == nil {
      index[word] = number
    }
    return index
  }()
}
