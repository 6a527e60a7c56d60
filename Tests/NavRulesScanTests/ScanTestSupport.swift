import NavRulesCompiler

@testable import NavRulesScan

/// Reads Swift source held in memory.
func scanSwift(_ text: String) -> ScannedFile {
  ScanReader.read(SourceFile(path: "Test.swift", text: text), language: .swift)
}

/// Reads Objective-C source held in memory.
func scanObjC(_ text: String) -> ScannedFile {
  ScanReader.read(SourceFile(path: "Test.m", text: text), language: .objectiveC)
}

/// The tokens of `text` as `kind text` pairs (the end-of-file token left out).
func scanTokens(_ text: String, language: ScanLanguage) -> [String] {
  let tokens = ScanLexer.lex(SourceFile(path: "lex", text: text), language: language)
  return tokens.tokens.dropLast().map { "\($0.kind) \(tokens.text(of: $0))" }
}

/// The source text of the tokens of `text` (the end-of-file token left out).
func scanTokenTexts(_ text: String, language: ScanLanguage) -> [String] {
  let tokens = ScanLexer.lex(SourceFile(path: "lex", text: text), language: language)
  return tokens.tokens.dropLast().map { tokens.text(of: $0) }
}

/// The body of the first method named `name` in the file's types (nested ones included).
func body(of name: String, in file: ScannedFile) -> [ScanStatement] {
  for type in file.allTypes {
    if let method = type.methods.first(where: { $0.baseName == name }) {
      return method.body ?? []
    }
  }
  return file.functions.first { $0.baseName == name }?.body ?? []
}

/// The statements of the first method named `name`, one line each.
func outline(of name: String, in file: ScannedFile) -> [String] {
  body(of: name, in: file).map(ScanOutline.describe)
}

/// The statements of a Swift function body given as text, one line each.
func swiftStatements(_ body: String) -> [String] {
  outline(of: "f", in: scanSwift("func f() {\n\(body)\n}\n"))
}

/// The statements of an Objective-C method body given as text, one line each.
func objCStatements(_ body: String) -> [String] {
  outline(of: "f", in: scanObjC("@implementation X\n- (void)f {\n\(body)\n}\n@end\n"))
}

/// Every byte range the structure of `file` holds, for bounds checks.
func allRanges(_ file: ScannedFile) -> [Range<Int>] {
  var ranges: [Range<Int>] = file.comments.map(\.range)
  func visit(_ expression: ScanExpr) {
    ranges.append(expression.range)
    switch expression.kind {
    case .member(let base, _): base.map(visit)
    case .call(let callee, let arguments, let trailing):
      visit(callee)
      for argument in arguments + trailing { visit(argument.value) }
    case .subscript(let base, let arguments):
      visit(base)
      for argument in arguments { visit(argument.value) }
    case .array(let elements): elements.forEach(visit)
    case .dictionary(let entries):
      for entry in entries {
        visit(entry.key)
        visit(entry.value)
      }
    case .binary(_, let lhs, let rhs):
      visit(lhs)
      visit(rhs)
    case .prefix(_, let operand), .postfix(_, let operand), .cast(let operand, _, _),
      .typeReference(let operand):
      visit(operand)
    case .ternary(let condition, let then, let otherwise):
      visit(condition)
      visit(then)
      visit(otherwise)
    case .closure(_, let body): body.forEach(visit)
    case .tuple(let elements):
      for element in elements { visit(element.value) }
    default: break
    }
  }
  func visit(_ statement: ScanStatement) {
    ranges += [statement.range, statement.firstTokenRange]
    switch statement.kind {
    case .expression(let value): visit(value)
    case .assignment(let target, let value, _):
      visit(target)
      visit(value)
    case .declaration(let declaration):
      ranges.append(declaration.nameRange)
      declaration.initializer.map(visit)
    case .ifStatement(let conditions, let then, let otherwise):
      ranges += conditions.map(\.range)
      then.forEach(visit)
      otherwise?.forEach(visit)
    case .guardStatement(let conditions, let otherwise):
      ranges += conditions.map(\.range)
      otherwise.forEach(visit)
    case .switchStatement(let subject, let cases):
      visit(subject)
      for item in cases {
        ranges.append(item.range)
        item.patterns.forEach(visit)
        item.body.forEach(visit)
      }
    case .returnStatement(let value): value.map(visit)
    case .loop(let body), .block(let body), .deferStatement(let body): body.forEach(visit)
    case .other: break
    }
  }
  func visit(_ method: ScannedMethod) {
    ranges += [method.nameRange, method.range]
    method.body?.forEach(visit)
  }
  func visit(_ property: ScannedProperty) {
    ranges += [property.nameRange, property.range]
    property.initializer.map(visit)
    property.accessors.forEach(visit)
  }
  for type in file.allTypes {
    ranges += [type.nameRange, type.range] + type.inheritedTypes.map(\.range)
    type.methods.forEach(visit)
    type.properties.forEach(visit)
  }
  file.functions.forEach(visit)
  file.properties.forEach(visit)
  return ranges
}
