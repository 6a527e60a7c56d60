import NavRulesCompiler

/// What `ScanReader` read from one file.
public enum ScannedSource: Sendable {
  /// A Swift or Objective-C file.
  case code(ScannedFile)
  /// A storyboard or xib.
  case storyboard(StoryboardDocument)
}

/// The entry point of `navrc scan`'s reading half: a file's bytes in, its structure out.
///
/// Reading never fails and never reports anything: code it does not understand is kept as
/// `.other` statements and `.unknown` expressions, malformed XML yields what was read before
/// the error. There is deliberately no diagnostics API.
public enum ScanReader {
  /// The file extensions the readers handle (lowercased, without the dot).
  public static let fileExtensions: Set<String> = ["swift", "m", "mm", "h", "storyboard", "xib"]

  /// Reads a file, choosing the reader by its path's extension; nil for any other extension.
  public static func read(_ file: SourceFile) -> ScannedSource? {
    switch ScanLanguage.pathExtension(file.path) {
    case "storyboard": return .storyboard(StoryboardReader.read(file, kind: .storyboard))
    case "xib": return .storyboard(StoryboardReader.read(file, kind: .xib))
    default:
      guard let language = ScanLanguage(path: file.path) else { return nil }
      return .code(read(file, language: language))
    }
  }

  /// Reads Swift or Objective-C source, whatever the file's extension.
  public static func read(_ file: SourceFile, language: ScanLanguage) -> ScannedFile {
    let tokens = ScanLexer.lex(file, language: language)
    switch language {
    case .swift: return SwiftReader.read(tokens)
    case .objectiveC: return ObjCReader.read(tokens)
    }
  }
}
