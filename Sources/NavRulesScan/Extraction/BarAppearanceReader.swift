import NavRulesCompiler
import NavRulesModel

/// A `UINavigationBarAppearance` written to the bar in app code
/// (`navigationController?.navigationBar.standardAppearance = appearance`) as the model's
/// `BarAppearance`, whose only use is to tell two writes apart (docs/scan.md#what-becomes-what).
///
/// A local bound to `UINavigationBarAppearance()` (or `init(idiom:)`, `init(barAppearance:)`)
/// and configured in the same method is read with its configuration: the statements before
/// the write that start from it (`appearance.configureWithOpaqueBackground()`,
/// `appearance.backgroundColor = .white`, `appearance.titleTextAttributes = [...]`). When every
/// one of them is a configuration navrc reads exactly, the appearance is those values;
/// otherwise, and for any other value (`Theme.barAppearance`, `makeAppearance()`), it is known
/// by its text only, as title attributes are: the text with white space runs made one and the
/// local's name left out, so two screens that configure a local the same way, whatever they
/// call it, write the same appearance, and two that write different texts different ones. A
/// local bound to any other value stands for that value's text.
struct BarAppearanceReader {
  let titles: TitleStyleReader

  func appearance(of value: ScanExpr, at statement: ScanStatement, in context: CodeContext)
    -> BarAppearance
  {
    var value = value
    if let name = value.identifierName,
      let bound = context.local(name, at: statement.range.lowerBound),
      !Self.isNewAppearance(bound)
    {
      // A local bound to another value (`let a = Theme.bar`) is that value, whatever its name.
      value = bound
    }
    if let name = value.identifierName,
      let bound = context.local(name, at: statement.range.lowerBound),
      Self.isNewAppearance(bound)
    {
      let configuration = context.statements(
        configuring: name, before: statement.range.lowerBound)
      if let exact = read(configuration, local: name, context) { return exact }
      var text = "UINavigationBarAppearance()"
      for configured in configuration {
        text +=
          "; "
          + Self.withoutLocal(
            name,
            TitleStyleReader.normalized(
              context.file.text(configured.range)))
      }
      return Self.knownByText(text)
    }
    return Self.knownByText(TitleStyleReader.normalized(context.file.text(value.range)))
  }

  /// An appearance only its text tells apart: the same marker font `TitleStyleReader` uses
  /// for a literal it cannot read, so `--rules` writes it and `check` compares it alike.
  private static func knownByText(_ text: String) -> BarAppearance {
    BarAppearance(
      title: TitleAttributes(font: .named(TitleStyleReader.literalFontPrefix + text, size: 1)))
  }

  /// `UINavigationBarAppearance()`, `UINavigationBarAppearance(idiom: …)`,
  /// `[[UINavigationBarAppearance alloc] init]`, `[UINavigationBarAppearance new]`.
  private static func isNewAppearance(_ expression: ScanExpr) -> Bool {
    guard let (callee, _) = expression.call else { return false }
    if callee.identifierName == className { return true }
    guard let (base, name) = callee.member, let base else { return false }
    if base.identifierName == className { return name == "init" || name == "new" }
    if let (inner, _) = base.call, let (receiver, alloc) = inner.member,
      receiver?.identifierName == className, alloc == "alloc"
    {
      return name.hasPrefix("init")
    }
    return false
  }

  private static let className = "UINavigationBarAppearance"

  /// The configuration's exact values, or nil when some statement is not one navrc reads.
  private func read(_ statements: [ScanStatement], local: String, _ context: CodeContext)
    -> BarAppearance?
  {
    var appearance = BarAppearance()
    for statement in statements {
      switch statement.kind {
      case .expression(let expression):
        guard let (receiver, name, arguments) = expression.methodCall, arguments.isEmpty,
          receiver?.identifierName == local
        else { return nil }
        switch name {
        case "configureWithDefaultBackground": appearance.background = .default
        case "configureWithOpaqueBackground": appearance.background = .opaque
        case "configureWithTransparentBackground": appearance.background = .transparent
        default: return nil
        }
      case .assignment(let target, let value, nil):
        guard let (base, name) = target.member, base?.identifierName == local else {
          return nil
        }
        switch name {
        case "backgroundColor":
          guard let color = TitleStyleReader.color(value) else { return nil }
          appearance.backgroundColor = color
        case "titleTextAttributes":
          guard let title = titles.exactAttributes(of: value) else { return nil }
          appearance.title = title
        default:
          return nil
        }
      default:
        return nil
      }
    }
    return appearance
  }

  /// `text` with the identifier `name` written as `_`, so the local's name does not matter.
  private static func withoutLocal(_ name: String, _ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    let target = Array(name.unicodeScalars)
    var result = String.UnicodeScalarView()
    var index = 0
    func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "_" || scalar == "$" || scalar.properties.isAlphabetic
        || ("0"..."9").contains(scalar)
    }
    while index < scalars.count {
      if index + target.count <= scalars.count,
        Array(scalars[index..<index + target.count]) == target,
        index == 0 || !isIdentifier(scalars[index - 1]),
        index + target.count == scalars.count || !isIdentifier(scalars[index + target.count])
      {
        result.append("_")
        index += target.count
      } else {
        result.append(scalars[index])
        index += 1
      }
    }
    return String(result)
  }
}
