import Foundation
import Testing

@testable import NavRulesCompiler

@Suite struct EnvironmentVariableTests {
  @Test func readsWhatIsSetAndNothingElse() {
    let name = "NAVRC_TEST_\(UInt32.random(in: 0...UInt32.max))"
    #expect(EnvironmentVariable.value(name) == nil)
    setenv(name, "3 é", 1)
    defer { unsetenv(name) }
    #expect(EnvironmentVariable.value(name) == "3 é")
    setenv(name, "", 1)
    #expect(EnvironmentVariable.value(name) == "")
  }
}
