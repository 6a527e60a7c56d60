#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads one environment variable with `getenv`: `ProcessInfo.environment` copies the whole
/// environment into a dictionary on every call, a large part of a short `navrc emit`.
public enum EnvironmentVariable {
  public static func value(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
  }
}
