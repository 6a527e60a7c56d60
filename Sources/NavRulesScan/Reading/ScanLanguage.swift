import NavRulesCompiler

/// The programming languages `navrc scan` reads.
public enum ScanLanguage: String, Hashable, Sendable {
  case swift
  /// Objective-C and Objective-C++ (`.m`, `.mm`, `.h`).
  case objectiveC

  /// The language of a file with this path's extension, or nil when it is not code navrc reads.
  public init?(path: String) {
    switch Self.pathExtension(path) {
    case "swift": self = .swift
    case "m", "mm", "h": self = .objectiveC
    default: return nil
    }
  }

  /// The lowercased text after the last dot of the last path component ("" without a dot).
  package static func pathExtension(_ path: String) -> String {
    PathNames.pathExtension(ofName: PathNames.lastComponent(path)).lowercased()
  }
}
