import NavRulesModel

/// Values with a grammar of their own: colours, fonts, durations, versions, title styles.
extension Resolver {
  /// `platform iOS VERSION`.
  mutating func platformVersion(_ directive: DirectiveSyntax) -> PlatformVersion? {
    let arguments = directive.arguments
    guard arguments.count >= 2 else {
      report(
        .invalidValue,
        SemanticMessages.missingValue(
          "platform", expected: "a platform and a version, as in 'platform iOS 15.0'"),
        at: arguments.first?.range ?? directive.name.range)
      return nil
    }
    if arguments.contains(where: \.value.isInvalid) { return nil }
    let name = arguments[0].value
    guard requireIdentifier(name, expected: "a platform name") else { return nil }
    guard name.text == "iOS" else {
      report(
        .invalidValue, SemanticMessages.unknownPlatform(name.text), at: name, suggesting: ["iOS"])
      return nil
    }
    if arguments.count > 2 {
      let extra = arguments[2].value
      report(
        .invalidValue, SemanticMessages.extraValue(spelling(extra), directive: "platform"),
        at: extra.range)
      return nil
    }
    let value = arguments[1].value
    guard value.kind == .number || value.kind == .version,
      let version = Self.parseVersion(value.text)
    else {
      report(.invalidValue, SemanticMessages.invalidVersion(spelling(value)), at: value.range)
      return nil
    }
    guard version >= .minimum else {
      report(.invalidValue, SemanticMessages.versionTooOld(spelling(value)), at: value.range)
      return nil
    }
    return version
  }

