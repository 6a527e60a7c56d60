import NavRulesModel

/// The resolver's third pass: module-wide warnings (`unreachable-screen`, `unused-style`),
/// read off the finished module.
///
/// A value of its own so that a compilation can run it beside the analysis, which does not
/// need it: it follows every screen's pushes, one screen after another, on one thread, and
/// only warns, so it never decides whether the
/// analysis runs.
struct ModuleChecks: Sendable {
  let module: Module
  /// Whether every `push` and `root` reference was read: a mistake may have hidden one, and
  /// the reachability warnings would then be a cascade of it rather than news.
  let reportsUnreachableScreens: Bool
  /// The same for style references and `unused-style`.
  let reportsUnusedStyles: Bool
  let usedStyles: Set<StyleID>

  /// The warnings, in the order the resolver reports them.
  func diagnostics() -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    if reportsUnreachableScreens { reportUnreachableScreens(into: &diagnostics) }
    if reportsUnusedStyles { reportUnusedStyles(into: &diagnostics) }
    return diagnostics
  }

  /// `unreachable-screen`: screens no navigator root reaches through `push` edges.
  private func reportUnreachableScreens(into diagnostics: inout [Diagnostic]) {
    let reached = module.screensReachedFromRoots()
    // By index, reading two fields: enumerating the screens copied each whole declaration
    // (a dozen references retained and released) to look at a flag.
    for index in module.screens.indices where !reached[index] {
      let id = ScreenID(index)
      diagnostics.append(
        Diagnostic(
          .unreachableScreen, SemanticMessages.unreachableScreen(module[id].name),
          at: module[id].nameRange))
    }
  }

  /// `unused-style`: styles no `titleStyle` names.
  private func reportUnusedStyles(into diagnostics: inout [Diagnostic]) {
    for (index, style) in module.styles.enumerated() where !usedStyles.contains(StyleID(index)) {
      diagnostics.append(
        Diagnostic(.unusedStyle, SemanticMessages.unusedStyle(style.name), at: style.nameRange))
    }
  }
}
