extension RuleBook {
  /// Decodes the text form of `TableFormat`.
  public init(table: String) throws(TableDecodingError) {
    var decoder = TableDecoder()
    self = try decoder.decode(table)
  }

  /// The book of a generated file, whose table is in `format`.
  ///
  /// `format` makes a generated file of another format a build error; a table that still does
  /// not decode was edited by hand or written by a `navrc` that does not match this runtime,
  /// so it stops with an explanation instead of running on half the rules.
  public static func generated(_ table: String, format: TableFormat.Version) -> RuleBook {
    switch format {
    case .v1, .v2, .v3: break
    }
    do {
      return try RuleBook(table: table)
    } catch {
      fatalError(
        "\(error). Regenerate it with the navrc that matches this NavRules (navrc emit).")
    }
  }
}

/// Reads `TableFormat` records line by line.
struct TableDecoder {
  private var platform: PlatformVersion?
  private var attributes: [TitleAttributes] = []
  private var appearances: [BarAppearance] = []
  private var styles: [StyleRule] = []
  private var navigators: [NavigatorRule] = []
  private var screens: [ScreenRule] = []
  private var lineNumber = 0
  /// The version the table's first line names.
  private var version = TableFormat.version

  mutating func decode(_ text: String) throws(TableDecodingError) -> RuleBook {
    var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    let first = lines.first.map { String(decoding: $0, as: UTF8.self) } ?? ""
    guard first.hasPrefix(TableFormat.headerPrefix),
      let version = Int(first.dropFirst(TableFormat.headerPrefix.count)),
      TableFormat.readableVersions.contains(version)
    else {
      lineNumber = 1
      throw failure(
        "expected '\(TableFormat.header)', found '\(first)': "
          + "the table was written by a different navrc")
    }
    self.version = version
    for (offset, line) in lines.enumerated().dropFirst() {
      lineNumber = offset + 1
      var cursor = TableCursor(line)
      try record(&cursor)
    }
    lineNumber = lines.count
    guard let platform else { throw failure("missing 'platform' record") }
    try checkReferences()
    return RuleBook(platform: platform, styles: styles, navigators: navigators, screens: screens)
  }

  private func failure(_ message: String) -> TableDecodingError {
    TableDecodingError(line: lineNumber, message: message)
  }

  private mutating func record(_ cursor: inout TableCursor) throws(TableDecodingError) {
    let kind = try word(&cursor)
    switch kind {
    case "platform":
      guard platform == nil else { throw failure("second 'platform' record") }
      try expect(" ", &cursor)
      let parts = try number(&cursor).split(separator: ".", omittingEmptySubsequences: false)
      let numbers = parts.compactMap { Int($0) }
      guard parts.count == 3, numbers.count == 3 else { throw failure("bad platform version") }
      platform = PlatformVersion(numbers[0], numbers[1], numbers[2])
    case "attributes":
      try recordNumber(&cursor, expected: attributes.count)
      attributes.append(try attributeFields(&cursor))
    case "appearance" where version >= 3:
      try recordNumber(&cursor, expected: appearances.count)
      var appearance = BarAppearance()
      try fields(&cursor) { decoder, key, cursor throws(TableDecodingError) in
        switch key {
        case "background": appearance.background = try decoder.keyword(&cursor)
        case "backgroundColor": appearance.backgroundColor = try decoder.color(&cursor)
        case "attributes": appearance.title = try decoder.attributesReference(&cursor)
        default: return false
        }
        return true
      }
      appearances.append(appearance)
    case "style":
      try recordNumber(&cursor, expected: styles.count)
      let name = try spacedWord(&cursor)
      var styleAttributes: TitleAttributes?
      try fields(&cursor) { decoder, key, cursor throws(TableDecodingError) in
        guard key == "attributes" else { return false }
        styleAttributes = try decoder.attributesReference(&cursor)
        return true
      }
      guard let styleAttributes else { throw failure("style \(name) has no attributes") }
      styles.append(StyleRule(name: name, attributes: styleAttributes))
    case "navigator":
      try recordNumber(&cursor, expected: navigators.count)
      navigators.append(try navigator(&cursor))
    case "screen":
      try recordNumber(&cursor, expected: screens.count)
      screens.append(try screen(&cursor))
    default:
      throw failure("unknown record '\(kind)'")
    }
    guard cursor.isAtEnd else { throw failure("unexpected text after the record") }
  }

