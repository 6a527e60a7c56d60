import NavRulesCompiler

/// The app's watchOS code (docs/scan.md, "SwiftUI"): a watch app's `NavigationStack` is not a
/// `UINavigationController` (watchOS has no UIKit navigation, no swipe-back gesture delegate,
/// no `extension UINavigationController`), so its views are left out of the model, counted,
/// never analysed as UIKit.
///
/// Told from the sources alone, by what holds on real apps:
/// - a Swift file that imports WatchKit or ClockKit, frameworks only watchOS has;
/// - a watch target's folder: the deepest folder named with the word "Watch" (`Notes Watch
///   App`, `Notes WatchKit Extension`, `WatchApp`) that holds such a file or an `App` type,
///   when the companion app (another `App`, or a `UIApplicationDelegate`) is declared outside
///   it. Every file under it is watch code. The companion condition keeps an iOS app whose own
///   folder is named so (`StopWatch/`) from being taken for its watch app.
/// `#if os(watchOS)` branches are dropped when the file is read (`ConditionalBranches`).
struct WatchOSCode {
  private var files: Set<String> = []

  init(_ scanned: [ScannedFile]) {
    var candidates: [String: [String]] = [:]
    var apps: [String] = []
    for file in scanned where file.language == .swift {
      let path = file.file.path
      let declaresApp = file.allTypes.contains { type in
        type.inheritedTypes.contains { ["App", "UIApplicationDelegate"].contains($0.simpleName) }
      }
      if declaresApp { apps.append(path) }
      let importsWatchKit = file.file.mentions(Self.watchImports, in: 0..<file.file.bytes.count)
      if importsWatchKit { files.insert(path) }
      guard importsWatchKit || declaresApp, let folder = Self.watchFolder(of: path) else {
        continue
      }
      candidates[folder, default: []].append(path)
    }
    let folders = candidates.keys.filter { folder in
      apps.contains { !$0.hasPrefix(folder + "/") }
    }
    guard !folders.isEmpty else { return }
    for file in scanned where file.language == .swift {
      if folders.contains(where: { file.file.path.hasPrefix($0 + "/") }) {
        files.insert(file.file.path)
      }
    }
  }

  func contains(_ file: SourceFile) -> Bool { files.contains(file.path) }

  private static let watchImports = ["import WatchKit", "import ClockKit"].map { Array($0.utf8) }

  /// The deepest folder of `path` whose name has the word "Watch" (`Watch`, `WatchKit`,
  /// `watchOS`, as a word of its own: not `Stopwatch` or `Watchlist`).
  static func watchFolder(of path: String) -> String? {
    let components = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    guard let index = components.lastIndex(where: { namesWatch(String($0)) }) else {
      return nil
    }
    return components[...index].joined(separator: "/")
  }

  /// Whether a folder name has "watch" as one of its words, camel case splitting words.
  static func namesWatch(_ name: String) -> Bool {
    var words: [String] = []
    var word = ""
    var previousIsLower = false
    for character in name {
      guard character.isLetter || character.isNumber else {
        words.append(word)
        word = ""
        previousIsLower = false
        continue
      }
      if character.isUppercase, previousIsLower {
        words.append(word)
        word = ""
      }
      word.append(character)
      previousIsLower = character.isLowercase
    }
    words.append(word)
    return words.contains { $0.lowercased() == "watch" }
  }
}
