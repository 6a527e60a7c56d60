import NavRulesCompiler
import NavRulesModel

/// `navrc scan --rules OUT.navrules`: the extracted model as a rule file, in `navrc fmt`'s
/// canonical layout, each declaration, edge and action with a comment naming the file and line
/// of the app it came from. `navrc check` reports the same ids on it as the scan did.
public enum RulesFileWriter {
  public static func text(of model: AppModel) -> String {
    var writer = Writer(model: model)
    writer.write()
    let text = writer.output
    // The canonical layout is `navrc fmt`'s: the writer's output goes through it.
    if case .formatted(let formatted) = Formatter.format(
      SourceFile(path: "scan.navrules", text: text))
    {
      return formatted
    }
    return text
  }

  private struct Writer {
    let model: AppModel
    var output = ""
    private let reached: [Bool]
    /// The app lines whose suppressions a declaration carries (`provenance(at:)`).
    private var carried: Set<AppModel.LineKey> = []
    /// Where the file's own lines start (after the header), and where each screen's do (after
    /// its first line), as UTF-8 offsets in `output`: unused suppressions are put there.
    private var fileBodyStart = 0
    private var screenBodyStarts: [ScreenID: Int] = [:]

    init(model: AppModel) {
      self.model = model
      self.reached = model.module.screensReachedFromRoots()
    }

    var module: Module { model.module }

    mutating func write() {
      output += """
        // Extracted by navrc scan from the app's own code and storyboards: each line says where
        // it came from. navrc check reports the same findings here as navrc scan did there; to
        // adopt the NavRules runtime, replace the hooks with declarative policies (docs/scan.md).


        """
      fileBodyStart = output.utf8.count
      for id in module.navigatorIDs { navigator(id) }
      for id in module.screenIDs { screen(id) }
      addUnusedSuppressions()
    }

    /// The app's suppressions that suppress nothing there and that no declaration carries (the
    /// line they apply to has none in the rule file), each comment's ids on a line of their own
    /// in the screen whose code holds it (else after the header): a suppression on a line with
    /// no declaration, which suppresses nothing here either, so `navrc check` reports
    /// `unused-suppression` for it as the scan did.
    private mutating func addUnusedSuppressions() {
      var lines: [(screen: ScreenID?, ids: [String], comment: SourceRange)] = []
      for unused in model.unusedSuppressions where !carried.contains(unused.target) {
        // The ids of one comment stay on one line.
        if let last = lines.last, last.comment == unused.comment {
          lines[lines.count - 1].ids.append(unused.name)
        } else {
          lines.append((unused.screen, [unused.name], unused.comment))
        }
      }
      // Each line at its screen's first body line (else after the header), in the order met;
      // the output is put together once. (Inserting each line in turn, in the order of the
      // app's files rather than of the screens, moved later offsets and split a line.)
      var inserted: [Int: String] = [:]
      for line in lines {
        let text =
          "// navrc:disable-line \(line.ids.joined(separator: ", ")) "
          + "(\(Self.place(line.comment))), unused there too\n"
        if let offset = line.screen.flatMap({ screenBodyStarts[$0] }) {
          inserted[offset, default: ""] += "    " + text
        } else {
          inserted[fileBodyStart, default: ""] += text
        }
      }
      // The file's own lines, before every screen, end with a blank line.
      if let fileLines = inserted[fileBodyStart] { inserted[fileBodyStart] = fileLines + "\n" }
      guard !inserted.isEmpty else { return }
      let bytes = Array(output.utf8)
      var result: [UInt8] = []
      result.reserveCapacity(bytes.count + inserted.values.reduce(0) { $0 + $1.utf8.count })
      var start = 0
      for offset in inserted.keys.sorted() {
        result += bytes[start..<offset]
        result += inserted[offset]!.utf8
        start = offset
      }
      result += bytes[start...]
      output = String(decoding: result, as: UTF8.self)
    }

    private mutating func navigator(_ id: NavigatorID) {
      let navigator = module[id]
      var origin = Self.place(navigator.nameRange)
      if let option = model.origins.rootOptions[id] { origin = "--root \(option)" }
      output += "navigator \(navigator.name) {  // \(origin)\n"
      if let root = navigator.root {
        output += "    root \(module[root.value].name)\n"
      }
      for hook in navigator.hooks { self.hook(hook) }
      output += "}\n\n"
    }

