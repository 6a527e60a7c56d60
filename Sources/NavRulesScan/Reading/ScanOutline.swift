import NavRulesCompiler

/// A readable, indented text form of what the readers produced: one line per type, member and
/// statement, each with its line and column, and expressions in a compact Swift-like notation.
///
/// It documents the structure (the golden files of the scan tests are outlines) and is what to
/// print when debugging an extraction. Expressions print as:
/// `a.b` member · `.b` implicit member · `f(x, label: y) { … }` call with trailing closures ·
/// `a[i]` subscript · `(a op b)` binary · `!a` prefix · `a++` postfix · `(c ? a : b)` ternary ·
/// `(a as! T)`, `(a is T)`, `((T) a)` casts · `{ (x) in s1; s2 }` closure · `#selector(f:)` ·
/// `\Type.path` key path · `type(X)` type reference · `"text"` string · `<?>` unknown.
/// Comments holding `navrc:` (suppressions) are listed at the end.
public enum ScanOutline {
  public static func render(_ scanned: ScannedFile) -> String {
    var printer = Printer(file: scanned.file)
    printer.line("\(scanned.language.rawValue) \(scanned.file.path)", at: nil)
    for property in scanned.properties { printer.property(property) }
    for function in scanned.functions { printer.method(function) }
    for type in scanned.types { printer.type(type) }
    for comment in scanned.comments {
      let text = scanned.file.text(comment.range)
      if text.contains("navrc:") { printer.line("comment " + text, at: comment.range.lowerBound) }
    }
    return printer.output
  }

  public static func render(_ document: StoryboardDocument) -> String {
    var printer = Printer(file: document.file)
    let state = document.isComplete ? "" : " (incomplete)"
    printer.line("\(document.kind.rawValue) \(document.file.path)\(state)", at: nil)
    if let initial = document.initialViewControllerID {
      printer.line("initial \(initial)", at: nil)
    }
    for controller in document.viewControllers {
      var parts = [controller.elementName]
      if let id = controller.id { parts.append("id=\(id)") }
      if let name = controller.className { parts.append("class=\(name)") }
      if let module = controller.customModule { parts.append("module=\(module)") }
      if let identifier = controller.storyboardIdentifier {
        parts.append("storyboardID=\(identifier)")
      }
      if controller.isInitial { parts.append("initial") }
      if controller.isNavigationBarHidden { parts.append("barHidden") }
      if let root = controller.rootViewControllerID { parts.append("root=\(root)") }
      if let parent = controller.parentID { parts.append("parent=\(parent)") }
      if let name = controller.referencedStoryboardName { parts.append("storyboard=\(name)") }
      if let identifier = controller.referencedIdentifier { parts.append("ref=\(identifier)") }
      printer.line(parts.joined(separator: " "), at: controller.offset)
    }
    for segue in document.segues {
      var parts = ["segue"]
      if let kind = segue.kind { parts.append(kind) }
      if let relationship = segue.relationship { parts.append(relationship) }
      parts.append("\(segue.sourceID ?? "?") -> \(segue.destinationID ?? "?")")
      if let identifier = segue.identifier { parts.append("identifier=\(identifier)") }
      printer.line(parts.joined(separator: " "), at: segue.offset)
    }
    return printer.output
  }

