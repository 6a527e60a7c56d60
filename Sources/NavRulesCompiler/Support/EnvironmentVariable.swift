#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads one environment variable with `getenv`: `ProcessInfo.environment` copies the whole
/// environment into a dictionary on every call (about 400,000 instructions, a fifth of what
/// `navrc emit` does beyond start-up on an example).
public enum EnvironmentVariable {
  public static func value(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
  }
}