    private mutating func screen(_ id: ScreenID) {
      let screen = module[id]
      var comment = Self.place(model.origins.screens[id] ?? screen.nameRange)
      if !reached[id.index] {
        comment = "navrc:disable-line \(DiagnosticID.unreachableScreen.rawValue) (\(comment))"
      }
      output += "screen \(screen.name) {  // \(comment)\n"
      screenBodyStarts[id] = output.utf8.count
      if let className = screen.className {
        // A class name a rule file cannot spell stays in a comment.
        output +=
          className.value == AppModelBuilder.identifier(className.value)
          ? "    class \(className.value)\n"
          : "    // class \(RuleFileText.commentText(className.value))\n"
      }
      if let back = screen.back, back.value == .intercept || back.value == .interceptTaps {
        let taps = back.value == .interceptTaps ? " taps" : ""
        output += "    back intercept\(taps)  // \(provenance(at: back.range))\n"
      }
      if screen.navigationBar?.value == .hidden {
        output += "    navigationBar hidden  // \(provenance(at: screen.navigationBar!.range))\n"
      }
      if screen.leftBarButton?.value == .custom {
        output += "    leftBarButton custom  // \(provenance(at: screen.leftBarButton!.range))\n"
      }
      for push in screen.pushes {
        output += "    push \(module[push.value].name)  // \(provenance(at: push.range))\n"
      }
      for present in screen.presents {
        output += "    present \(module[present.value].name)  // \(provenance(at: present.range))\n"
      }
      for hook in screen.hooks { self.hook(hook) }
      output += "}\n\n"
    }

    private mutating func hook(_ hook: Hook) {
      let condition = hook.condition == .pushed ? " if pushed" : ""
      output +=
        "    on \(hook.event.value.rawValue)\(condition) {  // \(Self.place(hook.event.range))\n"
      for action in hook.actions {
        output += "        \(Self.text(of: action.action))  // \(provenance(at: action.range))\n"
      }
      output += "    }\n"
    }

    /// Where a declaration came from, with the suppressions the app wrote for that line.
    mutating func provenance(at range: SourceRange) -> String {
      let line = range.file.lineIndex(of: range.bytes.lowerBound)
      let key = AppModel.LineKey(path: range.file.path, line: line)
      carried.insert(key)
      let ids = model.suppressions[key] ?? []
      guard !ids.isEmpty else { return Self.place(range) }
      return "navrc:disable-line \(ids.joined(separator: ", ")) (\(Self.place(range)))"
    }

    /// `App/HomeViewController.swift:42`.
    static func place(_ range: SourceRange) -> String {
      let position = range.start
      return "\(RuleFileText.commentText(range.file.path)):\(position.line)"
    }

    static func text(of action: HookAction) -> String {
      switch action {
      case .setGestureEnabled(let enabled): "popGesture \(enabled ? "enabled" : "disabled")"
      case .setGestureDelegate(let delegate): "popGestureDelegate \(delegate.rawValue)"
      case .setNavigationBar(let visibility): "navigationBar \(visibility.rawValue)"
      case .setTitleStyle(let attributes): "titleStyle { \(style(attributes)) }"
      case .setBarAppearance(let slot, let appearance):
        "barAppearance \(slot.rawValue) { \(barAppearance(appearance)) }"
      }
    }

    /// An inline `barAppearance` block: the background, then the title's attributes.
    static func barAppearance(_ appearance: BarAppearance) -> String {
      var parts: [String] = []
      if let background = appearance.background { parts.append("background \(background)") }
      switch appearance.backgroundColor {
      case .rgba(let red, let green, let blue, let alpha)?:
        parts.append("backgroundColor #" + [red, green, blue, alpha].map(hex).joined())
      case .named(let name)?:
        parts.append("backgroundColor \(name.rawValue)")
      case nil:
        break
      }
      if let title = appearance.title, title != TitleAttributes() { parts.append(style(title)) }
      return parts.joined(separator: "; ")
    }

    static func style(_ attributes: TitleAttributes) -> String {
      var parts: [String] = []
      switch attributes.color {
      case .rgba(let red, let green, let blue, let alpha)?:
        parts.append("color #" + [red, green, blue, alpha].map(hex).joined())
      case .named(let name)?:
        parts.append("color \(name.rawValue)")
      case nil:
        break
      }
      switch attributes.font {
      case .system(let size, let weight)?:
        parts.append("font system \(number(size)) \(weight.rawValue)")
      case .named(let name, let size)?:
        parts.append("font \(RuleFileText.stringLiteral(name)) \(number(size))")
      case nil:
        break
      }
      return parts.joined(separator: "; ")
    }

    private static func hex(_ byte: UInt8) -> String {
      let digits = Array("0123456789ABCDEF")
      return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    private static func number(_ value: Double) -> String {
      value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
  }
}