  /// An expression in the outline's notation.
  public static func describe(_ expression: ScanExpr) -> String {
    switch expression.kind {
    case .identifier(let name): return name
    case .member(let base, let name):
      return (base.map(describe) ?? "") + "." + name
    case .call(let callee, let arguments, let trailingClosures):
      var text = describe(callee)
      if !arguments.isEmpty || trailingClosures.isEmpty { text += "(\(describe(arguments)))" }
      for closure in trailingClosures {
        text += " " + (closure.label.map { "\($0): " } ?? "") + describe(closure.value)
      }
      return text
    case .subscript(let base, let arguments):
      return describe(base) + "[\(describe(arguments))]"
    case .boolean(let value): return value ? "true" : "false"
    case .nilLiteral: return "nil"
    case .number(let text): return text
    case .string(let text): return quoted(text)
    case .array(let elements): return "[" + elements.map(describe).joined(separator: ", ") + "]"
    case .dictionary(let entries):
      guard !entries.isEmpty else { return "[:]" }
      return "["
        + entries.map { describe($0.key) + ": " + describe($0.value) }.joined(separator: ", ")
        + "]"
    case .binary(let spelling, let lhs, let rhs):
      return "(\(describe(lhs)) \(spelling) \(describe(rhs)))"
    case .prefix(let spelling, let operand): return spelling + describe(operand)
    case .postfix(let spelling, let operand): return describe(operand) + spelling
    case .ternary(let condition, let then, let otherwise):
      return "(\(describe(condition)) ? \(describe(then)) : \(describe(otherwise)))"
    case .cast(let operand, let kind, let type):
      switch kind {
      case .forced: return "(\(describe(operand)) as! \(type))"
      case .conditional: return "(\(describe(operand)) as? \(type))"
      case .coercion: return "(\(describe(operand)) as \(type))"
      case .check: return "(\(describe(operand)) is \(type))"
      case .cStyle: return "((\(type)) \(describe(operand)))"
      }
    case .closure(let parameters, let body):
      let signature = parameters.isEmpty ? "" : "(" + parameters.joined(separator: ", ") + ") in "
      return "{ " + signature + body.map(describe).joined(separator: "; ") + " }"
    case .selector(let text): return "#selector(\(text))"
    case .keyPath(let text): return "\\" + text
    case .tuple(let elements): return "(" + describe(elements) + ")"
    case .typeReference(let type): return "type(\(describe(type)))"
    case .unknown: return "<?>"
    }
  }

  /// A statement on one line (blocks inline, separated by `;`).
  public static func describe(_ statement: ScanStatement) -> String {
    switch statement.kind {
    case .expression(let expression): return describe(expression)
    case .assignment(let target, let value, let compound):
      return "\(describe(target)) \(compound ?? "=") \(describe(value))"
    case .declaration(let declaration):
      var text = "let " + declaration.name
      if let type = declaration.typeText { text += ": " + type }
      if let value = declaration.initializer { text += " = " + describe(value) }
      return text
    case .ifStatement(let conditions, let then, let otherwise):
      var text = "if \(describe(conditions)) { \(then.map(describe).joined(separator: "; ")) }"
      if let otherwise {
        text += " else { \(otherwise.map(describe).joined(separator: "; ")) }"
      }
      return text
    case .guardStatement(let conditions, let otherwise):
      return "guard \(describe(conditions)) else { "
        + otherwise.map(describe).joined(separator: "; ") + " }"
    case .switchStatement(let subject, let cases):
      return "switch \(describe(subject)) { \(cases.count) cases }"
    case .returnStatement(let value): return "return" + (value.map { " " + describe($0) } ?? "")
    case .loop(let body): return "loop { " + body.map(describe).joined(separator: "; ") + " }"
    case .block(let body): return "block { " + body.map(describe).joined(separator: "; ") + " }"
    case .deferStatement(let body):
      return "defer { " + body.map(describe).joined(separator: "; ") + " }"
    case .other: return "other"
    }
  }

  static func describe(_ conditions: [ScanCondition]) -> String {
    conditions.map { condition in
      switch condition.kind {
      case .expression(let value): return describe(value)
      case .optionalBinding(let name, let value, let isVariable):
        return (isVariable ? "var " : "let ") + name + " = " + describe(value)
      case .patternMatch(let pattern, let value): return "case \(pattern) = \(describe(value))"
      case .availability(let text): return text
      }
    }.joined(separator: ", ")
  }