  private mutating func navigator(_ cursor: inout TableCursor) throws(TableDecodingError)
    -> NavigatorRule
  {
    let name = try spacedWord(&cursor)
    var root: Int?
    var popGesture = PopGesturePolicy.system
    var debounce = 0.0
    var titleStyle: TitleStyleRule?
    var hooks: [HookRule] = []
    var barAppearances: [BarAppearanceRule] = []
    try fields(&cursor) { decoder, key, cursor throws(TableDecodingError) in
      switch key {
      case "root": root = try decoder.integer(&cursor)
      case "popGesture": popGesture = try decoder.keyword(&cursor)
      case "backDebounce": debounce = try decoder.double(&cursor)
      case "titleStyle": titleStyle = try decoder.titleStyle(&cursor)
      case "barAppearance" where decoder.version >= 3:
        barAppearances.append(try decoder.barAppearance(&cursor))
      case "on" where decoder.version >= 2:
        hooks.append(try decoder.hook(&cursor, condition: .always))
      default: return false
      }
      return true
    }
    guard let root else { throw failure("navigator \(name) has no root") }
    return NavigatorRule(
      name: name, root: ScreenID(root), titleStyle: titleStyle, popGesture: popGesture,
      backDebounceMilliseconds: debounce, hooks: hooks, barAppearances: barAppearances)
  }

  private mutating func screen(_ cursor: inout TableCursor) throws(TableDecodingError)
    -> ScreenRule
  {
    let name = try spacedWord(&cursor)
    var rule = ScreenRule(
      name: name, className: name, title: nil, titleStyle: nil, back: .allow, popGesture: nil,
      navigationBar: .visible, leftBarButton: .none, pushes: [], presents: [], hooks: [])
    try fields(&cursor) { decoder, key, cursor throws(TableDecodingError) in
      switch key {
      case "class": rule.className = try decoder.word(&cursor)
      case "title": rule.title = try decoder.string(&cursor)
      case "titleStyle": rule.titleStyle = try decoder.titleStyle(&cursor)
      case "back": rule.back = try decoder.back(&cursor)
      case "popGesture": rule.popGesture = try decoder.keyword(&cursor) as PopGesturePolicy
      case "navigationBar": rule.navigationBar = try decoder.keyword(&cursor)
      case "leftBarButton": rule.leftBarButton = try decoder.keyword(&cursor)
      case "push": rule.pushes = try decoder.integers(&cursor).map(ScreenID.init)
      case "present": rule.presents = try decoder.integers(&cursor).map(NavigatorID.init)
      case "barAppearance" where decoder.version >= 3:
        rule.barAppearances.append(try decoder.barAppearance(&cursor))
      case "on": rule.hooks.append(try decoder.hook(&cursor, condition: .always))
      case "onPushed" where decoder.version >= 2:
        rule.hooks.append(try decoder.hook(&cursor, condition: .pushed))
      default: return false
      }
      return true
    }
    return rule
  }

  private func hook(_ cursor: inout TableCursor, condition: HookCondition)
    throws(TableDecodingError) -> HookRule
  {
    let event: LifecycleEvent = try keyword(&cursor)
    try expect(":", &cursor)
    var actions: [HookAction] = []
    while !cursor.isAtEnd, !cursor.isAt(" ") {
      if !actions.isEmpty { try expect(";", &cursor) }
      let target = try word(&cursor)
      try expect(".", &cursor)
      switch target {
      case "gesture":
        let value = try word(&cursor)
        guard value == "enabled" || value == "disabled" else {
          throw failure("unknown gesture action '\(value)'")
        }
        actions.append(.setGestureEnabled(value == "enabled"))
      case "delegate": actions.append(.setGestureDelegate(try keyword(&cursor)))
      case "bar": actions.append(.setNavigationBar(try keyword(&cursor)))
      case "title": actions.append(.setTitleStyle(try attributesReference(&cursor)))
      case "appearance" where version >= 3:
        let slot: BarAppearanceSlot = try keyword(&cursor)
        try expect(".", &cursor)
        actions.append(.setBarAppearance(slot, try appearanceReference(&cursor)))
      default: throw failure("unknown hook action '\(target)'")
      }
    }
    return HookRule(event: event, condition: condition, actions: actions)
  }

  private func back(_ cursor: inout TableCursor) throws(TableDecodingError) -> BackPolicy {
    let kind = try word(&cursor)
    switch kind {
    case "allow": return .allow
    case "block": return .block
    case "intercept": return .intercept
    case "interceptTaps" where version >= 2: return .interceptTaps
    case "confirm":
      try expect(":", &cursor)
      let message = try string(&cursor)
      try expect(":", &cursor)
      let leave = try string(&cursor)
      try expect(":", &cursor)
      let stay = try string(&cursor)
      return .confirm(BackConfirmation(message: message, leaveTitle: leave, stayTitle: stay))
    default:
      throw failure("unknown back policy '\(kind)'")
    }
  }

