/// The checker rules of §5, run on a module the front end accepted.
///
/// The seam between the front end and the analysis: `Compilation` calls `check` only when
/// there are no front-end errors.
public enum Checker {
  public static func check(_ module: Module) -> [Diagnostic] {
    []
  }
}
