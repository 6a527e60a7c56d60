/// The settings of a `.navrc` file (docs/adopting.md): what `scan`, `check`, `emit` and the
/// language server read before their command-line options, so that an editor, a build phase
/// and CI run with the same settings.
///
/// Paths in it (`include`, `baseline`, `cachePath`, an `exclude` glob with a `/`) are relative to the
/// folder that holds it, wherever the command runs from.
public struct Configuration: Sendable {
  /// The name looked for in each folder from the inputs up to the root of the file system.
  public static let fileName = ".navrc"

  /// The file it was read from; nil for the defaults.
  public var file: SourceFile?
  /// The folder relative paths are resolved against: the file's own.
  public var folder: String
  /// Inputs used when the command line names none, resolved against `folder`.
  public var include: [String] = []
  /// `--exclude` globs, anchored at `folder` when they have a `/` (`anchoredExcludes`).
  public var excludes: [String] = []
  /// `--root` classes.
  public var roots: [String] = []
  /// `--disable` ids.
  public var disabled: Set<DiagnosticID> = []
  /// The severity each listed id is reported at instead of its default.
  public var severities: [DiagnosticID: Severity] = [:]
  public var warningsAsErrors: Bool?
  /// `--baseline`, resolved against `folder`.
  public var baseline: String?
  public var strictBaseline: Bool?
  /// `navrc scan`'s `--cache-path`, resolved against `folder`.
  public var cachePath: String?

  public init(folder: String) {
    self.folder = folder
  }

  /// The exclude globs as `ScanExclusions` takes them: one with a `/` is written relative to
  /// this file's folder, so it is made absolute (ScanExclusions matches a glob that starts
  /// with `/` against the file's real path).
  public var anchoredExcludes: [String] {
    excludes.map { glob in
      guard glob.contains("/"), !glob.hasPrefix("/") else { return glob }
      var relative = Substring(glob)
      while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
      return PathNames.resolved(folder) + "/" + relative
    }
  }

  /// `path` resolved against the file's folder.
  func resolve(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    return folder == "." ? path : folder + "/" + path
  }

  /// `diagnostics` at the severities this file sets; front-end errors stay errors (they mean
  /// the input was not understood).
  public func applySeverities(to diagnostics: [Diagnostic]) -> [Diagnostic] {
    guard !severities.isEmpty else { return diagnostics }
    return diagnostics.map { diagnostic in
      guard let severity = severities[diagnostic.id],
        !(diagnostic.id.isFrontEnd && diagnostic.id.defaultSeverity == .error)
      else { return diagnostic }
      var diagnostic = diagnostic
      diagnostic.severity = severity
      return diagnostic
    }
  }
}
