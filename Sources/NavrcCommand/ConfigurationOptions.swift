import NavRulesCompiler

extension CheckCommand.Options {
  /// Reads the run's configuration (`--config FILE`, else the `.navrc` nearest above the
  /// first PATH or the working directory; none with `--no-config`) and merges it under the
  /// command line: a flag given on the command line wins (`--baseline`, `--warnings-as-errors`,
  /// `--strict-baseline`), lists add up (`--disable`, and `scan`'s `--root` and `--exclude`),
  /// and the file's `include` paths are the inputs when the command line names none.
  ///
  /// A configuration with mistakes is reported (every one, at its line and column) and
  /// nothing is checked: a run with settings half-read would not be the run CI does.
  mutating func applyConfiguration(command: String, io: CommandIO) throws(UsageError)
    -> Configuration
  {
    var configuration = Configuration(folder: ".")
    if !ignoresConfig {
      let path = configPath ?? ConfigurationSearch.find(from: paths.first ?? ".")
      if let path {
        let result: ConfigurationReader.Result
        do {
          result = try ConfigurationSearch.load(path)
        } catch {
          throw UsageError("navrc \(command): cannot read the configuration: \(error.description)")
        }
        if !result.diagnostics.isEmpty {
          TextRenderer(isTerminal: io.errorIsTerminal).render(
            result.diagnostics, write: io.writeErrorBytes)
          let count = result.diagnostics.count
          throw UsageError(
            "navrc \(command): \(count) \(count == 1 ? "mistake" : "mistakes") in '\(ConfigurationSearch.printablePath(path))';"
              + " nothing checked")
        }
        configuration = result.configuration
      }
    }
    if paths.isEmpty { paths = configuration.include }
    guard !paths.isEmpty else {
      throw UsageError("navrc \(command): expected at least one PATH; see 'navrc --help'")
    }
    disabled.formUnion(configuration.disabled)
    warningsAsErrors = warningsAsErrors || configuration.warningsAsErrors == true
    strictBaseline = strictBaseline || configuration.strictBaseline == true
    if baseline == nil { baseline = configuration.baseline }
    return configuration
  }
}