  static func parseVersion(_ text: String) -> PlatformVersion? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count) else { return nil }
    var numbers: [Int] = []
    for part in parts {
      guard let number = Int(part), number <= 10_000 else { return nil }
      numbers.append(number)
    }
    numbers += [0, 0]
    return PlatformVersion(numbers[0], numbers[1], numbers[2])
  }

  /// The longest duration accepted, in milliseconds. The only duration is `backDebounce`,
  /// which ignores back taps for that long: ten seconds is already far beyond any
  /// double-tap, and a bound keeps a stray run of digits (which `Double` would read as
  /// infinity) out of the emitted table.
  static let maximumDurationMilliseconds: Double = 10_000

  /// Font sizes accepted, in points: a navigation bar title is a few dozen points; the bounds
  /// keep a misplaced digit, or a number too large to represent, from becoming a font of a
  /// million points or of infinite size.
  static let fontSizes: ClosedRange<Double> = 1...1000

  /// A duration in milliseconds (`300ms`, `0.3s`), at most `maximumDurationMilliseconds`.
  mutating func duration(_ directive: DirectiveSyntax) -> Double? {
    guard let value = singleValue(directive, expected: "a duration such as 300ms") else {
      return nil
    }
    guard value.kind == .duration else {
      report(.invalidValue, SemanticMessages.invalidDuration(spelling(value)), at: value.range)
      return nil
    }
    let isMilliseconds = value.text.hasSuffix("ms")
    let number = Double(value.text.dropLast(isMilliseconds ? 2 : 1)) ?? .infinity
    let milliseconds = isMilliseconds ? number : number * 1000
    guard milliseconds.isFinite, milliseconds <= Self.maximumDurationMilliseconds else {
      report(
        .invalidValue,
        SemanticMessages.durationTooLong(
          spelling(value), directive: directive.nameText, maximum: "10s"),
        at: value.range)
      return nil
    }
    return milliseconds
  }

  /// The attributes of an inline `titleStyle { … }`, which takes a style's title directives
  /// only.
  mutating func titleAttributes(in block: BlockSyntax?) -> TitleAttributes {
    var attributes = TitleAttributes()
    forEachDirective(in: block, context: .style) { resolver, directive, keyword in
      switch keyword {
      case .color: attributes.color = resolver.color(directive)
      case .font: attributes.font = resolver.font(directive)
      case .background, .backgroundColor:
        resolver.report(
          .invalidValue, SemanticMessages.backgroundInTitleStyle(keyword.text),
          at: directive.name.range)
      default: break
      }
    }
    return attributes
  }

  /// What a style block says: `style NAME { … }` or an inline `barAppearance { … }`.
  mutating func barAppearanceContents(in block: BlockSyntax?) -> BarAppearance {
    var attributes = TitleAttributes()
    var appearance = BarAppearance()
    forEachDirective(in: block, context: .style) { resolver, directive, keyword in
      switch keyword {
      case .color: attributes.color = resolver.color(directive)
      case .font: attributes.font = resolver.font(directive)
      case .background:
        appearance.background = resolver.keyword(
          directive, as: BarBackground.self, what: "a bar background")
      case .backgroundColor: appearance.backgroundColor = resolver.color(directive)
      default: break
      }
    }
    appearance.title = attributes == TitleAttributes() ? nil : attributes
    return appearance
  }

  /// `barAppearance [SLOT] STYLE` or `barAppearance [SLOT] { … }`; in a hook the slot is
  /// required (each statement writes one of the bar's properties).
  mutating func barAppearance(_ directive: DirectiveSyntax, inHook: Bool)
    -> DeclaredBarAppearance?
  {
    let arguments = directive.arguments
    var slot: BarAppearanceSlot?
    // A first word that names a slot is one when something follows it: `barAppearance
    // standard` alone names a style.
    if !arguments.isEmpty, arguments.kind(at: 0) == .identifier,
      directive.block != nil || arguments.count > 1
    {
      slot = BarAppearanceSlot(rawValue: arguments[0].value.text)
      if slot == nil, arguments.count > 1 || directive.block != nil {
        let choices = BarAppearanceSlot.allCases.map(\.rawValue)
        let value = arguments[0].value
        report(
          .invalidValue,
          SemanticMessages.notOneOf(value.text, what: "a bar appearance slot", choices: choices),
          at: value, suggesting: choices)
        return nil
      }
    }
    let valueCount = arguments.count - (slot == nil ? 0 : 1)
    if inHook, slot == nil {
      report(.invalidValue, SemanticMessages.hookBarAppearanceSlot, at: directive.name.range)
      return nil
    }
    let slots = slot.map { [$0] } ?? BarAppearanceSlot.allCases
    if let block = directive.block {
      if valueCount > 0 {
        report(
          .invalidValue, SemanticMessages.barAppearanceBothForms,
          at: arguments[arguments.count - 1].range)
        return nil
      }
      return DeclaredBarAppearance(
        slots: slots, appearance: barAppearanceContents(in: block), source: .inline)
    }
    guard valueCount == 1, arguments.kind(at: arguments.count - 1) == .identifier else {
      report(.invalidValue, SemanticMessages.barAppearanceForm, at: directive.name.range)
      return nil
    }
    let name = arguments.range(at: arguments.count - 1)
    guard let id = lookUpStyle(at: name) else { return nil }
    return DeclaredBarAppearance(
      slots: slots, appearance: module[id].barAppearance, source: .style(id))
  }

  /// Adds a screen's or navigator's `barAppearance`, unless one of its slots is declared.
  mutating func addBarAppearance(
    _ directive: DirectiveSyntax, to declared: inout [Located<DeclaredBarAppearance>]
  ) {
    guard let appearance = barAppearance(directive, inHook: false) else { return }
    for slot in appearance.slots {
      guard let first = declared.first(where: { $0.value.slots.contains(slot) }) else {
        continue
      }
      diagnostics.append(
        Diagnostic(
          .duplicateDirective, SemanticMessages.duplicateBarAppearance(slot.rawValue),
          at: range(directive.name.range),
          notes: [Diagnostic.Note(SemanticMessages.firstWrittenHere, at: first.range)]))
      return
    }
    declared.append(Located(appearance, at: range(directive.range)))
  }

  /// `color #RRGGBB[AA]` or `color NAME`, read from the argument's node and bytes: its text
  /// is made only to report it.
  mutating func color(_ directive: DirectiveSyntax) -> TitleColor? {
    let expected = "a color such as #7B2FF7 or systemBlue"
    guard hasSingleArgument(directive, expected: expected) else { return nil }
    let arguments = directive.arguments
    switch arguments.kind(at: 0) {
    case .color:
      let range = arguments.range(at: 0)
      if let color = file.bytes.withUnsafeBufferPointer({
        Self.parseHexColor(UnsafeBufferPointer(rebasing: $0[range]))
      }) {
        return color
      }
      report(.invalidValue, SemanticMessages.invalidColor(arguments[0].value.text), at: range)
      return nil
    case .identifier:
      return keyword(at: 0, of: arguments, as: NamedColor.self, what: "a color name")
        .map(TitleColor.named)
    default:
      let value = arguments[0].value
      report(
        .invalidValue, SemanticMessages.wrongKind(expected: expected, found: describe(value)),
        at: value.range)
      return nil
    }
  }

  /// `#RRGGBB` or `#RRGGBBAA` (the color token's bytes), read into one number: no array for
  /// the digits or the components (a style may be inline in every screen).
  static func parseHexColor(_ bytes: UnsafeBufferPointer<UInt8>) -> TitleColor? {
    var value: UInt32 = 0
    var digitCount = 0
    for byte in bytes.dropFirst() {
      guard digitCount < 8, let digit = Lexer.hexValue(byte) else { return nil }
      value = value << 4 | digit
      digitCount += 1
    }
    guard digitCount == 6 || digitCount == 8 else { return nil }
    if digitCount == 6 { value = value << 8 | 0xFF }
    return .rgba(
      red: UInt8(truncatingIfNeeded: value >> 24), green: UInt8(truncatingIfNeeded: value >> 16),
      blue: UInt8(truncatingIfNeeded: value >> 8), alpha: UInt8(truncatingIfNeeded: value))
  }

  /// The value of a number token (`digits ('.' digits)?`): a whole number of up to 15 digits
  /// exactly as `Double(text)` reads it (every such number is a `Double`), without its
  /// general parser; others through it.
  static func numberValue(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    var whole = 0
    var digitCount = 0
    for byte in bytes {
      guard digitCount < 15, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
        return Double(String(decoding: bytes, as: UTF8.self))
      }
      whole = whole * 10 + Int(byte - UInt8(ascii: "0"))
      digitCount += 1
    }
    return digitCount == 0 ? Double(String(decoding: bytes, as: UTF8.self)) : Double(whole)
  }

  /// `font system SIZE [WEIGHT]` or `font "PostScriptName" SIZE`.
  ///
  /// Read from the argument nodes and bytes (identifiers are ASCII): a text is made only for
  /// a font's name and for what is reported.
  mutating func font(_ directive: DirectiveSyntax) -> TitleFont? {
    rejectBlock(directive)
    let arguments = directive.arguments
    if arguments.containsInvalid { return nil }
    let count = arguments.count
    let firstKind = arguments.isEmpty ? nil : arguments.kind(at: 0)
    guard count >= 2,
      (firstKind == .identifier && file.hasText("system", in: arguments.range(at: 0))
        && count <= 3)
        || (firstKind == .string && count == 2)
    else {
      report(
        .invalidValue, SemanticMessages.fontForm,
        at: arguments.isEmpty
          ? directive.name.range
          : arguments.range(at: 0).lowerBound..<arguments.range(at: count - 1).upperBound)
      return nil
    }
    let sizeRange = arguments.range(at: 1)
    // A bad size and a bad weight are two mistakes: both are reported.
    var size: Double?
    if arguments.kind(at: 1) == .number,
      let value = file.bytes.withUnsafeBufferPointer({
        Self.numberValue(UnsafeBufferPointer(rebasing: $0[sizeRange]))
      }),
      value.isFinite, Self.fontSizes.contains(value)
    {
      size = value
    } else {
      report(
        .invalidValue, SemanticMessages.invalidFontSize(spelling(arguments[1].value)),
        at: sizeRange)
    }
    if firstKind == .string {
      return size.map { .named(arguments[0].value.text, size: $0) }
    }
    var weight = FontWeight.regular
    if count == 3 {
      guard let declared = keyword(at: 2, of: arguments, as: FontWeight.self, what: "a font weight")
      else {
        return nil
      }
      weight = declared
    }
    return size.map { .system(size: $0, weight: weight) }
  }

  /// `titleStyle NAME` or `titleStyle { … }`.
  mutating func titleStyle(_ directive: DirectiveSyntax) -> TitleStyle? {
    if let block = directive.block {
      if let first = directive.arguments.first {
        report(.invalidValue, SemanticMessages.titleStyleBothForms, at: first.range)
        return nil
      }
      return TitleStyle(attributes: titleAttributes(in: block), source: .inline)
    }
    guard !directive.arguments.isEmpty else {
      report(.invalidValue, SemanticMessages.emptyInlineStyle, at: directive.name.range)
      return nil
    }
    guard let name = identifierRange(directive, expected: "a style name") else { return nil }
    guard let id = lookUpStyle(at: name) else { return nil }
    return TitleStyle(attributes: module[id].attributes, source: .style(id))
  }
}