  static func describe(_ arguments: [ScanArgument]) -> String {
    arguments.map { ($0.label.map { "\($0): " } ?? "") + describe($0.value) }
      .joined(separator: ", ")
  }

  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default:
        if scalar.value < 0x20 {
          result += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  /// Writes indented lines with positions.
  private struct Printer {
    let file: SourceFile
    var output = ""
    var indentation = 0

    mutating func line(_ text: String, at offset: Int?) {
      output += String(repeating: "  ", count: indentation)
      if let offset {
        let position = file.position(of: offset)
        output += "\(position.line):\(position.column) "
      }
      output += text + "\n"
    }

    mutating func indented(_ body: (inout Printer) -> Void) {
      indentation += 1
      body(&self)
      indentation -= 1
    }

    mutating func type(_ type: ScannedType) {
      var text = "\(type.kind.rawValue) \(type.qualifiedName)"
      if let category = type.categoryName { text += " (\(category))" }
      if let superclass = type.superclass { text += " superclass \(superclass.name)" }
      let others = type.inheritedTypes.filter { $0 != type.superclass }
      if !others.isEmpty {
        let label = type.protocols.isEmpty ? "inherits" : "protocols"
        text += " \(label) " + others.map(\.name).joined(separator: ", ")
      }
      line(text, at: type.nameRange.lowerBound)
      indented { printer in
        for property in type.properties { printer.property(property) }
        for method in type.methods { printer.method(method) }
        for nested in type.nestedTypes { printer.type(nested) }
      }
    }

    mutating func property(_ property: ScannedProperty) {
      var text = ""
      if property.isOverride { text += "override " }
      if property.isStatic { text += "static " }
      if property.isLazy { text += "lazy " }
      text += (property.isConstant ? "let " : "var ") + property.name
      if let type = property.typeText { text += ": " + type }
      if let value = property.initializer { text += " = " + ScanOutline.describe(value) }
      line(text, at: property.nameRange.lowerBound)
      indented { printer in
        for accessor in property.accessors { printer.method(accessor) }
      }
    }

    mutating func method(_ method: ScannedMethod) {
      var text = ""
      if method.isOverride { text += "override " }
      if method.isStatic { text += "static " }
      if method.isPrivate { text += "private " }
      switch method.kind {
      case .getter, .setter, .willSet, .didSet, .otherAccessor:
        text += method.kind.rawValue + " " + method.baseName
      default:
        text += method.kind.rawValue + " " + method.swiftName
      }
      if !method.parameterNames.isEmpty {
        text += " [" + method.parameterNames.joined(separator: ", ") + "]"
      }
      if let type = method.returnType { text += " -> " + type }
      if method.body == nil { text += " (no body)" }
      line(text, at: method.nameRange.lowerBound)
      indented { printer in
        for statement in method.body ?? [] { printer.statement(statement) }
      }
    }

    mutating func statement(_ statement: ScanStatement) {
      let offset = statement.firstTokenRange.lowerBound
      switch statement.kind {
      case .ifStatement(let conditions, let then, let otherwise):
        line("if " + ScanOutline.describe(conditions), at: offset)
        block("then", then)
        if let otherwise { block("else", otherwise) }
      case .guardStatement(let conditions, let otherwise):
        line("guard " + ScanOutline.describe(conditions), at: offset)
        block("else", otherwise)
      case .switchStatement(let subject, let cases):
        line("switch " + ScanOutline.describe(subject), at: offset)
        indented { printer in
          for item in cases {
            let label =
              item.isDefault
              ? "default"
              : "case " + item.patterns.map(ScanOutline.describe).joined(separator: ", ")
            printer.line(label, at: item.range.lowerBound)
            printer.indented { inner in
              for statement in item.body { inner.statement(statement) }
            }
          }
        }
      case .loop(let body): statementBlock("loop", body, at: offset)
      case .block(let body): statementBlock("block", body, at: offset)
      case .deferStatement(let body): statementBlock("defer", body, at: offset)
      default:
        line(ScanOutline.describe(statement), at: offset)
      }
    }

    private mutating func statementBlock(_ name: String, _ body: [ScanStatement], at offset: Int) {
      line(name, at: offset)
      indented { printer in
        for statement in body { printer.statement(statement) }
      }
    }

    private mutating func block(_ name: String, _ body: [ScanStatement]) {
      indented { printer in
        printer.line(name, at: nil)
        printer.indented { inner in
          for statement in body { inner.statement(statement) }
        }
      }
    }
  }
}