  private func titleStyle(_ cursor: inout TableCursor) throws(TableDecodingError)
    -> TitleStyleRule
  {
    let kind = try word(&cursor)
    try expect(":", &cursor)
    switch kind {
    case "style":
      let index = try integer(&cursor)
      guard styles.indices.contains(index) else { throw failure("no style \(index)") }
      return TitleStyleRule(attributes: styles[index].attributes, style: StyleID(index))
    case "inline":
      return TitleStyleRule(attributes: try attributesReference(&cursor), style: nil)
    default:
      throw failure("unknown title style '\(kind)'")
    }
  }

  /// `SLOT:APPEARANCE` or `all:APPEARANCE`.
  private func barAppearance(_ cursor: inout TableCursor) throws(TableDecodingError)
    -> BarAppearanceRule
  {
    let slots = try word(&cursor)
    try expect(":", &cursor)
    let appearance = try appearanceReference(&cursor)
    if slots == "all" {
      return BarAppearanceRule(slots: BarAppearanceSlot.allCases, appearance: appearance)
    }
    guard let slot = BarAppearanceSlot(rawValue: slots) else {
      throw failure("unknown bar appearance slot '\(slots)'")
    }
    return BarAppearanceRule(slots: [slot], appearance: appearance)
  }

  private func appearanceReference(_ cursor: inout TableCursor) throws(TableDecodingError)
    -> BarAppearance
  {
    let index = try integer(&cursor)
    guard appearances.indices.contains(index) else { throw failure("no appearance \(index)") }
    return appearances[index]
  }

  private func attributesReference(_ cursor: inout TableCursor) throws(TableDecodingError)
    -> TitleAttributes
  {
    let index = try integer(&cursor)
    guard attributes.indices.contains(index) else { throw failure("no attributes \(index)") }
    return attributes[index]
  }

  private func attributeFields(_ cursor: inout TableCursor) throws(TableDecodingError)
    -> TitleAttributes
  {
    var result = TitleAttributes()
    try fields(&cursor) { decoder, key, cursor throws(TableDecodingError) in
      switch key {
      case "color": result.color = try decoder.color(&cursor)
      case "font": result.font = try decoder.font(&cursor)
      default: return false
      }
      return true
    }
    return result
  }

  private func color(_ cursor: inout TableCursor) throws(TableDecodingError) -> TitleColor {
    let text = try word(&cursor)
    guard text.first == "#" else { return .named(try Self.keyword(text, decoder: self)) }
    let digits = Array(text.utf8.dropFirst())
    var bytes: [UInt8] = []
    var index = 0
    while digits.count == 8, index < 8,
      let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16)
    {
      bytes.append(byte)
      index += 2
    }
    guard bytes.count == 4 else { throw failure("bad color '\(text)'") }
    return .rgba(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes[3])
  }

  private func font(_ cursor: inout TableCursor) throws(TableDecodingError) -> TitleFont {
    let kind = try word(&cursor)
    try expect(":", &cursor)
    let size = try double(&cursor)
    try expect(":", &cursor)
    switch kind {
    case "system": return .system(size: size, weight: try keyword(&cursor))
    case "named": return .named(try string(&cursor), size: size)
    default: throw failure("unknown font '\(kind)'")
    }
  }

  /// ` key=value` fields until the end of the line; `field` returns false for a key it
  /// does not know.
  private func fields(
    _ cursor: inout TableCursor,
    _ field: (Self, String, inout TableCursor) throws(TableDecodingError) -> Bool
  ) throws(TableDecodingError) {
    while !cursor.isAtEnd {
      try expect(" ", &cursor)
      let key = try word(&cursor)
      try expect("=", &cursor)
      guard try field(self, key, &cursor) else { throw failure("unknown field '\(key)'") }
    }
  }

  private func expect(_ scalar: Unicode.Scalar, _ cursor: inout TableCursor)
    throws(TableDecodingError)
  {
    guard cursor.expect(scalar) else {
      throw failure("expected '\(scalar)' at column \(cursor.column)")
    }
  }

  private func recordNumber(_ cursor: inout TableCursor, expected: Int) throws(TableDecodingError) {
    try expect(" ", &cursor)
    let index = try integer(&cursor)
    guard index == expected else { throw failure("expected record \(expected), found \(index)") }
  }

  private func spacedWord(_ cursor: inout TableCursor) throws(TableDecodingError) -> String {
    try expect(" ", &cursor)
    return try word(&cursor)
  }

  private func word(_ cursor: inout TableCursor) throws(TableDecodingError) -> String {
    let text = cursor.word()
    guard !text.isEmpty else { throw failure("expected a word") }
    return text
  }

  /// A number or version, which may contain `.`.
  private func number(_ cursor: inout TableCursor) throws(TableDecodingError) -> String {
    let text = cursor.word(stoppingAtDot: false)
    guard !text.isEmpty else { throw failure("expected a number") }
    return text
  }

  private func integer(_ cursor: inout TableCursor) throws(TableDecodingError) -> Int {
    let text = try word(&cursor)
    guard let value = Int(text), value >= 0 else { throw failure("bad number '\(text)'") }
    return value
  }

  private func integers(_ cursor: inout TableCursor) throws(TableDecodingError) -> [Int] {
    var values = [try integer(&cursor)]
    while cursor.isAt(",") {
      cursor.advance()
      values.append(try integer(&cursor))
    }
    return values
  }

  private func double(_ cursor: inout TableCursor) throws(TableDecodingError) -> Double {
    let text = try number(&cursor)
    guard let value = Double(text) else { throw failure("bad number '\(text)'") }
    return value
  }

  private func keyword<Value: RawRepresentable<String>>(_ cursor: inout TableCursor)
    throws(TableDecodingError) -> Value
  {
    try Self.keyword(try word(&cursor), decoder: self)
  }

  private static func keyword<Value: RawRepresentable<String>>(
    _ text: String, decoder: TableDecoder
  ) throws(TableDecodingError) -> Value {
    guard let value = Value(rawValue: text) else {
      throw decoder.failure("unknown value '\(text)'")
    }
    return value
  }

  private func string(_ cursor: inout TableCursor) throws(TableDecodingError) -> String {
    guard let text = cursor.quotedString() else { throw failure("bad string") }
    return text
  }

  private func checkReferences() throws(TableDecodingError) {
    for navigator in navigators where !screens.indices.contains(navigator.root.index) {
      throw failure("navigator \(navigator.name): no screen \(navigator.root.index)")
    }
    for screen in screens {
      for pushed in screen.pushes where !screens.indices.contains(pushed.index) {
        throw failure("screen \(screen.name): no screen \(pushed.index)")
      }
      for presented in screen.presents where !navigators.indices.contains(presented.index) {
        throw failure("screen \(screen.name): no navigator \(presented.index)")
      }
    }
  }
}

