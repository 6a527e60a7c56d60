/// The version of navrc, printed by `navrc --version` and written into SARIF logs.
public enum NavrcVersion {
  public static let current = "0.1.0"
  /// The project's home page; documentation links (SARIF `helpUri`) are built from it.
  public static let homepage = "https://github.com/navrc/navrc"

  /// The web address of a file of the repository, such as `docs/rules/root-pop.md`.
  public static func documentationURL(_ path: String) -> String {
    "\(homepage)/blob/main/\(path)"
  }
}
