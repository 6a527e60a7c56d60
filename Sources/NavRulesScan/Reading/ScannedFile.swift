import NavRulesCompiler

/// The structure of one Swift or Objective-C file, the same shape for both languages: what
/// `navrc scan`'s extraction reads to build the model.
///
/// Everything is kept with byte ranges into `file`, so a finding can be reported at the app's
/// own line and column (`SourceFile.position(of:)`). Code the readers do not understand is
/// kept as `.other` statements and `.unknown` expressions, never guessed at.
public struct ScannedFile: Sendable {
  public let file: SourceFile
  public let language: ScanLanguage
  /// The top-level types, extensions, protocols, `@interface`s and `@implementation`s, in
  /// source order. Nested types are in their enclosing type's `nestedTypes`.
  public private(set) var types: [ScannedType]
  /// Swift free functions. (C functions in Objective-C files are skipped.)
  public var functions: [ScannedMethod]
  /// Swift global variables and constants.
  public var properties: [ScannedProperty]
  /// Every comment of the file, for `// navrc:disable-line` suppressions.
  public var comments: [Comment]
  /// Every type of the file, nested ones included, enclosing types before the types they
  /// hold: kept, since every stage of the extraction walks it.
  public let allTypes: [ScannedType]
  /// What the extraction looks up in this file alone, computed once (`FileFacts`).
  private(set) var facts: FileFacts

  public init(
    file: SourceFile, language: ScanLanguage, types: [ScannedType] = [],
    functions: [ScannedMethod] = [], properties: [ScannedProperty] = [],
    comments: [Comment] = []
  ) {
    self.file = file
    self.language = language
    self.types = types
    self.allTypes = Self.flattened(types)
    self.functions = functions
    self.properties = properties
    self.comments = comments
    self.facts = FileFacts(file: file)
  }

  /// A reading with its facts as the scan cache kept them.
  init(
    file: SourceFile, language: ScanLanguage, types: [ScannedType],
    functions: [ScannedMethod], properties: [ScannedProperty], comments: [Comment],
    facts: FileFacts
  ) {
    self.file = file
    self.language = language
    self.types = types
    self.allTypes = Self.flattened(types)
    self.functions = functions
    self.properties = properties
    self.comments = comments
    self.facts = facts
  }

  private static func flattened(_ types: [ScannedType]) -> [ScannedType] {
    var result: [ScannedType] = []
    func visit(_ type: ScannedType) {
      result.append(type)
      for nested in type.nestedTypes { visit(nested) }
    }
    for type in types { visit(type) }
    return result
  }
}
