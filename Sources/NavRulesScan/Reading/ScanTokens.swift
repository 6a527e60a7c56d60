import NavRulesCompiler

/// What the scan lexer produces for one Swift or Objective-C file.
public struct ScanTokens: Sendable {
  public let file: SourceFile
  public let language: ScanLanguage
  /// The tokens in source order, after `#if` branches are resolved; the last one is always
  /// `.endOfFile`.
  public var tokens: [ScanToken]
  /// Every comment, including those inside `#if` branches that were dropped.
  public var comments: [Comment]

  /// The source text of a token.
  public func text(of token: ScanToken) -> String {
    file.text(token.range)
  }
}
