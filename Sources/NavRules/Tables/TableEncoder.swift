extension RuleBook {
  /// The book in the text form of `TableFormat`, one record per line, ending with a newline.
  ///
  /// The same book always gives the same text.
  public var tableText: String {
    let lines = tableLines
    var text = ""
    text.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 })
    for line in lines {
      text += line
      text += "\n"
    }
    return text
  }

  /// The records of `tableText`, each without its line break: what a generator that prints
  /// the table line by line needs, without splitting the text again.
  public var tableLines: [String] {
    var encoder = TableEncoder()
    return encoder.encode(self)
  }
}

/// Writes `TableFormat` records; attribute sets are numbered in order of first use.
struct TableEncoder {
  private var attributeIndex: [TitleAttributes: Int] = [:]
  private var attributeLines: [String] = []
  private var appearanceIndex: [BarAppearance: Int] = [:]
  private var appearanceLines: [String] = []

  mutating func encode(_ book: RuleBook) -> [String] {
    // Number every attribute set first, so each record can refer to an earlier one.
    for style in book.styles { _ = intern(style.attributes) }
    for navigator in book.navigators { _ = navigator.titleStyle.map { intern($0.attributes) } }
    for screen in book.screens {
      _ = screen.titleStyle.map { intern($0.attributes) }
      for hook in screen.hooks {
        for case .setTitleStyle(let attributes) in hook.actions { _ = intern(attributes) }
      }
    }
    for navigator in book.navigators {
      for hook in navigator.hooks {
        for case .setTitleStyle(let attributes) in hook.actions { _ = intern(attributes) }
      }
    }
    for navigator in book.navigators {
      internAppearances(navigator.barAppearances, navigator.hooks)
    }
    for screen in book.screens { internAppearances(screen.barAppearances, screen.hooks) }
    let version = book.platform
    // Version 2 when nothing needs 3, so the tables of rules without bar appearances (and the
    // runtimes that read them) stay as they were.
    let header =
      appearanceLines.isEmpty ? TableFormat.headerPrefix + "2" : TableFormat.header
    var lines = [header, "platform \(version.major).\(version.minor).\(version.patch)"]
    lines += attributeLines
    lines += appearanceLines
    for (index, style) in book.styles.enumerated() {
      lines.append("style \(index) \(style.name) attributes=\(intern(style.attributes))")
    }
    for (index, navigator) in book.navigators.enumerated() {
      var line = "navigator \(index) \(navigator.name) root=\(navigator.root.index)"
      line += " popGesture=\(navigator.popGesture.rawValue)"
      line += " backDebounce=\(navigator.backDebounceMilliseconds)"
      if let style = navigator.titleStyle { line += " titleStyle=\(titleStyle(style))" }
      line += barAppearanceFields(navigator.barAppearances)
      line += hookFields(navigator.hooks)
      lines.append(line)
    }
    for (index, screen) in book.screens.enumerated() {
      lines.append(self.screen(screen, index: index))
    }
    return lines
  }

  private mutating func screen(_ screen: ScreenRule, index: Int) -> String {
    var line = "screen \(index) \(screen.name) class=\(screen.className)"
    if let title = screen.title { line += " title=" + Self.quoted(title) }
    if let style = screen.titleStyle { line += " titleStyle=\(titleStyle(style))" }
    switch screen.back {
    case .allow: break
    case .block: line += " back=block"
    case .intercept: line += " back=intercept"
    case .interceptTaps: line += " back=interceptTaps"
    case .confirm(let confirmation):
      line +=
        " back=confirm:" + Self.quoted(confirmation.message) + ":"
        + Self.quoted(confirmation.leaveTitle) + ":" + Self.quoted(confirmation.stayTitle)
    }
    if let policy = screen.popGesture { line += " popGesture=\(policy.rawValue)" }
    if screen.navigationBar != .visible {
      line += " navigationBar=\(screen.navigationBar.rawValue)"
    }
    if screen.leftBarButton != .none { line += " leftBarButton=\(screen.leftBarButton.rawValue)" }
    if !screen.pushes.isEmpty { line += " push=" + Self.list(screen.pushes.map { $0.index }) }
    if !screen.presents.isEmpty {
      line += " present=" + Self.list(screen.presents.map { $0.index })
    }
    line += barAppearanceFields(screen.barAppearances)
    line += hookFields(screen.hooks)
    return line
  }

