/// Accumulates generated Swift line by line, indenting nested blocks two spaces per level.
///
/// Generators take the printer `inout`, so each construct prints itself where it belongs.
/// Lines never end in spaces; an empty line stays empty at any depth.
public struct CodePrinter: Sendable {
  public private(set) var content = ""
  private var level = 0
  private static let indentUnit = "  "

  public init() {}

  /// Prints one line at the current indentation; `text` must not contain a line break.
  public mutating func line(_ text: String = "") {
    precondition(!text.utf8.contains(UInt8(ascii: "\n")), "one line at a time")
    if !text.isEmpty {
      content += String(repeating: Self.indentUnit, count: level)
      content += text
    }
    content += "\n"
  }

  /// Prints a line exactly as given, with no indentation: for the inside of a multi-line
  /// string literal, whose indentation its generator chooses.
  public mutating func verbatim(_ text: String) {
    precondition(!text.utf8.contains(UInt8(ascii: "\n")), "one line at a time")
    content += text + "\n"
  }

  /// The indentation of the current level, for lines printed `verbatim`.
  public var currentIndentation: String { String(repeating: Self.indentUnit, count: level) }

  public mutating func indent() { level += 1 }

  public mutating func outdent() {
    precondition(level > 0, "outdent past the left margin")
    level -= 1
  }

  /// Prints `body` one level deeper.
  public mutating func withIndentation(_ body: (inout CodePrinter) -> Void) {
    indent()
    body(&self)
    outdent()
  }

  /// `opening {`, the body one level deeper, then `}`.
  public mutating func block(_ opening: String, _ body: (inout CodePrinter) -> Void) {
    line(opening + " {")
    withIndentation(body)
    line("}")
  }
}
