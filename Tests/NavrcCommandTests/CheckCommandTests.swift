import Foundation
import NavRulesCompiler
import NavrcCommand
import Testing

@Suite struct CheckCommandTests {
  @Test func aCleanModuleExitsZeroWithTheSummaryOnStandardError() throws {
    let tree = try TemporaryTree(["rules.navrules": cleanRules])
    defer { tree.remove() }
    let result = navrc(["check", tree.path("rules.navrules")])
    #expect(result.status == 0)
    #expect(result.output == "")
    #expect(result.error == "0 errors, 0 warnings\n")
  }

  @Test func errorsExitOneWithSwiftcStyleLinesAndAPluralisedSummary() throws {
    let tree = try TemporaryTree([
      "rules.navrules": "navigator Main { root Hom }\nscreen Home { }\nstyle Unused { }\n"
    ])
    defer { tree.remove() }
    let path = tree.path("rules.navrules")
    let result = navrc(["check", path])
    #expect(result.status == 1)
    #expect(
      result.errorLines == [
        "\(path):1:23: error: no screen named 'Hom' [undefined-reference]",
        "\(path):1:23: note: did you mean 'Home'?",
        "\(path):3:7: warning: style 'Unused' is never used [unused-style]",
        "1 error, 1 warning",
      ])
  }

  @Test func onATerminalTheSourceLineAndACaretFollow() throws {
    let tree = try TemporaryTree(["r.navrules": "screen A { push B }\n"])
    defer { tree.remove() }
    let result = navrc(["check", tree.path("r.navrules")], terminal: true)
    #expect(result.error.contains("screen A { push B }\n"))
    #expect(result.error.contains("\u{1B}[1;32m^\u{1B}[0m"))
  }

  @Test func warningsAloneExitZeroUnlessTheyAreErrors() throws {
    let tree = try TemporaryTree(["r.navrules": cleanRules + "screen Lost { }\n"])
    defer { tree.remove() }
    let path = tree.path("r.navrules")
    let plain = navrc(["check", path])
    #expect(plain.status == 0)
    #expect(plain.errorLines.last == "0 errors, 1 warning")
    #expect(navrc(["check", "--warnings-as-errors", path]).status == 1)
  }

  @Test func disabledIdsAreNotReported() throws {
    let tree = try TemporaryTree([
      "r.navrules": cleanRules + "screen Lost { }\nstyle Unused { }\n"
    ])
    defer { tree.remove() }
    let path = tree.path("r.navrules")
    let one = navrc(["check", "--disable", "unreachable-screen", "--warnings-as-errors", path])
    #expect(one.status == 1)
    #expect(one.errorLines.count == 2)
    #expect(one.error.contains("[unused-style]"))
    let both = navrc([
      "check", "--disable=unused-style,unreachable-screen", "--warnings-as-errors", path,
    ])
    #expect(both.status == 0)
    #expect(both.error == "0 errors, 0 warnings\n")
    let repeated = navrc([
      "check", path, "--disable", "unused-style", "--disable", "unreachable-screen",
    ])
    #expect(repeated.errorLines == ["0 errors, 0 warnings"])
  }

  @Test(arguments: ["syntax", "undefined-reference", "missing-root"])
  func frontEndErrorsCannotBeDisabled(_ id: String) {
    let result = navrc(["check", "--disable", id, "x.navrules"])
    #expect(result.status == 2)
    #expect(result.errorLines.count == 1)
    #expect(result.error.hasPrefix("navrc check: '\(id)' cannot be disabled"))
  }

  @Test func quietPrintsNothingWhenThereIsNothingToReport() throws {
    let tree = try TemporaryTree(["r.navrules": cleanRules, "bad.navrules": "screen { }\n"])
    defer { tree.remove() }
    let clean = navrc(["check", "--quiet", tree.path("r.navrules")])
    #expect(clean.status == 0)
    #expect(clean.error == "")
    #expect(clean.output == "")
    let bad = navrc(["check", "-q", tree.path("bad.navrules")])
    #expect(bad.status == 1)
    #expect(bad.errorLines.last == "1 error, 0 warnings")
  }

  @Test func jsonGoesToStandardOutputInTheContractsShape() throws {
    let tree = try TemporaryTree([
      "r.navrules": "navigator Main { root Home }\nscreen Home { push X }\n"
    ])
    defer { tree.remove() }
    let path = tree.path("r.navrules")
    let result = navrc(["check", "--format", "json", path])
    #expect(result.status == 1)
    #expect(result.error == "")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    #expect(object.keys.sorted() == ["diagnostics", "summary", "version"])
    #expect(object["version"] as? Int == 1)
    let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.count == 1)
    #expect(diagnostics[0]["file"] as? String == path)
    #expect(diagnostics[0]["line"] as? Int == 2)
    #expect(diagnostics[0]["column"] as? Int == 20)
    #expect(diagnostics[0]["severity"] as? String == "error")
    #expect((object["summary"] as? [String: Int]) == ["errors": 1, "warnings": 0])

    let clean = navrc(["check", "--format=json", "--quiet", path + "x"])
    #expect(clean.status == 2)
  }

  @Test func directoriesAreSearchedRecursivelyInSortedOrder() throws {
    let tree = try TemporaryTree([
      "rules/b/z.navrules": "screen Z { }\n",
      "rules/a.navrules": "screen A { }\n",
      "rules/b/c/y.navrules": "screen Y { }\n",
      "rules/c.navrules": "screen C { }\n",
      "rules/notes.txt": "screen Ignored { }\n",
      "rules/.hidden/h.navrules": "screen Hidden { }\n",
    ])
    defer { tree.remove() }
    let result = navrc(["check", "--format", "json", tree.path("rules")])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let files = (object["diagnostics"] as? [[String: Any]] ?? []).compactMap {
      ($0["file"] as? String)?.replacingOccurrences(of: tree.path() + "/", with: "")
    }
    #expect(
      files == [
        "rules/a.navrules", "rules/b/c/y.navrules", "rules/b/z.navrules", "rules/c.navrules",
      ])
  }

  @Test func twoFilesFormOneModule() throws {
    let tree = try TemporaryTree([
      "one.navrules": "navigator Main { root Home }\nscreen Home { push Detail }\n",
      "two.navrules": "// Detail is pushed from one.navrules.\nscreen Detail { }\n",
    ])
    defer { tree.remove() }
    let result = navrc(["check", tree.path("two.navrules"), tree.path("one.navrules")])
    #expect(result.status == 0)
    #expect(result.error == "0 errors, 0 warnings\n")
    #expect(navrc(["check", tree.path("two.navrules")]).status == 0)
    #expect(navrc(["check", tree.path("one.navrules")]).status == 1)
  }

  @Test func aDuplicateAcrossFilesIsReportedInTheLaterFile() throws {
    let tree = try TemporaryTree([
      "b.navrules": "\nscreen Home { }\n",
      "a.navrules": "navigator Main { root Home }\nscreen Home { }\n",
    ])
    defer { tree.remove() }
    let result = navrc(["check", tree.path()])
    #expect(result.status == 1)
    #expect(
      result.errorLines == [
        "\(tree.path("b.navrules")):2:8: error: duplicate declaration of screen 'Home' [duplicate-declaration]",
        "\(tree.path("a.navrules")):2:8: note: first declared here",
        "1 error, 0 warnings",
      ])
  }

  @Test func aFileNamedTwiceIsReadOnce() throws {
    let tree = try TemporaryTree(["r.navrules": cleanRules])
    defer { tree.remove() }
    let result = navrc(["check", tree.path("r.navrules"), tree.path(), tree.path("./r.navrules")])
    #expect(result.status == 0)
  }

  @Test func helpAndVersion() {
    for arguments in [["--help"], ["-h"], ["help"], ["check", "--help"]] {
      let help = navrc(arguments)
      #expect(help.status == 0)
      #expect(help.output.contains("navrc check [--format text|json|sarif|github]"))
      #expect(help.error == "")
    }
    let version = navrc(["--version"])
    #expect(version.status == 0)
    #expect(version.output == "navrc \(NavrcVersion.current)\n")
  }

  /// `navrc COMMAND --help` (or `-h`, anywhere before `--`) prints that command's usage on
  /// standard output, its part of `navrc --help`, and exits with 0 without running it.
  @Test(arguments: ["check", "scan", "emit", "fmt", "graph", "explain", "lsp"])
  func eachCommandHasItsOwnHelp(_ command: String) throws {
    let all = navrc(["--help"]).output
    for arguments in [[command, "--help"], [command, "-h"], [command, "x.navrules", "--help"]] {
      let help = navrc(arguments)
      #expect(help.status == 0, "\(arguments)")
      #expect(help.error == "")
      #expect(help.output.hasPrefix("OVERVIEW: "))
      let usage = try #require(
        help.output.split(separator: "\n").first { $0.hasPrefix("  navrc \(command) ") })
      #expect(all.contains(usage + "\n"))
      #expect(!help.output.contains("navrc --version"))
      for other in ["check", "scan", "emit", "fmt", "graph", "explain", "lsp"]
      where other != command && !(command == "scan" && other == "check") {
        #expect(!help.output.contains("\(other.uppercased()) OPTIONS"), "\(command): \(other)")
      }
    }
    // After `--`, `--help` is a path.
    #expect(navrc([command, "--", "--help"]).status == 2)
  }

  /// Usage and I/O errors: exit status 2 and exactly one line on standard error.
  @Test(arguments: [
    ["check", "--frobnicate", "x.navrules"],
    ["check", "-x", "x.navrules"],
    ["check", "/no/such/file.navrules"],
    ["check"],
    ["check", "--format", "xml", "x.navrules"],
    ["check", "--format"],
    ["check", "--disable", "no-such-id", "x.navrules"],
    ["check", "--quiet=yes", "x.navrules"],
    ["frobnicate"],
    [],
  ])
  func usageErrorsExitTwoWithOneLine(_ arguments: [String]) {
    let result = navrc(arguments)
    #expect(result.status == 2)
    #expect(result.output == "")
    #expect(result.errorLines.count == 1, "\(result.error)")
    #expect(result.error.hasPrefix("navrc"))
  }

  @Test func aFolderWithoutRuleFilesIsAnIOError() throws {
    let tree = try TemporaryTree(["empty/readme.txt": "nothing here"])
    defer { tree.remove() }
    let result = navrc(["check", tree.path("empty")])
    #expect(result.status == 2)
    #expect(result.errorLines.count == 1)
  }

  @Test func aPathAfterDoubleDashIsAPathEvenIfItLooksLikeAnOption() throws {
    let tree = try TemporaryTree(["--help.navrules": cleanRules])
    defer { tree.remove() }
    let path = tree.path("--help.navrules")
    let result = navrc(["check", "--", path])
    #expect(result.status == 0)
    #expect(result.output == "")
  }

  /// Issue 11, finding 11: a file that cannot be read is reported with its reason, the
  /// others are still checked, and the run exits with status 2.
  @Test func anUnreadableInputIsReportedAndTheOthersChecked() throws {
    let tree = try TemporaryTree(["a.navrules": "screen A {}\n"])
    defer { tree.remove() }
    try FileManager.default.createSymbolicLink(
      atPath: tree.path("loop.navrules"), withDestinationPath: tree.path("loop.navrules"))
    let result = navrc(["check", tree.path()])
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "navrc check: symbolic link loop: '\(tree.path("loop.navrules"))'",
        "\(tree.path("a.navrules")):1:8: warning: screen 'A' is not reachable from any"
          + " navigator's root [unreachable-screen]",
        "0 errors, 1 warning",
      ])
    let emitted = navrc(["emit", "-o", tree.path("Rules.swift"), tree.path()])
    #expect(emitted.status == 2)
    #expect(!FileManager.default.fileExists(atPath: tree.path("Rules.swift")))
  }
}