  /// `barAppearance=SLOT:APPEARANCE`, `all` for the four slots, one field per declaration.
  private mutating func barAppearanceFields(_ rules: [BarAppearanceRule]) -> String {
    var fields = ""
    for rule in rules {
      let slots = rule.slots.count == 1 ? rule.slots[0].rawValue : "all"
      fields += " barAppearance=\(slots):\(intern(rule.appearance))"
    }
    return fields
  }

  private mutating func internAppearances(_ rules: [BarAppearanceRule], _ hooks: [HookRule]) {
    for rule in rules { _ = intern(rule.appearance) }
    for hook in hooks {
      for case .setBarAppearance(_, let appearance) in hook.actions { _ = intern(appearance) }
    }
  }

  private mutating func intern(_ appearance: BarAppearance) -> Int {
    if let index = appearanceIndex[appearance] { return index }
    // Its title attributes are numbered before it, so it can refer to them.
    let attributes = appearance.title.map { intern($0) }
    let index = appearanceLines.count
    appearanceIndex[appearance] = index
    var line = "appearance \(index)"
    if let background = appearance.background { line += " background=\(background.rawValue)" }
    if let color = appearance.backgroundColor { line += " backgroundColor=" + Self.color(color) }
    if let attributes { line += " attributes=\(attributes)" }
    appearanceLines.append(line)
    return index
  }

  private static func color(_ color: TitleColor) -> String {
    switch color {
    case .rgba(let red, let green, let blue, let alpha):
      "#" + [red, green, blue, alpha].map(hexByte).joined()
    case .named(let name): name.rawValue
    }
  }

  private mutating func hookFields(_ hooks: [HookRule]) -> String {
    var fields = ""
    for hook in hooks {
      let key = hook.condition == .pushed ? "onPushed" : "on"
      fields += " \(key)=\(hook.event.rawValue):"
      for (position, action) in hook.actions.enumerated() {
        if position > 0 { fields += ";" }
        fields += self.action(action)
      }
    }
    return fields
  }

  private mutating func action(_ action: HookAction) -> String {
    switch action {
    case .setGestureEnabled(let enabled): enabled ? "gesture.enabled" : "gesture.disabled"
    case .setGestureDelegate(let delegate): "delegate.\(delegate.rawValue)"
    case .setNavigationBar(let visibility): "bar.\(visibility.rawValue)"
    case .setTitleStyle(let attributes): "title.\(intern(attributes))"
    case .setBarAppearance(let slot, let appearance):
      "appearance.\(slot.rawValue).\(intern(appearance))"
    }
  }

  private mutating func titleStyle(_ style: TitleStyleRule) -> String {
    if let id = style.style { return "style:\(id.index)" }
    return "inline:\(intern(style.attributes))"
  }

  private mutating func intern(_ attributes: TitleAttributes) -> Int {
    if let index = attributeIndex[attributes] { return index }
    let index = attributeLines.count
    attributeIndex[attributes] = index
    var line = "attributes \(index)"
    switch attributes.color {
    case nil: break
    case .rgba(let red, let green, let blue, let alpha)?:
      line += " color=#"
      for byte in [red, green, blue, alpha] { line += Self.hexByte(byte) }
    case .named(let name)?: line += " color=\(name.rawValue)"
    }
    switch attributes.font {
    case nil: break
    case .system(let size, let weight)?: line += " font=system:\(size):\(weight.rawValue)"
    case .named(let name, let size)?: line += " font=named:\(size):" + Self.quoted(name)
    }
    attributeLines.append(line)
    return index
  }

  /// The indices separated by commas, appended one by one: `joined(separator:)` is generic
  /// code whose first use the Swift runtime resolves by name (a conformance look-up), which
  /// cost every `navrc emit` more than the numbers themselves.
  private static func list(_ indices: [Int]) -> String {
    var text = ""
    for (position, index) in indices.enumerated() {
      if position > 0 { text += "," }
      text += String(index)
    }
    return text
  }

  private static func hexByte(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
  }

  /// A quoted table string: printable characters as they are, the rest escaped.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if TableText.needsEscape(scalar) {
          result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}

/// Character classes shared by the encoder and the decoder.
enum TableText {
  /// Characters that never appear literally in a table: controls, invisible formatting
  /// (including bidirectional overrides), line and paragraph separators, and code points
  /// without a meaning.
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate,
      .unassigned:
      true
    default:
      false
    }
  }
}