/// A position in one line of a table, over its UTF-8 bytes (every separator is ASCII).
struct TableCursor {
  private let bytes: [UInt8]
  private var index = 0

  init(_ line: some Collection<UInt8>) {
    bytes = Array(line)
  }

  var isAtEnd: Bool { index == bytes.count }

  /// Whether the next character is `character` (ASCII).
  func isAt(_ character: Unicode.Scalar) -> Bool {
    !isAtEnd && bytes[index] == UInt8(ascii: character)
  }

  mutating func advance() { index += 1 }

  /// Consumes `character` (ASCII); false when it is not next.
  mutating func expect(_ character: Unicode.Scalar) -> Bool {
    guard isAt(character) else { return false }
    index += 1
    return true
  }

  /// 1-based, in bytes, for messages.
  var column: Int { index + 1 }

  /// A run of characters up to a space, a quote or one of the separators `= : , ;` and,
  /// unless told otherwise, `.`.
  mutating func word(stoppingAtDot: Bool = true) -> String {
    let start = index
    scan: while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: ","),
        UInt8(ascii: ";"), UInt8(ascii: "\""):
        break scan
      case UInt8(ascii: ".") where stoppingAtDot:
        break scan
      default:
        index += 1
      }
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// A `"…"` string with its escapes decoded; nil when malformed.
  mutating func quotedString() -> String? {
    guard expect("\"") else { return nil }
    var text: [UInt8] = []
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard index < bytes.count else { return nil }
        let escaped = bytes[index]
        index += 1
        switch escaped {
        case UInt8(ascii: "\\"), UInt8(ascii: "\""): text.append(escaped)
        case UInt8(ascii: "n"): text.append(UInt8(ascii: "\n"))
        case UInt8(ascii: "r"): text.append(UInt8(ascii: "\r"))
        case UInt8(ascii: "t"): text.append(UInt8(ascii: "\t"))
        case UInt8(ascii: "u"):
          guard expect("{") else { return nil }
          let start = index
          while index < bytes.count, bytes[index] != UInt8(ascii: "}") { index += 1 }
          let hex = String(decoding: bytes[start..<index], as: UTF8.self)
          guard expect("}"), hex.count <= 8, let value = UInt32(hex, radix: 16),
            let decoded = Unicode.Scalar(value)
          else { return nil }
          text += Array(String(Character(decoded)).utf8)
        default: return nil
        }
      default:
        text.append(byte)
      }
    }
    return nil
  }
}
