import Foundation
import NavRulesCompiler
import NavRulesLanguageServer
import NavRulesScan

/// The bodies of the fuzz targets, compiled both into the libFuzzer executables
/// (`scripts/fuzz`, entry points in `Fuzz/`) and into the tests that replay every input the
/// fuzzers ever found (`FuzzRegressionTests`). Public API only, so the fuzzers link the
/// library as an app would.
///
/// Each target runs its part of navrc on arbitrary bytes and stops the process (a crash that
/// libFuzzer records) when a property that must hold for every input fails.
enum FuzzTargets {
  /// The targets by name, as `scripts/fuzz TARGET` names them.
  static let all: [(name: String, run: @Sendable ([UInt8]) -> Void)] = [
    ("frontend", frontEnd),
    ("pipeline", pipeline),
    ("fmt", formatKeepsMeaning),
    ("lsp", languageServer),
    ("scan", scan),
  ]

  /// Where a failed property goes: by default the process stops (libFuzzer records the
  /// input); the regression tests record it as a test issue instead.
  @TaskLocal static var onFailure: (@Sendable (String) -> Void)?

  static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    guard !condition else { return }
    guard let onFailure else { fatalError("fuzz property failed: \(message())") }
    onFailure(message())
  }

  // MARK: - Front end

  /// Lexer, parser and resolver: every diagnostic points into its file, and its text line
  /// is one line.
  static func frontEnd(_ bytes: [UInt8]) {
    let file = SourceFile(path: "fuzz.navrules", bytes: bytes)
    let (tokens, lexical) = Lexer.lex(file)
    let (tree, parse) = Parser.parse(tokens)
    let syntaxDiagnostics = lexical + parse
    let (_, semantic) = Resolver.resolve([tree], syntaxDiagnostics: syntaxDiagnostics)
    // Every range is in the file; positions and the text line are checked for a sample (the
    // pipeline target checks them all), so that a random input's thousand diagnostics do
    // not cost ten times its lexing.
    var widths = LineWidths()
    let diagnostics = syntaxDiagnostics + semantic
    for (index, diagnostic) in diagnostics.enumerated() {
      if index < 16 || index >= diagnostics.count - 16 {
        checkDiagnostic(diagnostic, &widths)
      } else {
        require(
          diagnostic.range.bytes.lowerBound >= 0
            && diagnostic.range.bytes.upperBound <= file.bytes.count,
          "range \(diagnostic.range.bytes) outside \(file.bytes.count) bytes")
      }
    }
  }

  /// Each line's width in columns, measured once per input.
  struct LineWidths {
    var widths: [ObjectIdentifier: [Int: Int]] = [:]

    mutating func width(of line: Int, in file: SourceFile) -> Int {
      if let known = widths[ObjectIdentifier(file)]?[line] { return known }
      let width = file.text(file.lineRange(at: line)).unicodeScalars.count
      widths[ObjectIdentifier(file), default: [:]][line] = width
      return width
    }
  }

  /// Ranges lie in their file at valid positions; the text format gives one line per
  /// diagnostic and note, whatever the message quotes.
  static func checkDiagnostic(_ diagnostic: Diagnostic, _ widths: inout LineWidths) {
    let ranges =
      [diagnostic.range] + diagnostic.notes.map(\.range)
      + diagnostic.fixIts.flatMap { $0.edits.map(\.range) }
    for range in ranges { checkRange(range, &widths) }
    let text = TextRenderer(isTerminal: false).render(diagnostic)
    let lines = text.utf8.count { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
    require(lines == 1 + diagnostic.notes.count, "text lines: \(text.debugDescription)")
  }

  static func checkRange(_ range: SourceRange, _ widths: inout LineWidths) {
    let file = range.file
    require(
      range.bytes.lowerBound >= 0 && range.bytes.upperBound <= file.bytes.count,
      "range \(range.bytes) outside \(file.bytes.count) bytes")
    let start = range.start
    let end = range.end
    require(start <= end, "range ends before it starts")
    for position in [start, end] {
      require(
        (1...file.lineStarts.count).contains(position.line), "line \(position.line) out of range")
      let width = widths.width(of: position.line - 1, in: file)
      require(
        (1...width + 1).contains(position.column),
        "column \(position.column) beyond line width \(width)")
    }
  }

  // MARK: - Whole pipeline

  /// `check` with every renderer, `graph`, `emit` and `fmt` on one or more files (the input
  /// is split into files at each line `%%%`).
  static func pipeline(_ bytes: [UInt8]) {
    let files = splitFiles(bytes)
    let compilation = Compilation(files: files)
    var widths = LineWidths()
    for diagnostic in compilation.diagnostics {
      checkDiagnostic(diagnostic, &widths)
      _ = TextRenderer(isTerminal: true).render(diagnostic)
    }
    let json = JSONRenderer.render(compilation.diagnostics)
    require(
      (try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "invalid JSON output")
    let sarif = SARIFRenderer.render(compilation.diagnostics, workingDirectory: "/work")
    require(
      (try? JSONSerialization.jsonObject(with: Data(sarif.utf8))) != nil, "invalid SARIF output")
    let github = GitHubRenderer.render(compilation.diagnostics)
    require(
      github.unicodeScalars.count { $0 == "\n" || $0 == "\r" } == compilation.diagnostics.count,
      "a GitHub annotation spans lines")
    let graph = NavigationGraph(compilation)
    for format in GraphRenderer.Format.allCases { _ = GraphRenderer.render(graph, as: format) }
    if compilation.errorCount == 0 {
      let emitted = SwiftEmitter.emit(compilation.module)
      require(emitted != nil, "no Swift for a module without errors")
      if let emitted { checkEmitted(emitted) }
    }
    for file in files { _ = Formatter.format(file) }
  }

  /// What the Swift compiler would reject whatever the rest: a raw-string delimiter (the
  /// `#`s before a line-ending `"""` or after a line-starting one) longer than 255 `#`s.
  static func checkEmitted(_ swift: String) {
    for line in swift.split(separator: "\n") {
      let trimmed = line.drop { $0 == " " }
      var delimiters: [Int] = []
      if line.hasSuffix("\"\"\"") {
        delimiters.append(line.dropLast(3).reversed().prefix { $0 == "#" }.count)
      }
      if trimmed.hasPrefix("\"\"\"") {
        delimiters.append(trimmed.dropFirst(3).prefix { $0 == "#" }.count)
      }
      for length in delimiters {
        require(length <= 255, "a raw-string delimiter of \(length) '#' in the emitted Swift")
      }
    }
  }

  static func splitFiles(_ bytes: [UInt8]) -> [SourceFile] {
    let separator = Array("\n%%%\n".utf8)
    var files: [SourceFile] = []
    var start = 0
    var index = 0
    while index + separator.count <= bytes.count {
      if bytes[index..<index + separator.count].elementsEqual(separator) {
        files.append(
          SourceFile(path: "f\(files.count).navrules", bytes: Array(bytes[start..<index + 1])))
        index += separator.count
        start = index
      } else {
        index += 1
      }
    }
    files.append(SourceFile(path: "f\(files.count).navrules", bytes: Array(bytes[start...])))
    return files
  }

  // MARK: - fmt keeps meaning

  /// `navrc fmt`'s promises: the result is a fixed point, and it means what the input meant
  /// (the same diagnostics, the same emitted Swift).
  static func formatKeepsMeaning(_ bytes: [UInt8]) {
    let file = SourceFile(path: "fuzz.navrules", bytes: bytes)
    guard case .formatted(let text) = Formatter.format(file) else { return }
    let formatted = SourceFile(path: "fuzz.navrules", text: text)
    require(Formatter.format(formatted) == .formatted(text), "fmt is not idempotent")
    let before = Compilation(files: [file])
    let after = Compilation(files: [formatted])
    func meaning(_ compilation: Compilation) -> [String] {
      compilation.diagnostics.map {
        "\($0.id.rawValue) \($0.severity.rawValue) \($0.message) \($0.notes.map(\.message))"
      }.sorted()
    }
    require(meaning(before) == meaning(after), "fmt changed the diagnostics")
    require(
      SwiftEmitter.emit(before.module) == SwiftEmitter.emit(after.module),
      "fmt changed the emitted Swift")
  }

  // MARK: - Scan

  /// The kinds of file a scan input part is read as, by its first byte.
  static let scanExtensions = ["swift", "m", "h", "storyboard"]

  /// `navrc scan` on arbitrary app files (parts split at a `%%%` line, each read as Swift,
  /// Objective-C, a header or a storyboard by its first byte), then the round trip: the
  /// `--rules` output is accepted by `check` (no front-end error) with the same findings (the
  /// same rule ids, unused suppressions aside: the app's comments are not all carried).
  static func scan(_ bytes: [UInt8]) {
    let files = splitFiles(bytes).enumerated().compactMap { index, part -> SourceFile? in
      guard let kind = part.bytes.first else { return nil }
      let name = "f\(index).\(scanExtensions[Int(kind) % scanExtensions.count])"
      return SourceFile(path: name, bytes: Array(part.bytes.dropFirst()))
    }
    let scan = AppScan(files: files)
    for diagnostic in scan.diagnostics {
      require(
        diagnostic.range.bytes.upperBound <= diagnostic.range.file.bytes.count,
        "a diagnostic past the end of its file")
    }
    let rules = RulesFileWriter.text(of: scan.model)
    let check = Compilation(files: [SourceFile(path: "scan.navrules", text: rules)])
    let frontEnd = check.diagnostics.filter { $0.id.isFrontEnd && $0.severity == .error }
    require(
      frontEnd.isEmpty,
      "--rules written with front-end errors: \(frontEnd.map { "\($0.range): \($0.message)" })")
    func findings(_ diagnostics: [Diagnostic]) -> Set<String> {
      Set(diagnostics.filter { !$0.id.isFrontEnd }.map(\.id.rawValue))
    }
    require(
      findings(scan.diagnostics) == findings(check.diagnostics),
      "check of --rules finds \(findings(check.diagnostics).sorted()), scan"
        + " \(findings(scan.diagnostics).sorted())")
  }

  // MARK: - Language server

  /// The message loop on arbitrary input: it ends only at the end of the input or at
  /// `exit`. When the first byte is even, the session starts initialized, so mutations
  /// reach the document handlers.
  static func languageServer(_ bytes: [UInt8]) {
    var input: [UInt8] = []
    if let first = bytes.first, first % 2 == 0 {
      for message in [
        #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}"#,
        #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
      ] {
        input += Array("Content-Length: \(message.utf8.count)\r\n\r\n\(message)".utf8)
      }
    }
    input += bytes.dropFirst()
    var reader = MessageReader(bytes: input)
    // Folders the input names are real: small limits keep one input from indexing a tree.
    let limits = LanguageServer.Limits(files: 20, bytes: 1 << 20, entries: 200)
    let server = LanguageServer(
      send: { message in require(!message.serialized().isEmpty, "an empty message") },
      limits: limits)
    _ = server.run(&reader)
  }
}
