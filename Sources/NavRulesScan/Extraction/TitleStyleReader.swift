import NavRulesCompiler
import NavRulesModel

/// Title text attributes written in app code (`navigationBar.titleTextAttributes = [...]`,
/// `setTitleTextAttributes:@{…}`) as the model's `TitleAttributes`.
///
/// A literal whose colour and font navrc can read exactly becomes those attributes. Any other
/// dictionary literal becomes a style that only its own literal text has
/// (docs/scan.md#what-becomes-what: "two writes with the same text are the same style"): a font
/// named after the text, size 1, which `--rules` writes with a comment. Nothing about it is guessed
/// beyond "the same text, the same style". A value that is not a literal (an expression, a local
/// changed after it is bound) is not read: nil, left out of the model.
struct TitleStyleReader {
  /// Marks the font name of a style known only by its literal text.
  static let literalFontPrefix = "navrc-scan: "

  func attributes(of value: ScanExpr, in context: CodeContext) -> TitleAttributes? {
    var expression = value
    if let name = value.identifierName {
      guard let local = context.locals[name], !context.isAssigned(name) else { return nil }
      expression = local
    }
    guard case .dictionary = expression.kind else { return nil }
    if let read = read(expression) { return read }
    let text = Self.normalized(context.file.text(expression.range))
    return TitleAttributes(font: .named(Self.literalFontPrefix + text, size: 1))
  }

  /// The exact attributes of a dictionary literal of known keys and values, else nil.
  func exactAttributes(of expression: ScanExpr) -> TitleAttributes? { read(expression) }

  /// The exact attributes of a dictionary literal of known keys and values.
  private func read(_ expression: ScanExpr) -> TitleAttributes? {
    guard case .dictionary(let entries) = expression.kind, !entries.isEmpty else { return nil }
    var attributes = TitleAttributes()
    for entry in entries {
      switch Self.key(entry.key) {
      case "foregroundColor"?:
        guard let color = Self.color(entry.value) else { return nil }
        attributes.color = color
      case "font"?:
        guard let font = Self.font(entry.value) else { return nil }
        attributes.font = font
      default:
        return nil
      }
    }
    return attributes
  }

  /// `.foregroundColor`, `NSAttributedString.Key.foregroundColor`,
  /// `NSForegroundColorAttributeName`, and the same for the font.
  private static func key(_ expression: ScanExpr) -> String? {
    let name = expression.memberName ?? expression.identifierName
    switch name {
    case "foregroundColor", "NSForegroundColorAttributeName": return "foregroundColor"
    case "font", "NSFontAttributeName": return "font"
    default: return nil
    }
  }

  /// UIKit's fixed colours, by the names code uses (`UIColor.red`, `[UIColor redColor]`).
  private static let fixedColors: [String: (UInt8, UInt8, UInt8, UInt8)] = [
    "black": (0, 0, 0, 255), "white": (255, 255, 255, 255), "red": (255, 0, 0, 255),
    "green": (0, 255, 0, 255), "blue": (0, 0, 255, 255), "yellow": (255, 255, 0, 255),
    "orange": (255, 128, 0, 255), "purple": (128, 0, 128, 255), "brown": (153, 102, 51, 255),
    "cyan": (0, 255, 255, 255), "magenta": (255, 0, 255, 255), "gray": (128, 128, 128, 255),
    "darkGray": (85, 85, 85, 255), "lightGray": (170, 170, 170, 255), "clear": (0, 0, 0, 0),
  ]

  static func color(_ expression: ScanExpr) -> TitleColor? {
    // `UIColor.red`, `.red`, `[UIColor redColor]`, `UIColor.systemBlue`, `UIColor.label`.
    var name = expression.memberName
    if let (receiver, method, arguments) = expression.methodCall, arguments.isEmpty,
      receiver?.identifierName == "UIColor", method.hasSuffix("Color")
    {
      name = String(method.dropLast("Color".count))
    }
    if let name {
      if let named = NamedColor(rawValue: name) { return .named(named) }
      if let (red, green, blue, alpha) = fixedColors[name] {
        return .rgba(red: red, green: green, blue: blue, alpha: alpha)
      }
      return nil
    }
    // `UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)` with literal components.
    guard let (callee, arguments) = expression.call,
      callee.identifierName == "UIColor"
        || callee.memberName == "colorWithRed",
      arguments.count == 4
    else { return nil }
    var components: [UInt8] = []
    for argument in arguments {
      guard case .number(let text) = argument.value.kind,
        let value = Double(text.filter { $0 != "f" && $0 != "_" }), (0...1).contains(value)
      else { return nil }
      components.append(UInt8((value * 255).rounded()))
    }
    return .rgba(
      red: components[0], green: components[1], blue: components[2], alpha: components[3])
  }

  private static func font(_ expression: ScanExpr) -> TitleFont? {
    guard let (callee, arguments) = expression.call else { return nil }
    let method = callee.memberName ?? callee.identifierName ?? ""
    func size(_ argument: ScanArgument?) -> Double? {
      guard case .number(let text)? = argument?.value.kind else { return nil }
      return Double(text.filter { $0 != "f" && $0 != "_" })
    }
    switch method {
    case "systemFont", "systemFontOfSize":
      guard let points = size(arguments.first) else { return nil }
      var weight = FontWeight.regular
      if arguments.count > 1 {
        guard let name = arguments[1].value.memberName, let known = FontWeight(rawValue: name)
        else { return nil }
        weight = known
      }
      return .system(size: points, weight: weight)
    case "boldSystemFont", "boldSystemFontOfSize":
      guard let points = size(arguments.first) else { return nil }
      return .system(size: points, weight: .bold)
    case "UIFont", "fontWithName":
      guard case .string(let name)? = arguments.first?.value.kind,
        let points = size(arguments.dropFirst().first)
      else { return nil }
      return .named(name, size: points)
    default:
      return nil
    }
  }

  /// The literal's text with runs of white space made one space, so layout does not matter.
  static func normalized(_ text: String) -> String {
    var result = ""
    var pendingSpace = false
    for scalar in text.unicodeScalars {
      if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
        pendingSpace = !result.isEmpty
        continue
      }
      if pendingSpace { result += " " }
      pendingSpace = false
      result.unicodeScalars.append(scalar)
    }
    return result
  }
}
