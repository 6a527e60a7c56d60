/// The version of navrc, printed by `navrc --version` and written into SARIF logs.
public enum NavrcVersion {
  public static let current = "0.1.0"
}
